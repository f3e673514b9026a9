import type { ReportType } from '@ads/contracts';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/identity';
import { savedReports } from '../../db/schema/insights';
import { inScope, ownedKind, type Scope } from '../../kit/access';
import { rowsOf } from '../../kit/sql';

/**
 * Saved reports are their user's own, whatever the account (the table has no account): every
 * query here is scoped to the user (`userScope`), so another user's id (a colleague's too) is never found.
 */
export const savedReportKind = ownedKind({ what: 'The saved report', table: savedReports, id: savedReports.id, parties: { user: savedReports.userId } });

export type SavedReportRow = typeof savedReports.$inferSelect;

/** The unique index of a user's names (lower-cased). */
export const SAVED_REPORT_NAME_INDEX = 'saved_reports_user_name_unique';

/** The user's saved reports of these types, by name (case-insensitive), and their count. */
export const listSaved = async (db: DbOrTx, scope: Scope, types: readonly ReportType[], limit: number, offset: number) => {
  const where = and(inScope(savedReportKind, scope), inArray(savedReports.type, [...types]));
  const [items, [total]] = await Promise.all([
    db.select().from(savedReports).where(where).orderBy(sql`lower(${savedReports.name})`, asc(savedReports.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(savedReports).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
};

export const findSaved = async (db: DbOrTx, id: number, scope: Scope) => {
  const [row] = await db.select().from(savedReports).where(and(eq(savedReports.id, id), inScope(savedReportKind, scope)));
  return row;
};

/**
 * Locks the user's row until the transaction ends: creates of one user then run one at a time, so
 * the count they check cannot be passed by a concurrent one (any process, PostgreSQL or PGlite).
 * `for no key update` leaves the row's key alone: sign-ins and foreign keys to it do not wait.
 */
export const lockUser = async (tx: DbOrTx, userId: number) =>
  rowsOf(await tx.execute(sql`select ${users.id} from ${users} where ${users.id} = ${userId} for no key update`)).length > 0;

export const countSaved = async (db: DbOrTx, scope: Scope) => {
  const [row] = await db.select({ n: count() }).from(savedReports).where(inScope(savedReportKind, scope));
  return row?.n ?? 0;
};

/** Whether the user has another saved report of this name (case-insensitive). */
export const nameInUse = async (db: DbOrTx, scope: Scope, name: string, exceptId?: number) => {
  const [row] = await db
    .select({ id: savedReports.id })
    .from(savedReports)
    .where(and(inScope(savedReportKind, scope), sql`lower(${savedReports.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(savedReports.id, exceptId)))
    .limit(1);
  return row !== undefined;
};

export const insertSaved = async (db: DbOrTx, values: typeof savedReports.$inferInsert) => {
  const [row] = await db.insert(savedReports).values(values).returning();
  return row!;
};

/** Renames the user's saved report at the given version; undefined when the version is stale. */
export const renameSaved = async (db: DbOrTx, scope: Scope, id: number, version: number, name: string, at: Date) => {
  const [row] = await db
    .update(savedReports)
    .set({ name, updatedAt: at, version: sql`${savedReports.version} + 1` })
    .where(and(eq(savedReports.id, id), inScope(savedReportKind, scope), eq(savedReports.version, version)))
    .returning();
  return row;
};

/** Deletes the user's saved report; false when there was none. */
export const deleteSaved = async (db: DbOrTx, scope: Scope, id: number) =>
  (await db.delete(savedReports).where(and(eq(savedReports.id, id), inScope(savedReportKind, scope))).returning({ id: savedReports.id })).length > 0;
