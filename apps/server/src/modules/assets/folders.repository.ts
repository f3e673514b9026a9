import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { assetFolders as folders } from '../../db/schema/assets';
import { inScope, inScopeSql, ownedKind, type Scope } from '../../kit/access';
import { rowsOf } from '../../kit/sql';

/** The library's folders as an access kind (kit/access.ts): owner column, bin column. */
export const folderKind = ownedKind({ what: 'The folder', table: folders, id: folders.id, owner: folders.accountId, deletedAt: folders.deletedAt });

export type FolderRow = typeof folders.$inferSelect;

/** Who moved records to the recycle bin, and when. */
export interface Deletion {
  at: Date;
  by: number;
}

export const findFolder = async (db: DbOrTx, id: number, scope: Scope, live = true) => {
  const [row] = await db
    .select()
    .from(folders)
    .where(and(eq(folders.id, id), inScope(folderKind, scope), live ? isNull(folders.deletedAt) : undefined));
  return row;
};

export const listLiveFolders = (db: DbOrTx, scope: Scope) =>
  db
    .select()
    .from(folders)
    .where(and(inScope(folderKind, scope), isNull(folders.deletedAt)))
    .orderBy(sql`lower(${folders.name})`, asc(folders.id));

/** The live sibling names under a parent that start like `name` (case-insensitive). */
export const siblingFolderNames = async (db: DbOrTx, scope: Scope, parentId: number | null, exceptId?: number) => {
  const rows = await db
    .select({ name: folders.name })
    .from(folders)
    .where(
      and(
        inScope(folderKind, scope),
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
  scope: Scope,
  id: number,
  version: number,
  set: Partial<Pick<FolderRow, 'name' | 'parentId'>> & { updatedAt: Date },
) => {
  const [row] = await db
    .update(folders)
    .set({ ...set, version: sql`${folders.version} + 1` })
    .where(and(eq(folders.id, id), inScope(folderKind, scope), eq(folders.version, version), isNull(folders.deletedAt)))
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
export const liveDescendantIds = async (db: DbOrTx, scope: Scope, id: number): Promise<number[]> => {
  const result = await db.execute(sql`
    with recursive down(id, depth) as (
      select id, 0 from ${folders}
      where parent_id = ${id} and ${inScopeSql(folderKind, scope)} and deleted_at is null
      union all
      select f.id, down.depth + 1 from ${folders} f join down on f.parent_id = down.id
      where f.deleted_at is null and down.depth < 1000
    )
    select id from down`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
};

export const markFoldersDeleted = async (db: DbOrTx, ids: number[], d: Deletion, withFolderId: number | null) => {
  if (!ids.length) return 0;
  const rows = await db
    .update(folders)
    .set({ deletedAt: d.at, deletedBy: d.by, deletedWithFolderId: withFolderId, updatedAt: d.at })
    .where(and(inArray(folders.id, ids), isNull(folders.deletedAt)))
    .returning({ id: folders.id });
  return rows.length;
};
