import { AD_SLOT_FORMATS, AD_SLOT_STATUSES, type AdSlotFormat, type AdSlotStatus } from '@ads/contracts';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../../shared/list/list-search';
import type { UpdateUrlState } from '../../../shared/list/url-state';
import type { SlotListState } from './list-state';
import { Select } from '../../../shared/ui/select';

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
        <Select<AdSlotStatus[]>
          mode="multiple"
          className="slot-status-filter"
          allowClear
          maxTagCount="responsive"
          aria-label={t('inventory.slots.filters.status')}
          placeholder={t('inventory.slots.filters.anyStatus')}
          value={state.statuses}
          onChange={(statuses) => update({ statuses })}
          options={AD_SLOT_STATUSES.map((status) => ({ value: status, label: t(`inventory.slots.status.${status}`) }))}
        />
      )}
      <Select<AdSlotFormat>
        className="slot-format-filter"
        allowClear
        aria-label={t('inventory.slots.filters.format')}
        placeholder={t('inventory.slots.filters.anyFormat')}
        value={state.format}
        onChange={(format) => update({ format })}
        options={AD_SLOT_FORMATS.map((format) => ({ value: format, label: t(`inventory.slots.format.${format}`) }))}
      />
    </div>
  );
}
