import { ClearOutlined } from '@ant-design/icons';
import type { AdSlot } from '@ads/contracts';
import { Suspense, useCallback, useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { ListPage } from '../../../shared/list/list-page';
import { ListResults } from '../../../shared/list/list-results';
import type { UpdateUrlState } from '../../../shared/list/url-state';
import { useAdSlotList } from '../api';
import { errorText } from './format';
import { isFiltered, NO_FILTERS, PAGE_SIZES, staffListQuery, useStaffSlotsState, WAITING_QUERY, type SlotListState, type StaffTab } from './list-state';
import { SlotFilters } from './slot-filters';
import { SlotTable } from './slot-table';
import { useSlotActions } from './use-slot-actions';
import { Button } from '../../../shared/ui/button';
import { Badge } from '../../../shared/ui/badge';
import { SegmentedRadio } from '../../../shared/ui/plain-controls';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { useShownOnce } from '../../../shared/ui/lazy-named';

// The list is plain HTML; the drawer (antd's drawer, timeline and the review's text area) loads
// with antd when a slot is first opened, from a row or from the URL.
const StaffSlotDrawer = lazyWithAntd(() => import('./staff-slot-drawer'));

const noEdit = () => {};

/** Staff: every publisher's ad slots, the review queue first; a waiting slot's drawer holds the review. */
export function StaffSlots() {
  const { t } = useTranslation();
  const [state, update] = useStaffSlotsState();
  const query = useMemo(() => staffListQuery(state), [state]);
  const slots = useAdSlotList(query);
  const waiting = useAdSlotList(WAITING_QUERY);
  const items = slots.data?.items ?? [];
  const drawerWanted = useShownOnce(state.slot !== undefined);

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
          <SegmentedRadio<StaffTab>
            className="list-tabs"
            label={t('inventory.slotReview.tabs')}
            value={state.tab}
            onChange={(tab) => update({ tab })}
            options={[
              { value: 'queue', label: t('inventory.slotReview.queueTab'), extra: <Badge count={waitingCount} /> },
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
          {drawerWanted && (
            <Suspense fallback={null}>
              <StaffSlotDrawer id={state.slot} onClose={close} actions={actions} />
            </Suspense>
          )}
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
