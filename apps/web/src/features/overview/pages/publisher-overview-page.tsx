import { formatDays, type PublisherOverview } from '@ads/contracts';
import { useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { Link } from '../../../shared/router/router';
import { useHasPower } from '../../../shared/use-has-power';
import { usePublisherOverview } from '../api';
import { Columns, DashboardError, DashboardHead, DashboardLoading, FirstSteps, KpiGrid, QueuesCard, shortDate, StatusCard, TopTable, TrendCard } from '../components/dashboard-parts';
import '../components/overview.css';
import '../messages/register';

const METRICS = ['revenue', 'requests', 'impressions', 'fillRate', 'ecpm'] as const;
const TOP_METRICS = ['requests', 'impressions', 'fillRate', 'revenue', 'ecpm'] as const;
const SLOTS = '/adSlotManagement/review';

/** publisherOverview: the publisher's landing page; staff see every publisher's figures. */
export default function PublisherOverviewPage() {
  const { t, i18n } = useTranslation();
  const platform = useHasPower('insights.platform');
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC', []);
  const query = usePublisherOverview(platform, timeZone);
  const data = query.data;

  return (
    <div className="overview">
      <DashboardHead title={t('pages.publisherOverview.title')} platform={platform} asOf={data?.asOf} timeZone={timeZone} fetching={query.isFetching} onRefresh={() => void query.refetch()} />
      {!data ? (
        query.isError ? (
          <DashboardError onRetry={() => void query.refetch()} />
        ) : (
          <DashboardLoading />
        )
      ) : (
        <>
          {!data.started && !platform && (
            <FirstSteps title={t('overview.empty.publisherTitle')} text={t('overview.empty.publisherText')} action={t('overview.empty.publisherAction')} to={SLOTS} />
          )}
          <KpiGrid kpis={data.kpis} metrics={METRICS} currency={data.currency} timeZone={timeZone} />
          <TrendCard trend={data.trend} days={data.trendDays} metrics={METRICS} currency={data.currency} timeZone={timeZone} reportLink={platform ? '/dataInsights?type=publisher&range=last30' : '/dataInsights/publisher?range=last30'} />
          <Columns>
            <PendingCard pending={data.pendingPlacements} platform={platform} timeZone={timeZone} />
            {data.reviewQueues && <QueuesCard queues={data.reviewQueues} />}
            <StatusCard title={t('overview.slotsByStatus')} counts={data.statusCounts} label={(s) => t(`overview.slotStatus.${s}`)} link={(s) => `${SLOTS}?status=${s}`} />
          </Columns>
          <TopTable
            title={t('overview.topSlots')}
            hint={t('overview.byMoney', { metric: t('overview.metric.revenue'), days: formatDays(data.trendDays.from, data.trendDays.to, i18n.language) })}
            rows={data.topSlots.map((s) => ({ ...s, status: t(`overview.slotStatus.${s.status}`), link: `${SLOTS}?slot=${s.id}` }))}
            metrics={TOP_METRICS}
            currency={data.currency}
          />
          {data.topAccounts && (
            <TopTable title={t('overview.topPublishers')} hint={t('overview.byMoney', { metric: t('overview.metric.revenue'), days: formatDays(data.trendDays.from, data.trendDays.to, i18n.language) })} rows={data.topAccounts} metrics={TOP_METRICS} currency={data.currency} />
          )}
        </>
      )}
    </div>
  );
}

/** Placements waiting for the publisher's decision (staff: for every publisher's), oldest first. */
function PendingCard({ pending, platform, timeZone }: { pending: PublisherOverview['pendingPlacements']; platform: boolean; timeZone: string }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="overview-card" aria-labelledby="overview-pending">
      <div className="overview-card-head">
        <h2 id="overview-pending">
          {platform ? t('overview.pendingPlacementsAll') : t('overview.pendingPlacements')}
          <span className="overview-count">{pending.count}</span>
        </h2>
      </div>
      {pending.count === 0 ? (
        <p className="overview-muted">{t('overview.pendingNone')}</p>
      ) : (
        <>
          <ul className="overview-list">
            {pending.items.map((p) => (
              <li key={p.id}>
                <div className="overview-list-line">
                  <span>{t('overview.pendingLine', { campaign: p.campaign, advertiser: p.advertiser, slot: p.slot })}</span>
                  <span className="overview-hint overview-date">{t('overview.since', { date: shortDate(p.since, timeZone, i18n.language) })}</span>
                </div>
              </li>
            ))}
          </ul>
          {!platform && (
            <Link className="overview-more" to="/adPlacementManagement/review">
              {t('overview.reviewAll', { count: pending.count })}
            </Link>
          )}
        </>
      )}
    </section>
  );
}
