import type { Report, ReportMetric } from '@ads/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { TrendTable } from '../../../shared/charts/trend-table';
import { formatBucket, formatMetric } from '../../../shared/metric-format';
import { QueryView } from '../../../shared/list/query-view';
import { PlainSelect } from '../../../shared/ui/plain-controls';
import { errorText } from '../components/format';

// The campaign's figures over the range: totals, the trend (uPlot, the reports' and dashboards'
// chart, in its own chunk) and a table by day (by hour for a single day), all from the advertiser
// report filtered to the campaign: the same rollups, so the same figures as Data Insights.

const TrendChart = lazy(() => import('../../../shared/charts/trend-chart'));

/** The columns of the table by day and the cards of totals. */
export const PAGE_METRICS = ['impressions', 'clicks', 'ctr', 'spend', 'conversions', 'conversionValue'] as const satisfies readonly ReportMetric[];

interface QueryLike {
  data?: Report;
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

export function Performance({ report, timeZone }: { report: QueryLike; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const [metric, setMetric] = useState<ReportMetric>('impressions');
  const data = report.data;
  const labels = useMemo(() => ({ bucket: t('campaigns.page.bucket'), current: t('campaigns.page.thisPeriod'), previous: t('campaigns.page.lastPeriod') }), [t]);
  const figure = (m: ReportMetric, v: number | null | undefined) => formatMetric(m, v, data?.currency ?? null, i18n.language);
  const empty = !!data && data.series.every((b) => PAGE_METRICS.every((m) => !b.values[m]));
  const metricName = (m: ReportMetric) => t(`campaigns.page.metric.${m}`);
  if (report.isPending) return <PerformanceSkeleton metricName={metricName} />;
  return (
    <QueryView
      query={report}
      errorText={(error) => `${t('campaigns.page.reportFailed')} ${errorText(t, error)}`}
      retryLabel={t('campaigns.page.retry')}
      empty={empty}
      emptyText={t('campaigns.page.noDelivery')}
      skeletonRows={6}
    >
      {() =>
        data && (
          <div className={report.isFetching ? 'campaign-performance is-refreshing' : 'campaign-performance'}>
            <ul className="campaign-kpis" aria-label={t('campaigns.page.totals')}>
              {PAGE_METRICS.map((m) => (
                <li key={m} className="campaign-kpi">
                  <span className="campaign-kpi-name">{metricName(m)}</span>
                  <span className="campaign-kpi-value">{figure(m, data.totals[m])}</span>
                </li>
              ))}
            </ul>
            <section className="campaign-card" aria-labelledby="campaign-trend">
              <div className="campaign-card-head">
                <h2 id="campaign-trend">{t('campaigns.page.trendOf', { metric: metricName(metric) })}</h2>
                <PlainSelect<ReportMetric>
                  value={metric}
                  onChange={setMetric}
                  options={PAGE_METRICS.map((value) => ({ value, label: metricName(value) }))}
                  label={t('campaigns.page.chartMetric')}
                />
              </div>
              <Suspense fallback={<div className="campaign-chart-skeleton shimmer" role="img" aria-busy="true" aria-label={t('campaigns.page.chartLoading')} />}>
                <TrendChart series={data.series} metric={metric} currency={data.currency} granularity={data.granularity} timeZone={timeZone} labels={labels} height={220} />
              </Suspense>
              <TrendTable
                caption={t('campaigns.page.trendOf', { metric: metricName(metric) })}
                series={data.series}
                metric={metric}
                currency={data.currency}
                granularity={data.granularity}
                timeZone={timeZone}
                labels={labels}
              />
            </section>
            {/* The scrolling table is the named region (one landmark per name). */}
            <section className="campaign-card">
              <h2 id="campaign-by-bucket">{data.granularity === 'hour' ? t('campaigns.page.byHour') : t('campaigns.page.byDay')}</h2>
              <div className="campaign-table-scroll" tabIndex={0} role="region" aria-labelledby="campaign-by-bucket">
                <table className="campaign-figures">
                  <thead>
                    <tr>
                      <th scope="col">{t('campaigns.page.bucket')}</th>
                      {PAGE_METRICS.map((m) => (
                        <th key={m} scope="col" className="is-number">
                          {metricName(m)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {[...data.series].reverse().map((bucket) => (
                      <tr key={bucket.at}>
                        <th scope="row">{formatBucket(bucket.at, data.granularity, timeZone, i18n.language)}</th>
                        {PAGE_METRICS.map((m) => (
                          <td key={m} className="is-number">
                            {figure(m, bucket.values[m])}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">{t('campaigns.page.total')}</th>
                      {PAGE_METRICS.map((m) => (
                        <td key={m} className="is-number">
                          {figure(m, data.totals[m])}
                        </td>
                      ))}
                    </tr>
                  </tfoot>
                </table>
              </div>
            </section>
          </div>
        )
      }
    </QueryView>
  );
}

/**
 * The figures' blocks while they load, each as tall as it will be (the cards, the chart, the
 * table's scrolling height): the tabs below do not move when the figures come.
 */
function PerformanceSkeleton({ metricName }: { metricName: (m: ReportMetric) => string }) {
  return (
    <div className="campaign-performance" aria-busy="true">
      <ul className="campaign-kpis">
        {PAGE_METRICS.map((m) => (
          <li key={m} className="campaign-kpi">
            <span className="campaign-kpi-name">{metricName(m)}</span>
            <span className="campaign-kpi-value campaign-kpi-pending shimmer" />
          </li>
        ))}
      </ul>
      <div className="campaign-card">
        <div className="campaign-card-head campaign-head-pending" />
        <div className="campaign-chart-skeleton shimmer" />
      </div>
      <div className="campaign-card">
        <div className="campaign-table-pending shimmer" />
      </div>
    </div>
  );
}

/** The campaign's figures by ad slot for the range (the report's breakdown by slot). */
export function PlacementFigures({ report }: { report: QueryLike }) {
  const { t, i18n } = useTranslation();
  const data = report.data;
  const figure = (m: ReportMetric, v: number | null | undefined) => formatMetric(m, v, data?.currency ?? null, i18n.language);
  return (
    <QueryView
      query={report}
      errorText={(error) => `${t('campaigns.page.reportFailed')} ${errorText(t, error)}`}
      retryLabel={t('campaigns.page.retry')}
      empty={!data?.rows.length}
      emptyText={t('campaigns.page.placements.none')}
      skeletonRows={4}
    >
      {() =>
        data && (
          <div className="campaign-table-scroll" tabIndex={0} role="region" aria-label={t('campaigns.page.placements.caption')}>
            <table className="campaign-figures">
              <caption className="visually-hidden">{t('campaigns.page.placements.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('campaigns.page.placements.slot')}</th>
                  {PAGE_METRICS.map((m) => (
                    <th key={m} scope="col" className="is-number">
                      {t(`campaigns.page.metric.${m}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.keys.map((k) => k.id).join('/')}>
                    <th scope="row">{row.keys[0]?.label ?? '—'}</th>
                    {PAGE_METRICS.map((m) => (
                      <td key={m} className="is-number">
                        {figure(m, row.values[m])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      }
    </QueryView>
  );
}
