import { AD_SLOT_FORMATS, type AdSlotFormat } from '@ads/contracts';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../../shared/list/list-search';
import type { UpdateUrlState } from '../../../shared/list/url-state';
import { ControlPlaceholder, PlainSelect } from '../../../shared/ui/plain-controls';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import type { SlotListState } from './list-state';

// The statuses' select (several, as tags) has no plain equivalent: it loads with antd after the
// list's first view, in a box of its size meanwhile.
const SlotStatusSelect = lazyWithAntd(() => import('./slot-status-select'));

/** The format filter's first option, "Any format", stands for no filter: antd's cleared select. */
const ANY = '';

interface SlotFiltersProps {
  state: SlotListState;
  update: UpdateUrlState<SlotListState>;
  /** False on staff's queue, which lists one status. */
  statusFilter?: boolean;
}

/** Search (name, code, site or app), statuses (several) and the format. */
export function SlotFilters({ state, update, statusFilter = true }: SlotFiltersProps) {
  const { t } = useTranslation();
  return (
    <div className="list-toolbar" role="search" aria-label={t('inventory.slots.filters.label')}>
      <ListSearch
        value={state.search}
        onSearch={(search) => update({ search }, { replace: true })}
        label={t('inventory.slots.filters.search')}
        placeholder={t('inventory.slots.filters.searchPlaceholder')}
        clearLabel={t('inventory.slots.filters.clearSearch')}
        className="list-search slot-search"
      />
      {statusFilter && (
        <Suspense fallback={<ControlPlaceholder className="slot-status-filter" width={200} />}>
          <SlotStatusSelect value={state.statuses} onChange={(statuses) => update({ statuses })} />
        </Suspense>
      )}
      <PlainSelect<AdSlotFormat | typeof ANY>
        className="slot-format-filter"
        label={t('inventory.slots.filters.format')}
        value={state.format ?? ANY}
        onChange={(format) => update({ format: format || undefined })}
        options={[{ value: ANY, label: t('inventory.slots.filters.anyFormat') }, ...AD_SLOT_FORMATS.map((format) => ({ value: format, label: t(`inventory.slots.format.${format}`) }))]}
      />
    </div>
  );
}
