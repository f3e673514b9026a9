import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { assetFolders as folders, images } from '../../db/schema/assets';
import { accounts, users } from '../../db/schema/identity';
import { videos, videoSeries } from '../../db/schema/videos';
import { aliasedKind, inScope, inScopeSql, type Scope } from '../../kit/access';
import { intArray, rowsOf } from '../../kit/sql';
import { videoKind } from '../videos/videos.service';
import { folderKind } from './folders.repository';
import { imageKind } from './images.repository';

// The recycle bin of the library: its rows (images and folders deleted on their own, what went
// with a folder following it), restoring them, and purging them for good.

/** The kinds as the bin's hand-written SQL names them. */
const imageAsI = aliasedKind(imageKind, 'i');
const folderAsF = aliasedKind(folderKind, 'f');
const videoAsV = aliasedKind(videoKind, 'v');

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
  scope: Scope,
  kinds: string[],
  limit: number,
  offset: number,
): Promise<{ items: BinRow[]; total: number }> => {
  const result = await db.execute(sql`
    with bin as (
      select 'image' as kind, i.id, i.name, i.deleted_at, i.deleted_by, i.folder_id as original_folder_id,
             i.bytes, null::int as contains_folders, null::int as contains_images
      from ${images} i
      where ${inScopeSql(imageAsI, scope)} and i.deleted_at is not null and i.deleted_with_folder_id is null
      union all
      select 'folder', f.id, f.name, f.deleted_at, f.deleted_by, f.parent_id, null::int,
             (select count(*)::int from ${folders} c where c.deleted_with_folder_id = f.id),
             (select count(*)::int from ${images} c where c.deleted_with_folder_id = f.id)
      from ${folders} f
      where ${inScopeSql(folderAsF, scope)} and f.deleted_at is not null and f.deleted_with_folder_id is null
      union all
      select 'video', v.id, v.name, v.deleted_at, v.deleted_by, v.series_id, v.bytes, null::int, null::int
      from ${videos} v
      where ${inScopeSql(videoAsV, scope)} and v.deleted_at is not null
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
  if (!rows.length && offset > 0) total = (await listBin(db, scope, kinds, 1, 0)).total;
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
export const folderChains = async (db: DbOrTx, scope: Scope, ids: number[]): Promise<Map<number, ChainFolder[]>> => {
  const chains = new Map<number, ChainFolder[]>();
  if (!ids.length) return chains;
  const result = await db.execute(sql`
    with recursive chain(start_id, id, depth) as (
      select f.id, f.id, 0 from ${folders} f where ${inScopeSql(folderAsF, scope)} and f.id = any(${intArray(ids)})
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
export const findBinFolder = async (db: DbOrTx, id: number, scope: Scope) => {
  const [row] = await db
    .select()
    .from(folders)
    .where(and(eq(folders.id, id), inScope(folderKind, scope), isNotNull(folders.deletedAt), isNull(folders.deletedWithFolderId)));
  return row;
};
export const findBinImage = async (db: DbOrTx, id: number, scope: Scope) => {
  const [row] = await db
    .select()
    .from(images)
    .where(and(eq(images.id, id), inScope(imageKind, scope), isNotNull(images.deletedAt), isNull(images.deletedWithFolderId)));
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
export const purge = async (db: DbOrTx, scope: Scope, folderIds: number[], imageIds: number[]) => {
  const removedImages = await db
    .delete(images)
    .where(
      and(
        inScope(imageKind, scope),
        isNotNull(images.deletedAt),
        sql`(${images.id} = any(${intArray(imageIds)}) or ${images.deletedWithFolderId} = any(${intArray(folderIds)}))`,
      ),
    )
    .returning({ sha256: images.sha256, storageKey: images.storageKey, thumbnailKey: images.thumbnailKey });
  const removedFolders = await db
    .delete(folders)
    .where(
      and(
        inScope(folderKind, scope),
        isNotNull(folders.deletedAt),
        sql`(${folders.id} = any(${intArray(folderIds)}) or ${folders.deletedWithFolderId} = any(${intArray(folderIds)}))`,
      ),
    )
    .returning({ id: folders.id });
  return { images: removedImages, folders: removedFolders.length };
};

export const binRootIds = async (db: DbOrTx, scope: Scope) => {
  const [f, i] = await Promise.all([
    db
      .select({ id: folders.id })
      .from(folders)
      .where(and(inScope(folderKind, scope), isNotNull(folders.deletedAt), isNull(folders.deletedWithFolderId))),
    db
      .select({ id: images.id })
      .from(images)
      .where(and(inScope(imageKind, scope), isNotNull(images.deletedAt), isNull(images.deletedWithFolderId))),
  ]);
  return { folderIds: f.map((r) => r.id), imageIds: i.map((r) => r.id) };
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
