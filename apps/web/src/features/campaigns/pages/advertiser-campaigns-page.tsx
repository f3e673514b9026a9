import { ClearOutlined } from '@ant-design/icons';
import type { CampaignSummary } from '@ads/contracts';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { Link } from '../../../shared/router/router';
import { ListPage } from '../../../shared/list/list-page';
import { ListResults } from '../../../shared/list/list-results';
import { positiveInt } from '../../../shared/url-params';
import { useCampaignList, useCanReviewCampaigns } from '../api';
import { CampaignFilters } from '../components/campaign-filters';
import { CampaignTable } from '../components/campaign-table';
import { errorText } from '../components/format';
import { LazyCampaignDrawer } from '../components/lazy-campaign-drawer';
import { isFiltered, PAGE_SIZES, staffListQuery, useStaffCampaignsState, type CampaignListState, type StaffTab } from '../components/list-state';
import { useCampaignActions } from '../components/use-campaign-actions';
import { Button } from '../../../shared/ui/button';
import '../components/campaigns.css';
import '../messages/register';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { ControlPlaceholder, SegmentedRadio } from '../../../shared/ui/plain-controls';
import { lazyWithAntd } from '../../../shared/ui/with-antd';

// The advertiser filter (antd's searchable select) loads with antd after the first view, in a box
// of its size meanwhile; the review form (antd's fields) only in a waiting campaign's drawer.
const AdvertiserSelect = lazyWithAntd(() => import('../components/advertiser-select'));
const loadReviewPanel = () => import('../components/review-panel');
const ReviewPanel = lazyWithAntd(() => loadReviewPanel().then((module) => ({ default: module.ReviewPanel })));

/** What the queue tab counts: campaigns waiting for review (only the total is read). */
const WAITING_QUERY = { status: 'pending_review', sort: 'submittedAt', order: 'asc', page: 1, pageSize: 1 } as const;
/** What the ads tab counts: live campaigns with new ads or ad changes to review. */
const ADS_WAITING_QUERY = { adReview: 'true', page: 1, pageSize: 1 } as const;

/** Staff: every advertiser's campaigns, the review queue first; a campaign's drawer holds the review. */
export default function AdvertiserCampaignsPage() {
  const { t } = useTranslation();
  const [state, update] = useStaffCampaignsState();
  const canReview = useCanReviewCampaigns();
  const query = useMemo(() => staffListQuery(state), [state]);
  const campaigns = useCampaignList(query);
  const waiting = useCampaignList(WAITING_QUERY);
  const adsWaiting = useCampaignList(ADS_WAITING_QUERY);
  const items = campaigns.data?.items ?? [];

  const open = useCallback((campaign: CampaignSummary) => update({ campaign: campaign.id }), [update]);
  const close = useCallback(() => update({ campaign: undefined }), [update]);
  const actions = useCampaignActions({ open, onDeleted: close });
  const advertisers = useSeenAdvertisers(items);
  // The review form is fetched as a campaign opens, beside its details, not after them.
  useEffect(() => {
    if (canReview && state.campaign !== undefined) void loadReviewPanel();
  }, [canReview, state.campaign]);
  // The queue lists one status whatever the status filter holds.
  const filtered = isFiltered(state.tab === 'all' ? state : { ...state, statuses: [] });
  const updateList = update as (patch: Partial<CampaignListState>, options?: { replace?: boolean }) => void;

  return (
    <ListPage
      className="campaign-list"
      title={t('pages.advertiserCampaign.title')}
      scopeId="staff-campaigns-scope"
      toolbar={
        <>
          <SegmentedRadio<StaffTab>
            className="list-tabs"
            label={t('campaigns.review.tabs')}
            value={state.tab}
            onChange={(tab) => update({ tab })}
            options={[
              { value: 'queue', label: t('campaigns.review.queueTab'), extra: <Badge count={waiting.data?.total ?? 0} /> },
              { value: 'ads', label: t('campaigns.review.adsTab'), extra: <Badge count={adsWaiting.data?.total ?? 0} /> },
              { value: 'all', label: t('campaigns.review.allTab') },
            ]}
          />
          <CampaignFilters state={state} update={updateList} statusFilter={state.tab === 'all'}>
            <Suspense fallback={<ControlPlaceholder width={280} className="campaign-filter" />}>
              <AdvertiserSelect
                value={state.account}
                onChange={(account) => update({ account })}
                onSearch={(text) => advertisers.typed(text)}
                options={advertisers.options(state.account, t)}
              />
            </Suspense>
          </CampaignFilters>
        </>
      }
      scope={t(`campaigns.review.${state.tab}Title`)}
      count={campaigns.data && t('campaigns.list.count', { count: campaigns.data.total })}
      overlays={
        <>
          <LazyCampaignDrawer
            id={state.campaign}
            onClose={close}
            actions={actions}
            header={(campaign) =>
              canReview && campaign.status === 'pending_review' ? (
                <Suspense fallback={null}>
                  <ReviewPanel key={campaign.version} campaign={campaign} onDecided={close} />
                </Suspense>
              ) : canReview && campaign.adsToReview > 0 ? (
                <Alert
                  type="info"
                  showIcon
                  title={t('campaigns.page.ads.toReview', { count: campaign.adsToReview })}
                  action={<Link to={`/campaign/view?id=${campaign.id}&tab=ads`}>{t('campaigns.review.openAds')}</Link>}
                />
              ) : null
            }
          />
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
        emptyText={filtered ? t('campaigns.list.noMatches') : state.tab === 'all' ? t('campaigns.review.noCampaigns') : t(`campaigns.review.${state.tab}Empty`)}
        emptyAction={
          filtered && (
            <Button icon={<ClearOutlined />} onClick={() => update({ search: '', statuses: [], from: undefined, to: undefined, account: undefined })}>
              {t('campaigns.list.clearFilters')}
            </Button>
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
            showAdvertiser
          />
        )}
      </ListResults>
    </ListPage>
  );
}

/**
 * There is no account list to choose from yet: the advertiser filter offers the advertisers seen in
 * the rows listed so far, and an account id typed as a number.
 */
function useSeenAdvertisers(items: readonly CampaignSummary[]) {
  const [seen, setSeen] = useState<ReadonlyMap<number, string>>(new Map());
  const [typedId, setTypedId] = useState<number | undefined>();
  // Adjusted while rendering (React's pattern for state derived from props), once per new advertiser.
  const fresh = items.filter((item) => !seen.has(item.accountId));
  if (fresh.length) setSeen(new Map([...seen, ...fresh.map((item) => [item.accountId, item.accountName] as const)]));
  return {
    typed: (text: string) => setTypedId(positiveInt(text.trim().replace(/^#/, '')) ?? undefined),
    options: (current: number | undefined, t: (key: string, values?: Record<string, unknown>) => string) => {
      const options = [...seen].map(([id, name]) => ({ value: id, label: `${name} (#${id})` })).sort((a, b) => a.label.localeCompare(b.label));
      for (const id of [typedId, current])
        if (id !== undefined && !seen.has(id) && !options.some((option) => option.value === id)) options.unshift({ value: id, label: t('campaigns.review.accountId', { id }) });
      return options;
    },
  };
}
