import { formatDays, type AdvertiserOverview, type Granularity, type OverviewPeriod, type ReportMetric } from '@ads/contracts';
import { ReloadOutlined } from '@ant-design/icons';
import { lazy, Suspense, useEffect, useId, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { Link } from '../../../shared/router/router';
import { TrendTable } from '../../../shared/charts/trend-table';
import { changeOf, formatChange, formatMetric } from '../../../shared/metric-format';
import { Button } from '../../../shared/ui/button';

// What both dashboards are made of: the head, the KPI cards, the trend, top lists, status counts,
// review queues, and the first-steps card. Plain elements (no table or chart library) so the
// landing page's first load stays small; the chart comes in its own chunk after the figures.

const TrendChart = lazy(() => import('../../../shared/charts/trend-chart'));

type Kpi = AdvertiserOverview['kpis'][number];
type Trend = AdvertiserOverview['trend'];

const dateTime = (iso: string, timeZone: string, language: string, withTime = true) =>
  new Intl.DateTimeFormat(language, { timeZone, month: 'short', day: 'numeric', ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}) }).format(new Date(iso));
export const shortDate = (iso: string, timeZone: string, language: string) => dateTime(iso, timeZone, language, false);

export function DashboardHead({ title, platform, asOf, timeZone, fetching, onRefresh }: { title: string; platform: boolean; asOf?: string; timeZone: string; fetching: boolean; onRefresh: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="overview-head">
      <div>
        <h1 className="page-title">{title}</h1>
        <p className="overview-sub">
          {platform && <span>{t('overview.allAccounts')} · </span>}
          {asOf ? t('overview.asOf', { time: dateTime(asOf, timeZone, i18n.language), zone: timeZone }) : '\u00a0'}
        </p>
      </div>
      {/* Pressable while it refreshes (a press refetches again), so not `loading`. */}
      <Button icon={<ReloadOutlined aria-hidden="true" className={fetching ? 'is-spinning' : undefined} />} aria-busy={fetching} onClick={onRefresh}>
        {t('overview.refresh')}
      </Button>
    </div>
  );
}

/** While the first answer loads: blocks of the cards' size, so nothing moves when they arrive. */
export function DashboardLoading() {
  const { t } = useTranslation();
  return (
    <div className="overview-loading" role="status" aria-busy="true" aria-label={t('overview.loading')}>
      <div className="overview-kpis">
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="overview-kpi shimmer" />
        ))}
      </div>
      <div className="overview-card shimmer overview-trend-placeholder" />
    </div>
  );
}

export function DashboardError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="overview-card overview-error" role="alert">
      <p>{t('overview.loadFailed')}</p>
      <Button onClick={onRetry}>{t('overview.retry')}</Button>
    </div>
  );
}

