import { AD_SLOT_FORMATS, AD_SLOT_STATUSES, type AdSlotFormat, type AdSlotStatus } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { ListSearch } from '../../../shared/list/list-search';
import type { UpdateUrlState } from '../../../shared/list/url-state';
import { PlainMultiSelect, PlainSelect } from '../../../shared/ui/plain-controls';
import type { SlotListState } from './list-state';

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
        <PlainMultiSelect<AdSlotStatus>
          className="slot-status-filter"
          label={t('inventory.slots.filters.status')}
          placeholder={t('inventory.slots.filters.anyStatus')}
          clearLabel={t('inventory.slots.filters.anyStatus')}
          value={state.statuses}
          onChange={(statuses) => update({ statuses })}
          options={AD_SLOT_STATUSES.map((status) => ({ value: status, label: t(`inventory.slots.status.${status}`) }))}
        />
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
