import {
  ADVERTISER_METRICS,
  MONEY_METRICS,
  RATE_METRICS,
  PUBLISHER_METRICS,
  type Report,
  type ReportDimension,
  type ReportMetric,
  type ReportQuery,
  REPORT_LABELS,
  regionNames,
  type Device,
  type ReportLanguage,
  type ReportType,
  type ReportValues,
} from '@ads/contracts';
import type { Db } from '../../db/client';
import { forbidden } from '../../errors';
import { csvLine } from '../../kit/csv';
import { scopeFor, type Scope } from '../../kit/access';
import type { Caller as AnyCaller } from '../../principal';
import * as repo from './insights.repository';

// Data insights (docs/architecture.md, Data insights): an advertiser's or a publisher's report over
// delivery's rollups. The account is the caller's own; staff (insights.platform) name one or see
// every account's.

type Caller = Pick<AnyCaller, 'accountId' | 'accountKind' | 'powers'>;

const METRICS_OF: Record<ReportType, readonly ReportMetric[]> = { advertiser: ADVERTISER_METRICS, publisher: PUBLISHER_METRICS };

/** Figures as the contract shows them: the report's metrics only, money rounded to a thousandth of a minor unit. */
const valuesOf = (m: repo.Measured, metrics: readonly ReportMetric[]): ReportValues => {
  const out: ReportValues = {};
  for (const key of metrics) {
    const v = m[key];
    out[key] = v === null || v === undefined ? null : Math.round(Number(v) * 1e6) / 1e6;
  }
  return out;
};

const MONEY = new Set(MONEY_METRICS);
const RATES = new Set(RATE_METRICS);
/** Rows of the breakdown fetched (and written) at a time. */
const CSV_PAGE = 5000;

/** The digits of a currency's minor unit (2 for USD, 0 for JPY), from Intl. */
const currencyDigits = (currency: string) => {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
};

