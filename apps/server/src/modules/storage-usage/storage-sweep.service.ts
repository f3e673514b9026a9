import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VIDEO_UPLOAD_HOURS } from '@ads/contracts';
import type { Db } from '../../db/client';
import { ownFiles } from '../../db/installation';
import { tryTransactionLock } from '../../kit/locks';
import type { Storage } from '../../storage/storage';
import { uploadIdOfKey } from '../videos/upload-chunks';
import * as repo from './storage-sweep.repository';

/**
 * Spool folders the image upload and the poster upload make in the temp directory
 * (modules/assets, modules/videos); a crash mid-upload leaves them behind.
 */
export const SPOOL_PREFIXES = ['ads-upload-', 'ads-poster-'] as const;
/** Side files the chunked uploads left in the directory they used before Storage held their chunks. */
const UPLOAD_SIDE_FILE = /\.(part|video)$/;
/** No upload lives longer than a chunked upload may stay open: anything younger may still be in use. */
export const SWEEP_MIN_AGE_MS = VIDEO_UPLOAD_HOURS * 3_600_000;
/** Keys looked up in the database per query. */
const BATCH = 500;

export interface StorageSweepDeps {
  db: Db;
  storage: Storage;
  /**
   * ${DATA_DIR}/video-uploads, where chunked uploads were kept before their chunks moved into
   * Storage (modules/videos/upload-chunks.ts): what an older version left there goes here.
   */
  uploadDir: string;
  /** Where uploads are spooled; the OS temp directory by default. */
  tmpDir?: string;
  now?: () => Date;
}

const mtimeOf = async (file: string) => (await fs.promises.stat(file).catch(() => undefined))?.mtime;

/**
 * Removes what crashes and refused uploads leave behind, once it is older than the longest upload
 * (SWEEP_MIN_AGE_MS): spool folders in this machine's temp directory, cut-off writes in the file
 * store, side files and row-less folders under the old chunked-upload directory, and stored files no
 * image or video refers to (chunk objects of uploads that are gone among them: a live upload's
 * are kept whatever their age). The temp directory is each server's own, so every server sweeps it;
 * the file store is shared, so that part runs under a transaction-scoped advisory lock (one server of a
 * fleet at a time), with the references read in that transaction right before the files go.
 * Start-up has checked that the file store is this database's (db/installation.ts): swept against
 * another database, a store would lose every file.
 */
export const createStorageSweepService = ({ db, storage, uploadDir, tmpDir = os.tmpdir(), now = () => new Date() }: StorageSweepDeps) => {
  const removeSpools = async (before: Date) => {
    let removed = 0;
    for (const e of await fs.promises.readdir(tmpDir, { withFileTypes: true }).catch(() => [])) {
      if (!e.isDirectory() || !SPOOL_PREFIXES.some((prefix) => e.name.startsWith(prefix))) continue;
      const dir = path.join(tmpDir, e.name);
      const mtime = await mtimeOf(dir);
      if (!mtime || mtime >= before) continue;
      await fs.promises.rm(dir, { recursive: true, force: true });
      removed++;
    }
    return removed;
  };

  /**
   * Old enough to go if nothing refers to it: listed before the transaction (no file walk holds the
   * database). Never the store's installation record, nor anything in a folder holding another one:
   * a bucket shared by installations (S3_PREFIX) may hold another's files under this one's prefix.
   */
  const oldStoredKeys = async (before: Date) => {
    const files: { key: string; modifiedAt: Date }[] = [];
    for await (const file of storage.list()) files.push(file);
    return ownFiles(files)
      .filter((f) => f.modifiedAt < before)
      .map((f) => f.key);
  };

  const oldUploadEntries = async (before: Date) => {
    const dirs: { id: string; old: boolean; sideFiles: string[] }[] = [];
    for (const e of await fs.promises.readdir(uploadDir, { withFileTypes: true }).catch(() => [])) {
      if (!e.isDirectory()) continue;
      const dir = path.join(uploadDir, e.name);
      const mtime = await mtimeOf(dir);
      const sideFiles: string[] = [];
      for (const name of await fs.promises.readdir(dir).catch(() => [])) {
        if (!UPLOAD_SIDE_FILE.test(name)) continue;
        const fileTime = await mtimeOf(path.join(dir, name));
        if (fileTime && fileTime < before) sideFiles.push(path.join(dir, name));
      }
      dirs.push({ id: e.name, old: !!mtime && mtime < before, sideFiles });
    }
    return dirs;
  };

  const sweep = async () => {
    const before = new Date(now().getTime() - SWEEP_MIN_AGE_MS);
    const spools = await removeSpools(before);

    const candidates = await oldStoredKeys(before);
    const uploadEntries = await oldUploadEntries(before);
    const shared = await db.transaction(async (tx) => {
      if (!(await tryTransactionLock(tx, 'storage.sweep'))) return undefined;
      const temporary = await storage.removeTemporary(before);
      const live = await repo.uploadIds(tx);
      const unclaimed = candidates.filter((key) => !live.has(uploadIdOfKey(key) ?? ''));
      let files = 0;
      for (let i = 0; i < unclaimed.length; i += BATCH) {
        const batch = unclaimed.slice(i, i + BATCH);
        const referenced = await repo.referencedKeys(tx, batch);
        for (const key of batch) {
          // Stored again since it was listed (same bytes uploaded anew): its row may be on its way.
          if (!referenced.has(key) && (await storage.delete(key, { ifUnmodifiedSince: before }))) files++;
        }
      }
      let uploadDirs = 0;
      let sideFiles = 0;
      for (const entry of uploadEntries) {
        if (!live.has(entry.id) && entry.old) {
          await fs.promises.rm(path.join(uploadDir, entry.id), { recursive: true, force: true });
          uploadDirs++;
          continue;
        }
        for (const file of entry.sideFiles) await fs.promises.rm(file, { force: true });
        sideFiles += entry.sideFiles.length;
      }
      return { temporary, files, uploadDirs, sideFiles };
    });
    return shared
      ? { ran: true as const, spools, ...shared }
      : { ran: false as const, spools, temporary: 0, files: 0, uploadDirs: 0, sideFiles: 0 };
  };

  /** This machine's spool folders only: every server has its own temp directory. */
  const sweepSpools = async () => ({ spools: await removeSpools(new Date(now().getTime() - SWEEP_MIN_AGE_MS)) });

  return { sweep, sweepSpools };
};

export type StorageSweepService = ReturnType<typeof createStorageSweepService>;
