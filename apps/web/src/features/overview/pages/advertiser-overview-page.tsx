import { formatDays, PACING_STATES, type AdvertiserOverview } from '@ads/contracts';
import { useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { Link } from '../../../shared/router/router';
import { formatMoney } from '../../../shared/money';
import { useHasPower } from '../../../shared/use-has-power';
import { useAdvertiserOverview } from '../api';
import { Columns, DashboardError, DashboardHead, DashboardLoading, FirstSteps, KpiGrid, QueuesCard, shortDate, StatusCard, TopTable, TrendCard } from '../components/dashboard-parts';
import '../components/overview.css';
import '../messages/register';

const METRICS = ['spend', 'impressions', 'clicks', 'ctr', 'conversions'] as const;
const TOP_METRICS = ['impressions', 'clicks', 'ctr', 'spend', 'conversions'] as const;

/** advertiserOverview: the advertiser's landing page; staff see every advertiser's figures. */
export default function AdvertiserOverviewPage() {
  const { t, i18n } = useTranslation();
  const platform = useHasPower('insights.platform');
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC', []);
  const query = useAdvertiserOverview(platform, timeZone);
  const data = query.data;
  const campaigns = platform ? '/advertiserCampaign' : '/campaign/list';

  return (
    <div className="overview">
      <DashboardHead title={t('pages.advertiserOverview.title')} platform={platform} asOf={data?.asOf} timeZone={timeZone} fetching={query.isFetching} onRefresh={() => void query.refetch()} />
      {!data ? (
        query.isError ? (
          <DashboardError onRetry={() => void query.refetch()} />
        ) : (
          <DashboardLoading />
        )
      ) : (
        <>
          {!data.started && !platform && (
            <FirstSteps title={t('overview.empty.advertiserTitle')} text={t('overview.empty.advertiserText')} action={t('overview.empty.advertiserAction')} to="/campaign/create" />
          )}
          <KpiGrid kpis={data.kpis} metrics={METRICS} currency={data.currency} timeZone={timeZone} />
          <TrendCard trend={data.trend} days={data.trendDays} metrics={METRICS} currency={data.currency} timeZone={timeZone} reportLink={platform ? '/dataInsights?range=last30' : '/dataInsights/advertiser?range=last30'} />
          <Columns>
            {data.attention && <AttentionCard items={data.attention} timeZone={timeZone} />}
            {data.reviewQueues && <QueuesCard queues={data.reviewQueues} />}
            <PacingCard pacing={data.pacing} currency={data.currency} campaigns={campaigns} />
          </Columns>
          <Columns>
            <TopTable
              title={t('overview.topCampaigns')}
              hint={t('overview.byMoney', { metric: t('overview.metric.spend'), days: formatDays(data.trendDays.from, data.trendDays.to, i18n.language) })}
              rows={data.topCampaigns.map((c) => ({ ...c, status: t(`overview.campaignStatus.${c.status}`), link: `${campaigns}?campaign=${c.id}` }))}
              metrics={TOP_METRICS}
              currency={data.currency}
            />
            <StatusCard
              title={t('overview.campaignsByStatus')}
              counts={data.statusCounts}
              label={(s) => t(`overview.campaignStatus.${s}`)}
              link={(s) => `${campaigns}?status=${s}`}
            />
          </Columns>
          {data.topAccounts && (
            <TopTable
              title={t('overview.topAdvertisers')}
              hint={t('overview.byMoney', { metric: t('overview.metric.spend'), days: formatDays(data.trendDays.from, data.trendDays.to, i18n.language) })}
              rows={data.topAccounts}
              metrics={TOP_METRICS}
              currency={data.currency}
            />
          )}
        </>
      )}
    </div>
  );
}

function PacingCard({ pacing, currency, campaigns }: { pacing: AdvertiserOverview['pacing']; currency: string | null; campaigns: string }) {
  const { t, i18n } = useTranslation();
  const money = (v: number) => (currency ? formatMoney(v, currency, i18n.language) : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(v / 100));
  const none = PACING_STATES.every((s) => pacing.counts[s] === 0);
  return (
    <section className="overview-card" aria-labelledby="overview-pacing">
      <div className="overview-card-head">
        <h2 id="overview-pacing">{t('overview.pacing')}</h2>
      </div>
      <p className="overview-hint">{t('overview.pacingHint')}</p>
      {none ? (
        <p className="overview-muted">{t('overview.pacingNone')}</p>
      ) : (
        <>
          <ul className="overview-pacing-counts">
            {PACING_STATES.map((s) => (
              <li key={s} className={`pace-${s}`}>
                <strong>{pacing.counts[s]}</strong> {t(`overview.pacingStates.${s}`)}
              </li>
            ))}
          </ul>
          <ul className="overview-list">
            {pacing.campaigns.map((c) => (
              <li key={c.id}>
                <div className="overview-list-line">
                  <Link to={`${campaigns}?campaign=${c.id}`}>{c.name}</Link>
                  <span className={`overview-badge pace-${c.state}`}>{t(`overview.pacingStates.${c.state}`)}</span>
                </div>
                <span className="overview-meter" aria-hidden="true">
                  <span className="overview-meter-fill" style={{ width: `${Math.min(100, (c.spentToday / c.dailyBudget) * 100)}%` }} />
                  <span className="overview-meter-mark" style={{ left: `${Math.min(100, (c.expectedByNow / c.dailyBudget) * 100)}%` }} />
                </span>
                <span className="overview-hint">{t('overview.pacingLine', { spent: money(c.spentToday), budget: money(c.dailyBudget), expected: money(c.expectedByNow) })}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function AttentionCard({ items, timeZone }: { items: NonNullable<AdvertiserOverview['attention']>; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const detail = (item: (typeof items)[number]) =>
    item.kind === 'rejected'
      ? item.reason
        ? t('overview.rejectedReason', { reason: item.reason })
        : null
      : item.kind === 'draft'
        ? t('overview.draftHint')
        : t(`overview.idleReasons.${item.reason ?? 'notWinning'}`);
  return (
    <section className="overview-card" aria-labelledby="overview-attention">
      <h2 id="overview-attention">{t('overview.attention')}</h2>
      {items.length === 0 ? (
        <p className="overview-muted">{t('overview.attentionNone')}</p>
      ) : (
        <ul className="overview-list">
          {items.map((item) => (
            <li key={`${item.kind}-${item.campaignId}`}>
              <div className="overview-list-line">
                <span className={`overview-badge attention-${item.kind}`}>{t(`overview.attentionKinds.${item.kind}`)}</span>
                <Link to={item.kind === 'draft' ? `/campaign/create?id=${item.campaignId}` : `/campaign/list?campaign=${item.campaignId}`}>{item.name}</Link>
                <span className="overview-hint overview-date">{shortDate(item.at, timeZone, i18n.language)}</span>
              </div>
              {detail(item) && <p className="overview-detail">{detail(item)}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
