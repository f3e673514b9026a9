import { ClearOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdSlot } from '@ads/contracts';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { ListPage } from '../../../shared/list/list-page';
import { ListResults } from '../../../shared/list/list-results';
import { useAdSlotList, useCanWriteSlots } from '../api';
import { errorText } from './format';
import { isFiltered, NO_FILTERS, PAGE_SIZES, slotListQuery, useSlotListState } from './list-state';
import { SlotFilters } from './slot-filters';
import { SlotTable } from './slot-table';
import { useSlotActions } from './use-slot-actions';
import { Button } from '../../../shared/ui/button';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { useShownOnce } from '../../../shared/ui/lazy-named';

// The list is plain HTML; a slot's drawer and the form (antd's drawer, timeline and form) load with
// antd when first opened, from a row, "New ad slot" or the URL (?slot=N).
const SlotDrawer = lazyWithAntd(() => import('./slot-drawer').then((m) => ({ default: m.SlotDrawer })));
const SlotForm = lazyWithAntd(() => import('./slot-form').then((m) => ({ default: m.SlotForm })));

interface Editing {
  /** Absent: a new slot. */
  slot?: AdSlot;
  open: boolean;
  /** A fresh form each time (the key of its mount). */
  key: number;
  /** The drawer the form was opened from, shown again when it closes. */
  returnTo?: number;
}

/** The publisher's own ad slots: the list, the form (new and edit) and a slot's drawer. */
export function PublisherSlots() {
  const { t } = useTranslation();
  const [state, update] = useSlotListState();
  const canWrite = useCanWriteSlots();
  const query = useMemo(() => slotListQuery(state), [state]);
  const slots = useAdSlotList(query);
  const items = slots.data?.items ?? [];
  const drawerWanted = useShownOnce(state.slot !== undefined);

  const [editing, setEditing] = useState<Editing | null>(null);
  const open = useCallback((slot: AdSlot) => update({ slot: slot.id }), [update]);
  // The form replaces the drawer it was opened from (one panel at a time, on phones too).
  const edit = useCallback(
    (slot: AdSlot) => {
      const fromDrawer = state.slot === slot.id;
      setEditing({ slot, open: true, key: Date.now(), returnTo: fromDrawer ? slot.id : undefined });
      if (fromDrawer) update({ slot: undefined }, { replace: true });
    },
    [state.slot, update],
  );
  const create = () => setEditing({ open: true, key: Date.now() });
  const closeForm = (show?: number) => {
    setEditing((current) => current && { ...current, open: false });
    if (show !== undefined) update({ slot: show }, { replace: true });
  };
  const onDeleted = useCallback((id: number) => state.slot === id && update({ slot: undefined }, { replace: true }), [state.slot, update]);
  const actions = useSlotActions({ open, edit, onDeleted });
  const filtered = isFiltered(state);

  return (
    <ListPage
      className="slot-list"
      title={t('pages.adSlotManagement/review.title')}
      actions={
        canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={create}>
            {t('inventory.slots.create')}
          </Button>
        )
      }
      scopeId="slot-list-scope"
      toolbar={<SlotFilters state={state} update={update} />}
      scope={t('inventory.slots.scope')}
      count={slots.data && t('inventory.slots.count', { count: slots.data.total })}
      overlays={
        <>
          {drawerWanted && (
            <Suspense fallback={null}>
              <SlotDrawer id={state.slot} onClose={() => update({ slot: undefined })} actions={actions} />
            </Suspense>
          )}
          {editing && (
            <Suspense fallback={null}>
              <SlotForm
                key={editing.key}
                open={editing.open}
                slot={editing.slot}
                onClose={() => closeForm(editing.returnTo)}
                onSaved={(saved) => closeForm(editing.returnTo ?? (editing.slot ? undefined : saved.id))}
                afterClose={() => setEditing((current) => (current?.key === editing.key && !current.open ? null : current))}
              />
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
        emptyText={filtered ? t('inventory.slots.noMatches') : canWrite ? t('inventory.slots.emptyAccount') : t('inventory.slots.emptyReader')}
        emptyAction={
          filtered ? (
            <Button icon={<ClearOutlined />} onClick={() => update(NO_FILTERS)}>
              {t('inventory.slots.clearFilters')}
            </Button>
          ) : (
            canWrite && (
              <Button type="primary" icon={<PlusOutlined />} onClick={create}>
                {t('inventory.slots.createFirst')}
              </Button>
            )
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
          />
        )}
      </ListResults>
    </ListPage>
  );
}
