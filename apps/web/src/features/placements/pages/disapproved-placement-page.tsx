import { useTranslation } from '../../../shared/i18n/translate';
import { DisapprovedSlots } from '../components/disapproved-slots';
import { useDisapprovedState, type DisapprovedTab } from '../components/list-state';
import { RejectedPlacements } from '../components/rejected-placements';
import '../../../shared/ui/library-layout.css';
import '../../../shared/list/list-card.css';
import '../../../shared/list/list-kit.css';
import '../slot-choices.css';
import '../messages/register';
import { SegmentedRadio } from '../../../shared/ui/plain-controls';

/** Disapproved Placements: what publishers rejected (theirs to decide), and the slots the account disapproved (its own to approve again). */
export default function DisapprovedPlacementPage() {
  const { t } = useTranslation();
  const [state, update] = useDisapprovedState();
  return (
    <div className="slot-choices">
      <div className="library-head">
        <h1 className="page-title">{t('pages.advAdSlotManagement/disapprovedPlacement.title')}</h1>
      </div>
      <section className="list-content" aria-labelledby="disapproved-scope">
        <SegmentedRadio<DisapprovedTab>
          className="choice-tabs"
          label={t('brandSafety.disapproved.tabs')}
          value={state.tab}
          onChange={(tab) => update({ tab })}
          options={[
            { value: 'placements', label: t('brandSafety.disapproved.placementsTab') },
            { value: 'slots', label: t('brandSafety.disapproved.slotsTab') },
          ]}
        />
        {state.tab === 'placements' ? <RejectedPlacements state={state} update={update} /> : <DisapprovedSlots state={state} update={update} />}
      </section>
    </div>
  );
}
