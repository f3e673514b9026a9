import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { assetFolders as folders, imageReplacements, imageReviews, images } from '../../db/schema/assets';
import { users } from '../../db/schema/identity';
import { inScope, ownedKind, type Scope } from '../../kit/access';
import { nameContains } from '../../kit/sql';
import type { Deletion } from './folders.repository';

/** The library's images as an access kind (kit/access.ts): owner column, bin column. */
export const imageKind = ownedKind({ what: 'The image', table: images, id: images.id, owner: images.accountId, deletedAt: images.deletedAt });
/** An image's review decisions keep the image's account (the rejected list reads them by it). */
const reviewKind = ownedKind({ what: 'The review', table: imageReviews, id: imageReviews.id, owner: imageReviews.accountId });

export type ImageRow = typeof images.$inferSelect;
export type NewImage = typeof images.$inferInsert;

export const findImage = async (db: DbOrTx, id: number, scope: Scope, live = true) => {
  const [row] = await db
    .select()
    .from(images)
    .where(and(eq(images.id, id), inScope(imageKind, scope), live ? isNull(images.deletedAt) : undefined));
  return row;
};

export const findImageBySha = async (db: DbOrTx, scope: Scope, sha256: string) => {
  const [row] = await db
    .select()
    .from(images)
    .where(and(inScope(imageKind, scope), eq(images.sha256, sha256)));
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

export const findLiveImages = (db: DbOrTx, scope: Scope, ids: number[]) =>
  db
    .select()
    .from(images)
    .where(and(inScope(imageKind, scope), inArray(images.id, ids), isNull(images.deletedAt)));

export const updateImage = async (
  db: DbOrTx,
  scope: Scope,
  id: number,
  version: number,
  set: Partial<Pick<ImageRow, 'name' | 'folderId'>> & { updatedAt: Date },
) => {
  const [row] = await db
    .update(images)
    .set({ ...set, version: sql`${images.version} + 1` })
    .where(and(eq(images.id, id), inScope(imageKind, scope), eq(images.version, version), isNull(images.deletedAt)))
    .returning();
  return row;
};

export const moveImages = async (db: DbOrTx, scope: Scope, ids: number[], folderId: number | null, at: Date) => {
  const rows = await db
    .update(images)
    .set({ folderId, updatedAt: at, version: sql`${images.version} + 1` })
    .where(and(inScope(imageKind, scope), inArray(images.id, ids), isNull(images.deletedAt)))
    .returning({ id: images.id });
  return rows.length;
};

export const markImagesDeleted = async (db: DbOrTx, scope: Scope, ids: number[], d: Deletion) => {
  const rows = await db
    .update(images)
    .set({ deletedAt: d.at, deletedBy: d.by, deletedWithFolderId: null, updatedAt: d.at, version: sql`${images.version} + 1` })
    .where(and(inScope(imageKind, scope), inArray(images.id, ids), isNull(images.deletedAt)))
    .returning({ id: images.id });
  return rows.length;
};

/** Live image names in a folder (for the suffix of uploads and restores, and the rename check). */
export const imageNamesIn = async (db: DbOrTx, scope: Scope, folderId: number | null, exceptIds: number[] = []) => {
  const rows = await db
    .select({ name: images.name })
    .from(images)
    .where(
      and(
        inScope(imageKind, scope),
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
  scope: Scope,
  previous: ImageRow,
  version: number,
  set: Pick<ImageRow, 'name' | 'sha256' | 'bytes' | 'format' | 'mime' | 'width' | 'height' | 'storageKey' | 'thumbnailKey' | 'createdBy'> & { at: Date },
) => {
  const { at, ...file } = set;
  const [row] = await db
    .update(images)
    .set({ ...file, createdAt: at, updatedAt: at, reviewStatus: 'unreviewed', version: sql`${images.version} + 1` })
    .where(and(eq(images.id, previous.id), inScope(imageKind, scope), eq(images.version, version), isNull(images.deletedAt)))
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

/** The live images of these folders go to the bin with the folder `withFolderId` (as part of that item). */
export const markImagesInFoldersDeleted = async (db: DbOrTx, folderIds: number[], d: Deletion, withFolderId: number) => {
  if (!folderIds.length) return 0;
  const rows = await db
    .update(images)
    .set({ deletedAt: d.at, deletedBy: d.by, deletedWithFolderId: withFolderId, updatedAt: d.at })
    .where(and(inArray(images.folderId, folderIds), isNull(images.deletedAt)))
    .returning({ id: images.id });
  return rows.length;
};

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

/**
 * The standing rejection of each of `imageIds` whose status is rejected: its latest rejection not
 * resolved by a replacement, with the campaign it was decided in.
 */
export const standingRejections = (db: DbOrTx, imageIds: number[]) =>
  imageIds.length === 0
    ? Promise.resolve([])
    : db
        .selectDistinctOn([imageReviews.imageId], {
          imageId: imageReviews.imageId,
          reason: imageReviews.reason,
          at: imageReviews.createdAt,
          campaignId: imageReviews.campaignId,
          campaignName: imageReviews.campaignName,
        })
        .from(imageReviews)
        .innerJoin(images, eq(images.id, imageReviews.imageId))
        .where(and(inArray(imageReviews.imageId, imageIds), eq(images.reviewStatus, 'rejected'), sql`${imageReviews.decision} = 'rejected'`, isNull(imageReviews.resolvedAt)))
        .orderBy(imageReviews.imageId, desc(imageReviews.createdAt), desc(imageReviews.id));

/** The account's live rejected images, each with its latest unresolved rejection, newest first. */
export const listRejected = async (db: DbOrTx, scope: Scope, search: string | undefined, limit: number, offset: number) => {
  const latest = db
    .selectDistinctOn([imageReviews.imageId], { reviewId: imageReviews.id, imageId: imageReviews.imageId })
    .from(imageReviews)
    .where(and(inScope(reviewKind, scope), sql`${imageReviews.decision} = 'rejected'`, isNull(imageReviews.resolvedAt)))
    .orderBy(imageReviews.imageId, desc(imageReviews.createdAt), desc(imageReviews.id))
    .as('latest');
  const where = and(
    inScope(imageKind, scope),
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

/** Of these content hashes, those some image (any account) still uses. */
export const shasInUse = async (db: DbOrTx, shas: string[]) => {
  if (!shas.length) return new Set<string>();
  const rows = await db.selectDistinct({ sha256: images.sha256 }).from(images).where(inArray(images.sha256, shas));
  return new Set(rows.map((r) => r.sha256));
};
