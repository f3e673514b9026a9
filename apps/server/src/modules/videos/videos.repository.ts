import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { aliasedKind, inScope, inScopeSql, ownedKind, type Scope } from '../../kit/access';
import { intArray, nameContains } from '../../kit/sql';
import { users } from '../../db/schema/identity';
import { contentRequests } from '../../db/schema/publisher-content';
import { videoSeries as series, videos, videoUploads as uploads } from '../../db/schema/videos';

/** The library's records as access kinds (kit/access.ts). */
export const seriesKind = ownedKind({ what: 'The series', table: series, id: series.id, owner: series.accountId });
export const videoKind = ownedKind({ what: 'The video', table: videos, id: videos.id, owner: videos.accountId, deletedAt: videos.deletedAt });
/** A chunked upload is its user's own (a user never changes account). */
const uploadKind = ownedKind({ what: 'The upload', table: uploads, id: uploads.id, owner: uploads.accountId, parties: { user: uploads.userId } });
/** Videos as the hand-written statements below name them. */
const videoAsV = aliasedKind(videoKind, 'v');

export type SeriesRow = typeof series.$inferSelect;
export type VideoRow = typeof videos.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;

// Qualified by hand: inside a select drizzle may render the outer column unqualified, which the subquery would capture.
const liveCount = sql<number>`(select count(*)::int from ${videos} v where v.series_id = "video_series"."id" and v.deleted_at is null)`;
/** The series' pending content request (publisher content), if any. */
const pendingRequest = sql<number | null>`(select cr.id from ${contentRequests} cr where cr.series_id = "video_series"."id" and cr.status = 'pending')`;

// ---- Series ------------------------------------------------------------------------------

export type SeriesWithCount = SeriesRow & { videoCount: number; pendingContentRequestId?: number | null };

export const listSeries = async (db: DbOrTx, scope: Scope): Promise<SeriesWithCount[]> => {
  const rows = await db
    .select({ s: series, videoCount: liveCount, pending: pendingRequest })
    .from(series)
    .where(inScope(seriesKind, scope))
    .orderBy(sql`lower(${series.name})`, asc(series.id));
  return rows.map((r) => ({ ...r.s, videoCount: Number(r.videoCount), pendingContentRequestId: r.pending === null ? null : Number(r.pending) }));
};

export const findSeries = async (db: DbOrTx, id: number, scope: Scope): Promise<SeriesWithCount | undefined> => {
  const [row] = await db
    .select({ s: series, videoCount: liveCount, pending: pendingRequest })
    .from(series)
    .where(and(eq(series.id, id), inScope(seriesKind, scope)));
  return row && { ...row.s, videoCount: Number(row.videoCount), pendingContentRequestId: row.pending === null ? null : Number(row.pending) };
};

export const seriesNameTaken = async (db: DbOrTx, scope: Scope, name: string, exceptId?: number) => {
  const [row] = await db
    .select({ id: series.id })
    .from(series)
    .where(and(inScope(seriesKind, scope), sql`lower(${series.name}) = lower(${name})`, exceptId ? ne(series.id, exceptId) : undefined));
  return row !== undefined;
};

export const insertSeries = async (db: DbOrTx, values: typeof series.$inferInsert) => {
  const [row] = await db.insert(series).values(values).returning();
  return row!;
};

/** Renames at the given version; undefined when the version is stale. */
export const renameSeries = async (db: DbOrTx, scope: Scope, id: number, version: number, name: string, at: Date) => {
  const [row] = await db
    .update(series)
    .set({ name, updatedAt: at, version: sql`${series.version} + 1` })
    .where(and(eq(series.id, id), inScope(seriesKind, scope), eq(series.version, version)))
    .returning();
  return row;
};

/** Removes a series: its live videos leave it (outside any series); the bin's lose it through the foreign key. */
export const deleteSeries = async (db: DbOrTx, scope: Scope, id: number, at: Date) => {
  const moved = await db
    .update(videos)
    .set({ seriesId: null, position: null, updatedAt: at, version: sql`${videos.version} + 1` })
    .where(and(inScope(videoKind, scope), eq(videos.seriesId, id), isNull(videos.deletedAt)))
    .returning({ id: videos.id });
  const removed = await db
    .delete(series)
    .where(and(eq(series.id, id), inScope(seriesKind, scope)))
    .returning({ id: series.id });
  return removed.length ? moved.length : undefined;
};

