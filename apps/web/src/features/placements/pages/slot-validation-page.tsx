import { CheckCircleFilled, ClearOutlined, CloseCircleFilled } from '@ant-design/icons';
import type { TFunction } from '../../../shared/i18n/translate';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { Link } from '../../../shared/router/router';
import { ListPage } from '../../../shared/list/list-page';
import { ChoiceResults } from '../components/choice-results';
import { useCampaignOptions, useSlotFit } from '../api';
import { FitCard } from '../components/fit-card';
import { FIT_PAGE_SIZES, fitQuery, NO_FIT_FILTERS, useFitState, type FitState } from '../components/list-state';
import { Button } from '../../../shared/ui/button';
import '../../../shared/list/list-kit.css';
import '../slot-choices.css';
import '../messages/register';
import { PlainSelect, SegmentedRadio } from '../../../shared/ui/plain-controls';

type FitsChoice = 'all' | 'fits' | 'misfits';
const choiceOf = (fits: boolean | undefined): FitsChoice => (fits === undefined ? 'all' : fits ? 'fits' : 'misfits');
const fitsOf = (choice: FitsChoice): boolean | undefined => (choice === 'all' ? undefined : choice === 'fits');
/** The campaign filter's first option, "Any campaign", stands for no filter: antd's cleared select. */
const ANY = '';

/** Slot Validation: which of the account's approved ads fit which of the slots they may run on, and what to fix. */
export default function SlotValidationPage() {
  const { t } = useTranslation();
  const [state, update] = useFitState();
  const query = useMemo(() => fitQuery(state), [state]);
  const fits = useSlotFit(query);
  const campaigns = useCampaignOptions();
  const items = fits.data?.items ?? [];
  const summary = fits.data?.summary;
  // The slot filter comes from the catalogue's "which of my ads fit" link: named by its rows when they are in.
  const slotName = state.slot && (items.find((fit) => fit.slot.id === state.slot)?.slot.name ?? `#${state.slot}`);
  const campaignOptions = (campaigns.data?.items ?? []).map((campaign) => ({ value: String(campaign.id), label: campaign.name }));
  // A campaign from the URL that is not among them, or not loaded yet, is named by its number.
  if (state.campaign && !campaignOptions.some((option) => option.value === String(state.campaign))) {
    campaignOptions.push({ value: String(state.campaign), label: t('brandSafety.validation.campaignId', { id: state.campaign }) });
  }

  return (
    <ListPage
      className="slot-choices"
      title={t('pages.advAdSlotManagement/validation.title')}
      intro={<p className="choice-intro">{t('brandSafety.validation.intro')}</p>}
      scopeId="fit-scope"
      toolbar={
        <div className="list-toolbar" role="search" aria-label={t('brandSafety.validation.filters')}>
          <SegmentedRadio<FitsChoice>
            className="choice-segmented"
            label={t('brandSafety.validation.fitsFilter')}
            value={choiceOf(state.fits)}
            onChange={(choice) => update({ fits: fitsOf(choice) })}
            options={[
              { value: 'all', label: t('brandSafety.validation.all') },
              { value: 'fits', label: t('brandSafety.validation.fits') },
              { value: 'misfits', label: t('brandSafety.validation.misfits') },
            ]}
          />
          <PlainSelect
            className="choice-campaign"
            label={t('brandSafety.validation.campaignFilter')}
            value={state.campaign ? String(state.campaign) : ANY}
            onChange={(campaign) => update({ campaign: campaign ? Number(campaign) : undefined })}
            options={[{ value: ANY, label: t('brandSafety.validation.anyCampaign') }, ...campaignOptions]}
          />
          {slotName && (
            <span className="choice-slot-filter">
              {t('brandSafety.validation.slotFilter', { name: slotName })}
              <Button type="link" size="small" onClick={() => update({ slot: undefined })}>
                {t('brandSafety.validation.everySlot')}
              </Button>
            </span>
          )}
        </div>
      }
      scope={t('brandSafety.validation.scope')}
      count={fits.data && t('brandSafety.validation.count', { count: fits.data.total })}
      scopeTools={
        summary && (
          <p className="fit-summary">
            <span className="is-fit">
              <CheckCircleFilled aria-hidden /> {t('brandSafety.validation.summaryFits', { count: summary.fits })}
            </span>
            <span className="is-misfit">
              <CloseCircleFilled aria-hidden /> {t('brandSafety.validation.summaryMisfits', { count: summary.misfits })}
            </span>
          </p>
        )
      }
    >
      <ChoiceResults
        query={fits}
        page={state.page}
        pageSize={state.pageSize}
        pageSizes={FIT_PAGE_SIZES}
        update={update}
        className="fit-list"
        empty={!items.length}
        skeletonRows={8}
        {...emptyState(t, state, campaigns.data?.total === 0, () => update(NO_FIT_FILTERS))}
      >
        {() => items.map((fit) => <FitCard key={`${fit.ad.id}-${fit.slot.id}`} fit={fit} />)}
      </ChoiceResults>
    </ListPage>
  );
}

/** Why nothing is listed, and the way on: clear the filters, or create a campaign when there is no approved ad. */
function emptyState(t: TFunction, state: FitState, noAds: boolean, clear: () => void): { emptyText: string; emptyAction?: ReactNode } {
  if (state.campaign || state.slot) {
    return {
      emptyText: t('brandSafety.validation.noMatches'),
      emptyAction: (
        <Button icon={<ClearOutlined />} onClick={clear}>
          {t('brandSafety.common.clearFilters')}
        </Button>
      ),
    };
  }
  if (noAds) return { emptyText: t('brandSafety.validation.noAds'), emptyAction: <Link to="/campaign/create">{t('brandSafety.validation.createCampaign')}</Link> };
  if (state.fits === true) return { emptyText: t('brandSafety.validation.noneFit') };
  if (state.fits === false) return { emptyText: t('brandSafety.validation.allFit') };
  return { emptyText: t('brandSafety.validation.noSlots') };
}
