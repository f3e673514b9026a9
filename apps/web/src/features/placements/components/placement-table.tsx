import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { Placement } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { formatDateAndTime } from '../../../shared/format';
import { actionsColumn, ListTable } from '../../../shared/list/list-table';
import type { ListSelection } from '../../../shared/list/use-list-selection';
import { adName } from './placement-format';
import { AdText, CreativeThumb, LandingLink, SlotText } from './placement-cells';
import { PlacementStatusTag } from './placement-status-tag';
import { Button } from '../../../shared/ui/button';
import type { ListColumn } from '../../../shared/list/list-table';

interface PlacementTableProps {
  items: readonly Placement[];
  loading: boolean;
  selection: ListSelection<Placement, number>;
  /** A decision is on its way: nothing else is sent meanwhile. */
  deciding: boolean;
  onApprove: (placement: Placement) => void;
  onReject: (placement: Placement) => void;
}

// The server's order stands (newest first): no column sorts.
const unsorted = () => {};

/** The placements of one page: the ad as it would show, where it leads, on which slot, and the decision. */
export function PlacementTable({ items, loading, selection, deciding, onApprove, onReject }: PlacementTableProps) {
  const { t } = useTranslation();
  const named = (placement: Placement) => ({ name: adName(t, placement.ad), slot: placement.slot.name });

  const columns: ListColumn<Placement>[] = [
    // On a phone the other columns scroll under the ad's picture, so that each row stays recognisable.
    { key: 'creative', title: t('inventory.placements.columns.creative'), width: 120, fixed: 'left', render: (_, placement) => <CreativeThumb ad={placement.ad} /> },
    { key: 'ad', title: t('inventory.placements.columns.ad'), width: 210, render: (_, placement) => <AdText ad={placement.ad} description /> },
    { key: 'advertiser', title: t('inventory.placements.columns.advertiser'), width: 120, render: (_, placement) => placement.advertiser.name },
    { key: 'landing', title: t('inventory.placements.columns.landing'), width: 150, render: (_, placement) => <LandingLink url={placement.ad.landingUrl} /> },
    { key: 'slot', title: t('inventory.placements.columns.slot'), width: 140, render: (_, placement) => <SlotText slot={placement.slot} /> },
    {
      key: 'status',
      title: t('inventory.placements.columns.status'),
      width: 190,
      render: (_, placement) => (
        <>
          <PlacementStatusTag status={placement.status} />
          {placement.status === 'rejected' && placement.reason && <div className="placement-reason">{placement.reason}</div>}
          <Decision placement={placement} />
        </>
      ),
    },
    {
      ...actionsColumn(t('inventory.placements.columns.actions'), (placement) => (
        <div className="placement-row-actions">
          {placement.status !== 'approved' && (
            <Button
              size="small"
              icon={<CheckOutlined />}
              disabled={deciding}
              aria-label={t('inventory.placements.actions.approveOne', named(placement))}
              onClick={() => onApprove(placement)}
            >
              {t('inventory.placements.actions.approve')}
            </Button>
          )}
          {placement.status !== 'rejected' && (
            <Button
              size="small"
              danger
              icon={<CloseOutlined />}
              disabled={deciding}
              aria-label={t('inventory.placements.actions.rejectOne', named(placement))}
              onClick={() => onReject(placement)}
            >
              {t('inventory.placements.actions.reject')}
            </Button>
          )}
        </div>
      )),
      width: 112,
    },
  ];

  return (
    <ListTable<Placement, never>
      className="placement-table"
      items={items}
      columns={columns}
      loading={loading}
      // The columns' sum with the checkboxes': fits the card at 1440 px beside the menu, with room for a
      // scrollbar (wider, the status went under the actions); narrower screens scroll inside the card.
      width={1074}
      selection={{ selected: selection.selectedIds, onChange: selection.selectIds, labelOf: (placement) => t('inventory.placements.actions.select', named(placement)) }}
      onSort={unsorted}
    />
  );
}

/** Who decided and when, under the status: a name, the slot's auto policy, or still waiting. */
function Decision({ placement }: { placement: Placement }) {
  const { t, i18n } = useTranslation();
  if (!placement.decidedAt) return null;
  const [date, time] = formatDateAndTime(placement.decidedAt, i18n.language);
  // No one decided an approval with a date: the slot's auto policy did.
  const by = placement.decidedBy?.name ?? (placement.status === 'approved' ? t('inventory.placements.decided.auto') : null);
  return (
    <div className="list-muted placement-small">
      {by && <>{by} · </>}
      {date} {time}
    </div>
  );
}
