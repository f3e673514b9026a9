import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ERROR_CODES,
  SERIES_NAME_MAX,
  VIDEO_CHUNK_BYTES,
  VIDEO_FILE_PATH,
  VIDEO_MAX_BYTES,
  VIDEO_NAME_MAX,
  VIDEO_POSTER_MAX_BYTES,
  VIDEO_POSTER_WIDTH,
  VIDEO_UPLOAD_HOURS,
  type createSeries as createSeriesContract,
  type deleteVideos as deleteVideosContract,
  type EndpointInput,
  type renameSeries as renameSeriesContract,
  type renameVideo as renameVideoContract,
  type reorderSeries as reorderSeriesContract,
  type Series,
  type setVideoSeries,
  type startVideoUpload,
  type Video,
  type VideoDetail,
  type VideoFormat,
  type videoList,
  type VideoReviewStatus,
  type VideoUpload,
} from '@ads/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { ownScope, requireOwned, scopeFor, systemScope, userScope } from '../../kit/access';
import { uniqueName, uploadName } from '../../kit/names';
import { pageAnswer, pageWindow } from '../../kit/paging';
import { refuseClash } from '../../kit/sql';
import { atVersion, stale } from '../../kit/versions';
import type { Caller } from '../../principal';
import type { LinkSigner } from '../../storage/signed-links';
import type { Storage } from '../../storage/storage';
import type { NotificationsService } from '../notifications/notifications.service';
import { tellStoppedAds } from '../placements/stopped-ads';
import type { QuotaReserver } from '../storage-usage/storage-quota.service';
import { inspectImage, sniffFormat } from '../assets/image-processing';
import { parseByteRange } from './byte-range';
import { probeVideoFile, sniffVideo, typeNotAllowed } from './media-probe';
import { chunkKey, chunksFor, sideKey, uploadFolder } from './upload-chunks';
import * as repo from './videos.repository';

export interface VideosDeps {
  db: Db;
  storage: Storage;
  links: LinkSigner;
  /** The account's storage quota and the user's cap on unfinished uploads, decided with the upload's row. */
  quota: QuotaReserver;
  /** Tells an account that deleting a video stopped live ads. */
  notifications: Pick<NotificationsService, 'notify'>;
  now?: () => Date;
  /** Where posters and completed uploads are spooled while they are checked; the OS temp directory by default. */
  tmpDir?: string;
}


const HOUR_MS = 3_600_000;
const videoNotFound = () => notFound('The video');
const seriesNotFound = () => notFound('The series');
const uploadNotFound = () => notFound('The upload');
const seriesNameTaken = () =>
  new AppError(409, ERROR_CODES.nameTaken, 'A series with this name already exists.', {
    fields: { name: 'A series with this name already exists' },
  });
const tooLarge = (max: number) =>
  new AppError(413, ERROR_CODES.payloadTooLarge, `The file is too large: at most ${max / 1024 / 1024} MB.`);

const iso = (d: Date) => d.toISOString();

/** The user's file name without any path, under the name rule (contracts' cleanName). */
export const cleanVideoName = (raw: string): string => uploadName(raw, VIDEO_NAME_MAX, 'video');

export type VideoVariant = 'video' | 'poster';

/** What a poster link signs: the poster's own hash too, so a replaced poster gets a new (immutable) link. */
const posterTag = (posterKey: string) => createHash('sha256').update(posterKey).digest('hex').slice(0, 16);
export const videoLinkResource = (id: number, variant: VideoVariant, posterKey?: string | null) =>
  variant === 'poster' ? `video:${id}:poster:${posterTag(posterKey ?? '')}` : `video:${id}:video`;

/** A signed link to a video's bytes or poster (see storage/signed-links.ts). */
export const videoLink = (
  links: LinkSigner,
  row: Pick<repo.VideoRow, 'id' | 'posterKey'>,
  variant: VideoVariant,
  at: Date,
  download = false,
) => {
  const { exp, sig } = links.sign(videoLinkResource(row.id, variant, row.posterKey), at);
  const v = variant === 'poster' ? `&v=${posterTag(row.posterKey ?? '')}` : '';
  return `${VIDEO_FILE_PATH}?id=${row.id}&variant=${variant}${v}${download ? '&download=1' : ''}&exp=${exp}&sig=${sig}`;
};

