import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../db/schema/videos';
import { startVideoUpload, uploadImage, videoUploadStatus } from '@ads/contracts';
import { multipart } from '../../test/multipart';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { createStorageSweepService, SWEEP_MIN_AGE_MS, type StorageSweepService } from './storage-sweep.service';
import { tryTransactionLock } from '../../kit/locks';
import { INSTALLATION_FILE } from '../../db/installation';
import { uploadFolder } from '../videos/upload-chunks';

const HOUR_MS = 3_600_000;

describe('storage sweep', () => {
  let t: TestApp;
  let tmpDir: string;
  let sweeper: StorageSweepService;
  const files = () => path.join(t.dataDir, 'files');
  const uploads = () => path.join(t.dataDir, 'video-uploads');

  beforeAll(async () => {
    t = await buildTestApp();
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweep-test-'));
    sweeper = createStorageSweepService({ db: t.database.db, storage: t.services.storage, uploadDir: uploads(), tmpDir, now: () => t.clock.now });
  });
  afterAll(async () => {
    await t?.close();
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  });

  /** Writes a file (and its folders) and dates it `ageMs` before the test clock. */
  const write = (file: string, ageMs: number, body = 'x') => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, body);
    age(file, ageMs);
    return file;
  };
  const age = (file: string, ageMs: number) => {
    const at = new Date(t.clock.now.getTime() - ageMs);
    fs.utimesSync(file, at, at);
    return file;
  };
  const OLD = SWEEP_MIN_AGE_MS + HOUR_MS;
  const YOUNG = SWEEP_MIN_AGE_MS - HOUR_MS;

  it('removes leftovers older than the longest upload and keeps younger and referenced files', async () => {
    // Spool folders of image and poster uploads in the temp directory.
    const oldSpool = path.dirname(write(path.join(tmpDir, 'ads-upload-old1', 'upload'), OLD));
    age(oldSpool, OLD);
    const oldPoster = path.dirname(write(path.join(tmpDir, 'ads-poster-old1', 'poster'), OLD));
    age(oldPoster, OLD);
    const youngSpool = path.dirname(write(path.join(tmpDir, 'ads-upload-young', 'upload'), YOUNG));
    age(youngSpool, YOUNG);
    const notOurs = path.dirname(write(path.join(tmpDir, 'someone-else', 'file'), OLD));
    age(notOurs, OLD);

    // Cut-off writes of the file store.
    const oldPart = write(path.join(files(), '.tmp', 'aaaa.part'), OLD);
    const youngPart = write(path.join(files(), '.tmp', 'bbbb.part'), YOUNG);

    // A live chunked upload with an old side file, and upload folders without a row.
    const adv = t.as('advertiser');
    const started = await adv.call(startVideoUpload, { name: 'a.mp4', bytes: 100 });
    const uploadId = started.body.uploadId;
    const liveDir = path.join(uploads(), uploadId);
    const liveOldPart = write(path.join(liveDir, 'cafe.part'), OLD);
    const liveOldJoined = write(path.join(liveDir, 'beef.video'), OLD);
    const liveYoungPart = write(path.join(liveDir, 'f00d.part'), YOUNG);
    const liveChunk = write(path.join(liveDir, 'chunk-00000'), OLD);
    age(liveDir, OLD);
    const strayOld = path.join(uploads(), 'x'.repeat(32));
    write(path.join(strayOld, 'chunk-00000'), OLD);
    age(strayOld, OLD);
    const strayYoung = path.join(uploads(), 'y'.repeat(32));
    write(path.join(strayYoung, 'chunk-00000'), YOUNG);
    age(strayYoung, YOUNG);

    // Stored files: an uploaded image (referenced), a demo video's file and poster (referenced), orphans.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 9, g: 8, b: 7 } } }).png().toBuffer();
    const image = await adv.send(uploadImage, {}, multipart(png, 'k.png'));
    expect(image.status).toBe(200);
    const sha = image.body.sha256;
    const imageFile = age(path.join(files(), 'images', sha.slice(0, 2), sha), OLD);
    const thumbFile = age(path.join(files(), 'thumbnails', sha.slice(0, 2), `${sha}.webp`), OLD);
    const [video] = await t.database.db.select().from(videos).where(isNotNull(videos.posterKey)).limit(1);
    const videoFile = write(path.join(files(), ...video!.storageKey.split('/')), OLD);
    const posterFile = write(path.join(files(), ...video!.posterKey!.split('/')), OLD);
    const orphan = write(path.join(files(), 'images', 'ab', 'ab'.repeat(32)), OLD);
    const orphanThumb = write(path.join(files(), 'thumbnails', 'ab', `${'ab'.repeat(32)}.webp`), OLD);
    const youngOrphan = write(path.join(files(), 'videos', 'cd', 'cd'.repeat(32)), YOUNG);

    const result = await sweeper.sweep();
    expect(result).toMatchObject({ ran: true, spools: 2, temporary: 1, files: 2, uploadDirs: 1, sideFiles: 2 });

    const gone = [oldSpool, oldPoster, oldPart, liveOldPart, liveOldJoined, strayOld, orphan, orphanThumb];
    const kept = [youngSpool, notOurs, youngPart, liveYoungPart, liveChunk, strayYoung, imageFile, thumbFile, videoFile, posterFile, youngOrphan];
    expect(gone.filter((f) => fs.existsSync(f))).toEqual([]);
    expect(kept.filter((f) => !fs.existsSync(f))).toEqual([]);

    // The upload goes on where it was.
    const status = await adv.call(videoUploadStatus, { uploadId });
    expect(status.status).toBe(200);
  });

  it('keeps a file stored again after it was listed (an upload of the same bytes on its way)', async () => {
    const key = path.join(files(), 'images', 'ef', 'ef'.repeat(32));
    write(key, OLD);
    // The listing sees it old; a new upload rewrites it before the transaction removes orphans.
    const storage = t.services.storage;
    const racing = {
      ...storage,
      async *list() {
        for await (const f of storage.list()) yield f;
        age(key, 0);
      },
    };
    const result = await createStorageSweepService({ db: t.database.db, storage: racing, uploadDir: uploads(), tmpDir, now: () => t.clock.now }).sweep();
    expect(result.ran).toBe(true);
    expect(fs.existsSync(key)).toBe(true);
  });

  it("removes old chunk objects of uploads that are gone, and keeps a live upload's whatever their age", async () => {
    const started = await t.as('advertiser').call(startVideoUpload, { name: 'b.mp4', bytes: 100 });
    expect(started.status, started.text).toBe(200);
    const live = uploadFolder(started.body.uploadId)!;
    const gone = uploadFolder(randomBytes(24).toString('base64url'))!;
    const liveChunk = write(path.join(files(), live, '00000'), OLD);
    const liveSide = write(path.join(files(), live, 'cafe.part'), OLD);
    const goneChunk = write(path.join(files(), gone, '00000'), OLD);
    const goneSide = write(path.join(files(), gone, 'beef.part'), OLD);
    const goneYoung = write(path.join(files(), gone, '00001'), YOUNG);

    expect(await sweeper.sweep()).toMatchObject({ ran: true, files: 2 });
    expect([goneChunk, goneSide].filter((f) => fs.existsSync(f))).toEqual([]);
    expect([liveChunk, liveSide, goneYoung].filter((f) => !fs.existsSync(f))).toEqual([]);
  });

  it('stands aside while another server holds the sweep lock', async () => {
    // PGlite is one process with one connection (no fleet): the lock is PostgreSQL's concern.
    if (t.database.kind !== 'postgres') return;
    const orphan = write(path.join(files(), 'images', '12', '12'.repeat(32)), OLD);
    let inner: Awaited<ReturnType<StorageSweepService['sweep']>> | undefined;
    await t.database.db.transaction(async (tx) => {
      expect(await tryTransactionLock(tx, 'storage.sweep')).toBe(true);
      inner = await sweeper.sweep();
    });
    expect(inner).toMatchObject({ ran: false, files: 0 });
    expect(fs.existsSync(orphan)).toBe(true);
    expect((await sweeper.sweep()).ran).toBe(true);
    expect(fs.existsSync(orphan)).toBe(false);
  });

  it("never removes the store's installation record, nor anything in a folder holding another installation's", async () => {
    // A bucket shared by installations: another one's prefix may lie under this one's (S3_PREFIX).
    const record = write(path.join(files(), INSTALLATION_FILE), OLD, '{"id": "mine"}');
    const theirRecord = write(path.join(files(), 'theirs', INSTALLATION_FILE), OLD, '{"id": "theirs"}');
    const theirFile = write(path.join(files(), 'theirs', 'images', 'ab', 'ab'.repeat(32)), OLD);
    const ownOrphan = write(path.join(files(), 'images', '34', '34'.repeat(32)), OLD);
    expect(await sweeper.sweep()).toMatchObject({ ran: true, files: 1 });
    expect([record, theirRecord, theirFile].filter((f) => !fs.existsSync(f))).toEqual([]);
    expect(fs.existsSync(ownOrphan)).toBe(false);
  });

  it('sweeps only the spool folders with sweepSpools (every server runs it on its own temp directory)', async () => {
    const oldSpool = path.dirname(write(path.join(tmpDir, 'ads-upload-spools1', 'upload'), OLD));
    age(oldSpool, OLD);
    const youngSpool = path.dirname(write(path.join(tmpDir, 'ads-poster-spools2', 'poster'), YOUNG));
    age(youngSpool, YOUNG);
    const oldPart = write(path.join(files(), '.tmp', 'spools.part'), OLD);

    expect(await sweeper.sweepSpools()).toEqual({ spools: 1 });
    expect(fs.existsSync(oldSpool)).toBe(false);
    expect(fs.existsSync(youngSpool)).toBe(true);
    expect(fs.existsSync(oldPart)).toBe(true); // the shared store is the fleet-wide sweep's
  });
});
