import {
  advertiserReportCsv,
  NOTIFICATION_TYPES,
  publisherReportCsv,
  readReportState,
  REPORT_RUN_KEEP_DAYS,
  REPORT_RUN_MAX_BYTES,
  reportRequest,
  type EndpointInput,
  type ReportRun,
  type savedReportRuns,
  type scheduleSavedReport,
} from '@ads/contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { userScope } from '../../kit/access';
import { pageAnswer, pageWindow } from '../../kit/paging';
import { stale } from '../../kit/versions';
import type { Caller } from '../../principal';
import type { IdentityService } from '../identity/identity.service';
import type { JobsLogger } from '../jobs/jobs.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { InsightsService } from './insights.service';
import { nextRunAfter } from './schedule-time';
import type { SavedReportRow } from './saved-reports.repository';
import * as repo from './scheduled-reports.repository';
import { readableTypes, toSaved, type SavedReportsService } from './saved-reports.service';

// Scheduled saved reports (docs/architecture.md, Data insights): a saved report runs by itself
// (daily, on Mondays or on the 1st, at an hour of a time zone); each run is the report's CSV as the
// Csv call answers it, made with the owner's own access, kept REPORT_RUN_KEEP_DAYS days and
// announced in the owner's Action Center.

const DAY_MS = 86_400_000;
/** A byte-order mark: spreadsheets then read the UTF-8 as such (the Csv call's first bytes too). */
const BOM = '\uFEFF';
const BOM_BYTES = Buffer.byteLength(BOM);
/** Schedules one job run takes on (the rest wait for the next run, a minute later). */
const RUNS_PER_BATCH = 20;
/** The Data Insights page a run's notification opens, by the owner's account kind (identity's catalogue). */
const INSIGHTS_MENU_ID = { advertiser: 102, publisher: 202, internal: 305 } as const;
const CSV_CONTRACT = { advertiser: advertiserReportCsv, publisher: publisherReportCsv } as const;

const toRun = (r: repo.ReportRunSummary): ReportRun => ({
  id: r.id,
  savedReportId: r.savedReportId,
  createdAt: r.createdAt.toISOString(),
  from: r.fromDay,
  to: r.toDay,
  timeZone: r.timeZone,
  rows: r.rows,
  bytes: r.bytes,
  truncated: r.truncated,
  expiresAt: r.expiresAt.toISOString(),
});

/** What a run keeps of a CSV: at most `max` bytes, cut at a whole line. */
export const keptCsv = async (chunks: AsyncIterable<string>, max: number) => {
  let csv = '';
  let bytes = 0;
  for await (const chunk of chunks) {
    const size = Buffer.byteLength(chunk);
    if (bytes + size > max) {
      const room = Buffer.from(chunk).subarray(0, max - bytes).toString('utf8');
      const cut = room.lastIndexOf('\n');
      if (cut >= 0) csv += room.slice(0, cut + 1);
      return { csv, truncated: true };
    }
    csv += chunk;
    bytes += size;
  }
  return { csv, truncated: false };
};

