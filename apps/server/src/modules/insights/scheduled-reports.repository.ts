import { and, asc, count, desc, eq, lte, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reportRuns, savedReports } from '../../db/schema/insights';
import { inScope, ownedKind, type Scope } from '../../kit/access';
import { savedReportKind, type SavedReportRow } from './saved-reports.repository';

/** A run is its report's user's own, as the report is (`userScope`): another user's run id is never found. */
export const reportRunKind = ownedKind({ what: 'The report run', table: reportRuns, id: reportRuns.id, parties: { user: reportRuns.userId } });

export type ReportRunRow = typeof reportRuns.$inferSelect;
export type ScheduleValues = Pick<SavedReportRow, 'scheduleFrequency' | 'scheduleTimeZone' | 'scheduleHour' | 'nextRunAt'>;

/** Sets (or clears, all null) the user's saved report's schedule at the given version; undefined when the version is stale. */
export const setSchedule = async (db: DbOrTx, scope: Scope, id: number, version: number, values: ScheduleValues, at: Date) => {
  const [row] = await db
    .update(savedReports)
    .set({ ...values, updatedAt: at, version: sql`${savedReports.version} + 1` })
    .where(and(eq(savedReports.id, id), inScope(savedReportKind, scope), eq(savedReports.version, version)))
    .returning();
  return row;
};

/** Schedules due at `at` (the earliest first), at most `limit`. */
export const dueSchedules = (db: DbOrTx, at: Date, limit: number) =>
  db
    .select()
    .from(savedReports)
    .where(and(isNotNull(savedReports.nextRunAt), lte(savedReports.nextRunAt, at)))
    .orderBy(asc(savedReports.nextRunAt), asc(savedReports.id))
    .limit(limit);

/**
 * Claims a due run: moves the schedule's next run from `due` to `next` in one statement, and
 * answers the report only when this call moved it — of two processes claiming the same run, one
 * gets the row and the other nothing.
 */
export const claimRun = async (db: DbOrTx, id: number, due: Date, next: Date) => {
  const [row] = await db
    .update(savedReports)
    .set({ nextRunAt: next })
    .where(and(eq(savedReports.id, id), eq(savedReports.nextRunAt, due)))
    .returning();
  return row;
};

/** Stops a report's schedule (its owner may no longer read its type). */
export const clearSchedule = (db: DbOrTx, id: number) =>
  db
    .update(savedReports)
    .set({ scheduleFrequency: null, scheduleTimeZone: null, scheduleHour: null, nextRunAt: null, version: sql`${savedReports.version} + 1` })
    .where(eq(savedReports.id, id));

export const insertRun = async (db: DbOrTx, values: typeof reportRuns.$inferInsert) => {
  const [row] = await db.insert(reportRuns).values(values).returning();
  return row!;
};

/** What a list shows of a run (not its CSV). */
const runColumns = {
  id: reportRuns.id,
  savedReportId: reportRuns.savedReportId,
  createdAt: reportRuns.createdAt,
  fromDay: reportRuns.fromDay,
  toDay: reportRuns.toDay,
  timeZone: reportRuns.timeZone,
  rows: reportRuns.rows,
  bytes: reportRuns.bytes,
  truncated: reportRuns.truncated,
  expiresAt: reportRuns.expiresAt,
};
export type ReportRunSummary = Omit<ReportRunRow, 'csv' | 'userId'>;

/** A report's runs in the scope, newest first, not yet expired. */
export const listRuns = async (db: DbOrTx, scope: Scope, savedReportId: number, at: Date, limit: number, offset: number) => {
  const where = and(eq(reportRuns.savedReportId, savedReportId), inScope(reportRunKind, scope), sql`${reportRuns.expiresAt} > ${at}`);
  const [items, [total]] = await Promise.all([
    db.select(runColumns).from(reportRuns).where(where).orderBy(desc(reportRuns.createdAt), desc(reportRuns.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(reportRuns).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
};

/** A run with its CSV and its report's type, in the scope, unless expired. */
export const findRun = async (db: DbOrTx, scope: Scope, id: number, at: Date) => {
  const [row] = await db
    .select({ run: reportRuns, type: savedReports.type })
    .from(reportRuns)
    .innerJoin(savedReports, eq(savedReports.id, reportRuns.savedReportId))
    .where(and(eq(reportRuns.id, id), inScope(reportRunKind, scope), sql`${reportRuns.expiresAt} > ${at}`));
  return row;
};

/** Deletes the runs whose time is up; answers how many. */
export const deleteExpiredRuns = async (db: DbOrTx, at: Date) =>
  (await db.delete(reportRuns).where(lte(reportRuns.expiresAt, at)).returning({ id: reportRuns.id })).length;
