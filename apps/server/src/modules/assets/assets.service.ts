import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ERROR_CODES,
  IMAGE_MAX_BYTES,
  IMAGE_NAME_MAX,
  FOLDER_NAME_MAX,
  RECYCLE_RETENTION_DAYS,
  type Folder,
  type Image,
  type ImageFormat,
  type ImageReviewStatus,
  type RecycleItem,
  type RecycleKind,
} from '@ads/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { Principal } from '../../principal';
import type { Storage } from '../../storage/storage';
import { inspectImage, MIME_OF } from './image-processing';
import * as repo from './assets.repository';

export interface AssetsDeps {
  db: Db;
  storage: Storage;
  now?: () => Date;
  /** Where uploads are spooled while they are checked; the OS temp directory by default. */
  tmpDir?: string;
}

type Caller = Pick<Principal, 'userId' | 'accountId' | 'accountKind' | 'powers'>;

const DAY_MS = 24 * 60 * 60 * 1000;

const folderNotFound = () => notFound('The folder');
const imageNotFound = () => notFound('The image');
const stale = (what: string) =>
  new AppError(409, ERROR_CODES.staleVersion, `${what} was changed by someone else. Reload and try again.`);
const folderNameTaken = () =>
  new AppError(409, ERROR_CODES.nameTaken, 'A folder with this name already exists here.', {
    fields: { name: 'A folder with this name already exists here' },
  });

const isUniqueViolation = (err: unknown): boolean => {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true;
  }
  return false;
};

const iso = (d: Date) => d.toISOString();

const toFolder = (r: repo.FolderRow): Folder => ({
  id: r.id,
  parentId: r.parentId,
  name: r.name,
  version: r.version,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

const toImage = (r: repo.ImageRow): Image => ({
  id: r.id,
  accountId: r.accountId,
  folderId: r.folderId,
  name: r.name,
  format: r.format as ImageFormat,
  mime: r.mime,
  width: r.width,
  height: r.height,
  bytes: r.bytes,
  sha256: r.sha256,
  reviewStatus: r.reviewStatus as ImageReviewStatus,
  version: r.version,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

/** "name" → "name (1)", "photo.png" → "photo (1).png": the first not taken (case-insensitive). */
export const uniqueName = (name: string, taken: string[], max: number, keepExtension: boolean): string => {
  const used = new Set(taken.map((n) => n.toLowerCase()));
  if (!used.has(name.toLowerCase())) return name;
  const dot = keepExtension ? name.lastIndexOf('.') : -1;
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 1; ; n++) {
    const suffix = ` (${n})`;
    const candidate = stem.slice(0, Math.max(1, max - suffix.length - ext.length)) + suffix + ext;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
};

/** The user's file name without any path, control characters or surrounding blanks. */
export const cleanFileName = (raw: string | undefined, format: ImageFormat): string => {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, IMAGE_NAME_MAX);
  return cleaned || `image.${format === 'jpeg' ? 'jpg' : format}`;
};

/** Counts bytes through, failing with 413 past the limit (the upload is never buffered whole). */
const limiter = (max: number, hash: ReturnType<typeof createHash>, head: Buffer[]) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) {
        done(new AppError(413, ERROR_CODES.payloadTooLarge, `The file is too large: at most ${max / 1024 / 1024} MB.`));
        return;
      }
      if (Buffer.concat(head).length < 16) head.push(chunk.subarray(0, 16));
      hash.update(chunk);
      done(null, chunk);
    },
  });
};

