import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../../shared/list/list-search';
import { ControlPlaceholder } from '../../../shared/ui/plain-controls';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import type { CampaignListState } from './list-state';

// The search is plain; the statuses (a multiple select) and the dates (a range picker) have no
// plain equivalent and load with antd after the first view, in boxes of their size meanwhile
// (campaigns.css gives both the same width) so that nothing moves when they come.
const CampaignStatusSelect = lazyWithAntd(() => import('./campaign-status-select'));
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
        <Suspense fallback={<ControlPlaceholder width={220} className="campaign-status-filter" />}>
          <CampaignStatusSelect value={state.statuses} onChange={(statuses) => update({ statuses })} />
        </Suspense>
      )}
      <Suspense fallback={<ControlPlaceholder width={292} className="campaign-date-filter" />}>
        <CampaignDateRange from={state.from} to={state.to} onChange={(from, to) => update({ from, to })} />
      </Suspense>
    </div>
  );
}
