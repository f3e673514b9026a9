import type { AdSlot, AdSlotSortField } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { formatDateAndTime } from '../../../shared/format';
import { actionsColumn, ListTable, sortOrderFor } from '../../../shared/list/list-table';
import { floorText, sizeText } from './format';
import { SlotActionsMenu } from './slot-actions-menu';
import { AdSlotStatusTag, PlatformIcon } from './status-tag';
import type { SlotActions } from './use-slot-actions';
import { Button } from '../../../shared/ui/button';
import type { ListColumn } from '../../../shared/list/list-table';

interface SlotTableProps {
  items: readonly AdSlot[];
  loading: boolean;
  actions: SlotActions;
  onOpen: (slot: AdSlot) => void;
  sort: AdSlotSortField;
  order: 'asc' | 'desc';
  onSort: (sort: AdSlotSortField, order: 'asc' | 'desc') => void;
  /** Staff: each row names its publisher. */
  showPublisher?: boolean;
  /** False on staff's queue, which the server orders by submission whatever the sort. */
  sortable?: boolean;
}

/** The ad slots of one page; the server sorts by a column's key. */
export function SlotTable({ items, loading, actions, onOpen, sort, order, onSort, showPublisher = false, sortable = true }: SlotTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const sortOrderOf = sortOrderFor(sort, order);
  const sorting = (key: AdSlotSortField) => (sortable ? { sorter: true, sortOrder: sortOrderOf(key) } : {});

  const columns: ListColumn<AdSlot>[] = [
    {
      key: 'name',
      title: t('inventory.slots.columns.name'),
      width: 150,
      // On a phone the other columns scroll under it, so that each row keeps its name.
      fixed: 'left',
      ...sorting('name'),
      render: (_, slot) => (
        <>
          <Button type="link" className="list-name-link" onClick={() => onOpen(slot)}>
            {slot.name}
          </Button>
          <div className="list-muted slot-code">{slot.code}</div>
        </>
      ),
    },
    ...(showPublisher
      ? [
          {
            key: 'publisher',
            title: t('inventory.slots.columns.publisher'),
            width: 132,
            render: (_: unknown, slot: AdSlot) => (
              <>
                <div>{slot.accountName}</div>
                <div className="list-muted">#{slot.accountId}</div>
              </>
            ),
          },
        ]
      : []),
    {
      key: 'property',
      title: t('inventory.slots.columns.property'),
      width: 160,
      render: (_, slot) => (
        <>
          <div className="slot-property">
            <PlatformIcon platform={slot.platform} />
            {slot.propertyName}
          </div>
          <div className="list-muted slot-property-id">{slot.propertyId}</div>
        </>
      ),
    },
    { key: 'format', title: t('inventory.slots.columns.format'), width: 76, render: (_, slot) => t(`inventory.slots.format.${slot.format}`) },
    { key: 'size', title: t('inventory.slots.columns.size'), width: 76, render: (_, slot) => sizeText(slot) },
    { key: 'position', title: t('inventory.slots.columns.position'), width: 100, render: (_, slot) => t(`inventory.slots.position.${slot.position}`) },
    {
      key: 'floorCpmMinor',
      title: t('inventory.slots.columns.floor'),
      width: 112,
      align: 'right',
      ...sorting('floorCpmMinor'),
      render: (_, slot) => floorText(slot, language),
    },
    // Staff review the slot itself; how its owner reviews ads is in the drawer (and keeps the table within 1440 px).
    ...(showPublisher
      ? []
      : [{ key: 'policy', title: t('inventory.slots.columns.policy'), width: 108, render: (_: unknown, slot: AdSlot) => t(`inventory.slots.policy.${slot.placementPolicy}`) }]),
    {
      key: 'status',
      title: t('inventory.slots.columns.status'),
      width: 96,
      ...sorting('status'),
      render: (_, slot) => <AdSlotStatusTag status={slot.status} />,
    },
    {
      key: 'updatedAt',
      title: t('inventory.slots.columns.updated'),
      width: 124,
      ...sorting('updatedAt'),
      render: (_, slot) => {
        const [date, time] = formatDateAndTime(slot.updatedAt, language);
        return (
          <>
            <div>{date}</div>
            <div className="list-muted">{time}</div>
          </>
        );
      },
    },
    actionsColumn(t('inventory.slots.columns.actions'), (slot) => <SlotActionsMenu slot={slot} actions={actions} />),
  ];

  return (
    <ListTable<AdSlot, AdSlotSortField>
      className="slot-table"
      items={items}
      columns={columns}
      loading={loading}
      // The columns' sum: fits the card at 1440 px beside the menu, with room for a scrollbar; narrower
      // screens scroll.
      width={showPublisher ? 1082 : 1058}
      selection={null}
      onSort={onSort}
    />
  );
}
