import type { ContentItemDecision, ContentRequestKind, ContentRequestState } from '@ads/contracts';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { accounts, users } from '../../db/schema/identity';
import { contentPolicyReasons as reasons, contentRequestItems as items, contentRequests as requests } from '../../db/schema/publisher-content';
import { videoSeries as series, videos } from '../../db/schema/videos';
import { inScope, ownedKind, type Scope } from '../../kit/access';
import { escapeLike, textArray } from '../../kit/sql';

/** Requests belong to the series' account: its users see them, staff see every account's. */
export const contentRequestKind = ownedKind({ what: 'The request', table: requests, id: requests.id, owner: requests.accountId });

/** One pending request per series (the partial unique index of migration 0021). */
export const PENDING_INDEX = 'content_requests_pending_unique';
export const REASON_LABEL_INDEX = 'content_policy_reasons_label_unique';

const submitter = alias(users, 'submitter');
const decider = alias(users, 'decider');

// Counted by hand-qualified subqueries: inside a select drizzle may render the outer column unqualified.
const countOf = (decision?: ContentItemDecision) =>
  sql<number>`(select count(*)::int from ${items} i where i.request_id = "content_requests"."id"${decision ? sql` and i.decision = ${decision}` : sql``})`;

const columns = {
  id: requests.id,
  kind: requests.kind,
  seriesId: requests.seriesId,
  // The series' name now, or as it was when submitted once the series is gone.
  seriesName: sql<string>`coalesce((select s.name from ${series} s where s.id = "content_requests"."series_id"), ${requests.seriesName})`,
  accountId: requests.accountId,
  accountName: accounts.name,
  status: requests.status,
  note: requests.note,
  total: countOf(),
  approved: countOf('approved'),
  rejected: countOf('rejected'),
  pending: countOf('pending'),
  submittedById: requests.submittedBy,
  submittedByName: submitter.name,
  submittedAt: requests.submittedAt,
  decidedById: requests.decidedBy,
  decidedByName: decider.name,
  decidedAt: requests.decidedAt,
  decisionNote: requests.decisionNote,
  version: requests.version,
};

export interface RequestRow {
  id: number;
  kind: ContentRequestKind;
  seriesId: number;
  seriesName: string;
  accountId: number;
  accountName: string;
  status: ContentRequestState;
  note: string | null;
  total: number;
  approved: number;
  rejected: number;
  pending: number;
  submittedById: number;
  submittedByName: string;
  submittedAt: Date;
  decidedById: number | null;
  decidedByName: string | null;
  decidedAt: Date | null;
  decisionNote: string | null;
  version: number;
}

const selectRequests = (db: DbOrTx) =>
  db
    .select(columns)
    .from(requests)
    .innerJoin(accounts, eq(accounts.id, requests.accountId))
    .innerJoin(submitter, eq(submitter.id, requests.submittedBy))
    .leftJoin(decider, eq(decider.id, requests.decidedBy));

export const findRequest = async (db: DbOrTx, id: number, scope: Scope): Promise<RequestRow | undefined> => {
  const [row] = await selectRequests(db).where(and(eq(requests.id, id), inScope(contentRequestKind, scope)));
  return row as RequestRow | undefined;
};

/** The request's state and version, its row locked until the transaction ends (decisions take turns). */
export const lockRequest = async (db: DbOrTx, id: number, scope: Scope) => {
  const [row] = await db
    .select({ id: requests.id, status: requests.status, version: requests.version, seriesId: requests.seriesId })
    .from(requests)
    .where(and(eq(requests.id, id), inScope(contentRequestKind, scope)))
    .for('update');
  return row;
};

export const findPendingForSeries = async (db: DbOrTx, seriesId: number) => {
  const [row] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.seriesId, seriesId), eq(requests.status, 'pending')));
  return row;
};