/** A bucket's start as its granularity reads it, in the reader's time zone (2026-11-24, 2026-11-24 13:00, 2026-11). */
const bucketText = (granularity: string, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
  return (iso: string) => {
    const p = Object.fromEntries(parts.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
    if (granularity === 'month') return `${p.year}-${p.month}`;
    if (granularity === 'hour') return `${p.year}-${p.month}-${p.day} ${p.hour}:00`;
    return `${p.year}-${p.month}-${p.day}`;
  };
};

/**
 * The previous period a period compares with: as many days just before it, and, while the period
 * is still going (it includes today), only as far into it as the period has gone — today so far
 * against yesterday up to the same time, never against a whole day. One rule for the reports and
 * the dashboards.
 */
const comparedWith = (period: repo.Period, at: Date): { from: Date; to: Date; until: Date | null } => {
  const going = period.from < at && at < period.to;
  if (!going) return { from: period.previous.from, to: period.previous.to, until: null };
  const until = new Date(period.previous.from.getTime() + (at.getTime() - period.from.getTime()));
  return { from: period.previous.from, to: until, until };
};

export const createInsightsService = ({ db, now = () => new Date() }: { db: Db; now?: () => Date }) => {
  /** Who may see what, and the facts of the period (and of the one before, when compared). */
  const prepare = async (p: Caller, type: ReportType, q: ReportQuery) => {
    const scope = scopeFor(p, 'insights.platform', { accountId: q.accountId });
    // Not staff: the caller's own account, which must be of the report's kind (and no other account named).
    if (scope.party === 'owner' && (p.accountKind !== type || (q.accountId !== undefined && q.accountId !== p.accountId))) throw forbidden();
    const dimensions = (q.dimensions ?? []) as ReportDimension[];
    const metrics = q.metrics?.length ? q.metrics : METRICS_OF[type];
    const period = await repo.periodOf(db, q.from, q.to, q.timeZone);
    const previous = comparedWith(period, now());
    const filters = { campaign: q.campaign, adGroup: q.adGroup, ad: q.ad, creative: q.creative, slot: q.slot, advertiser: q.advertiser, site: q.site, region: q.region, device: q.device };
    const withRequests = type === 'publisher' && !dimensions.includes('advertiser') && !q.advertiser;
    const facts = (range: { from: Date; to: Date }): repo.Facts => ({ type, scope, from: range.from, to: range.to, filters, withRequests });
    const sortable = q.sort && ((dimensions as string[]).includes(q.sort) || (METRICS_OF[type] as string[]).includes(q.sort)) ? q.sort : METRICS_OF[type][type === 'advertiser' ? 0 : 1];
    return { scope, dimensions, metrics, period, previous, now: facts(period), before: q.compare ? facts(previous) : null, sortable };
  };

  const report = async (p: Caller, type: ReportType, q: ReportQuery): Promise<Report> => {
    const { scope, dimensions, metrics, period, previous: compared, now, before, sortable } = await prepare(p, type, q);
    const buckets = { granularity: q.granularity, timeZone: q.timeZone };
    const [{ series, totals }, previous, { rows, total }, currencies] = await Promise.all([
      repo.seriesOf(db, now, buckets),
      before ? repo.seriesOf(db, before, buckets) : null,
      dimensions.length
        ? repo.rowsOfReport(db, now, dimensions, { sort: sortable, order: q.order, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }, before ?? undefined)
        : { rows: [], total: 0 },
      repo.currenciesOf(db, type, scope),
    ]);

    // Labels for the keys on this page.
    const ids: Partial<Record<ReportDimension, string[]>> = {};
    for (const row of rows) dimensions.forEach((d, i) => (ids[d] ??= []).push(row.keys[i]!));
    const labels = await repo.labelsOf(db, ids);
    const labelOf = (d: ReportDimension, key: string) => (key === '' ? '' : (labels[d]?.get(key) ?? key));

    return {
      type,
      currency: currencies.length === 1 ? currencies[0]! : null,
      timeZone: q.timeZone,
      granularity: q.granularity,
      from: q.from,
      to: q.to,
      previous: q.compare ? { from: period.previous.firstDay, to: period.previous.lastDay, until: compared.until?.toISOString() ?? null } : null,
      dimensions,
      metrics: [...metrics],
      series: series.map((b) => ({ at: b.at, values: valuesOf(b, metrics) })),
      previousSeries: previous ? previous.series.map((b) => ({ at: b.at, values: valuesOf(b, metrics) })) : null,
      rows: rows.map((r) => ({
        keys: dimensions.map((d, i) => ({ dimension: d, id: r.keys[i]!, label: labelOf(d, r.keys[i]!) })),
        values: valuesOf(r, metrics),
        previous: r.previous ? valuesOf(r.previous, metrics) : null,
      })),
      total,
      page: q.page,
      pageSize: q.pageSize,
      totals: valuesOf(totals, metrics),
      previousTotals: previous ? valuesOf(previous.totals, metrics) : null,
    };
  };

  // ---- CSV ----------------------------------------------------------------------------------

  /**
   * The report as CSV lines, produced a page of rows at a time (a big report streams, never held
   * whole): the breakdown's every row (or every bucket without one), then the totals. Headers and
   * enumerated values (devices, regions) in the reader's language, as the page shows them; names
   * as they are; numbers as a spreadsheet reads them (money in major units, rates in %).
   */
  async function* csv(p: Caller, type: ReportType, q: ReportQuery & { language: ReportLanguage }): AsyncGenerator<string> {
    const { scope, dimensions, metrics, now, before, sortable } = await prepare(p, type, q);
    const labels = REPORT_LABELS[q.language];
    const regionName = regionNames(q.language);
    /** A row's key as the reader reads it: a device's or region's name in the language, a record's name. */
    const keyText = (d: ReportDimension, key: string, names: Partial<Record<ReportDimension, Map<string, string>>>) =>
      key === '' ? labels.csv.none : d === 'device' ? (labels.device[key as Device] ?? key) : d === 'region' ? regionName(key) : (names[d]?.get(key) ?? key);
    const currencies = await repo.currenciesOf(db, type, scope);
    const currency = currencies.length === 1 ? currencies[0]! : null;
    const digits = currency ? currencyDigits(currency) : 2;
    const nameOf = (m: ReportMetric) => `${labels.metric[m]}${MONEY.has(m) && currency ? ` (${currency})` : RATES.has(m) ? ' (%)' : ''}`;
    const header = [
      ...(dimensions.length ? dimensions.map((d) => labels.dimension[d]) : [labels.csv.period]),
      ...metrics.flatMap((m) =>
        before ? [nameOf(m), labels.csv.previous.replace('{{name}}', nameOf(m)), labels.csv.change.replace('{{name}}', labels.metric[m])] : [nameOf(m)],
      ),
    ];
    const number = (m: ReportMetric, v: number | null | undefined) =>
      v === null || v === undefined ? '' : MONEY.has(m) ? (v / 10 ** digits).toFixed(digits) : RATES.has(m) ? (v * 100).toFixed(2) : String(Math.round(v));
    const figures = (values: repo.Measured, previous: repo.Measured | null) =>
      metrics.flatMap((m) => {
        if (!before) return [number(m, values[m])];
        const old = previous?.[m] ?? null;
        const change = old && values[m] !== null ? (((values[m] as number) - old) / old) * 100 : null;
        return [number(m, values[m]), number(m, old), change === null ? '' : (Math.round(change * 10) / 10 || 0).toFixed(1)];
      });
    yield csvLine(header);

    const buckets = { granularity: q.granularity, timeZone: q.timeZone };
    const [whole, previous] = await Promise.all([repo.seriesOf(db, now, buckets), before ? repo.seriesOf(db, before, buckets) : null]);
    if (dimensions.length) {
      for (let offset = 0; ; offset += CSV_PAGE) {
        const page = await repo.rowsOfReport(db, now, dimensions, { sort: sortable, order: q.order, limit: CSV_PAGE, offset }, before ?? undefined);
        const ids: Partial<Record<ReportDimension, string[]>> = {};
        for (const row of page.rows) dimensions.forEach((d, i) => (ids[d] ??= []).push(row.keys[i]!));
        const names = await repo.labelsOf(db, ids);
        let chunk = '';
        for (const row of page.rows) {
          const keys = dimensions.map((d, i) => keyText(d, row.keys[i]!, names));
          chunk += csvLine(keys, figures(row, row.previous));
        }
        if (chunk) yield chunk;
        if (page.rows.length < CSV_PAGE) break;
      }
    } else {
      const bucketOf = bucketText(q.granularity, q.timeZone);
      yield whole.series.map((b, i) => csvLine([bucketOf(b.at)], figures(b, previous?.series[i] ?? null))).join('');
    }
    yield csvLine([labels.csv.total, ...Array<string>(Math.max(dimensions.length, 1) - 1).fill('')], figures(whole.totals, previous?.totals ?? null));
  }

  // ---- For the dashboards ---------------------------------------------------------------------

  /** The facts of a dashboard's figures, in the scope the dashboard decided. */
  const factsFor = (type: ReportType, scope: Scope, range: { from: Date; to: Date }): repo.Facts => ({
    type,
    scope,
    from: range.from,
    to: range.to,
    filters: {},
    withRequests: type === 'publisher',
  });

  /**
   * The reports' figures, as the overview dashboards read them: the same facts and metrics, so a
   * dashboard and a report of the same period agree.
   */
  const figures = {
    /** Each range's totals (instants, [from, to)). */
    totals: (type: ReportType, scope: Scope, ranges: { from: Date; to: Date }[]) =>
      Promise.all(ranges.map(async (range) => valuesOf(await repo.totalsOf(db, factsFor(type, scope, range)), METRICS_OF[type]))),
    /**
     * The totals of periods of days in `timeZone` as of `at`, each with the period it compares
     * with, exactly as a report of those days with `compare` counts them (comparedWith).
     */
    compared: (type: ReportType, scope: Scope, periods: { from: string; to: string }[], timeZone: string, at: Date) =>
      Promise.all(
        periods.map(async (days) => {
          const period = await repo.periodOf(db, days.from, days.to, timeZone);
          const before = comparedWith(period, at);
          const [values, previous] = await Promise.all([repo.totalsOf(db, factsFor(type, scope, period)), repo.totalsOf(db, factsFor(type, scope, before))]);
          return { from: period.from, to: period.to < at ? period.to : at, values: valuesOf(values, METRICS_OF[type]), previous: valuesOf(previous, METRICS_OF[type]) };
        }),
      ),
    /** The days from `firstDay` to `lastDay` (inclusive) in `timeZone`, one bucket each. */
    daily: async (type: ReportType, scope: Scope, firstDay: string, lastDay: string, timeZone: string) => {
      const period = await repo.periodOf(db, firstDay, lastDay, timeZone);
      const { series } = await repo.seriesOf(db, factsFor(type, scope, period), { granularity: 'day', timeZone });
      return series.map((b) => ({ at: b.at, values: valuesOf(b, METRICS_OF[type]) }));
    },
    /** The first `limit` rows by `key`, the largest `sort` first, with their names. */
    top: async (type: ReportType, scope: Scope, range: { from: Date; to: Date }, key: repo.FactKey, sort: ReportMetric, limit: number) => {
      const { rows } = await repo.rowsOfReport(db, factsFor(type, scope, range), [key], { sort, order: 'desc', limit, offset: 0 });
      const names = await repo.labelsOf(db, { [key]: rows.map((r) => r.keys[0]!) });
      return rows
        .filter((r) => r.keys[0] !== '')
        .map((r) => ({ id: Number(r.keys[0]), name: names[key]?.get(r.keys[0]!) ?? r.keys[0]!, values: valuesOf(r, METRICS_OF[type]) }));
    },
    /** The money's currency, or null when the accounts covered use several. */
    currency: async (type: ReportType, scope: Scope) => {
      const currencies = await repo.currenciesOf(db, type, scope);
      return currencies.length === 1 ? currencies[0]! : null;
    },
    /** The instants of days in `timeZone` (see the report's period). */
    periodOf: (firstDay: string, lastDay: string, timeZone: string) => repo.periodOf(db, firstDay, lastDay, timeZone),
  };

  return { report, csv, figures };
};
export type InsightsService = ReturnType<typeof createInsightsService>;