export const liveVideoIdsInSeries = async (db: DbOrTx, scope: Scope, seriesId: number) => {
  const rows = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(inScope(videoKind, scope), eq(videos.seriesId, seriesId), isNull(videos.deletedAt)));
  return rows.map((r) => r.id);
};

/** Positions 1…n in the order given (the ids are the series' live videos, checked by the caller). */
export const setPositions = async (db: DbOrTx, scope: Scope, seriesId: number, ids: number[], at: Date) => {
  await db.execute(sql`
    update ${videos} v set position = o.ord::int, updated_at = ${at.toISOString()}::timestamptz
    from unnest(${intArray(ids)}) with ordinality as o(id, ord)
    where v.id = o.id and ${inScopeSql(videoAsV, scope)} and v.series_id = ${seriesId} and v.deleted_at is null`);
};

/** The position after the last one in a series (live videos and the bin's: a restore may come back). */
export const nextPosition = async (db: DbOrTx, seriesId: number) => {
  const [row] = await db
    .select({ max: sql<number | null>`max(${videos.position})` })
    .from(videos)
    .where(eq(videos.seriesId, seriesId));
  return Number(row?.max ?? 0) + 1;
};

// ---- Videos ------------------------------------------------------------------------------

export const findVideo = async (db: DbOrTx, id: number, scope: Scope, live = true) => {
  const [row] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.id, id), inScope(videoKind, scope), live ? isNull(videos.deletedAt) : undefined));
  return row;
};

/** The video with its series' name and uploader (the detail view). */
export const findVideoDetail = async (db: DbOrTx, id: number, scope: Scope) => {
  const [row] = await db
    .select({ v: videos, seriesName: series.name, uploaderName: users.name })
    .from(videos)
    .leftJoin(series, eq(series.id, videos.seriesId))
    .leftJoin(users, eq(users.id, videos.createdBy))
    .where(and(eq(videos.id, id), inScope(videoKind, scope), isNull(videos.deletedAt)));
  return row;
};

export const findVideoBySha = async (db: DbOrTx, scope: Scope, sha256: string) => {
  const [row] = await db
    .select()
    .from(videos)
    .where(and(inScope(videoKind, scope), eq(videos.sha256, sha256)));
  return row;
};

/** Undefined when the same bytes are already in the account (the unique index decides races). */
export const insertVideo = async (db: DbOrTx, values: typeof videos.$inferInsert) => {
  const [row] = await db.insert(videos).values(values).onConflictDoNothing().returning();
  return row;
};