export interface RequestQuery {
  scope: Scope;
  statuses?: readonly ContentRequestState[];
  seriesId?: number;
  search?: string;
  sort: 'submittedAt' | 'decidedAt';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export const listRequests = async (db: DbOrTx, q: RequestQuery) => {
  const pattern = q.search ? `%${escapeLike(q.search)}%` : undefined;
  const where = and(
    inScope(contentRequestKind, q.scope),
    q.statuses?.length ? sql`${requests.status} = any(${textArray(q.statuses)})` : undefined,
    q.seriesId !== undefined ? eq(requests.seriesId, q.seriesId) : undefined,
    pattern ? or(sql`lower(${columns.seriesName}) like lower(${pattern})`, sql`lower(${accounts.name}) like lower(${pattern})`) : undefined,
  );
  const dir = q.order === 'asc' ? asc : desc;
  const sortBy = q.sort === 'decidedAt' ? sql`${requests.decidedAt} ${sql.raw(q.order)} nulls last` : dir(requests.submittedAt);
  const [rows, [count]] = await Promise.all([
    selectRequests(db).where(where).orderBy(sortBy, dir(requests.id)).limit(q.limit).offset(q.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(requests)
      .innerJoin(accounts, eq(accounts.id, requests.accountId))
      .where(where),
  ]);
  return { items: rows as RequestRow[], total: Number(count?.n ?? 0) };
};

// ---- Items -------------------------------------------------------------------------------

const itemColumns = {
  requestId: items.requestId,
  videoId: items.videoId,
  // The video's name now, or as it was when submitted once it was deleted for good.
  videoName: sql<string>`coalesce(${videos.name}, ${items.videoName})`,
  action: items.action,
  decision: items.decision,
  reasonId: items.reasonId,
  reasonLabel: items.reasonLabel,
  reasonLabelZh: items.reasonLabelZh,
  note: items.note,
  decidedById: items.decidedBy,
  decidedByName: decider.name,
  decidedAt: items.decidedAt,
  // The video as it is now (null columns once it was purged).
  videoRowId: videos.id,
  format: videos.format,
  width: videos.width,
  height: videos.height,
  durationMs: videos.durationMs,
  posterKey: videos.posterKey,
  deletedAt: videos.deletedAt,
};

export interface ItemRow {
  requestId: number;
  videoId: number;
  videoName: string;
  action: 'add' | 'remove';
  decision: ContentItemDecision;
  reasonId: number | null;
  reasonLabel: string | null;
  reasonLabelZh: string | null;
  note: string | null;
  decidedById: number | null;
  decidedByName: string | null;
  decidedAt: Date | null;
  videoRowId: number | null;
  format: string | null;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  posterKey: string | null;
  deletedAt: Date | null;
}

// Removals first, then the series' order (videos since moved out: last).
const itemOrder = [desc(items.action), sql`${videos.position} asc nulls last`, asc(items.videoId)];

export const listItems = async (db: DbOrTx, requestId: number): Promise<ItemRow[]> =>
  (await db
    .select(itemColumns)
    .from(items)
    .leftJoin(videos, eq(videos.id, items.videoId))
    .leftJoin(decider, eq(decider.id, items.decidedBy))
    .where(eq(items.requestId, requestId))
    .orderBy(...itemOrder)) as ItemRow[];

export const findItem = async (db: DbOrTx, requestId: number, videoId: number) => {
  const [row] = await db
    .select()
    .from(items)
    .where(and(eq(items.requestId, requestId), eq(items.videoId, videoId)));
  return row;
};

export interface QueueRow extends ItemRow {
  requestVersion: number;
  kind: ContentRequestKind;
  seriesId: number;
  seriesName: string;
  accountId: number;
  accountName: string;
  submittedAt: Date;
}

/** The videos of pending requests, oldest request first. */
export const listQueue = async (db: DbOrTx, q: { scope: Scope; search?: string; limit: number; offset: number }) => {
  const pattern = q.search ? `%${escapeLike(q.search)}%` : undefined;
  // The videos still to decide: a decided one leaves the queue (its request's drawer shows it).
  const where = and(
    eq(requests.status, 'pending'),
    eq(items.decision, 'pending'),
    inScope(contentRequestKind, q.scope),
    pattern
      ? or(
          sql`lower(coalesce(${videos.name}, ${items.videoName})) like lower(${pattern})`,
          sql`lower(${columns.seriesName}) like lower(${pattern})`,
          sql`lower(${accounts.name}) like lower(${pattern})`,
        )
      : undefined,
  );
  const base = (select: Parameters<DbOrTx['select']>[0]) =>
    db
      .select(select)
      .from(items)
      .innerJoin(requests, eq(requests.id, items.requestId))
      .innerJoin(accounts, eq(accounts.id, requests.accountId))
      .leftJoin(videos, eq(videos.id, items.videoId))
      .leftJoin(decider, eq(decider.id, items.decidedBy));
  const [rows, [count]] = await Promise.all([
    base({
      ...itemColumns,
      requestVersion: requests.version,
      kind: requests.kind,
      seriesId: requests.seriesId,
      seriesName: columns.seriesName,
      accountId: requests.accountId,
      accountName: accounts.name,
      submittedAt: requests.submittedAt,
    })
      .where(where)
      .orderBy(asc(requests.submittedAt), asc(requests.id), ...itemOrder)
      .limit(q.limit)
      .offset(q.offset),
    base({ n: sql<number>`count(*)::int` }).where(where),
  ]);
  return { items: rows as unknown as QueueRow[], total: Number((count as { n: number } | undefined)?.n ?? 0) };
};

// ---- Writes ------------------------------------------------------------------------------

export const insertRequest = async (db: DbOrTx, values: typeof requests.$inferInsert) => {
  const [row] = await db.insert(requests).values(values).returning({ id: requests.id });
  return row!;
};

export const insertItems = async (db: DbOrTx, values: (typeof items.$inferInsert)[]) => {
  if (values.length) await db.insert(items).values(values);
};

/** Moves the request on (its row is locked by the caller). */
export const updateRequest = (
  db: DbOrTx,
  id: number,
  set: Partial<Pick<typeof requests.$inferInsert, 'status' | 'decidedBy' | 'decidedAt' | 'decisionNote'>>,
) =>
  db
    .update(requests)
    .set({ ...set, version: sql`${requests.version} + 1` })
    .where(eq(requests.id, id));

export interface ItemDecision {
  decision: 'approved' | 'rejected';
  reason: { id: number; label: string; labelZh: string } | null;
  note: string | null;
  decidedBy: number;
  decidedAt: Date;
}

const decisionSet = (d: ItemDecision) => ({
  decision: d.decision,
  reasonId: d.reason?.id ?? null,
  reasonLabel: d.reason?.label ?? null,
  reasonLabelZh: d.reason?.labelZh ?? null,
  note: d.note,
  decidedBy: d.decidedBy,
  decidedAt: d.decidedAt,
});

/** Decides one video of the request, or (`videoId` undefined) every video still pending; answers the videos decided. */
export const decideItems = async (db: DbOrTx, requestId: number, videoId: number | undefined, d: ItemDecision) =>
  db
    .update(items)
    .set(decisionSet(d))
    .where(and(eq(items.requestId, requestId), videoId === undefined ? eq(items.decision, 'pending') : eq(items.videoId, videoId)))
    .returning({ videoId: items.videoId, action: items.action });

/** The reviewed videos' review state (the library shows it). */
export const setReviewStatus = async (db: DbOrTx, ids: number[], status: 'approved' | 'rejected', at: Date) => {
  if (ids.length) await db.update(videos).set({ reviewStatus: status, updatedAt: at }).where(inArray(videos.id, ids));
};

export const itemsOf = (db: DbOrTx, requestId: number) =>
  db
    .select({ videoId: items.videoId, action: items.action, decision: items.decision, reasonLabel: items.reasonLabel })
    .from(items)
    .where(eq(items.requestId, requestId))
    .orderBy(asc(items.videoId));

/**
 * An approved request's changes: its added videos published in the series, its removed ones (still
 * published in it) taken out, the series published when it was not yet.
 */
export const publish = async (db: DbOrTx, seriesId: number, add: number[], remove: number[], at: Date) => {
  if (add.length) await db.update(videos).set({ publishedAt: at, publishedSeriesId: seriesId }).where(inArray(videos.id, add));
  if (remove.length) {
    await db
      .update(videos)
      .set({ publishedAt: null, publishedSeriesId: null })
      .where(and(inArray(videos.id, remove), eq(videos.publishedSeriesId, seriesId)));
  }
  await db
    .update(series)
    .set({ publishedAt: sql`coalesce(${series.publishedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(series.id, seriesId));
};

// ---- What a series would send ------------------------------------------------------------

export const findSeries = async (db: DbOrTx, id: number, accountId: number) => {
  const [row] = await db
    .select({ id: series.id, name: series.name, accountId: series.accountId, publishedAt: series.publishedAt })
    .from(series)
    .where(and(eq(series.id, id), eq(series.accountId, accountId)));
  return row;
};

/** Its live videos not published in it (in the series' order), and its published videos since moved out or deleted. */
export const seriesChanges = async (db: DbOrTx, seriesId: number) => {
  const [add, remove] = await Promise.all([
    db
      .select({ videoId: videos.id, videoName: videos.name })
      .from(videos)
      .where(and(eq(videos.seriesId, seriesId), isNull(videos.deletedAt), or(isNull(videos.publishedAt), sql`${videos.publishedSeriesId} is distinct from ${seriesId}`)))
      .orderBy(sql`${videos.position} asc nulls last`, asc(videos.id)),
    db
      .select({ videoId: videos.id, videoName: videos.name })
      .from(videos)
      .where(
        and(
          eq(videos.publishedSeriesId, seriesId),
          isNotNull(videos.publishedAt),
          or(sql`${videos.seriesId} is distinct from ${seriesId}`, isNotNull(videos.deletedAt)),
        ),
      )
      .orderBy(asc(videos.id)),
  ]);
  return { add, remove };
};

export const accountName = async (db: DbOrTx, id: number) => {
  const [row] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, id));
  return row?.name ?? '';
};

// ---- Policy reasons ----------------------------------------------------------------------

export type ReasonRow = typeof reasons.$inferSelect;

export const listReasons = (db: DbOrTx, all: boolean) =>
  db
    .select()
    .from(reasons)
    .where(all ? undefined : eq(reasons.active, true))
    .orderBy(asc(reasons.id));

export const findReason = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(reasons).where(eq(reasons.id, id));
  return row;
};

export const insertReason = async (db: DbOrTx, values: typeof reasons.$inferInsert) => {
  const [row] = await db.insert(reasons).values(values).returning();
  return row!;
};

/** Changes the reason at `version`; undefined when it moved on. */
export const updateReason = async (db: DbOrTx, id: number, version: number, set: Pick<ReasonRow, 'label' | 'labelZh' | 'active' | 'updatedAt'>) => {
  const [row] = await db
    .update(reasons)
    .set({ ...set, version: sql`${reasons.version} + 1` })
    .where(and(eq(reasons.id, id), eq(reasons.version, version)))
    .returning();
  return row;
};

