import { z } from 'zod';
import { DEVICES } from './targeting';
import { MAX_PAGE_SIZE } from './constants';
import { defineEndpoint } from './endpoint';
import { REPORT_LANGUAGES } from './report-labels';
import {
  ADVERTISER_DIMENSIONS,
  ADVERTISER_METRICS,
  GRANULARITIES,
  PUBLISHER_DIMENSIONS,
  PUBLISHER_METRICS,
  REPORT_DIMENSIONS,
  REPORT_MAX_DAYS,
  REPORT_MAX_DIMENSIONS,
  REPORT_MAX_HOURLY_DAYS,
  REPORT_METRICS,
  REPORT_TYPES,
  type ReportMetric,
  type ReportType,
} from './insights-constants';
import { calendarDateSchema, commaListSchema, DB_INT_MAX, filterTextSchema, queryDbId, queryDbInt, queryFlag } from './schema-kit';

// Data insights (docs/architecture.md, Data insights): reports over delivery's hourly rollups. An
// advertiser report counts what the account's ads did (impressions, clicks, spend); a publisher
// report what its slots did (ad requests, impressions, clicks, revenue). Dates are days of the
// reader's time zone; a period is compared with the one of the same length just before it, up to
// the same point when the period is not over yet. Named ranges ("Last 7 days") are date-ranges.ts'.

/** Ids one filter takes. */
const FILTER_MAX = 50;

/** An IANA time zone the runtime knows (Intl is part of every JavaScript runtime). */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone.');

const idList = z
  .string()
  .max(FILTER_MAX * 11)
  .transform((v, ctx) => {
    const ids = v.split(',').filter(Boolean).map(Number);
    if (ids.length > FILTER_MAX || ids.some((id) => !Number.isInteger(id) || id < 1 || id > DB_INT_MAX)) {
      ctx.addIssue({ code: 'custom', message: `Up to ${FILTER_MAX} ids, comma-separated.` });
      return z.NEVER;
    }
    return ids;
  });
const codeList = z
  .string()
  .max(FILTER_MAX * 3)
  .transform((v, ctx) => {
    const codes = v.split(',').filter(Boolean);
    if (codes.some((c) => !/^[A-Z]{2}$/.test(c))) {
      ctx.addIssue({ code: 'custom', message: 'Region codes like US,GB.' });
      return z.NEVER;
    }
    return codes;
  });

const reportQueryFields = {
  /** The first and last day (inclusive) in `timeZone`. */
  from: calendarDateSchema,
  to: calendarDateSchema,
  timeZone: timeZoneSchema.default('UTC'),
  granularity: z.enum(GRANULARITIES).default('day'),
  /** What rows are grouped by, in order (none: one row of totals). */
  dimensions: commaListSchema(REPORT_DIMENSIONS, 'dimension').optional(),
  /** The metrics the table and CSV show (all of the type's by default). */
  metrics: commaListSchema(REPORT_METRICS, 'metric').optional(),
  compare: queryFlag.optional(),
  // Filters: only these.
  campaign: idList.optional(),
  adGroup: idList.optional(),
  ad: idList.optional(),
  creative: idList.optional(),
  slot: idList.optional(),
  advertiser: idList.optional(),
  site: filterTextSchema(253).optional(),
  region: codeList.optional(),
  device: commaListSchema(DEVICES, 'device').optional(),
  /** Staff (insights.platform): one account's figures; none: every account's. */
  accountId: queryDbId.optional(),
  /** A metric or a dimension. */
  sort: z.string().max(40).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: queryDbInt(1).default(1),
  pageSize: queryDbInt(1, MAX_PAGE_SIZE).default(50),
};

const reportQueryObject = z.object(reportQueryFields);

