import { CAMPAIGN_STATUSES, type CampaignStatus } from '@ads/contracts';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../../shared/list/list-search';
import type { CampaignListState } from './list-state';
import { DatePicker } from '../../../shared/ui/date-picker';
import { Select } from '../../../shared/ui/select';

interface CampaignFiltersProps {
  state: CampaignListState;
  update: (patch: Partial<CampaignListState>, options?: { replace?: boolean }) => void;
  /** False on staff's queue, which lists one status. */
  statusFilter?: boolean;
  /** Before the search (staff's advertiser filter). */
  children?: ReactNode;
}

/** Search, statuses (several), and the days a campaign runs on. */
export function CampaignFilters({ state, update, statusFilter = true, children }: CampaignFiltersProps) {
  const { t } = useTranslation();
  return (
    <div className="list-toolbar" role="search" aria-label={t('campaigns.list.filters.label')}>
      <ListSearch
        value={state.search}
        onSearch={(search) => update({ search }, { replace: true })}
        label={t('campaigns.list.filters.search')}
        placeholder={t('campaigns.list.filters.searchPlaceholder')}
        clearLabel={t('campaigns.list.filters.clearSearch')}
      />
      {children}
      {statusFilter && (
        <Select<CampaignStatus[]>
          mode="multiple"
          className="campaign-status-filter"
          allowClear
          maxTagCount="responsive"
          aria-label={t('campaigns.list.filters.status')}
          placeholder={t('campaigns.list.filters.anyStatus')}
          value={state.statuses}
          onChange={(statuses) => update({ statuses })}
          options={CAMPAIGN_STATUSES.map((status) => ({ value: status, label: t(`campaigns.common.status.${status}`) }))}
        />
      )}
      <DatePicker.RangePicker
        allowEmpty={[true, true]}
        aria-label={t('campaigns.list.filters.dates')}
        placeholder={[t('campaigns.list.filters.from'), t('campaigns.list.filters.to')]}
        value={[state.from ? dayjs(state.from) : null, state.to ? dayjs(state.to) : null]}
        onChange={(dates) =>
          update({ from: dates?.[0]?.format('YYYY-MM-DD') ?? undefined, to: dates?.[1]?.format('YYYY-MM-DD') ?? undefined })
        }
      />
    </div>
  );
}
