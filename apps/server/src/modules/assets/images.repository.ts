import { and, asc, desc, eq, getTableColumns, gte, inArray, isNotNull, isNull, lte, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inScope, ownedKind, type Scope } from '../../kit/access';
import { intArray, nameContains, rowsOf } from '../../kit/sql';
import { assetFolders as folders, imageReplacements, imageReviews, images } from '../../db/schema/assets';
import { videos, videoSeries } from '../../db/schema/videos';
import { accounts, users } from '../../db/schema/identity';

/** The library's records as access kinds (kit/access.ts): owner column, bin column. */
export const folderKind = ownedKind({ what: 'The folder', table: folders, id: folders.id, owner: folders.accountId, deletedAt: folders.deletedAt });
export const imageKind = ownedKind({ what: 'The image', table: images, id: images.id, owner: images.accountId, deletedAt: images.deletedAt });

export type FolderRow = typeof folders.$inferSelect;
export type ImageRow = typeof images.$inferSelect;
export type NewImage = typeof images.$inferInsert;


// ---- Folders -----------------------------------------------------------------------------

export const findFolder = async (db: DbOrTx, accountId: number, id: number, live = true) => {
  const [row] = await db
    .select()
    .from(folders)
    .where(and(eq(folders.id, id), eq(folders.accountId, accountId), live ? isNull(folders.deletedAt) : undefined));
  return row;
};

export const listLiveFolders = (db: DbOrTx, accountId: number) =>
  db
    .select()
    .from(folders)
    .where(and(eq(folders.accountId, accountId), isNull(folders.deletedAt)))
    .orderBy(sql`lower(${folders.name})`, asc(folders.id));

/** The live sibling names under a parent that start like `name` (case-insensitive). */
export const siblingFolderNames = async (db: DbOrTx, accountId: number, parentId: number | null, exceptId?: number) => {
  const rows = await db
    .select({ name: folders.name })
    .from(folders)
    .where(
      and(
        eq(folders.accountId, accountId),
        parentId === null ? isNull(folders.parentId) : eq(folders.parentId, parentId),
        isNull(folders.deletedAt),
        exceptId === undefined ? undefined : ne(folders.id, exceptId),
      ),
    );
  return rows.map((r) => r.name);
};

export const insertFolder = async (db: DbOrTx, values: typeof folders.$inferInsert) => {
  const [row] = await db.insert(folders).values(values).returning();
  return row!;
};

/** Updates a live folder at the given version; undefined when the version is stale. */
export const updateFolder = async (
  db: DbOrTx,
  accountId: number,
  id: number,
  version: number,
  set: Partial<Pick<FolderRow, 'name' | 'parentId'>> & { updatedAt: Date },
) => {
  const [row] = await db
    .update(folders)
    .set({ ...set, version: sql`${folders.version} + 1` })
    .where(and(eq(folders.id, id), eq(folders.accountId, accountId), eq(folders.version, version), isNull(folders.deletedAt)))
    .returning();
  return row;
};

