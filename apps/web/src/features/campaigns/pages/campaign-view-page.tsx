import { dayIn, formatDays, NAMED_RANGES, namedRangeDays, type CampaignStatus, type NamedRange } from '@ads/contracts';
import { Suspense, useCallback, useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { Link, useNavigate, useSearchParams } from '../../../shared/router/router';
import { isApiError } from '../../../shared/api-client';
import { QueryView } from '../../../shared/list/query-view';
import { oneOf, positiveInt } from '../../../shared/url-params';
import { useHasPower } from '../../../shared/use-has-power';
import { PlainSelect } from '../../../shared/ui/plain-controls';
import { PlainTabs } from '../../../shared/ui/plain-tabs';
import { Result } from '../../../shared/ui/result';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { useCampaignDetail, useCampaignReport, useCanReviewCampaigns } from '../api';
import { AdGroupsTab } from '../campaign-page/ad-groups-tab';
import { CampaignHeader } from '../campaign-page/campaign-header';
import { ChangeHistory } from '../campaign-page/change-history';
import { PAGE_METRICS, Performance, PlacementFigures } from '../campaign-page/performance';
import { errorText } from '../components/format';
import { useCampaignActions } from '../components/use-campaign-actions';
import '../components/campaigns.css';
import '../campaign-page/campaign-page.css';
import '../messages/register';

// One campaign's page (#/campaign/view?id=N): its header and actions, performance over a named
// range (the advertiser report filtered to it, so the figures agree with Data Insights), and tabs
// for its ad groups, ads, placements, change history and delivery funnel. The view (range, tab,
// history page) lives in the URL. The first view is plain HTML: the ads' previews and the funnel
// load with antd when their tab is first shown.

const AdsTab = lazyWithAntd(() => import('../campaign-page/ads-tab'));
const DeliveryTab = lazyWithAntd(() => import('../campaign-page/delivery-tab'));

const TABS = ['adGroups', 'ads', 'placements', 'history', 'delivery'] as const;
type TabKey = (typeof TABS)[number];
const DEFAULT_RANGE: NamedRange = 'last30';
/** A single day reads by the hour. */
const HOURLY: readonly NamedRange[] = ['today', 'yesterday'];
/** Delivery is explained once a review approved the campaign. */
const DELIVERING: readonly CampaignStatus[] = ['scheduled', 'active', 'paused', 'ended'];

export default function CampaignViewPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = positiveInt(params.get('id'));
  const range = oneOf(NAMED_RANGES, params.get('range')) ?? DEFAULT_RANGE;
  const tab = oneOf(TABS, params.get('tab')) ?? 'adGroups';
  const historyPage = positiveInt(params.get('historyPage')) ?? 1;
  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const canReview = useCanReviewCampaigns();
  const staff = useHasPower('insights.platform');
  const listPath = canReview ? '/advertiserCampaign' : '/campaign/list';
  const detail = useCampaignDetail(id);
  const campaign = detail.data;
  const open = useCallback(() => undefined, []);
  const onDeleted = useCallback(() => void navigate(listPath), [navigate, listPath]);
  const actions = useCampaignActions({ open, onDeleted });

  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC', []);
  const today = dayIn(new Date(), timeZone);
  const days = useMemo(() => namedRangeDays(range, timeZone, new Date(`${today}T12:00:00Z`)), [range, timeZone, today]);
  // Staff name the campaign's account (one currency); an advertiser's report is its own account's.
  const request = useMemo(
    () => ({
      from: days.from,
      to: days.to,
      timeZone,
      granularity: HOURLY.includes(range) ? ('hour' as const) : ('day' as const),
      campaign: String(id ?? 0),
      metrics: PAGE_METRICS.join(','),
      ...(staff && campaign ? { accountId: campaign.accountId } : {}),
    }),
    [days, timeZone, range, id, staff, campaign],
  );
  const ready = id !== undefined && (!staff || !!campaign);
  const report = useCampaignReport(request, ready && !!campaign);
  const placementRequest = useMemo(() => ({ ...request, dimensions: 'slot', sort: 'impressions', order: 'desc' as const, pageSize: 100 }), [request]);
  const placements = useCampaignReport(placementRequest, ready && !!campaign && tab === 'placements');

  const gone = id === undefined || (isApiError(detail.error) && (detail.error.statusCode === 404 || detail.error.statusCode === 400));
  if (gone) {
    return (
      <Result
        status="404"
        title={t('campaigns.page.notFound')}
        extra={
          <Link className="campaign-page-back" to={listPath}>
            {t('campaigns.page.backToList')}
          </Link>
        }
      />
    );
  }

  const inProgress = days.from <= today && today <= days.to;
  return (
    <div className="campaign-page">
      <QueryView query={detail} errorText={(error) => `${t('campaigns.page.failed')} ${errorText(t, error)}`} retryLabel={t('campaigns.page.retry')} empty={false} emptyText="" skeletonRows={8}>
        {() =>
          campaign && (
            <>
              <CampaignHeader campaign={campaign} actions={actions} listPath={listPath} canReview={canReview} />
              <section className="campaign-page-performance" aria-labelledby="campaign-performance">
                <div className="campaign-card-head">
                  <h2 id="campaign-performance">{t('campaigns.page.performance')}</h2>
                  <label className="campaign-range">
                    <span>{t('campaigns.page.range')}</span>
                    <PlainSelect<NamedRange>
                      value={range}
                      onChange={(value) => update({ range: value === DEFAULT_RANGE ? undefined : value })}
                      options={NAMED_RANGES.map((value) => ({ value, label: t(`campaigns.page.ranges.${value}`) }))}
                      label={t('campaigns.page.range')}
                    />
                  </label>
                </div>
                <p className="campaign-period">
                  {t(inProgress ? 'campaigns.page.periodOngoing' : 'campaigns.page.period', { days: formatDays(days.from, days.to, i18n.language), zone: timeZone })}
                  {!staff && (
                    <>
                      {' · '}
                      <Link to={`/dataInsights/advertiser?range=${range}&campaign=${campaign.id}`} title={t('campaigns.page.sameAsReport')}>
                        {t('campaigns.page.openReport')}
                      </Link>
                    </>
                  )}
                </p>
                <Performance report={report} timeZone={timeZone} />
              </section>
              <PlainTabs<TabKey>
                label={t('campaigns.page.tabs.label')}
                active={tab}
                onChange={(key) => update({ tab: key === 'adGroups' ? undefined : key })}
                tabs={TABS.map((key) => ({ key, label: t(`campaigns.page.tabs.${key}`) }))}
              >
                {tab === 'adGroups' && <AdGroupsTab campaign={campaign} />}
                {tab === 'ads' && (
                  <Suspense fallback={<p className="list-muted">{t('campaigns.page.ads.loading')}</p>}>
                    <AdsTab campaign={campaign} />
                  </Suspense>
                )}
                {tab === 'placements' && <PlacementFigures report={placements} />}
                {tab === 'history' && <ChangeHistory campaignId={campaign.id} page={historyPage} onPage={(page) => update({ historyPage: page > 1 ? String(page) : undefined })} />}
                {tab === 'delivery' &&
                  (DELIVERING.includes(campaign.status) ? (
                    <Suspense fallback={<p className="list-muted">{t('campaigns.page.delivery.loading')}</p>}>
                      <DeliveryTab campaign={campaign} />
                    </Suspense>
                  ) : (
                    <p className="list-muted">{t('campaigns.page.delivery.notYet')}</p>
                  ))}
              </PlainTabs>
              {actions.elements}
            </>
          )
        }
      </QueryView>
    </div>
  );
}