export interface VideoQuery {
  scope: Scope;
  search?: string;
  seriesId?: number;
  none?: boolean;
  format?: string;
  reviewStatus?: string;
  sort: 'position' | 'name' | 'createdAt' | 'bytes' | 'duration';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export const listVideos = async (db: DbOrTx, q: VideoQuery) => {
  const where = and(
    isNull(videos.deletedAt),
    inScope(videoKind, q.scope),
    nameContains(videos.name, q.search),
    q.seriesId !== undefined ? eq(videos.seriesId, q.seriesId) : q.none ? isNull(videos.seriesId) : undefined,
    q.format ? eq(videos.format, q.format) : undefined,
    q.reviewStatus ? eq(videos.reviewStatus, q.reviewStatus) : undefined,
  );
  const dir = q.order === 'asc' ? asc : desc;
  const order: SQL[] =
    q.sort === 'position'
      ? [sql`${videos.position} ${sql.raw(q.order)} nulls last`, dir(videos.id)]
      : [
          dir(
            q.sort === 'name'
              ? sql`lower(${videos.name})`
              : q.sort === 'bytes'
                ? videos.bytes
                : q.sort === 'duration'
                  ? videos.durationMs
                  : videos.createdAt,
          ),
          dir(videos.id),
        ];
  const [items, [count]] = await Promise.all([
    db.select().from(videos).where(where).orderBy(...order).limit(q.limit).offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(videos).where(where),
  ]);
  return { items, total: Number(count?.n ?? 0) };
};

/** Updates a live video at the given version; undefined when the version is stale. */
export const updateVideo = async (
  db: DbOrTx,
  scope: Scope,
  id: number,
  version: number,
  set: Partial<Pick<VideoRow, 'name' | 'posterKey'>> & { updatedAt: Date },
) => {
  const [row] = await db
    .update(videos)
    .set({ ...set, version: sql`${videos.version} + 1` })
    .where(and(eq(videos.id, id), inScope(videoKind, scope), eq(videos.version, version), isNull(videos.deletedAt)))
    .returning();
  return row;
};

/**
 * Puts live videos at the end of a series in the order given (those already in it stay where they
 * are), or outside any series.
 */
export const setSeries = async (db: DbOrTx, scope: Scope, ids: number[], seriesId: number | null, at: Date) => {
  if (seriesId === null) {
    const rows = await db
      .update(videos)
      .set({ seriesId: null, position: null, updatedAt: at, version: sql`${videos.version} + 1` })
      .where(and(inScope(videoKind, scope), inArray(videos.id, ids), isNull(videos.deletedAt), isNotNull(videos.seriesId)))
      .returning({ id: videos.id });
    return rows.length;
  }
  const base = (await nextPosition(db, seriesId)) - 1;
  const result = await db.execute(sql`
    with moving as (
      select o.id, row_number() over (order by o.ord)::int as n
      from unnest(${intArray(ids)}) with ordinality as o(id, ord)
      join ${videos} v on v.id = o.id
      where ${inScopeSql(videoAsV, scope)} and v.deleted_at is null and v.series_id is distinct from ${seriesId}::int
    )
    update ${videos} v set series_id = ${seriesId}::int, position = ${base}::int + moving.n, updated_at = ${at.toISOString()}::timestamptz, version = v.version + 1
    from moving where v.id = moving.id
    returning v.id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
};

export interface Deletion {
  at: Date;
  by: number;
}

/** To the recycle bin: series and position stay, as the original place. */
export const markVideosDeleted = async (db: DbOrTx, scope: Scope, ids: number[], d: Deletion) => {
  const rows = await db
    .update(videos)
    .set({ deletedAt: d.at, deletedBy: d.by, updatedAt: d.at, version: sql`${videos.version} + 1` })
    .where(and(inScope(videoKind, scope), inArray(videos.id, ids), isNull(videos.deletedAt)))
    .returning({ id: videos.id });
  return rows.length;
};

/** Of these storage keys, those some video (any account, the bin included) still uses as file or poster. */
export const keysInUse = async (db: DbOrTx, keys: string[]) => {
  if (!keys.length) return new Set<string>();
  const rows = await db
    .select({ storageKey: videos.storageKey, posterKey: videos.posterKey })
    .from(videos)
    .where(or(inArray(videos.storageKey, keys), inArray(videos.posterKey, keys)));
  const wanted = new Set(keys);
  return new Set(rows.flatMap((r) => [r.storageKey, r.posterKey]).filter((k): k is string => k !== null && wanted.has(k)));
};

// ---- Uploads -----------------------------------------------------------------------------

export const insertUpload = async (db: DbOrTx, values: typeof uploads.$inferInsert) => {
  const [row] = await db.insert(uploads).values(values).returning();
  return row!;
};

/** The caller's own upload (another user's, of its account or another, is not found). */
export const findUpload = async (db: DbOrTx, id: string, scope: Scope) => {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), inScope(uploadKind, scope)));
  return row;
};

/** Moves `received` on from `from` only (two racing chunks: one wins); undefined when it moved meanwhile. */
export const advanceUpload = async (db: DbOrTx, id: string, from: number, to: number) => {
  const [row] = await db
    .update(uploads)
    .set({ received: to })
    .where(and(eq(uploads.id, id), eq(uploads.received, from)))
    .returning();
  return row;
};

/** Removes the upload and answers how far it had got (its chunks go next), or undefined when it was gone. */
export const deleteUpload = async (db: DbOrTx, id: string) => {
  const [row] = await db.delete(uploads).where(eq(uploads.id, id)).returning({ received: uploads.received });
  return row;
};

/** Removes expired uploads and answers their ids and how far each had got (their chunks go next). */
export const deleteExpiredUploads = (db: DbOrTx, at: Date) =>
  db.delete(uploads).where(lt(uploads.expiresAt, at)).returning({ id: uploads.id, received: uploads.received });


// ---- Recycle bin -------------------------------------------------------------------------
// The bin's rows and actions; the recycle bin (modules/assets) reaches them through the videos service.

export interface BinVideoRow {
  id: number;
  name: string;
  deletedAt: Date;
  deletedById: number | null;
  deletedByName: string | null;
  /** The series it was in, when that series still exists. */
  seriesId: number | null;
  seriesName: string | null;
  bytes: number;
  posterKey: string | null;
}

/** The account's deleted videos, most recently deleted first (all of them when no page is given). */
export const listDeletedVideos = async (
  db: DbOrTx,
  scope: Scope,
  page?: { limit: number; offset: number },
): Promise<{ items: BinVideoRow[]; total: number }> => {
  const where = and(inScope(videoKind, scope), isNotNull(videos.deletedAt));
  const query = db
    .select({
      id: videos.id,
      name: videos.name,
      deletedAt: videos.deletedAt,
      deletedById: videos.deletedBy,
      deletedByName: users.name,
      seriesId: videos.seriesId,
      seriesName: series.name,
      bytes: videos.bytes,
      posterKey: videos.posterKey,
    })
    .from(videos)
    .leftJoin(users, eq(users.id, videos.deletedBy))
    .leftJoin(series, eq(series.id, videos.seriesId))
    .where(where)
    .orderBy(desc(videos.deletedAt), desc(videos.id));
  const [rows, [count]] = await Promise.all([
    page ? query.limit(page.limit).offset(page.offset) : query,
    db.select({ n: sql<number>`count(*)::int` }).from(videos).where(where),
  ]);
  return { items: rows.map((r) => ({ ...r, deletedAt: r.deletedAt! })), total: Number(count?.n ?? 0) };
};

export const findBinVideo = async (db: DbOrTx, id: number, scope: Scope) => {
  const [row] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.id, id), inScope(videoKind, scope), isNotNull(videos.deletedAt)));
  return row;
};

/** Live video names in a series or outside any (for the restore suffix). */
export const liveVideoNamesIn = async (db: DbOrTx, scope: Scope, seriesId: number | null) => {
  const rows = await db
    .select({ name: videos.name })
    .from(videos)
    .where(
      and(
        inScope(videoKind, scope),
        seriesId === null ? isNull(videos.seriesId) : eq(videos.seriesId, seriesId),
        isNull(videos.deletedAt),
      ),
    );
  return rows.map((r) => r.name);
};

export const restoreVideo = async (
  db: DbOrTx,
  id: number,
  set: { name: string; seriesId: number | null; position: number | null; at: Date },
) => {
  const [row] = await db
    .update(videos)
    .set({
      name: set.name,
      seriesId: set.seriesId,
      position: set.position,
      deletedAt: null,
      deletedBy: null,
      updatedAt: set.at,
      version: sql`${videos.version} + 1`,
    })
    .where(and(eq(videos.id, id), isNotNull(videos.deletedAt)))
    .returning();
  return row;
};

export interface PurgedVideo {
  id: number;
  sha256: string;
  storageKey: string;
  posterKey: string | null;
}

/** Every account's bin videos deleted before the cutoff (the purge job), for good. */
export const purgeDeletedBefore = (db: DbOrTx, cutoff: Date): Promise<PurgedVideo[]> =>
  db
    .delete(videos)
    .where(and(isNotNull(videos.deletedAt), lte(videos.deletedAt, cutoff)))
    .returning({ id: videos.id, sha256: videos.sha256, storageKey: videos.storageKey, posterKey: videos.posterKey });

/** Deletes the scope's bin videos with these ids for good; answers their files (remove the unused ones after commit). */
export const purgeVideos = async (db: DbOrTx, scope: Scope, ids: number[]): Promise<PurgedVideo[]> => {
  if (!ids.length) return [];
  return db
    .delete(videos)
    .where(and(inScope(videoKind, scope), isNotNull(videos.deletedAt), inArray(videos.id, ids)))
    .returning({ id: videos.id, sha256: videos.sha256, storageKey: videos.storageKey, posterKey: videos.posterKey });
};

export const binVideoIds = async (db: DbOrTx, scope: Scope) =>
  (
    await db
      .select({ id: videos.id })
      .from(videos)
      .where(and(inScope(videoKind, scope), isNotNull(videos.deletedAt)))
  ).map((r) => r.id);
