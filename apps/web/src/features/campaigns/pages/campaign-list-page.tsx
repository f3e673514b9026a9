import { ClearOutlined, PlusOutlined } from '@ant-design/icons';
import type { CampaignSummary } from '@ads/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListPage } from '../../../shared/list/list-page';
import { ListResults } from '../../../shared/list/list-results';
import { useCampaignList, useCanWriteCampaigns } from '../api';
import { CampaignFilters } from '../components/campaign-filters';
import { CampaignTable } from '../components/campaign-table';
import { errorText } from '../components/format';
import { LazyCampaignDrawer } from '../components/lazy-campaign-drawer';
import { campaignListQuery, isFiltered, PAGE_SIZES, useCampaignListState } from '../components/list-state';
import { useCampaignActions } from '../components/use-campaign-actions';
import { Button } from '../../../shared/ui/button';
import { ConversionTrackingButton } from '../../conversions';
import { Space } from '../../../shared/ui/space';
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
    <ListPage
      className="campaign-list"
      title={t('pages.campaign/list.title')}
      actions={
        <Space wrap>
          <ConversionTrackingButton />
          {canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={create}>
              {t('campaigns.list.create')}
            </Button>
          )}
        </Space>
      }
      scopeId="campaign-list-scope"
      toolbar={<CampaignFilters state={state} update={update} />}
      scope={t('campaigns.list.scope')}
      count={campaigns.data && t('campaigns.list.count', { count: campaigns.data.total })}
      overlays={
        <>
          <LazyCampaignDrawer id={state.campaign} onClose={() => update({ campaign: undefined })} actions={actions} />
          {actions.elements}
        </>
      }
    >
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
    </ListPage>
  );
}
