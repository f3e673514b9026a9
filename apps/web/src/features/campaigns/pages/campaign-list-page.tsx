import { ClearOutlined, PlusOutlined } from '@ant-design/icons';
import type { CampaignSummary } from '@ads/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListResults } from '../../../shared/list/list-results';
import { useCampaignList, useCanWriteCampaigns } from '../api';
import { CampaignDrawer } from '../components/campaign-drawer';
import { CampaignFilters } from '../components/campaign-filters';
import { CampaignTable } from '../components/campaign-table';
import { errorText } from '../components/format';
import { campaignListQuery, isFiltered, PAGE_SIZES, useCampaignListState } from '../components/list-state';
import { useCampaignActions } from '../components/use-campaign-actions';
import { Button } from '../../../shared/ui/button';
import '../../../shared/ui/library-layout.css';
import '../../../shared/list/list-card.css';
import '../../../shared/list/list-kit.css';
import '../components/campaigns.css';
import '../messages/register';

/** The advertiser's campaigns: filters, sorting and paging in the URL, actions by state, a detail drawer. */
export default function CampaignListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, update] = useCampaignListState();
  const canWrite = useCanWriteCampaigns();
  const query = useMemo(() => campaignListQuery(state), [state]);
  const campaigns = useCampaignList(query);
  const items = campaigns.data?.items ?? [];

  const open = useCallback((campaign: CampaignSummary) => update({ campaign: campaign.id }), [update]);
  const onDeleted = useCallback((id: number) => state.campaign === id && update({ campaign: undefined }, { replace: true }), [state.campaign, update]);
  const actions = useCampaignActions({ open, onDeleted });
  const filtered = isFiltered(state);
  const create = () => navigate('/campaign/create');

  return (
    <div className="campaign-list">
      <div className="library-head">
        <h1 className="page-title">{t('pages.campaign/list.title')}</h1>
        {canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={create}>
            {t('campaigns.list.create')}
          </Button>
        )}
      </div>
      <section className="list-content" aria-labelledby="campaign-list-scope">
        <CampaignFilters state={state} update={update} />
        <div className="list-scope-row">
          <h2 id="campaign-list-scope" className="list-scope">
            {t('campaigns.list.scope')}
            {campaigns.data && <span className="list-count">{t('campaigns.list.count', { count: campaigns.data.total })}</span>}
          </h2>
        </div>
        <ListResults
          query={campaigns}
          page={state.page}
          pageSize={state.pageSize}
          pageSizes={PAGE_SIZES}
          update={update}
          rangeText={(range) => t('campaigns.list.range', range)}
          errorText={(error) => errorText(t, error)}
          retryLabel={t('campaigns.list.retry')}
          empty={!items.length}
          emptyText={filtered ? t('campaigns.list.noMatches') : canWrite ? t('campaigns.list.emptyAccount') : t('campaigns.list.emptyReader')}
          emptyAction={
            filtered ? (
              <Button icon={<ClearOutlined />} onClick={() => update({ search: '', statuses: [], from: undefined, to: undefined })}>
                {t('campaigns.list.clearFilters')}
              </Button>
            ) : (
              canWrite && (
                <Button type="primary" icon={<PlusOutlined />} onClick={create}>
                  {t('campaigns.list.createFirst')}
                </Button>
              )
            )
          }
        >
          {() => (
            <CampaignTable
              items={items}
              loading={campaigns.isFetching}
              actions={actions}
              onOpen={open}
              sort={state.sort}
              order={state.order}
              onSort={(sort, order) => update({ sort, order })}
            />
          )}
        </ListResults>
      </section>
      <CampaignDrawer id={state.campaign} onClose={() => update({ campaign: undefined })} actions={actions} />
      {actions.elements}
    </div>
  );
}