/** The change against the period before; `compact`: the figure alone, what it compares with only for screen readers. */
function Change({ value, previous, period, compact = false }: { value: number | null | undefined; previous: number | null | undefined; period: OverviewPeriod; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const against = t(`overview.comparedWith.${period}`);
  const change = changeOf(value, previous);
  const tone = change === null || change === 0 ? '' : change > 0 ? ' is-up' : ' is-down';
  if (compact) {
    return (
      <span className={`overview-change${tone}`}>
        {change === null ? '' : change === 0 ? '±0%' : formatChange(change, i18n.language)}
        <span className="visually-hidden"> {change === null ? t('overview.noPrevious', { against }) : against}</span>
      </span>
    );
  }
  if (change === null) return <span className="overview-change">{t('overview.noPrevious', { against })}</span>;
  if (change === 0) return <span className="overview-change">{t('overview.noChange', { against })}</span>;
  return <span className={`overview-change${tone}`}>{t('overview.change', { change: formatChange(change, i18n.language), against })}</span>;
}

/** Fill rate's counts (impressions of ad requests), said where the rate is shown: it is that division. */
export function FillRateBasis({ values }: { values: Partial<Record<string, number | null>> }) {
  const { t, i18n } = useTranslation();
  if (values.requests === null || values.requests === undefined || values.impressions === null || values.impressions === undefined) return null;
  const count = (v: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(v);
  return <span className="overview-kpi-basis">{t('overview.fillRate.basis', { impressions: count(values.impressions), requests: count(values.requests) })}</span>;
}

/** The conversions' cost and value, said under their count: what the conversions cost and brought. */
export function ConversionsBasis({ values, currency }: { values: Partial<Record<string, number | null>>; currency: string | null }) {
  const { t, i18n } = useTranslation();
  return (
    <span className="overview-kpi-basis">
      {t('overview.conversionsBasis', {
        cost: formatMetric('costPerConversion', values.costPerConversion, currency, i18n.language),
        value: formatMetric('conversionValue', values.conversionValue, currency, i18n.language),
      })}
    </span>
  );
}

/** What a metric divides or counts (its card's or column's title), where its name alone does not say. */
function useDefinitionOf() {
  const { t, i18n } = useTranslation();
  return (metric: ReportMetric) =>
    metric === 'fillRate' ? t('overview.fillRate.definition') : i18n.exists(`overview.definition.${metric}`) ? t(`overview.definition.${metric}`) : undefined;
}

/**
 * A card per metric: today's figure with its change, then yesterday's and the last 7 days', each
 * with theirs. Above them, the days each named range covers (the reports' ranges).
 */
export function KpiGrid({ kpis, metrics, currency, timeZone }: { kpis: Kpi[]; metrics: readonly ReportMetric[]; currency: string | null; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const definitionOf = useDefinitionOf();
  const [today, ...earlier] = kpis;
  if (!today) return null;
  const time = new Intl.DateTimeFormat(i18n.language, { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(today.to));
  return (
    <section aria-labelledby="overview-kpis">
      <h2 id="overview-kpis" className="visually-hidden">
        {t('overview.kpis')}
      </h2>
      <p className="overview-periods">
        {kpis.map((k) => (
          <span key={k.key}>
            {t('overview.periodDays', {
              period: k.key === 'today' ? t('overview.todaySoFar', { time }) : t(`overview.periods.${k.key}`),
              days: formatDays(k.days.from, k.days.to, i18n.language),
            })}
          </span>
        ))}
        <span className="overview-hint">{t('overview.periodsNote', { zone: timeZone })}</span>
      </p>
      <ul className="overview-kpis">
        {metrics.map((m) => (
          <li key={m} className="overview-kpi">
            <span className="overview-kpi-name">{t(`overview.metric.${m}`)}</span>
            <span className="overview-kpi-period">{t(`overview.periods.${today.key}`)}</span>
            <strong className="overview-kpi-value" title={definitionOf(m)}>
              {formatMetric(m, today.values[m], currency, i18n.language)}
            </strong>
            {m === 'fillRate' && <FillRateBasis values={today.values} />}
            {m === 'conversions' && <ConversionsBasis values={today.values} currency={currency} />}
            <Change value={today.values[m]} previous={today.previous[m]} period={today.key} />
            <dl className="overview-kpi-more">
              {earlier.map((k) => (
                <div key={k.key}>
                  <dt>{t(`overview.periods.${k.key}`)}</dt>
                  <dd>
                    <span className="overview-kpi-figure">{formatMetric(m, k.values[m], currency, i18n.language)}</span>
                    <Change value={k.values[m]} previous={k.previous[m]} period={k.key} compact />
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The last 30 days (the report's "Last 30 days") of one metric at a time, drawn once the cards are up; the figures in a hidden table too. */
export function TrendCard({
  trend,
  days,
  metrics,
  currency,
  timeZone,
  reportLink,
}: {
  trend: Trend;
  days: { from: string; to: string };
  metrics: readonly ReportMetric[];
  currency: string | null;
  timeZone: string;
  reportLink: string;
}) {
  const { t, i18n } = useTranslation();
  const [metric, setMetric] = useState<ReportMetric>(metrics[0]!);
  const id = useId();
  const name = t(`overview.metric.${metric}`);
  const labels = { bucket: t('overview.day'), current: name, previous: '' };
  const granularity: Granularity = 'day';
  // The chart's chunk is asked for once the cards have been painted, never before them.
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => (timer = window.setTimeout(() => setPainted(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  const placeholder = <div className="overview-chart-placeholder" aria-label={t('overview.chartLoading')} role="img" />;
  return (
    <section className="overview-card" aria-labelledby={`${id}-title`}>
      <div className="overview-card-head">
        <div>
          <h2 id={`${id}-title`}>{t('overview.trendOf', { metric: name })}</h2>
          <p className="overview-hint">{t('overview.trendDays', { days: formatDays(days.from, days.to, i18n.language) })}</p>
        </div>
        <div className="overview-switch" role="radiogroup" aria-label={t('overview.trendMetric')}>
          {metrics.map((m) => (
            <button key={m} type="button" role="radio" aria-checked={m === metric} className={m === metric ? 'is-on' : ''} onClick={() => setMetric(m)}>
              {t(`overview.metric.${m}`)}
            </button>
          ))}
        </div>
      </div>
      {painted ? (
        <Suspense fallback={placeholder}>
          <TrendChart series={trend} metric={metric} currency={currency} granularity={granularity} timeZone={timeZone} labels={labels} height={240} />
        </Suspense>
      ) : (
        placeholder
      )}
      <TrendTable caption={t('overview.trendOf', { metric: name })} series={trend} metric={metric} currency={currency} granularity={granularity} timeZone={timeZone} labels={labels} />
      <Link className="overview-more" to={reportLink}>
        {t('overview.openReport')}
      </Link>
    </section>
  );
}

export interface TopRow {
  id: number;
  name: string;
  /** A status label, when the list shows one. */
  status?: string;
  link?: string;
  values: Partial<Record<string, number | null>>;
}

/** A short ranked list as a table: the name (a link where there is a page for it), maybe a status, and figures. */
export function TopTable({ title, hint, rows, metrics, currency }: { title: string; hint: string; rows: TopRow[]; metrics: readonly ReportMetric[]; currency: string | null }) {
  const { t, i18n } = useTranslation();
  const definitionOf = useDefinitionOf();
  const id = useId();
  const withStatus = rows.some((r) => r.status);
  return (
    <section className="overview-card" aria-labelledby={id}>
      <div className="overview-card-head">
        <h2 id={id}>{title}</h2>
        <span className="overview-hint">{hint}</span>
      </div>
      {rows.length === 0 ? (
        <p className="overview-muted">{t('overview.noneYet')}</p>
      ) : (
        <div className="overview-table-scroll" tabIndex={0} role="group" aria-labelledby={id}>
          {/* How many figures follow the name: on a phone they line up under it (overview.css). That
              layout is a grid, not a table, to the browser: the roles keep it a table for assistive
              technology. */}
          <table role="table" className="overview-table" style={{ '--figures': metrics.length + (withStatus ? 1 : 0) } as CSSProperties}>
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">{t('overview.name')}</th>
                {withStatus && <th scope="col" role="columnheader">{t('overview.status')}</th>}
                {metrics.map((m) => (
                  <th key={m} scope="col" role="columnheader" className="is-number" title={definitionOf(m)}>
                    {t(`overview.metric.${m}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {rows.map((r) => (
                <tr key={r.id} role="row">
                  <th scope="row" role="rowheader">{r.link ? <Link to={r.link}>{r.name}</Link> : r.name}</th>
                  {withStatus && <td role="cell">{r.status}</td>}
                  {metrics.map((m) => (
                    <td key={m} role="cell" className="is-number">
                      {formatMetric(m, r.values[m], currency, i18n.language)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Records by status: a bar each (its share of all), the count, and a link to the list filtered by it. */
export function StatusCard({ title, counts, label, link }: { title: string; counts: { status: string; count: number }[]; label: (status: string) => string; link: (status: string) => string }) {
  const id = useId();
  const max = Math.max(1, ...counts.map((c) => c.count));
  return (
    <section className="overview-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="overview-statuses">
        {counts.map((c) => (
          <li key={c.status}>
            <Link to={link(c.status)} className="overview-status-name">
              {label(c.status)}
            </Link>
            <span className="overview-bar" aria-hidden="true">
              <span className={`overview-bar-fill status-${c.status}`} style={{ width: `${(c.count / max) * 100}%` }} />
            </span>
            <span className="overview-status-count">{c.count}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Staff: what waits in each review queue, with the page where it is worked. */
export function QueuesCard({ queues }: { queues: NonNullable<AdvertiserOverview['reviewQueues']> }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="overview-card" aria-labelledby={id}>
      <h2 id={id}>{t('overview.queues')}</h2>
      <ul className="overview-queues">
        {queues.map((q) => (
          <li key={q.key}>
            <strong className="overview-queue-count">{q.count}</strong>
            <span>{t(`overview.queueNames.${q.key}`)}</span>
            {q.route && (
              <Link to={`/${q.route}`} className="overview-queue-link">
                {t('overview.open')}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An account with nothing of the dashboard's kind yet: what to do first. */
export function FirstSteps({ title, text, action, to }: { title: string; text: string; action: string; to: string }) {
  return (
    <section className="overview-card overview-first" aria-label={title}>
      <h2>{title}</h2>
      <p>{text}</p>
      <Link className="overview-cta" to={to}>
        {action}
      </Link>
    </section>
  );
}

export function Columns({ children }: { children: ReactNode }) {
  return <div className="overview-columns">{children}</div>;
}