/** The period's rules, and the type's dimensions and metrics. */
const rulesOf =
  (type: ReportType) =>
  (q: z.output<typeof reportQueryObject>, ctx: z.core.$RefinementCtx) => {
    // Each rule only on fields that passed: a failed one is still the raw text (`dimensions` a string, not a list).
    const failed = new Set(ctx.issues.map((issue) => issue.path?.[0]));
    const valid = (...keys: (keyof typeof reportQueryFields)[]) => keys.every((key) => !failed.has(key));
    if (valid('from', 'to', 'granularity')) {
      const days = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 + 1;
      if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must not be before the start date.' });
      else if (days > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `A report covers at most ${REPORT_MAX_DAYS} days.` });
      else if (q.granularity === 'hour' && days > REPORT_MAX_HOURLY_DAYS)
        ctx.addIssue({ code: 'custom', path: ['granularity'], message: `Hourly reports cover at most ${REPORT_MAX_HOURLY_DAYS} days.` });
    }
    const dims: readonly string[] = type === 'advertiser' ? ADVERTISER_DIMENSIONS : PUBLISHER_DIMENSIONS;
    const metrics: readonly string[] = type === 'advertiser' ? ADVERTISER_METRICS : PUBLISHER_METRICS;
    if (valid('dimensions')) {
      const wrongDim = q.dimensions?.find((d) => !dims.includes(d));
      if (wrongDim) ctx.addIssue({ code: 'custom', path: ['dimensions'], message: `A ${type} report has no ${wrongDim} dimension.` });
      if ((q.dimensions?.length ?? 0) > REPORT_MAX_DIMENSIONS) ctx.addIssue({ code: 'custom', path: ['dimensions'], message: `Choose at most ${REPORT_MAX_DIMENSIONS} dimensions.` });
    }
    const wrongMetric = valid('metrics') ? q.metrics?.find((m) => !metrics.includes(m)) : undefined;
    if (wrongMetric) ctx.addIssue({ code: 'custom', path: ['metrics'], message: `A ${type} report has no ${wrongMetric} metric.` });
    if (valid('sort') && q.sort && !dims.includes(q.sort) && !metrics.includes(q.sort)) ctx.addIssue({ code: 'custom', path: ['sort'], message: 'Sort by a dimension or a metric of the report.' });
    const filters = { campaign: q.campaign, adGroup: q.adGroup, ad: q.ad, creative: q.creative, slot: q.slot, advertiser: q.advertiser, site: q.site, region: q.region, device: q.device };
    for (const [key, value] of Object.entries(filters)) {
      if (value !== undefined && !dims.includes(key)) ctx.addIssue({ code: 'custom', path: [key], message: `A ${type} report cannot be filtered by ${key}.` });
    }
  };
export const advertiserReportQuerySchema = reportQueryObject.superRefine(rulesOf('advertiser'));
export const publisherReportQuerySchema = reportQueryObject.superRefine(rulesOf('publisher'));
export type ReportQuery = z.output<typeof advertiserReportQuerySchema>;

/** Each metric's value; null where it has no meaning (a rate over nothing, requests by advertiser). Money in minor units. */
export const reportValuesSchema = z.record(z.string(), z.number().nullable());
export type ReportValues = Partial<Record<ReportMetric, number | null>>;

export const reportSchema = z.object({
  type: z.enum(REPORT_TYPES),
  /** ISO 4217 of the money, or null when the accounts covered use several. */
  currency: z.string().nullable(),
  timeZone: z.string(),
  granularity: z.enum(GRANULARITIES),
  from: z.string(),
  to: z.string(),
  /**
   * The previous period compared with (`compare`), or null. `until`: when the period is still
   * going (it includes today), the previous one is counted only as far into it (the same hours):
   * the instant its figures stop at; null when both are whole.
   */
  previous: z.object({ from: z.string(), to: z.string(), until: z.string().nullable() }).nullable(),
  dimensions: z.array(z.enum(REPORT_DIMENSIONS)),
  metrics: z.array(z.enum(REPORT_METRICS)),
  /** Each bucket of the period (every one, empty ones with zeros), as instants. */
  series: z.array(z.object({ at: z.string(), values: reportValuesSchema })),
  /** The previous period's buckets, in order (the n-th compares with the n-th). */
  previousSeries: z.array(z.object({ at: z.string(), values: reportValuesSchema })).nullable(),
  rows: z.array(
    z.object({
      keys: z.array(z.object({ dimension: z.enum(REPORT_DIMENSIONS), id: z.string(), label: z.string() })),
      values: reportValuesSchema,
      previous: reportValuesSchema.nullable(),
    }),
  ),
  /** Rows in all (the table pages through them). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totals: reportValuesSchema,
  previousTotals: reportValuesSchema.nullable(),
});
export type Report = z.infer<typeof reportSchema>;

export const advertiserReport = defineEndpoint('insights.advertiserReport', {
  summary: "An advertiser report over delivery's rollups: a trend, rows by the chosen dimensions, totals, and the previous period",
  tag: 'DataInsights',
  request: advertiserReportQuerySchema,
  response: reportSchema,
});

export const publisherReport = defineEndpoint('insights.publisherReport', {
  summary: "A publisher report over delivery's rollups: a trend, rows by the chosen dimensions, totals, and the previous period",
  tag: 'DataInsights',
  request: publisherReportQuerySchema,
  response: reportSchema,
});

// ---- CSV ------------------------------------------------------------------------------------

/** The report's query, and the language of the CSV's header. */
const csvQueryObject = reportQueryObject.extend({ language: z.enum(REPORT_LANGUAGES).default('en-US') });

export const advertiserReportCsv = defineEndpoint('insights.advertiserReportCsv', {
  summary: 'The advertiser report as CSV, streamed: every row of the breakdown (or every bucket without one) and the totals',
  tag: 'DataInsights',
  request: csvQueryObject.superRefine(rulesOf('advertiser')),
  response: z.unknown(),
});

export const publisherReportCsv = defineEndpoint('insights.publisherReportCsv', {
  summary: 'The publisher report as CSV, streamed: every row of the breakdown (or every bucket without one) and the totals',
  tag: 'DataInsights',
  request: csvQueryObject.superRefine(rulesOf('publisher')),
  response: z.unknown(),
});
