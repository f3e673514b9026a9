import { CAMPAIGN_STATUSES, type CampaignStatus } from '@ads/contracts';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { ListSearch } from '../../../shared/list/list-search';
import { ControlPlaceholder, PlainMultiSelect } from '../../../shared/ui/plain-controls';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import type { CampaignListState } from './list-state';

// The search and the statuses are plain; the dates (a range picker) have no plain equivalent and
// load with antd after the first view, in a box of their size meanwhile (campaigns.css gives both
// the same width) so that nothing moves when it comes.
const CampaignDateRange = lazyWithAntd(() => import('./campaign-date-range'));

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
        <PlainMultiSelect<CampaignStatus>
          className="campaign-status-filter"
          label={t('campaigns.list.filters.status')}
          placeholder={t('campaigns.list.filters.anyStatus')}
          clearLabel={t('campaigns.list.filters.anyStatus')}
          value={state.statuses}
          onChange={(statuses) => update({ statuses })}
          options={CAMPAIGN_STATUSES.map((status) => ({ value: status, label: t(`campaigns.common.status.${status}`) }))}
        />
      )}
      <Suspense fallback={<ControlPlaceholder width={292} className="campaign-date-filter" />}>
        <CampaignDateRange from={state.from} to={state.to} onChange={(from, to) => update({ from, to })} />
      </Suspense>
    </div>
  );
}
