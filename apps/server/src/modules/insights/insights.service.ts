import {
  ADVERTISER_METRICS,
  PUBLISHER_METRICS,
  type Report,
  type ReportDimension,
  type ReportMetric,
  type ReportQuery,
  type ReportType,
  type ReportValues,
} from '@ads/contracts';
import type { Db } from '../../db/client';
import { forbidden } from '../../errors';
import { scopeFor } from '../../kit/access';
import type { Principal } from '../../principal';
import * as repo from './insights.repository';

// Data insights (PRODUCT.md §3): an advertiser's or a publisher's report over delivery's rollups.
// The account is the caller's own; staff (insights.platform) name one or see every account's.

type Caller = Pick<Principal, 'accountId' | 'accountKind' | 'powers'>;

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

export const createInsightsService = ({ db }: { db: Db }) => {
  const report = async (p: Caller, type: ReportType, q: ReportQuery): Promise<Report> => {
    const scope = scopeFor(p, 'insights.platform', { accountId: q.accountId });
    // Not staff: the caller's own account, which must be of the report's kind (and no other account named).
    if (scope.party === 'owner' && (p.accountKind !== type || (q.accountId !== undefined && q.accountId !== p.accountId))) throw forbidden();
    const accountId = scope.party === 'owner' ? scope.accountId : scope.party === 'staff' ? scope.accountId : undefined;

    const dimensions = (q.dimensions ?? []) as ReportDimension[];
    const metrics = q.metrics?.length ? q.metrics : METRICS_OF[type];
    const period = await repo.periodOf(db, q.from, q.to, q.timeZone);
    const filters = { campaign: q.campaign, adGroup: q.adGroup, ad: q.ad, creative: q.creative, slot: q.slot, advertiser: q.advertiser, site: q.site, region: q.region, device: q.device };
    const withRequests = type === 'publisher' && !dimensions.includes('advertiser') && !q.advertiser;
    const facts = (range: { from: Date; to: Date }): repo.Facts => ({ type, accountId, from: range.from, to: range.to, filters, withRequests });

    const now = facts(period);
    const before = q.compare ? facts(period.previous) : null;
    const sortable = q.sort && ((dimensions as string[]).includes(q.sort) || (METRICS_OF[type] as string[]).includes(q.sort)) ? q.sort : METRICS_OF[type][type === 'advertiser' ? 0 : 1];
    const [totals, previousTotals, series, previousSeries, grouped, currencies] = await Promise.all([
      repo.totalsOf(db, now),
      before ? repo.totalsOf(db, before) : null,
      repo.seriesOf(db, now, q.granularity, q.timeZone),
      before ? repo.seriesOf(db, before, q.granularity, q.timeZone) : null,
      dimensions.length
        ? repo.rowsOfReport(db, now, dimensions, { sort: sortable, order: q.order, limit: q.pageSize, offset: (q.page - 1) * q.pageSize })
        : Promise.resolve({ rows: [], total: 0 }),
      repo.currenciesOf(db, type, accountId),
    ]);
    const previousRows = before && grouped.rows.length ? await repo.rowsOfReport(db, before, dimensions, { keysIn: grouped.rows.map((r) => r.keys) }) : null;
    const previousByKey = new Map((previousRows?.rows ?? []).map((r) => [r.keys.join('\u0000'), r]));

    // Labels for the keys on this page.
    const ids: Partial<Record<ReportDimension, string[]>> = {};
    for (const row of grouped.rows) dimensions.forEach((d, i) => (ids[d] ??= []).push(row.keys[i]!));
    const labels = await repo.labelsOf(db, ids);
    const labelOf = (d: ReportDimension, key: string) => (key === '' ? '' : (labels[d]?.get(key) ?? key));

    return {
      type,
      currency: currencies.length === 1 ? currencies[0]! : null,
      timeZone: q.timeZone,
      granularity: q.granularity,
      from: q.from,
      to: q.to,
      previous: q.compare ? { from: period.previous.firstDay, to: period.previous.lastDay } : null,
      dimensions,
      metrics: [...metrics],
      series: series.map((b) => ({ at: b.at, values: valuesOf(b, metrics) })),
      previousSeries: previousSeries ? previousSeries.map((b) => ({ at: b.at, values: valuesOf(b, metrics) })) : null,
      rows: grouped.rows.map((r) => {
        const old = previousByKey.get(r.keys.join('\u0000'));
        return {
          keys: dimensions.map((d, i) => ({ dimension: d, id: r.keys[i]!, label: labelOf(d, r.keys[i]!) })),
          values: valuesOf(r, metrics),
          previous: before ? (old ? valuesOf(old, metrics) : Object.fromEntries(metrics.map((m) => [m, m === 'impressions' || m === 'clicks' || m === 'spend' || m === 'requests' || m === 'revenue' ? 0 : null]))) : null,
        };
      }),
      total: grouped.total,
      page: q.page,
      pageSize: q.pageSize,
      totals: valuesOf(totals, metrics),
      previousTotals: previousTotals ? valuesOf(previousTotals, metrics) : null,
    };
  };

  return { report };
};
export type InsightsService = ReturnType<typeof createInsightsService>;
