import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { REPORT_TYPES, SAVED_REPORT_NAME_MAX, SAVED_REPORTS_MAX } from './insights-constants';
import { pageOf } from './lists';
import { dbId, dbVersion, nameSchema, queryDbInt } from './schema-kit';

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

export const savedReportSchema = z.object({
  id: z.number().int(),
  type: z.enum(REPORT_TYPES),
  name: z.string(),
  /** The report page's URL query as it was saved. */
  query: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
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