/** The folder and its ancestors' ids, walking up from `id`. */
export const ancestorIds = async (db: DbOrTx, id: number): Promise<number[]> => {
  const result = await db.execute(sql`
    with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from ${folders} where id = ${id}
      union all
      select f.id, f.parent_id, up.depth + 1 from ${folders} f join up on f.id = up.parent_id where up.depth < 1000
    )
    select id from up`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
};

/** The live descendants' ids of a folder (not the folder itself). */
export const liveDescendantIds = async (db: DbOrTx, accountId: number, id: number): Promise<number[]> => {
  const result = await db.execute(sql`
    with recursive down(id, depth) as (
      select id, 0 from ${folders}
      where parent_id = ${id} and account_id = ${accountId} and deleted_at is null
      union all
      select f.id, down.depth + 1 from ${folders} f join down on f.parent_id = down.id
      where f.deleted_at is null and down.depth < 1000
    )
    select id from down`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
};

export interface Deletion {
  at: Date;
  by: number;
}

export const markFoldersDeleted = async (db: DbOrTx, ids: number[], d: Deletion, withFolderId: number | null) => {
  if (!ids.length) return 0;
  const rows = await db
    .update(folders)
    .set({ deletedAt: d.at, deletedBy: d.by, deletedWithFolderId: withFolderId, updatedAt: d.at })
    .where(and(inArray(folders.id, ids), isNull(folders.deletedAt)))
    .returning({ id: folders.id });
  return rows.length;
};

export const markImagesInFoldersDeleted = async (db: DbOrTx, folderIds: number[], d: Deletion, withFolderId: number) => {
  if (!folderIds.length) return 0;
  const rows = await db
    .update(images)
    .set({ deletedAt: d.at, deletedBy: d.by, deletedWithFolderId: withFolderId, updatedAt: d.at })
    .where(and(inArray(images.folderId, folderIds), isNull(images.deletedAt)))
    .returning({ id: images.id });
  return rows.length;
};

// ---- Images ------------------------------------------------------------------------------

export const findImage = async (db: DbOrTx, id: number, scope: Scope, live = true) => {
  const [row] = await db
    .select()
    .from(images)
    .where(and(eq(images.id, id), inScope(imageKind, scope), live ? isNull(images.deletedAt) : undefined));
  return row;
};

export const findImageBySha = async (db: DbOrTx, accountId: number, sha256: string) => {
  const [row] = await db
    .select()
    .from(images)
    .where(and(eq(images.accountId, accountId), eq(images.sha256, sha256)));
  return row;
};

/** Undefined when the same bytes are already in the account; a name clash throws (unique violation). */
export const insertImage = async (db: DbOrTx, values: typeof images.$inferInsert) => {
  const [row] = await db.insert(images).values(values).onConflictDoNothing({ target: [images.accountId, images.sha256] }).returning();
  return row;
};

export interface ImageQuery {
  scope: Scope;
  search?: string;
  folderId?: number;
  root?: boolean;
  format?: string;
  minBytes?: number;
  maxBytes?: number;
  reviewStatus?: string;
  sort: 'name' | 'createdAt' | 'bytes';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export const listImages = async (db: DbOrTx, q: ImageQuery) => {
  const where = and(
    isNull(images.deletedAt),
    inScope(imageKind, q.scope),
    nameContains(images.name, q.search),
    q.folderId !== undefined ? eq(images.folderId, q.folderId) : q.root ? isNull(images.folderId) : undefined,
    q.format ? eq(images.format, q.format) : undefined,
    q.minBytes !== undefined ? gte(images.bytes, q.minBytes) : undefined,
    q.maxBytes !== undefined ? lte(images.bytes, q.maxBytes) : undefined,
    q.reviewStatus ? eq(images.reviewStatus, q.reviewStatus) : undefined,
  );
  const column: SQL | typeof images.bytes =
    q.sort === 'name' ? sql`lower(${images.name})` : q.sort === 'bytes' ? images.bytes : sql`${images.createdAt}`;
  const dir = q.order === 'asc' ? asc : desc;
  // A deferred join: the page's ids first (an index-only scan skips the offset without reading
  // rows), then only those rows.
  const pageIds = db
    .select({ id: images.id })
    .from(images)
    .where(where)
    .orderBy(dir(column), dir(images.id))
    .limit(q.limit)
    .offset(q.offset)
    .as('page_ids');
  const [items, [count]] = await Promise.all([
    db
      .select(getTableColumns(images))
      .from(images)
      .innerJoin(pageIds, eq(images.id, pageIds.id))
      .orderBy(dir(column), dir(images.id)),
    db.select({ n: sql<number>`count(*)::int` }).from(images).where(where),
  ]);
  return { items, total: Number(count?.n ?? 0) };
};

export const findLiveImages = (db: DbOrTx, accountId: number, ids: number[]) =>
  db
    .select()
    .from(images)
    .where(and(eq(images.accountId, accountId), inArray(images.id, ids), isNull(images.deletedAt)));

export const updateImage = async (
  db: DbOrTx,
  accountId: number,
  id: number,
  version: number,
  set: Partial<Pick<ImageRow, 'name' | 'folderId'>> & { updatedAt: Date },
) => {
  const [row] = await db
    .update(images)
    .set({ ...set, version: sql`${images.version} + 1` })
    .where(and(eq(images.id, id), eq(images.accountId, accountId), eq(images.version, version), isNull(images.deletedAt)))
    .returning();
  return row;
};

export const moveImages = async (db: DbOrTx, accountId: number, ids: number[], folderId: number | null, at: Date) => {
  const rows = await db
    .update(images)
    .set({ folderId, updatedAt: at, version: sql`${images.version} + 1` })
    .where(and(eq(images.accountId, accountId), inArray(images.id, ids), isNull(images.deletedAt)))
    .returning({ id: images.id });
  return rows.length;
};

export const markImagesDeleted = async (db: DbOrTx, accountId: number, ids: number[], d: Deletion) => {
  const rows = await db
    .update(images)
    .set({ deletedAt: d.at, deletedBy: d.by, deletedWithFolderId: null, updatedAt: d.at, version: sql`${images.version} + 1` })
    .where(and(eq(images.accountId, accountId), inArray(images.id, ids), isNull(images.deletedAt)))
    .returning({ id: images.id });
  return rows.length;
};

/** Live image names in a folder (for the suffix of uploads and restores, and the rename check). */
export const imageNamesIn = async (db: DbOrTx, accountId: number, folderId: number | null, exceptIds: number[] = []) => {
  const rows = await db
    .select({ name: images.name })
    .from(images)
    .where(
      and(
        eq(images.accountId, accountId),
        folderId === null ? isNull(images.folderId) : eq(images.folderId, folderId),
        isNull(images.deletedAt),
        exceptIds.length ? notInArray(images.id, exceptIds) : undefined,
      ),
    );
  return rows.map((r) => r.name);
};

/** The live folder's name and the uploader's name, for the detail drawer. */
export const imageContext = async (db: DbOrTx, image: ImageRow) => {
  const [folder, uploader] = await Promise.all([
    image.folderId === null
      ? Promise.resolve(undefined)
      : db.select({ name: folders.name }).from(folders).where(and(eq(folders.id, image.folderId), isNull(folders.deletedAt))).then((r) => r[0]),
    image.createdBy === null
      ? Promise.resolve(undefined)
      : db.select({ name: users.name }).from(users).where(eq(users.id, image.createdBy)).then((r) => r[0]),
  ]);
  return { folderName: folder?.name ?? null, uploaderName: uploader?.name ?? null };
};

/**
 * Replaces a live image's file at the given version (undefined when stale): the row takes the new
 * file's name and upload date, and the replaced file's are kept in `image_replacements`.
 */
export const replaceImageFile = async (
  db: DbOrTx,
  previous: ImageRow,
  version: number,
  set: Pick<ImageRow, 'name' | 'sha256' | 'bytes' | 'format' | 'mime' | 'width' | 'height' | 'storageKey' | 'thumbnailKey' | 'createdBy'> & { at: Date },
) => {
  const { at, ...file } = set;
  const [row] = await db
    .update(images)
    .set({ ...file, createdAt: at, updatedAt: at, reviewStatus: 'unreviewed', version: sql`${images.version} + 1` })
    .where(and(eq(images.id, previous.id), eq(images.accountId, previous.accountId), eq(images.version, version), isNull(images.deletedAt)))
    .returning();
  if (!row) return undefined;
  await db.insert(imageReplacements).values({
    imageId: previous.id,
    accountId: previous.accountId,
    previousName: previous.name,
    previousWidth: previous.width,
    previousHeight: previous.height,
    previousBytes: previous.bytes,
    previousUploadedAt: previous.createdAt,
    replacedBy: set.createdBy,
    replacedAt: at,
  });
  return row;
};

export const replacementsOf = (db: DbOrTx, imageId: number) =>
  db
    .select({ ...getTableColumns(imageReplacements), replacedByName: users.name })
    .from(imageReplacements)
    .leftJoin(users, eq(users.id, imageReplacements.replacedBy))
    .where(eq(imageReplacements.imageId, imageId))
    .orderBy(desc(imageReplacements.replacedAt), desc(imageReplacements.id));

// ---- Reviews -----------------------------------------------------------------------------

export type ReviewRow = typeof imageReviews.$inferSelect & { reviewerName: string | null };

const reviewColumns = {
  id: imageReviews.id,
  imageId: imageReviews.imageId,
  accountId: imageReviews.accountId,
  decision: imageReviews.decision,
  reason: imageReviews.reason,
  reviewerId: imageReviews.reviewerId,
  campaignId: imageReviews.campaignId,
  campaignName: imageReviews.campaignName,
  createdAt: imageReviews.createdAt,
  resolvedAt: imageReviews.resolvedAt,
  reviewerName: users.name,
};

export const reviewsOf = (db: DbOrTx, imageId: number): Promise<ReviewRow[]> =>
  db
    .select(reviewColumns)
    .from(imageReviews)
    .leftJoin(users, eq(users.id, imageReviews.reviewerId))
    .where(eq(imageReviews.imageId, imageId))
    .orderBy(desc(imageReviews.createdAt), desc(imageReviews.id));

export const setReviewStatus = (db: DbOrTx, imageId: number, status: string, at: Date) =>
  db
    .update(images)
    .set({ reviewStatus: status, updatedAt: at, version: sql`${images.version} + 1` })
    .where(eq(images.id, imageId));

export const insertReview = async (db: DbOrTx, values: typeof imageReviews.$inferInsert) => {
  const [row] = await db.insert(imageReviews).values(values).returning();
  return row!;
};

export const resolveRejections = (db: DbOrTx, imageId: number, at: Date) =>
  db
    .update(imageReviews)
    .set({ resolvedAt: at })
    .where(and(eq(imageReviews.imageId, imageId), sql`${imageReviews.decision} = 'rejected'`, isNull(imageReviews.resolvedAt)));

/** The account's live rejected images, each with its latest unresolved rejection, newest first. */
export const listRejected = async (db: DbOrTx, accountId: number, search: string | undefined, limit: number, offset: number) => {
  const latest = db
    .selectDistinctOn([imageReviews.imageId], { reviewId: imageReviews.id, imageId: imageReviews.imageId })
    .from(imageReviews)
    .where(and(eq(imageReviews.accountId, accountId), sql`${imageReviews.decision} = 'rejected'`, isNull(imageReviews.resolvedAt)))
    .orderBy(imageReviews.imageId, desc(imageReviews.createdAt), desc(imageReviews.id))
    .as('latest');
  const where = and(
    eq(images.accountId, accountId),
    isNull(images.deletedAt),
    eq(images.reviewStatus, 'rejected'),
    nameContains(images.name, search),
  );
  const base = () =>
    db
      .select({ image: images, review: reviewColumns })
      .from(latest)
      .innerJoin(images, eq(images.id, latest.imageId))
      .innerJoin(imageReviews, eq(imageReviews.id, latest.reviewId))
      .leftJoin(users, eq(users.id, imageReviews.reviewerId))
      .where(where);
  const [rows, [count]] = await Promise.all([
    base().orderBy(desc(imageReviews.createdAt), desc(images.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(latest)
      .innerJoin(images, eq(images.id, latest.imageId))
      .where(where),
  ]);
  return { rows: rows as { image: ImageRow; review: ReviewRow }[], total: Number(count?.n ?? 0) };
};

// ---- Recycle bin -------------------------------------------------------------------------

export interface BinRow {
  kind: 'image' | 'folder' | 'video';
  id: number;
  name: string;
  deletedAt: Date;
  deletedById: number | null;
  deletedByName: string | null;
  originalFolderId: number | null;
  originalFolderName: string | null;
  bytes: number | null;
  containsFolders: number | null;
  containsImages: number | null;
  /** Videos: the poster's key, when it has one (the bin shows it). */
  posterKey: string | null;
}

/**
 * The bin's own rows (items deleted on their own, not with a folder), newest first, one page. Videos
 * are read here too, so the bin pages through one ordered list (the videos module owns their writes).
 */
export const listBin = async (
  db: DbOrTx,
  accountId: number,
  kinds: string[],
  limit: number,
  offset: number,
): Promise<{ items: BinRow[]; total: number }> => {
  const result = await db.execute(sql`
    with bin as (
      select 'image' as kind, i.id, i.name, i.deleted_at, i.deleted_by, i.folder_id as original_folder_id,
             i.bytes, null::int as contains_folders, null::int as contains_images
      from ${images} i
      where i.account_id = ${accountId} and i.deleted_at is not null and i.deleted_with_folder_id is null
      union all
      select 'folder', f.id, f.name, f.deleted_at, f.deleted_by, f.parent_id, null::int,
             (select count(*)::int from ${folders} c where c.deleted_with_folder_id = f.id),
             (select count(*)::int from ${images} c where c.deleted_with_folder_id = f.id)
      from ${folders} f
      where f.account_id = ${accountId} and f.deleted_at is not null and f.deleted_with_folder_id is null
      union all
      select 'video', v.id, v.name, v.deleted_at, v.deleted_by, v.series_id, v.bytes, null::int, null::int
      from ${videos} v
      where v.account_id = ${accountId} and v.deleted_at is not null
    )
    select b.kind, b.id, b.name, b.deleted_at, b.deleted_by, u.name as deleted_by_name, b.original_folder_id,
           coalesce(o.name, s.name) as original_folder_name, b.bytes, b.contains_folders, b.contains_images,
           v.poster_key, count(*) over ()::int as total
    from bin b
    left join ${users} u on u.id = b.deleted_by
    left join ${folders} o on b.kind <> 'video' and o.id = b.original_folder_id
    left join ${videoSeries} s on b.kind = 'video' and s.id = b.original_folder_id
    left join ${videos} v on b.kind = 'video' and v.id = b.id
    where b.kind = any(${`{${kinds.join(',')}}`}::text[])
    order by b.deleted_at desc, b.kind, b.id desc
    limit ${limit} offset ${offset}`);
  const rows = rowsOf<Record<string, unknown>>(result);
  const items: BinRow[] = rows.map((r) => ({
    kind: r.kind as BinRow['kind'],
    posterKey: (r.poster_key as string | null) ?? null,
    id: Number(r.id),
    name: String(r.name),
    deletedAt: new Date(r.deleted_at as string | Date),
    deletedById: r.deleted_by === null ? null : Number(r.deleted_by),
    deletedByName: (r.deleted_by_name as string | null) ?? null,
    originalFolderId: r.original_folder_id === null ? null : Number(r.original_folder_id),
    originalFolderName: (r.original_folder_name as string | null) ?? null,
    bytes: r.bytes === null ? null : Number(r.bytes),
    containsFolders: r.contains_folders === null ? null : Number(r.contains_folders),
    containsImages: r.contains_images === null ? null : Number(r.contains_images),
  }));
  // The window count is absent when the page is past the end: count again then.
  let total = rows.length ? Number(rows[0]!.total) : 0;
  if (!rows.length && offset > 0) total = (await listBin(db, accountId, kinds, 1, 0)).total;
  return { items, total };
};

export interface ChainFolder {
  id: number;
  name: string;
  parentId: number | null;
  deletedAt: Date | null;
  deletedWithFolderId: number | null;
}

/**
 * The folders from each given folder up to the root (nearest first), live or in the bin: where a
 * bin item returns, and what comes back with it. Purged folders are gone (their children's
 * `parent_id` was set null).
 */
export const folderChains = async (db: DbOrTx, accountId: number, ids: number[]): Promise<Map<number, ChainFolder[]>> => {
  const chains = new Map<number, ChainFolder[]>();
  if (!ids.length) return chains;
  const result = await db.execute(sql`
    with recursive chain(start_id, id, depth) as (
      select f.id, f.id, 0 from ${folders} f where f.account_id = ${accountId} and f.id = any(${intArray(ids)})
      union all
      select c.start_id, f.parent_id, c.depth + 1
      from chain c join ${folders} f on f.id = c.id
      where f.parent_id is not null and c.depth < 100
    )
    select c.start_id, f.id, f.name, f.parent_id, f.deleted_at, f.deleted_with_folder_id
    from chain c join ${folders} f on f.id = c.id
    order by c.start_id, c.depth`);
  for (const r of rowsOf<Record<string, unknown>>(result)) {
    const start = Number(r.start_id);
    const list = chains.get(start) ?? [];
    list.push({
      id: Number(r.id),
      name: String(r.name),
      parentId: r.parent_id === null ? null : Number(r.parent_id),
      deletedAt: r.deleted_at === null ? null : new Date(r.deleted_at as string | Date),
      deletedWithFolderId: r.deleted_with_folder_id === null ? null : Number(r.deleted_with_folder_id),
    });
    chains.set(start, list);
  }
  return chains;
};

/** Brings one folder back from the bin, without what was deleted with it. */
export const restoreFolderOnly = (db: DbOrTx, id: number, set: { name: string; parentId: number | null; at: Date }) =>
  db
    .update(folders)
    .set({ name: set.name, parentId: set.parentId, deletedAt: null, deletedBy: null, deletedWithFolderId: null, updatedAt: set.at, version: sql`${folders.version} + 1` })
    .where(eq(folders.id, id));

/**
 * After some folders of a deleted folder X came back on their own, what was deleted with X and is
 * still in the bin must stay visible there: a folder whose parent is live now becomes an item of
 * its own with its subtree, an image in a live folder an item of its own.
 */
export const rehomeBinMembers = async (db: DbOrTx, rootId: number) => {
  const memberFolders = await db
    .select({ id: folders.id, parentId: folders.parentId })
    .from(folders)
    .where(eq(folders.deletedWithFolderId, rootId));
  const parentOf = new Map(memberFolders.map((f) => [f.id, f.parentId]));
  const newRoot = (id: number): number => {
    let at = id;
    for (let parent = parentOf.get(at); parent !== undefined && parent !== null && parentOf.has(parent); parent = parentOf.get(at)) at = parent;
    return at;
  };
  const groups = new Map<number | null, { folders: number[]; images: number[] }>();
  const group = (root: number | null) => groups.get(root) ?? groups.set(root, { folders: [], images: [] }).get(root)!;
  for (const f of memberFolders) {
    const root = newRoot(f.id);
    group(root === f.id ? null : root).folders.push(f.id);
  }
  const memberImages = await db
    .select({ id: images.id, folderId: images.folderId })
    .from(images)
    .where(eq(images.deletedWithFolderId, rootId));
  for (const i of memberImages) group(i.folderId !== null && parentOf.has(i.folderId) ? newRoot(i.folderId) : null).images.push(i.id);
  for (const [root, g] of groups) {
    if (g.folders.length) await db.update(folders).set({ deletedWithFolderId: root }).where(inArray(folders.id, g.folders));
    if (g.images.length) await db.update(images).set({ deletedWithFolderId: root }).where(inArray(images.id, g.images));
  }
};

/** A bin row of the account (deleted on its own). */
export const findBinFolder = async (db: DbOrTx, accountId: number, id: number) => {
  const [row] = await db
    .select()
    .from(folders)
    .where(and(eq(folders.id, id), eq(folders.accountId, accountId), isNotNull(folders.deletedAt), isNull(folders.deletedWithFolderId)));
  return row;
};
export const findBinImage = async (db: DbOrTx, accountId: number, id: number) => {
  const [row] = await db
    .select()
    .from(images)
    .where(and(eq(images.id, id), eq(images.accountId, accountId), isNotNull(images.deletedAt), isNull(images.deletedWithFolderId)));
  return row;
};

export const restoreFolder = async (db: DbOrTx, id: number, set: { name: string; parentId: number | null; at: Date }) => {
  await db
    .update(folders)
    .set({ name: set.name, parentId: set.parentId, deletedAt: null, deletedBy: null, deletedWithFolderId: null, updatedAt: set.at, version: sql`${folders.version} + 1` })
    .where(eq(folders.id, id));
  await db
    .update(folders)
    .set({ deletedAt: null, deletedBy: null, deletedWithFolderId: null, updatedAt: set.at })
    .where(eq(folders.deletedWithFolderId, id));
  await db
    .update(images)
    .set({ deletedAt: null, deletedBy: null, deletedWithFolderId: null, updatedAt: set.at })
    .where(eq(images.deletedWithFolderId, id));
};

export const restoreImage = (db: DbOrTx, id: number, set: { name: string; folderId: number | null; at: Date }) =>
  db
    .update(images)
    .set({ name: set.name, folderId: set.folderId, deletedAt: null, deletedBy: null, deletedWithFolderId: null, updatedAt: set.at, version: sql`${images.version} + 1` })
    .where(eq(images.id, id));

/** Deletes bin rows for good (folders with what was deleted with them); answers the removed images' files. */
export const purge = async (db: DbOrTx, accountId: number, folderIds: number[], imageIds: number[]) => {
  const removedImages = await db
    .delete(images)
    .where(
      and(
        eq(images.accountId, accountId),
        isNotNull(images.deletedAt),
        sql`(${images.id} = any(${intArray(imageIds)}) or ${images.deletedWithFolderId} = any(${intArray(folderIds)}))`,
      ),
    )
    .returning({ sha256: images.sha256, storageKey: images.storageKey, thumbnailKey: images.thumbnailKey });
  const removedFolders = await db
    .delete(folders)
    .where(
      and(
        eq(folders.accountId, accountId),
        isNotNull(folders.deletedAt),
        sql`(${folders.id} = any(${intArray(folderIds)}) or ${folders.deletedWithFolderId} = any(${intArray(folderIds)}))`,
      ),
    )
    .returning({ id: folders.id });
  return { images: removedImages, folders: removedFolders.length };
};

export const binRootIds = async (db: DbOrTx, accountId: number) => {
  const [f, i] = await Promise.all([
    db
      .select({ id: folders.id })
      .from(folders)
      .where(and(eq(folders.accountId, accountId), isNotNull(folders.deletedAt), isNull(folders.deletedWithFolderId))),
    db
      .select({ id: images.id })
      .from(images)
      .where(and(eq(images.accountId, accountId), isNotNull(images.deletedAt), isNull(images.deletedWithFolderId))),
  ]);
  return { folderIds: f.map((r) => r.id), imageIds: i.map((r) => r.id) };
};

/** Of these content hashes, those some image (any account) still uses. */
export const shasInUse = async (db: DbOrTx, shas: string[]) => {
  if (!shas.length) return new Set<string>();
  const rows = await db.selectDistinct({ sha256: images.sha256 }).from(images).where(inArray(images.sha256, shas));
  return new Set(rows.map((r) => r.sha256));
};

// ---- Purge -------------------------------------------------------------------------------

/** Deletes every bin row (of every account) deleted before the cutoff; answers the removed images' files. */
export const purgeDeletedBefore = async (tx: DbOrTx, cutoff: Date) => {
  const removedImages = await tx
    .delete(images)
    .where(and(isNotNull(images.deletedAt), lte(images.deletedAt, cutoff)))
    .returning({ sha256: images.sha256, storageKey: images.storageKey, thumbnailKey: images.thumbnailKey });
  const removedFolders = await tx
    .delete(folders)
    .where(and(isNotNull(folders.deletedAt), lte(folders.deletedAt, cutoff)))
    .returning({ id: folders.id });
  return { images: removedImages, folders: removedFolders.length };
};

/** Accounts whose oldest bin item was deleted before `before`: that time and how many items are that old. */
export const oldestBinItems = async (db: DbOrTx, before: Date) => {
  const result = await db.execute(sql`
    with bin as (
      select account_id, deleted_at from ${images} where deleted_at is not null and deleted_with_folder_id is null
      union all
      select account_id, deleted_at from ${folders} where deleted_at is not null and deleted_with_folder_id is null
      union all
      select account_id, deleted_at from ${videos} where deleted_at is not null
    )
    select bin.account_id, a.kind as account_kind, min(bin.deleted_at) as oldest, count(*)::int as items
    from bin join ${accounts} a on a.id = bin.account_id
    where bin.deleted_at <= ${before.toISOString()}::timestamptz
    group by bin.account_id, a.kind`);
  return rowsOf<{ account_id: number; account_kind: string; oldest: string | Date; items: number }>(result).map((r) => ({
    accountId: Number(r.account_id),
    accountKind: r.account_kind,
    oldest: new Date(r.oldest),
    items: Number(r.items),
  }));
};