export interface ImageListInput {
  search?: string;
  folderId?: number;
  root?: boolean;
  format?: ImageFormat;
  minBytes?: number;
  maxBytes?: number;
  reviewStatus?: ImageReviewStatus;
  accountId?: number;
  sort: 'name' | 'createdAt' | 'bytes';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const createAssetsService = ({ db, storage, now = () => new Date(), tmpDir = os.tmpdir() }: AssetsDeps) => {
  /** Staff read every account's images (campaign review); everyone else only their own account's. */
  const readsEveryAccount = (p: Caller) => p.accountKind === 'internal' && p.powers.has('asset.read');

  const liveFolderOrNull = async (t: DbOrTx, p: Caller, folderId: number | null | undefined) => {
    if (folderId === null || folderId === undefined) return null;
    const folder = await repo.findFolder(t, p.accountId, folderId);
    if (!folder) throw folderNotFound();
    return folder.id;
  };

  const assertNameFree = async (t: DbOrTx, p: Caller, parentId: number | null, name: string, exceptId?: number) => {
    const names = await repo.siblingFolderNames(t, p.accountId, parentId, exceptId);
    if (names.some((n) => n.toLowerCase() === name.toLowerCase())) throw folderNameTaken();
  };

  const guardUnique = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if (isUniqueViolation(err)) throw folderNameTaken();
      throw err;
    }
  };

  // ---- Folders ---------------------------------------------------------------------------

  const folderTree = async (p: Caller) => ({ items: (await repo.listLiveFolders(db, p.accountId)).map(toFolder) });

  const createFolder = async (p: Caller, input: { name: string; parentId: number | null }) => {
    const parentId = await liveFolderOrNull(db, p, input.parentId);
    await assertNameFree(db, p, parentId, input.name);
    const at = now();
    const row = await guardUnique(() =>
      repo.insertFolder(db, { accountId: p.accountId, parentId, name: input.name, createdBy: p.userId, createdAt: at, updatedAt: at }),
    );
    return toFolder(row);
  };

  const ownFolderAt = async (p: Caller, id: number, version: number) => {
    const folder = await repo.findFolder(db, p.accountId, id);
    if (!folder) throw folderNotFound();
    if (folder.version !== version) throw stale('The folder');
    return folder;
  };

  const renameFolder = async (p: Caller, input: { id: number; version: number; name: string }) => {
    const folder = await ownFolderAt(p, input.id, input.version);
    await assertNameFree(db, p, folder.parentId, input.name, folder.id);
    const row = await guardUnique(() =>
      repo.updateFolder(db, p.accountId, folder.id, input.version, { name: input.name, updatedAt: now() }),
    );
    if (!row) throw stale('The folder');
    return toFolder(row);
  };

  const moveFolder = async (p: Caller, input: { id: number; version: number; parentId: number | null }) => {
    const folder = await ownFolderAt(p, input.id, input.version);
    const parentId = await liveFolderOrNull(db, p, input.parentId);
    if (parentId !== null && (await repo.ancestorIds(db, parentId)).includes(folder.id)) {
      throw new AppError(
        409,
        ERROR_CODES.folderMoveInvalid,
        parentId === folder.id ? 'A folder cannot be moved into itself.' : 'A folder cannot be moved into one of its own subfolders.',
        { fields: { parentId: 'Choose a folder outside the one being moved' } },
      );
    }
    await assertNameFree(db, p, parentId, folder.name, folder.id);
    const row = await guardUnique(() =>
      repo.updateFolder(db, p.accountId, folder.id, input.version, { parentId, updatedAt: now() }),
    );
    if (!row) throw stale('The folder');
    return toFolder(row);
  };

  /** The folder, its live subfolders and all their images go to the bin as one item. */
  const deleteFolder = async (p: Caller, id: number) => {
    const folder = await repo.findFolder(db, p.accountId, id);
    if (!folder) throw folderNotFound();
    const deletion = { at: now(), by: p.userId };
    return db.transaction(async (tx) => {
      const descendants = await repo.liveDescendantIds(tx, p.accountId, folder.id);
      const root = await repo.markFoldersDeleted(tx, [folder.id], deletion, null);
      if (!root) throw folderNotFound();
      const subfolders = await repo.markFoldersDeleted(tx, descendants, deletion, folder.id);
      const images = await repo.markImagesInFoldersDeleted(tx, [folder.id, ...descendants], deletion, folder.id);
      return { ok: true as const, folders: root + subfolders, images };
    });
  };

  // ---- Images ----------------------------------------------------------------------------

  const listImages = async (p: Caller, q: ImageListInput) => {
    const accountId = readsEveryAccount(p) ? (q.accountId ?? null) : p.accountId;
    const { items, total } = await repo.listImages(db, {
      accountId,
      search: q.search || undefined,
      folderId: q.folderId,
      root: q.root,
      format: q.format,
      minBytes: q.minBytes,
      maxBytes: q.maxBytes,
      reviewStatus: q.reviewStatus,
      sort: q.sort,
      order: q.order,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    return { items: items.map(toImage), total, page: q.page, pageSize: q.pageSize };
  };

  const readableImage = async (p: Caller, id: number) => {
    const row = await repo.findImage(db, id, readsEveryAccount(p) ? null : p.accountId);
    if (!row) throw imageNotFound();
    return row;
  };

  const imageDetail = async (p: Caller, id: number) => toImage(await readableImage(p, id));

  const duplicateOf = (existing: repo.ImageRow) =>
    new AppError(409, ERROR_CODES.imageDuplicate, `This image is already in your library as "${existing.name}".`, {
      existing: { id: existing.id, name: existing.name, folderId: existing.folderId, inRecycleBin: existing.deletedAt !== null },
    });

  /**
   * Spools the upload to a temporary file (hashing it and stopping at IMAGE_MAX_BYTES), judges it
   * by its bytes, makes the thumbnail, stores both under content-addressed keys and records it.
   */
  const upload = async (p: Caller, input: { fileName: string | undefined; stream: Readable; folderId?: number }) => {
    const folderId = await liveFolderOrNull(db, p, input.folderId);
    const dir = await fs.promises.mkdtemp(path.join(tmpDir, 'ads-upload-'));
    try {
      const file = path.join(dir, 'upload');
      const hash = createHash('sha256');
      const head: Buffer[] = [];
      await pipeline(input.stream, limiter(IMAGE_MAX_BYTES, hash, head), fs.createWriteStream(file));
      const sha256 = hash.digest('hex');
      const bytes = (await fs.promises.stat(file)).size;
      const existing = await repo.findImageBySha(db, p.accountId, sha256);
      if (existing) throw duplicateOf(existing);

      const inspected = await inspectImage(file, Buffer.concat(head));
      const mime = MIME_OF[inspected.format];
      const storageKey = `images/${sha256.slice(0, 2)}/${sha256}`;
      const thumbnailKey = `thumbnails/${sha256.slice(0, 2)}/${sha256}.webp`;
      // Content-addressed: the same bytes in another account share the file.
      await storage.put(storageKey, fs.createReadStream(file), { contentType: mime });
      await storage.put(thumbnailKey, inspected.thumbnail, { contentType: 'image/webp' });

      const at = now();
      const row = await repo.insertImage(db, {
        accountId: p.accountId,
        folderId,
        name: cleanFileName(input.fileName, inspected.format),
        format: inspected.format,
        mime,
        width: inspected.width,
        height: inspected.height,
        bytes,
        sha256,
        storageKey,
        thumbnailKey,
        createdBy: p.userId,
        createdAt: at,
        updatedAt: at,
      });
      if (!row) {
        // The same bytes were uploaded in parallel and won the race.
        const winner = await repo.findImageBySha(db, p.accountId, sha256);
        if (winner) throw duplicateOf(winner);
        throw new AppError(409, ERROR_CODES.conflict, 'The image could not be saved. Please try again.');
      }
      return toImage(row);
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  };

  const renameImage = async (p: Caller, input: { id: number; version: number; name: string }) => {
    const image = await repo.findImage(db, input.id, p.accountId);
    if (!image) throw imageNotFound();
    if (image.version !== input.version) throw stale('The image');
    const row = await repo.updateImage(db, p.accountId, image.id, input.version, { name: input.name, updatedAt: now() });
    if (!row) throw stale('The image');
    return toImage(row);
  };

  /** All the ids must be the caller's live images, or nothing changes (404). */
  const ownLiveImages = async (t: DbOrTx, p: Caller, ids: number[]) => {
    const unique = [...new Set(ids)];
    const rows = await repo.findLiveImages(t, p.accountId, unique);
    if (rows.length !== unique.length) throw imageNotFound();
    return unique;
  };

  const moveImages = async (p: Caller, input: { ids: number[]; folderId: number | null }) =>
    db.transaction(async (tx) => {
      const folderId = await liveFolderOrNull(tx, p, input.folderId);
      const ids = await ownLiveImages(tx, p, input.ids);
      return { ok: true as const, changed: await repo.moveImages(tx, p.accountId, ids, folderId, now()) };
    });

  const deleteImages = async (p: Caller, input: { ids: number[] }) =>
    db.transaction(async (tx) => {
      const ids = await ownLiveImages(tx, p, input.ids);
      return { ok: true as const, changed: await repo.markImagesDeleted(tx, p.accountId, ids, { at: now(), by: p.userId }) };
    });

  /** The bytes of an image the caller may read (tenancy as for the records). */
  const openFile = async (p: Caller, input: { id: number; variant: 'original' | 'thumbnail' }) => {
    const image = await readableImage(p, input.id);
    const thumbnail = input.variant === 'thumbnail';
    const file = await storage.get(thumbnail ? image.thumbnailKey : image.storageKey);
    if (!file) throw notFound('The file');
    const stem = image.name.replace(/\.[^.]*$/, '') || 'image';
    return {
      ...file,
      contentType: thumbnail ? 'image/webp' : image.mime,
      fileName: thumbnail ? `${stem}.webp` : image.name,
    };
  };

  // ---- Recycle bin -----------------------------------------------------------------------

  const recycleList = async (p: Caller, q: { kind?: RecycleKind; page: number; pageSize: number }) => {
    const at = now().getTime();
    const { items, total } = await repo.listBin(db, p.accountId, q.kind, q.pageSize, (q.page - 1) * q.pageSize);
    return {
      items: items.map(
        (r): RecycleItem => ({
          kind: r.kind,
          id: r.id,
          name: r.name,
          deletedAt: iso(r.deletedAt),
          deletedBy: r.deletedById === null ? null : { id: r.deletedById, name: r.deletedByName ?? '' },
          originalFolderId: r.originalFolderId,
          originalFolderName: r.originalFolderName,
          daysLeft: Math.max(0, Math.ceil((r.deletedAt.getTime() + RECYCLE_RETENTION_DAYS * DAY_MS - at) / DAY_MS)),
          bytes: r.bytes,
          contains:
            r.kind === 'folder' ? { folders: r.containsFolders ?? 0, images: r.containsImages ?? 0 } : null,
        }),
      ),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  };

  const restore = async (p: Caller, input: { items: { kind: RecycleKind; id: number }[] }) =>
    db.transaction(async (tx) => {
      const at = now();
      const restored: { kind: RecycleKind; id: number; name: string; folderId: number | null }[] = [];
      for (const item of input.items) {
        if (item.kind === 'folder') {
          const row = await repo.findBinFolder(tx, p.accountId, item.id);
          if (!row) throw notFound('The item');
          const parent = row.parentId === null ? undefined : await repo.findFolder(tx, p.accountId, row.parentId);
          const parentId = parent ? parent.id : null;
          const name = uniqueName(row.name, await repo.siblingFolderNames(tx, p.accountId, parentId), FOLDER_NAME_MAX, false);
          await repo.restoreFolder(tx, row.id, { name, parentId, at });
          restored.push({ kind: 'folder', id: row.id, name, folderId: parentId });
        } else {
          const row = await repo.findBinImage(tx, p.accountId, item.id);
          if (!row) throw notFound('The item');
          const folder = row.folderId === null ? undefined : await repo.findFolder(tx, p.accountId, row.folderId);
          const folderId = folder ? folder.id : null;
          const name = uniqueName(row.name, await repo.imageNamesIn(tx, p.accountId, folderId), IMAGE_NAME_MAX, true);
          await repo.restoreImage(tx, row.id, { name, folderId, at });
          restored.push({ kind: 'image', id: row.id, name, folderId });
        }
      }
      return { ok: true as const, restored };
    });

  /** Removes the files of purged images that no image of any account still uses. */
  const removeUnusedFiles = async (removed: { sha256: string; storageKey: string; thumbnailKey: string }[]) => {
    const inUse = await repo.shasInUse(db, [...new Set(removed.map((r) => r.sha256))]);
    for (const r of removed) {
      if (inUse.has(r.sha256)) continue;
      await storage.delete(r.storageKey);
      await storage.delete(r.thumbnailKey);
    }
  };

  const purge = async (p: Caller, folderIds: number[], imageIds: number[]) => {
    const result = await db.transaction((tx) => repo.purge(tx, p.accountId, folderIds, imageIds));
    await removeUnusedFiles(result.images);
    return { ok: true as const, folders: result.folders, images: result.images.length };
  };

  const deleteForever = async (p: Caller, input: { items: { kind: RecycleKind; id: number }[] }) => {
    const folderIds: number[] = [];
    const imageIds: number[] = [];
    for (const item of input.items) {
      const row =
        item.kind === 'folder'
          ? await repo.findBinFolder(db, p.accountId, item.id)
          : await repo.findBinImage(db, p.accountId, item.id);
      if (!row) throw notFound('The item');
      (item.kind === 'folder' ? folderIds : imageIds).push(row.id);
    }
    return purge(p, folderIds, imageIds);
  };

  const emptyBin = async (p: Caller) => {
    const { folderIds, imageIds } = await repo.binRootIds(db, p.accountId);
    return purge(p, folderIds, imageIds);
  };

  return {
    folderTree,
    createFolder,
    renameFolder,
    moveFolder,
    deleteFolder,
    listImages,
    imageDetail,
    upload,
    renameImage,
    moveImages,
    deleteImages,
    openFile,
    recycleList,
    restore,
    deleteForever,
    emptyBin,
  };
};

export type AssetsService = ReturnType<typeof createAssetsService>;
