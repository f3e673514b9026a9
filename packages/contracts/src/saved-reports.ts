import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { REPORT_TYPES, SAVED_REPORT_NAME_MAX, SAVED_REPORTS_MAX } from './insights-constants';
import { timeZoneSchema } from './insights';
import { pageOf } from './lists';
import { dbId, dbInt, dbVersion, nameSchema, queryDbId, queryDbInt } from './schema-kit';

// Data insights' saved reports: a user keeps a report's settings under a name and opens it again
// later. Each is the user's own (no one else sees it, not even a colleague of the same account);
// what is kept is the report page's URL query, exactly as the page wrote it.

/** The longest query a saved report keeps (a report's settings and filters fit well within it). */
export const SAVED_REPORT_QUERY_MAX = 2000;

/**
 * The parameters a report page keeps in its URL (features/data-insights' report state): settings,
 * filters and staff's account. A saved query names only these, each once.
 */
export const SAVED_REPORT_PARAMS = [
  'range',
  'from',
  'to',
  'granularity',
  'dims',
  'compare',
  'sort',
  'order',
  'pageSize',
  'accountId',
  'campaign',
  'adGroup',
  'ad',
  'slot',
  'advertiser',
  'site',
  'region',
  'device',
] as const;

const PARAMS: ReadonlySet<string> = new Set(SAVED_REPORT_PARAMS);
/** What a URL query carries unencoded; anything else arrives percent-encoded. */
const URL_QUERY_PART = /^[A-Za-z0-9._~*%,:+-]*$/;
const BAD_QUERY = 'This is not the query of a report page.';

const decoded = (part: string) => {
  try {
    return decodeURIComponent(part.replaceAll('+', ' '));
  } catch {
    return null;
  }
};

/**
 * A report page's URL query (`range=last30&dims=campaign`, no `?`): at most SAVED_REPORT_QUERY_MAX
 * characters, `name=value` pairs of SAVED_REPORT_PARAMS, each once, percent-encoded. Empty is the
 * page's defaults. The page checks each value again when it opens the report.
 */
export const savedReportQuerySchema = z
  .string({ error: BAD_QUERY })
  .max(SAVED_REPORT_QUERY_MAX, `A saved report keeps at most ${SAVED_REPORT_QUERY_MAX} characters of settings.`)
  .superRefine((query, ctx) => {
    if (query === '') return;
    const seen = new Set<string>();
    for (const pair of query.split('&')) {
      const [key = '', value, ...rest] = pair.split('=');
      if (value === undefined || rest.length > 0 || !URL_QUERY_PART.test(value) || decoded(value) === null || !PARAMS.has(key) || seen.has(key)) {
        ctx.addIssue({ code: 'custom', message: BAD_QUERY });
        return;
      }
      // Decoded, a value holds no control characters (the page would show it).
      // eslint-disable-next-line no-control-regex
      if (/[\u0000-\u001f\u007f]/.test(decoded(value)!)) {
        ctx.addIssue({ code: 'custom', message: BAD_QUERY });
        return;
      }
      seen.add(key);
    }
  });

export const savedReportNameSchema = nameSchema(SAVED_REPORT_NAME_MAX, 'Please name the report.');

// ---- Schedules ------------------------------------------------------------------------------
// A saved report can run on a schedule: daily, weekly (on Mondays) or monthly (on the 1st), at
// `hour`:00 of the schedule's time zone (DST-correct: the local hour, whatever the offset that
// day). Each run is the report's CSV as the Csv call would answer it then, in the owner's own
// access (never more than the owner may see); a named range ("Last 7 days") is computed at the run
// in the schedule's time zone, fixed days stay fixed. A run lands in the owner's Action Center
// (`report.scheduledRun`) and is kept REPORT_RUN_KEEP_DAYS days.

export const REPORT_SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ReportScheduleFrequency = (typeof REPORT_SCHEDULE_FREQUENCIES)[number];
/** How long a run's CSV is kept. */
export const REPORT_RUN_KEEP_DAYS = 30;
/** The most a run keeps of its CSV: beyond it the rows stop (at a whole line) and the run says `truncated`. */
export const REPORT_RUN_MAX_BYTES = 4 * 1024 * 1024;
/** Runs one call lists (a daily schedule makes about 30 in REPORT_RUN_KEEP_DAYS). */
export const REPORT_RUNS_PAGE_MAX = 100;

