import { CheckCircleOutlined, SafetyCertificateOutlined, StopOutlined } from '@ant-design/icons';
import type { CatalogueSlot } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { useNavigate } from '../../../shared/router/router';
import { actionsColumn, ListTable, sortOrderFor } from '../../../shared/list/list-table';
import { RowActionsMenu, type RowAction } from '../../../shared/list/row-actions-menu';
import { floorText, sizeText } from './format';
import type { CatalogueSort } from './list-state';
import { PropertyCell, SlotStateCell } from './slot-bits';
import type { SlotDecisions } from './slot-decisions';
import type { ListColumn } from '../../../shared/list/list-table';

interface CatalogueTableProps {
  items: readonly CatalogueSlot[];
  loading: boolean;
  sort: CatalogueSort;
  order: 'asc' | 'desc';
  onSort: (sort: CatalogueSort, order: 'asc' | 'desc') => void;
  /** Null for a reader: no checkboxes, no decisions. */
  selection: { selected: ReadonlySet<number>; onChange: (ids: number[]) => void } | null;
  decisions: SlotDecisions | null;
}

/** One page of the catalogue of live slots; the server sorts by a column's key. */
export function CatalogueTable({ items, loading, sort, order, onSort, selection, decisions }: CatalogueTableProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const sortOrderOf = sortOrderFor(sort, order);
  const sorting = (key: CatalogueSort) => ({ sorter: true, sortOrder: sortOrderOf(key) });

  const actionsOf = (slot: CatalogueSlot): RowAction[] => [
    ...(decisions
      ? [
          slot.disapproval
            ? { key: 'approve', icon: <CheckCircleOutlined />, label: t('brandSafety.catalogue.actions.approve'), run: () => void decisions.restore([slot]) }
            : { key: 'disapprove', icon: <StopOutlined />, label: t('brandSafety.catalogue.actions.disapprove'), run: () => decisions.disapprove([slot]) },
        ]
      : []),
    {
      key: 'fit',
      icon: <SafetyCertificateOutlined />,
      label: t('brandSafety.catalogue.actions.fit'),
      run: () => void navigate(`/advAdSlotManagement/validation?slot=${slot.id}`),
    },
  ];

  const columns: ListColumn<CatalogueSlot>[] = [
    {
      key: 'name',
      title: t('brandSafety.columns.slot'),
      width: 150,
      ...sorting('name'),
      render: (_, slot) => (
        <>
          <div className="choice-name">{slot.name}</div>
          <div className="list-muted choice-small">{slot.publisher.name}</div>
        </>
      ),
    },
    { key: 'property', title: t('brandSafety.columns.property'), width: 152, render: (_, slot) => <PropertyCell slot={slot} /> },
    {
      key: 'format',
      title: t('brandSafety.columns.formatSize'),
      width: 110,
      render: (_, slot) => (
        <>
          <div>{t(`brandSafety.format.${slot.format}`)}</div>
          <div className="list-muted choice-small">{sizeText(slot)}</div>
        </>
      ),
    },
    { key: 'position', title: t('brandSafety.columns.position'), width: 96, render: (_, slot) => t(`brandSafety.position.${slot.position}`) },
    { key: 'floorCpmMinor', title: t('brandSafety.columns.floor'), width: 92, align: 'right', ...sorting('floorCpmMinor'), render: (_, slot) => floorText(slot, i18n.language) },
    { key: 'placements', title: t('brandSafety.columns.placements'), width: 112, align: 'right', ...sorting('placements'), render: (_, slot) => slot.placements },
    // The slot's ad requests that delivery counted in the last 24 hours.
    { key: 'daily', title: t('brandSafety.columns.daily'), width: 100, align: 'right', render: (_, slot) => slot.dailyRequests.toLocaleString(i18n.language) },
    { key: 'state', title: t('brandSafety.columns.state'), width: 180, render: (_, slot) => <SlotStateCell slot={slot} /> },
    actionsColumn(t('brandSafety.columns.actions'), (slot) => (
      <RowActionsMenu label={t('brandSafety.catalogue.actions.moreFor', { name: slot.name })} actions={actionsOf(slot)} />
    )),
  ];

  return (
    <ListTable<CatalogueSlot, CatalogueSort>
      className="choice-table"
      items={items}
      columns={columns}
      loading={loading}
      // The columns' sum with the checkboxes': fits the card at 1440 px beside the menu, with room for a
      // scrollbar (wider, the state went under the row menu); narrower screens scroll inside the card.
      width={1080}
      selection={selection && { ...selection, labelOf: (slot) => t('brandSafety.common.select', { name: slot.name }) }}
      onSort={onSort}
    />
  );
}