/** A video's play links (content review shows the video with its poster). */
export const videoPlayLinks = (links: LinkSigner, row: Pick<repo.VideoRow, 'id' | 'posterKey'>, at: Date) => ({
  url: videoLink(links, row, 'video', at),
  posterUrl: row.posterKey ? videoLink(links, row, 'poster', at) : null,
});

const toSeries = (r: repo.SeriesWithCount): Series => ({
  id: r.id,
  name: r.name,
  videoCount: r.videoCount,
  publishedAt: r.publishedAt ? iso(r.publishedAt) : null,
  pendingContentRequestId: r.pendingContentRequestId ?? null,
  version: r.version,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

/** Counts bytes through, failing with 413 past `max` (nothing is buffered whole). */
const limiter = (max: number, onChunk?: (chunk: Buffer) => void) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) {
        done(tooLarge(max));
        return;
      }
      onChunk?.(chunk);
      done(null, chunk);
    },
  });
};

export const createVideosService = ({ db, storage, links, quota, notifications, now = () => new Date(), tmpDir = os.tmpdir() }: VideosDeps) => {
  // Staff (content review) read every account's videos; everyone else, and every write, only the
  // caller's own account's (scopeFor / ownScope in kit/access.ts).

  const toVideo = (r: repo.VideoRow, at = now()): Video => ({
    id: r.id,
    accountId: r.accountId,
    seriesId: r.seriesId,
    position: r.seriesId === null ? null : r.position,
    publishedAt: r.publishedAt ? iso(r.publishedAt) : null,
    name: r.name,
    format: r.format as VideoFormat,
    mime: r.mime,
    codec: r.codec,
    width: r.width,
    height: r.height,
    durationMs: r.durationMs,
    bytes: r.bytes,
    sha256: r.sha256,
    reviewStatus: r.reviewStatus as VideoReviewStatus,
    version: r.version,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    url: videoLink(links, r, 'video', at),
    downloadUrl: videoLink(links, r, 'video', at, true),
    posterUrl: r.posterKey ? videoLink(links, r, 'poster', at) : null,
  });

  const ownSeries = async (t: DbOrTx, p: Caller, id: number) => {
    const row = await repo.findSeries(t, id, ownScope(p));
    if (!row) throw seriesNotFound();
    return row;
  };

  const guardName = <T>(run: () => Promise<T>) => refuseClash(run, seriesNameTaken);

  // ---- Series ----------------------------------------------------------------------------

  const listSeries = async (p: Caller) => ({ items: (await repo.listSeries(db, ownScope(p))).map(toSeries) });

  const createSeries = async (p: Caller, input: EndpointInput<typeof createSeriesContract>) => {
    if (await repo.seriesNameTaken(db, ownScope(p), input.name)) throw seriesNameTaken();
    const at = now();
    const row = await guardName(() =>
      repo.insertSeries(db, { accountId: p.accountId, name: input.name.slice(0, SERIES_NAME_MAX), createdBy: p.userId, createdAt: at, updatedAt: at }),
    );
    return toSeries({ ...row, videoCount: 0 });
  };

  const renameSeries = async (p: Caller, input: EndpointInput<typeof renameSeriesContract>) => {
    const current = atVersion(await ownSeries(db, p, input.id), input.version, 'The series');
    if (await repo.seriesNameTaken(db, ownScope(p), input.name, current.id)) throw seriesNameTaken();
    const row = await guardName(() => repo.renameSeries(db, ownScope(p), current.id, input.version, input.name, now()));
    if (!row) throw stale('The series');
    return toSeries({ ...row, videoCount: current.videoCount, pendingContentRequestId: current.pendingContentRequestId });
  };

  /** The series goes; its videos stay, outside any series. */
  const deleteSeries = async (p: Caller, input: { id: number }) =>
    db.transaction(async (tx) => {
      const videos = await repo.deleteSeries(tx, ownScope(p), input.id, now());
      if (videos === undefined) throw seriesNotFound();
      return { ok: true as const, videos };
    });

  /** The whole new order: exactly the series' live videos, or nothing changes. */
  const reorderSeries = async (p: Caller, input: EndpointInput<typeof reorderSeriesContract>) =>
    db.transaction(async (tx) => {
      await requireOwned(tx, repo.seriesKind, [input.id], ownScope(p));
      await requireOwned(tx, repo.videoKind, input.videoIds, ownScope(p));
      const current = new Set(await repo.liveVideoIdsInSeries(tx, ownScope(p), input.id));
      if (current.size !== input.videoIds.length || input.videoIds.some((id) => !current.has(id))) {
        throw new AppError(
          409,
          ERROR_CODES.seriesOrderStale,
          'The videos of this series changed in the meantime. Reload and try again.',
        );
      }
      await repo.setPositions(tx, ownScope(p), input.id, input.videoIds, now());
      return { ok: true as const, videoIds: input.videoIds };
    });

  // ---- Videos ----------------------------------------------------------------------------

  const listVideos = async (p: Caller, q: EndpointInput<typeof videoList>) => {
    const sort = q.sort ?? (q.seriesId !== undefined ? 'position' : 'createdAt');
    const order = q.order ?? (sort === 'position' || sort === 'name' ? 'asc' : 'desc');
    const { items, total } = await repo.listVideos(db, {
      scope: scopeFor(p, 'video.read', { accountId: q.accountId }),
      search: q.search || undefined,
      seriesId: q.seriesId,
      none: q.none,
      format: q.format,
      reviewStatus: q.reviewStatus,
      sort,
      order,
      ...pageWindow(q),
    });
    const at = now();
    return pageAnswer(
      items.map((r) => toVideo(r, at)),
      total,
      q,
    );
  };

  const videoDetail = async (p: Caller, id: number): Promise<VideoDetail> => {
    const row = await repo.findVideoDetail(db, id, scopeFor(p, 'video.read'));
    if (!row) throw videoNotFound();
    return {
      ...toVideo(row.v),
      seriesName: row.seriesName,
      uploadedBy: row.v.createdBy === null ? null : { id: row.v.createdBy, name: row.uploaderName ?? '' },
    };
  };

  const ownVideoAt = async (p: Caller, id: number, version: number) => {
    const row = await repo.findVideo(db, id, ownScope(p));
    if (!row) throw videoNotFound();
    return atVersion(row, version, 'The video');
  };

  const renameVideo = async (p: Caller, input: EndpointInput<typeof renameVideoContract>) => {
    await ownVideoAt(p, input.id, input.version);
    const row = await repo.updateVideo(db, ownScope(p), input.id, input.version, { name: input.name, updatedAt: now() });
    if (!row) throw stale('The video');
    return toVideo(row);
  };

  const setSeries = async (p: Caller, input: EndpointInput<typeof setVideoSeries>) =>
    db.transaction(async (tx) => {
      if (input.seriesId !== null) await requireOwned(tx, repo.seriesKind, [input.seriesId], ownScope(p));
      // All the ids must be the caller's live videos, or nothing changes (404).
      const ids = await requireOwned(tx, repo.videoKind, input.ids, ownScope(p));
      return { ok: true as const, changed: await repo.setSeries(tx, ownScope(p), ids, input.seriesId, now()) };
    });

  /** To the bin; live ads showing them stop (their owners are told). */
  const deleteVideos = async (p: Caller, input: EndpointInput<typeof deleteVideosContract>) =>
    db.transaction(async (tx) => {
      const ids = await requireOwned(tx, repo.videoKind, input.ids, ownScope(p));
      const at = now();
      const changed = await repo.markVideosDeleted(tx, ownScope(p), ids, { at, by: p.userId });
      await tellStoppedAds(tx, notifications, { kind: 'video', ids }, at);
      return { ok: true as const, changed };
    });

  // ---- Chunked upload --------------------------------------------------------------------
  // Chunks live in Storage (upload-chunks.ts), so any server of a fleet takes the next one. Each
  // chunk is written under a side key of its own; `received` moves on in the database only from the
  // offset the chunk was sent for, and only that winner moves its side object into the chunk's
  // place, while it holds the row: a dropped or racing chunk leaves nothing behind, and `received`
  // always ends on a whole chunk.

  const folderOf = (id: string) => {
    // Ids are server-made base64url; never let one name a key outside the uploads' folder.
    const folder = uploadFolder(id);
    if (!folder) throw uploadNotFound();
    return folder;
  };

  const toUpload = (r: repo.UploadRow): VideoUpload => ({
    uploadId: r.id,
    name: r.name,
    bytes: r.bytes,
    received: r.received,
    chunkSize: VIDEO_CHUNK_BYTES,
    seriesId: r.seriesId,
    expiresAt: iso(r.expiresAt),
  });

  /**
   * Deletes an upload's chunk objects: those its `received` counts, and the next one (a winner's
   * move whose transaction then failed). Side objects of chunks cut off by a crash are the sweep's.
   */
  const removeChunks = async (id: string, received: number) => {
    const folder = folderOf(id);
    const count = chunksFor(received) + 1;
    for (let i = 0; i < count; i++) await storage.delete(chunkKey(folder, i));
  };

  const removeUpload = async (id: string) => {
    const gone = await repo.deleteUpload(db, id);
    if (gone) await removeChunks(id, gone.received);
  };

  /** Removes expired uploads and their chunks; run by every start, at most every few minutes. */
  const cleanExpiredUploads = async () => {
    for (const { id, received } of await repo.deleteExpiredUploads(db, now())) await removeChunks(id, received);
  };
  let lastCleaning = 0;
  const cleanNow = async () => {
    if (Date.now() - lastCleaning < 5 * 60_000) return;
    lastCleaning = Date.now();
    await cleanExpiredUploads();
  };

  const ownUpload = async (p: Caller, id: string) => {
    const row = await repo.findUpload(db, id, userScope(p));
    if (!row) throw uploadNotFound();
    if (row.expiresAt.getTime() <= now().getTime()) {
      await removeUpload(row.id);
      throw uploadNotFound();
    }
    return row;
  };

  const startUpload = async (p: Caller, input: EndpointInput<typeof startVideoUpload>) => {
    if (input.bytes > VIDEO_MAX_BYTES) throw tooLarge(VIDEO_MAX_BYTES);
    if (input.seriesId !== null) await requireOwned(db, repo.seriesKind, [input.seriesId], ownScope(p));
    await cleanNow();
    const id = randomBytes(24).toString('base64url');
    const at = now();
    // The declared size is reserved against the quota until the upload completes, is cancelled or expires.
    const row = await db.transaction(async (tx) => {
      await quota.reserve(tx, p, input.bytes, { upload: true });
      return repo.insertUpload(tx, {
        id,
        accountId: p.accountId,
        userId: p.userId,
        name: cleanVideoName(input.name),
        bytes: input.bytes,
        seriesId: input.seriesId,
        expiresAt: new Date(at.getTime() + VIDEO_UPLOAD_HOURS * HOUR_MS),
        createdAt: at,
      });
    });
    return toUpload(row);
  };

  const offsetMismatch = (received: number) =>
    new AppError(409, ERROR_CODES.uploadOffsetMismatch, `The upload continues at byte ${received}.`, { details: { received } });

  /** Stores one chunk (exactly chunkSize bytes, or what is left for the last) sent for offset `received`. */
  const uploadChunk = async (p: Caller, input: { uploadId: string; offset: number; stream: Readable }) => {
    const row = await ownUpload(p, input.uploadId);
    if (input.offset !== row.received || row.received >= row.bytes) throw offsetMismatch(row.received);
    const expected = Math.min(VIDEO_CHUNK_BYTES, row.bytes - row.received);
    const folder = folderOf(row.id);
    const side = sideKey(folder, randomBytes(8).toString('hex'));
    let head = Buffer.alloc(0);
    let written = 0;
    let moved = false;
    const body = limiter(expected, (chunk) => {
      written += chunk.length;
      if (head.length < 256) head = Buffer.concat([head, chunk.subarray(0, 256)]);
    });
    // A failing request (or the limiter's 413) destroys the body with its error: the put hears it.
    pipeline(input.stream, body).catch(() => undefined);
    try {
      await storage.put(side, body, { contentType: 'application/octet-stream' });
      if (written !== expected) {
        throw new AppError(400, ERROR_CODES.validationFailed, `The chunk is incomplete: send ${expected} bytes from byte ${row.received}.`, {
          details: { received: row.received },
        });
      }
      // The first chunk already tells an mp4 or webm from anything else: no need to wait for 500 MB.
      if (input.offset === 0 && !sniffVideo(head)) {
        await removeUpload(row.id);
        throw typeNotAllowed();
      }
      // The database picks the winner: the conditional UPDATE holds the row until commit, so a racing
      // chunk for the same offset waits and then finds `received` moved. Only the winner moves its
      // side object into place, while it holds the row; a loser's bytes never reach the chunk's key.
      const advanced = await db.transaction(async (tx) => {
        const won = await repo.advanceUpload(tx, row.id, row.received, row.received + expected);
        if (won) moved = await storage.move(side, chunkKey(folder, row.received / VIDEO_CHUNK_BYTES));
        if (won && !moved) throw new Error(`upload ${row.id}: the chunk at ${row.received} vanished before it was moved`);
        return won;
      });
      if (!advanced) {
        const current = await repo.findUpload(db, row.id, userScope(p));
        throw offsetMismatch(current?.received ?? 0);
      }
      return toUpload(advanced);
    } finally {
      // A put that failed early leaves the request unread: let it go.
      body.destroy();
      if (!moved) await storage.delete(side);
    }
  };

  const uploadStatus = async (p: Caller, uploadId: string) => toUpload(await ownUpload(p, uploadId));

  const cancelUpload = async (p: Caller, uploadId: string) => {
    const row = await ownUpload(p, uploadId);
    await removeUpload(row.id);
    return { ok: true as const };
  };

  const duplicateOf = (existing: repo.VideoRow) =>
    new AppError(409, ERROR_CODES.videoDuplicate, `This video is already in your library as "${existing.name}".`, {
      details: { existing: { id: existing.id, name: existing.name, folderId: existing.seriesId, inRecycleBin: existing.deletedAt !== null } },
    });

  const chunksGone = () =>
    new AppError(409, ERROR_CODES.conflict, 'The uploaded data is no longer there. Please upload the video again.');

  /**
   * Joins the chunks from Storage in order (hashing them) into a spool file of this server, judges
   * the file by its bytes, stores it, records the video and deletes the chunks.
   */
  const completeUpload = async (p: Caller, uploadId: string) => {
    const row = await ownUpload(p, uploadId);
    if (row.received !== row.bytes) {
      throw new AppError(409, ERROR_CODES.uploadIncomplete, `The upload is not complete: ${row.received} of ${row.bytes} bytes.`, {
        details: { received: row.received },
      });
    }
    const folder = folderOf(row.id);
    // The probe reads a local file; the spool folder's prefix lets sweepSpools clear a crash's leftovers.
    const dir = await fs.promises.mkdtemp(path.join(tmpDir, 'ads-upload-'));
    const joined = path.join(dir, 'video');
    let written: string | undefined;
    try {
      const hash = createHash('sha256');
      const chunks = chunksFor(row.bytes);
      await pipeline(
        (async function* () {
          for (let i = 0; i < chunks; i++) {
            const chunk = await storage.get(chunkKey(folder, i));
            const expected = Math.min(VIDEO_CHUNK_BYTES, row.bytes - i * VIDEO_CHUNK_BYTES);
            if (!chunk || chunk.size !== expected) {
              chunk?.stream.destroy();
              throw chunksGone();
            }
            for await (const part of chunk.stream) {
              hash.update(part as Buffer);
              yield part as Buffer;
            }
          }
        })(),
        fs.createWriteStream(joined, { flags: 'wx' }),
      );
      const sha256 = hash.digest('hex');
      const { size } = await fs.promises.stat(joined);
      if (size !== row.bytes) throw new Error(`upload ${row.id}: joined ${size} bytes, expected ${row.bytes}`);

      const probe = await probeVideoFile(joined);
      const existing = await repo.findVideoBySha(db, ownScope(p), sha256);
      if (existing) throw duplicateOf(existing);

      // Content-addressed: the same bytes in another account share the file.
      const storageKey = `videos/${sha256.slice(0, 2)}/${sha256}`;
      // Same bytes already stored (another account, or an orphan): touched, so a sweep now keeps them.
      if (!(await storage.touch(storageKey))) {
        await storage.put(storageKey, fs.createReadStream(joined), { contentType: probe.mime });
        written = storageKey;
      }
      const seriesId = row.seriesId !== null && (await repo.findSeries(db, row.seriesId, ownScope(p))) ? row.seriesId : null;
      const at = now();
      const video = await repo.insertVideo(db, {
        accountId: p.accountId,
        seriesId,
        position: seriesId === null ? null : await repo.nextPosition(db, seriesId),
        name: row.name,
        format: probe.format,
        mime: probe.mime,
        codec: probe.codec,
        width: probe.width,
        height: probe.height,
        durationMs: probe.durationMs,
        bytes: row.bytes,
        sha256,
        storageKey,
        createdBy: p.userId,
        createdAt: at,
        updatedAt: at,
      });
      if (!video) {
        // The same bytes were completed in parallel and won the race.
        const winner = await repo.findVideoBySha(db, ownScope(p), sha256);
        if (winner) throw duplicateOf(winner);
        throw new AppError(409, ERROR_CODES.conflict, 'The video could not be saved. Please try again.');
      }
      written = undefined;
      await removeUpload(row.id);
      return toVideo(video);
    } catch (err) {
      // A file stored here whose row was not committed goes (unless a parallel upload's row uses it).
      if (written) await removeUnusedKeys([written]);
      // A file refused for what it is will not get better: the upload goes. Anything else may be retried.
      if (err instanceof AppError && err.statusCode < 500) await removeUpload(row.id);
      throw err;
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  };

  // ---- Poster and files ------------------------------------------------------------------

  /** Sets or replaces the poster: a jpeg, png or webp judged by its bytes, stored as webp at most 1280 px wide. */
  const setPoster = async (p: Caller, input: { id: number; version: number; stream: Readable }) => {
    const video = await ownVideoAt(p, input.id, input.version);
    const dir = await fs.promises.mkdtemp(path.join(tmpDir, 'ads-poster-'));
    try {
      const file = path.join(dir, 'poster');
      let head = Buffer.alloc(0);
      await pipeline(
        input.stream,
        limiter(VIDEO_POSTER_MAX_BYTES, (chunk) => {
          if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16)]);
        }),
        fs.createWriteStream(file),
      );
      if (sniffFormat(head) === 'gif') {
        throw new AppError(400, ERROR_CODES.imageTypeNotAllowed, 'A poster must be a JPG, PNG or WebP image.');
      }
      // Judged like an image and decoded once, through the same memory bound.
      const { webp } = await inspectImage(file, head, {
        resize: { width: VIDEO_POSTER_WIDTH, withoutEnlargement: true },
        quality: 82,
      });
      const sha = createHash('sha256').update(webp).digest('hex');
      const posterKey = `posters/${sha.slice(0, 2)}/${sha}.webp`;
      await storage.put(posterKey, webp, { contentType: 'image/webp' });
      const row = await repo.updateVideo(db, ownScope(p), video.id, input.version, { posterKey, updatedAt: now() });
      if (!row) {
        await removeUnusedKeys([posterKey]);
        throw stale('The video');
      }
      if (video.posterKey && video.posterKey !== posterKey) await removeUnusedKeys([video.posterKey]);
      return toVideo(row);
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  };

  /** Deletes the files of these keys that no video of any account still uses. */
  const removeUnusedKeys = async (keys: string[]) => {
    const inUse = await repo.keysInUse(db, keys);
    for (const key of new Set(keys)) if (!inUse.has(key)) await storage.delete(key);
  };

  /**
   * The bytes behind a signed link (the signature is the permission: links are only given to
   * callers who may read the video). A wrong or foreign signature is 404, an expired one 403.
   */
  const openFile = async (input: { id: number; variant: VideoVariant; exp: number; sig: string; range?: string }) => {
    const video = await repo.findVideo(db, input.id, systemScope, false);
    if (!video || (input.variant === 'poster' && !video.posterKey)) throw notFound('The file');
    const verdict = links.verify(videoLinkResource(video.id, input.variant, video.posterKey), input.exp, input.sig, now());
    if (verdict === 'invalid') throw notFound('The file');
    if (verdict === 'expired') throw new AppError(403, ERROR_CODES.fileLinkExpired, 'This link has expired. Reload the page to get a new one.');

    const poster = input.variant === 'poster';
    const key = poster ? video.posterKey! : video.storageKey;
    const stem = video.name.replace(/\.[^.]*$/, '') || 'video';
    const meta = { contentType: poster ? 'image/webp' : video.mime, fileName: poster ? `${stem}.webp` : video.name };
    // Posters are small and served whole; the video's size is known without opening it.
    const range = poster ? undefined : parseByteRange(input.range, video.bytes);
    if (range === 'unsatisfiable') {
      throw new AppError(416, ERROR_CODES.rangeNotSatisfiable, 'The requested range is outside the file.', {
        headers: { 'Content-Range': `bytes */${video.bytes}` },
      });
    }
    const file = await storage.get(key, range);
    if (!file) throw notFound('The file');
    return range
      ? { ...meta, stream: file.stream, size: file.size, range: { ...range, length: range.end - range.start + 1 } }
      : { ...meta, stream: file.stream, size: file.size, range: undefined };
  };

  // ---- Recycle bin (modules/assets lists, restores and purges through these) ---------------

  /** The account's deleted videos, newest first, with a signed poster link (all when no page is given). */
  const binVideos = async (t: DbOrTx, accountId: number, page?: { limit: number; offset: number }) => {
    const { items, total } = await repo.listDeletedVideos(t, ownScope({ accountId }), page);
    const at = now();
    return {
      items: items.map((r) => ({ ...r, thumbnailUrl: r.posterKey ? videoLink(links, r, 'poster', at) : null })),
      total,
    };
  };

  /**
   * Restores a bin video of the account: back at the end of its series when that series still
   * exists, else outside any; " (1)" on a name clash there. Undefined when it is not in the bin.
   */
  const restoreFromBin = async (t: DbOrTx, accountId: number, id: number, at = now()) => {
    const scope = ownScope({ accountId });
    const row = await repo.findBinVideo(t, id, scope);
    if (!row) return undefined;
    const seriesId = row.seriesId !== null && (await repo.findSeries(t, row.seriesId, scope)) ? row.seriesId : null;
    const name = uniqueName(row.name, await repo.liveVideoNamesIn(t, scope, seriesId), VIDEO_NAME_MAX, true);
    const position = seriesId === null ? null : await repo.nextPosition(t, seriesId);
    await repo.restoreVideo(t, row.id, { name, seriesId, position, at });
    return { id: row.id, name, seriesId };
  };

  /** Deletes bin videos for good (pass the transaction); call removeUnusedFiles with the answer after commit. */
  const purgeFromBin = (t: DbOrTx, accountId: number, ids: number[]) => repo.purgeVideos(t, ownScope({ accountId }), ids);

  const removeUnusedFiles = (purged: repo.PurgedVideo[]) =>
    removeUnusedKeys(purged.flatMap((r) => (r.posterKey ? [r.storageKey, r.posterKey] : [r.storageKey])));

  const binVideoIds = (t: DbOrTx, accountId: number) => repo.binVideoIds(t, ownScope({ accountId }));

  /** The purge job: every account's bin videos older than the cutoff (pass its transaction). */
  const purgeDeletedBefore = (tx: DbOrTx, cutoff: Date) => repo.purgeDeletedBefore(tx, cutoff);

  return {
    listSeries,
    createSeries,
    renameSeries,
    deleteSeries,
    reorderSeries,
    listVideos,
    videoDetail,
    renameVideo,
    setSeries,
    deleteVideos,
    startUpload,
    uploadChunk,
    uploadStatus,
    cancelUpload,
    completeUpload,
    cleanExpiredUploads,
    setPoster,
    openFile,
    binVideos,
    restoreFromBin,
    purgeFromBin,
    removeUnusedFiles,
    binVideoIds,
    purgeDeletedBefore,
  };
};

export type VideosService = ReturnType<typeof createVideosService>;

/** Videos as an access kind, for other modules' `requireOwned` (campaigns: an ad's video). */
export const videoKind = repo.videoKind;