export const createScheduledReportsService = ({
  db,
  now = () => new Date(),
  insights,
  savedReports,
  identity,
  notifications,
  logger,
}: {
  db: Db;
  now?: () => Date;
  insights: InsightsService;
  savedReports: SavedReportsService;
  identity: Pick<IdentityService, 'callerOf'>;
  notifications: Pick<NotificationsService, 'notify'>;
  logger?: JobsLogger;
}) => {
  /** Sets or clears the schedule of one of the caller's saved reports, at the version the caller saw. */
  const schedule = async (p: Caller, input: EndpointInput<typeof scheduleSavedReport>) => {
    const saved = await savedReports.own(p, input.id);
    if (saved.version !== input.version) throw stale('The saved report');
    const at = now();
    const s = input.schedule;
    const values: repo.ScheduleValues = s
      ? { scheduleFrequency: s.frequency, scheduleTimeZone: s.timeZone, scheduleHour: s.hour, nextRunAt: nextRunAfter(s, at) }
      : { scheduleFrequency: null, scheduleTimeZone: null, scheduleHour: null, nextRunAt: null };
    const row = await repo.setSchedule(db, userScope(p), saved.id, input.version, values, at);
    if (!row) throw stale('The saved report');
    return toSaved(row);
  };

  const runs = async (p: Caller, q: EndpointInput<typeof savedReportRuns>) => {
    const saved = await savedReports.own(p, q.id);
    const { limit, offset } = pageWindow(q);
    const { items, total } = await repo.listRuns(db, userScope(p), saved.id, now(), limit, offset);
    return pageAnswer(items.map(toRun), total, q);
  };

  /** A run's CSV and its file name, to the report's owner (who may still read its type) only. */
  const runFile = async (p: Caller, id: number) => {
    const found = await repo.findRun(db, userScope(p), id, now());
    if (!found || !readableTypes(p).includes(found.type)) throw notFound('The report run');
    const { run } = found;
    return { csv: `${BOM}${run.csv}`, fileName: `${found.type}-report-${run.fromDay}-to-${run.toDay}.csv` };
  };

  /**
   * Runs one claimed schedule in its owner's name: the CSV the Csv call would answer now (a named
   * range's days as of now in the schedule's zone), stored with the run and announced to the owner.
   */
  const runOne = async (saved: SavedReportRow, at: Date): Promise<'ran' | 'skipped' | 'cleared' | 'failed'> => {
    const owner = await identity.callerOf(saved.userId);
    // A disabled user or a closed account: nothing runs in their name (the schedule stays for their return).
    if (!owner) return 'skipped';
    if (!readableTypes(owner).includes(saved.type)) {
      await repo.clearSchedule(db, saved.id);
      return 'cleared';
    }
    const timeZone = saved.scheduleTimeZone!;
    const request = reportRequest(saved.type, readReportState(saved.query), timeZone, { platform: owner.accountKind === 'internal', now: at });
    const parsed = CSV_CONTRACT[saved.type].request.safeParse({ ...request, language: owner.language ?? 'en-US' });
    if (!parsed.success) {
      logger?.error({ savedReportId: saved.id, issues: parsed.error.issues }, 'scheduled report: its query makes no report');
      return 'failed';
    }
    const query = parsed.data;
    let kept: { csv: string; truncated: boolean };
    try {
      // The Csv call's lines; the byte-order mark it starts with is added when the file is sent
      // (a database driver may drop one that starts a text).
      kept = await keptCsv(insights.csv(owner, saved.type, query), REPORT_RUN_MAX_BYTES - BOM_BYTES);
    } catch (err) {
      logger?.error({ savedReportId: saved.id, err }, 'scheduled report: the report was refused');
      return 'failed';
    }
    const lines = kept.csv.split('\n').length - 1;
    const bytes = BOM_BYTES + Buffer.byteLength(kept.csv);
    await db.transaction(async (tx) => {
      const run = await repo.insertRun(tx, {
        savedReportId: saved.id,
        userId: saved.userId,
        createdAt: at,
        fromDay: query.from,
        toDay: query.to,
        timeZone,
        // The header, and the totals unless the rows were cut.
        rows: Math.max(lines - (kept.truncated ? 1 : 2), 0),
        bytes,
        truncated: kept.truncated,
        csv: kept.csv,
        expiresAt: new Date(at.getTime() + REPORT_RUN_KEEP_DAYS * DAY_MS),
      });
      await notifications.notify(
        {
          type: NOTIFICATION_TYPES.event,
          message: { key: 'report.scheduledRun', params: { savedReportId: saved.id, runId: run.id, name: saved.name, from: query.from, to: query.to } },
          menuId: INSIGHTS_MENU_ID[owner.accountKind],
          recipients: { users: [saved.userId] },
          eventKey: `reportRun:${run.id}`,
          at,
        },
        tx,
      );
    });
    return 'ran';
  };

  /**
   * The job: runs every due schedule once — each claimed by the one statement that moves its next
   * run on, so two processes never run the same one — then deletes the runs whose time is up.
   */
  const runDue = async () => {
    const at = now();
    const counts = { ran: 0, skipped: 0, cleared: 0, failed: 0, expired: 0 };
    for (const due of await repo.dueSchedules(db, at, RUNS_PER_BATCH)) {
      if (!due.nextRunAt || !due.scheduleFrequency || !due.scheduleTimeZone || due.scheduleHour === null) continue;
      const next = nextRunAfter({ frequency: due.scheduleFrequency, timeZone: due.scheduleTimeZone, hour: due.scheduleHour }, at);
      const claimed = await repo.claimRun(db, due.id, due.nextRunAt, next);
      if (!claimed) continue;
      counts[await runOne(claimed, at)]++;
    }
    counts.expired = await repo.deleteExpiredRuns(db, at);
    return counts;
  };

  return { schedule, runs, runFile, runDue };
};
export type ScheduledReportsService = ReturnType<typeof createScheduledReportsService>;
