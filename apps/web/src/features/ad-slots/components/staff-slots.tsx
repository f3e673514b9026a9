import { ClearOutlined } from '@ant-design/icons';
import type { AdSlot } from '@ads/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../shared/list/list-page';
import { ListResults } from '../../../shared/list/list-results';
import type { UpdateUrlState } from '../../../shared/list/url-state';
import { useAdSlotList, useCanReviewSlots } from '../api';
import { errorText } from './format';
import { isFiltered, NO_FILTERS, PAGE_SIZES, staffListQuery, useStaffSlotsState, WAITING_QUERY, type SlotListState, type StaffTab } from './list-state';
import { ReviewPanel } from './review-panel';
import { SlotDrawer } from './slot-drawer';
import { SlotFilters } from './slot-filters';
import { SlotTable } from './slot-table';
import { useSlotActions } from './use-slot-actions';
import { Button } from '../../../shared/ui/button';
import { Badge } from '../../../shared/ui/badge';
import { Segmented } from '../../../shared/ui/segmented';

const noEdit = () => {};

/** Staff: every publisher's ad slots, the review queue first; a waiting slot's drawer holds the review. */
export function StaffSlots() {
  const { t } = useTranslation();
  const [state, update] = useStaffSlotsState();
  const canReview = useCanReviewSlots();
  const query = useMemo(() => staffListQuery(state), [state]);
  const slots = useAdSlotList(query);
  const waiting = useAdSlotList(WAITING_QUERY);
  const items = slots.data?.items ?? [];

  const open = useCallback((slot: AdSlot) => update({ slot: slot.id }), [update]);
  const close = useCallback(() => update({ slot: undefined }), [update]);
  // Staff hold no adslot.write: the hook offers them no edit, submit or delete.
  const actions = useSlotActions({ open, edit: noEdit, onDeleted: close });
  const queue = state.tab === 'queue';
  // The queue lists one status whatever the status filter holds.
  const filtered = isFiltered(queue ? { ...state, statuses: [] } : state);
  const waitingCount = waiting.data?.total ?? 0;

  return (
    <ListPage
      className="slot-list"
      title={t('pages.adSlotManagement/review.title')}
      scopeId="staff-slots-scope"
      toolbar={
        <>
          <Segmented<StaffTab>
            className="list-tabs"
            aria-label={t('inventory.slotReview.tabs')}
            value={state.tab}
            onChange={(tab) => update({ tab })}
            options={[
              {
                value: 'queue',
                label: (
                  <span>
                    {t('inventory.slotReview.queueTab')}{' '}
                    <Badge count={waitingCount} />
                  </span>
                ),
              },
              { value: 'all', label: t('inventory.slotReview.allTab') },
            ]}
          />
          <SlotFilters state={state} update={update as UpdateUrlState<SlotListState>} statusFilter={!queue} />
        </>
      }
      scope={queue ? t('inventory.slotReview.queueTitle') : t('inventory.slotReview.allTitle')}
      count={slots.data && t('inventory.slots.count', { count: slots.data.total })}
      overlays={
        <>
          <SlotDrawer
            id={state.slot}
            onClose={close}
            actions={actions}
            showPublisher
            header={(slot) => (canReview && slot.status === 'pending_review' ? <ReviewPanel key={slot.version} slot={slot} onDecided={close} /> : null)}
          />
          {actions.elements}
        </>
      }
    >
      <ListResults
        query={slots}
        page={state.page}
        pageSize={state.pageSize}
        pageSizes={PAGE_SIZES}
        update={update}
        rangeText={(range) => t('inventory.slots.range', range)}
        errorText={(error) => errorText(t, error)}
        retryLabel={t('inventory.slots.retry')}
        empty={!items.length}
        emptyText={filtered ? t('inventory.slots.noMatches') : queue ? t('inventory.slotReview.queueEmpty') : t('inventory.slotReview.noSlots')}
        emptyAction={
          filtered && (
            <Button icon={<ClearOutlined />} onClick={() => update(NO_FILTERS)}>
              {t('inventory.slots.clearFilters')}
            </Button>
          )
        }
      >
        {() => (
          <SlotTable
            items={items}
            loading={slots.isFetching}
            actions={actions}
            onOpen={open}
            sort={state.sort}
            order={state.order}
            onSort={(sort, order) => update({ sort, order })}
            showPublisher
            sortable={!queue}
          />
        )}
      </ListResults>
    </ListPage>
  );
}