export const reportScheduleSchema = z.object({
  frequency: z.enum(REPORT_SCHEDULE_FREQUENCIES),
  /** An IANA time zone: the hour is this zone's, and so are the days of a named range. */
  timeZone: timeZoneSchema,
  /** The local hour the report runs at (0–23). */
  hour: dbInt(0, 23),
});
export type ReportSchedule = z.output<typeof reportScheduleSchema>;

export const savedReportSchema = z.object({
  id: z.number().int(),
  type: z.enum(REPORT_TYPES),
  name: z.string(),
  /** The report page's URL query as it was saved. */
  query: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the report runs by itself; null when it does not. */
  schedule: z.object({ frequency: z.enum(REPORT_SCHEDULE_FREQUENCIES), timeZone: z.string(), hour: z.number().int() }).nullable(),
  /** The next run's instant (ISO), null when not scheduled. */
  nextRunAt: z.string().nullable(),
});
export type SavedReport = z.infer<typeof savedReportSchema>;

// Saving and reading reports of a type needs the power to read that type (insights.advertiser or
// insights.publisher; staff hold both): one route serves both, so it is open to the signed-in and
// the service narrows to the types the caller may read, as the recycle bin does with its kinds.

export const savedReportList = defineEndpoint('insights.savedReportList', {
  summary: "The caller's own saved reports (of one type, or of every type the caller may read), by name",
  tag: 'SavedReport',
  request: z.object({
    type: z.enum(REPORT_TYPES).optional(),
    page: queryDbInt(1).default(1),
    pageSize: queryDbInt(1, SAVED_REPORTS_MAX).default(SAVED_REPORTS_MAX),
  }),
  response: pageOf(savedReportSchema),
});

export const createSavedReport = defineEndpoint('insights.createSavedReport', {
  summary: `Saves a report's settings under a name unique among the caller's (409 NAME_TAKEN); at most ${SAVED_REPORTS_MAX} per user (409 TOO_MANY_SAVED_REPORTS)`,
  tag: 'SavedReport',
  request: z.object({ type: z.enum(REPORT_TYPES), name: savedReportNameSchema, query: savedReportQuerySchema }),
  response: savedReportSchema,
});

export const renameSavedReport = defineEndpoint('insights.renameSavedReport', {
  summary: "Renames one of the caller's saved reports; a stale version answers 409",
  tag: 'SavedReport',
  request: z.object({ id: dbId, version: dbVersion, name: savedReportNameSchema }),
  response: savedReportSchema,
});

export const deleteSavedReport = defineEndpoint('insights.deleteSavedReport', {
  summary: "Deletes one of the caller's saved reports",
  tag: 'SavedReport',
  request: z.object({ id: dbId }),
  response: z.object({ ok: z.literal(true) }),
});

export const scheduleSavedReport = defineEndpoint('insights.scheduleSavedReport', {
  summary: "Schedules one of the caller's saved reports (daily, weekly on Mondays, monthly on the 1st, at an hour of a time zone), or stops it (null); a stale version answers 409",
  tag: 'SavedReport',
  request: z.object({ id: dbId, version: dbVersion, schedule: reportScheduleSchema.nullable() }),
  response: savedReportSchema,
});

export const reportRunSchema = z.object({
  id: z.number().int(),
  savedReportId: z.number().int(),
  createdAt: z.string(),
  /** The days the run covered (inclusive, in the schedule's time zone). */
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** Rows of the table (the header and the totals aside). */
  rows: z.number().int(),
  bytes: z.number().int(),
  /** The CSV stopped at REPORT_RUN_MAX_BYTES. */
  truncated: z.boolean(),
  /** When the run and its CSV are deleted. */
  expiresAt: z.string(),
});
export type ReportRun = z.infer<typeof reportRunSchema>;

export const savedReportRuns = defineEndpoint('insights.savedReportRuns', {
  summary: `The runs of one of the caller's saved reports, newest first (kept ${REPORT_RUN_KEEP_DAYS} days)`,
  tag: 'SavedReport',
  request: z.object({
    id: queryDbId,
    page: queryDbInt(1).default(1),
    pageSize: queryDbInt(1, REPORT_RUNS_PAGE_MAX).default(REPORT_RUNS_PAGE_MAX),
  }),
  response: pageOf(reportRunSchema),
});

export const savedReportRunFile = defineEndpoint('insights.savedReportRunFile', {
  summary: "A run's CSV (text/csv, an attachment), to the report's owner only",
  tag: 'SavedReport',
  request: z.object({ id: queryDbId }),
  response: z.unknown(),
});
