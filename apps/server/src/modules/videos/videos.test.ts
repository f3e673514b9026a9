import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import * as contracts from '@ads/contracts';
import {
  cancelVideoUpload,
  completeVideoUpload,
  createSeries,
  deleteSeries,
  deleteVideos,
  recycleDeleteForever,
  recycleEmpty,
  recycleList,
  recycleRestore,
  renameSeries,
  renameVideo,
  reorderSeries,
  seriesList,
  setVideoPoster,
  setVideoSeries,
  startVideoUpload,
  uploadVideoChunk,
  videoDetail,
  videoFile,
  videoList,
  videoStorageUsage,
  videoUploadStatus,
  type EndpointResponse,
} from '@ads/contracts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { interlaced16BitPng } from '../../test/test-images';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, octets } from '../../test/multipart';
import { endpointsTagged, foreign, proveForeignIdsAnswer404 } from '../../test/tenancy';
import { buildApp } from '../../app';
import { addTestAccount, buildTestApp, testConfig, type TestApp } from '../../test/test-app';
import { createTestClient } from '../../test/typed-client';
import type { Caller, Payload } from '../../test/typed-client';
import { box, makeMp4, makeWebm } from '../../test/test-media';
import { uploadFolder } from './upload-chunks';

type Video = EndpointResponse<typeof completeVideoUpload>;
type Upload = EndpointResponse<typeof startVideoUpload>;

const MiB = 1024 * 1024;
let clip = 0;
/** A small valid webm, different every call. */
const smallWebm = (durationMs = 1000 + ++clip) => makeWebm({ durationMs, blockBytes: 64 });

// Each upload here is probed by MediaInfo in a worker of its own, which compiles its WebAssembly
// every time (half a second of CPU): a test of a dozen uploads takes 3 to 5 s alone, and beside the
// end-to-end suite on a busy two-core machine up to 60 s (crafted files, where the 8 MiB one reads
// a million boxes; the suite's 30 s did not hold). The limit holds there.
describe('video library', { timeout: 180_000 }, () => {
  let t: TestApp;
  let adv: Caller;
  let pub: Caller;
  let staff: Caller;

  /** File links carry their own permission: no bearer. */
  const fetchFile = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const putChunk = (caller: Caller, uploadId: string, offset: number, body: Buffer) => caller.send(uploadVideoChunk, { uploadId, offset }, octets(body));
  const start = async (caller: Caller, file: Buffer, name = 'clip.webm', seriesId: number | null = null) => {
    const res = await caller.call(startVideoUpload, { name, bytes: file.length, seriesId });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const sendAll = async (caller: Caller, up: Upload, file: Buffer) => {
    for (let o = up.received; o < file.length; o += up.chunkSize) {
      const res = await putChunk(caller, up.uploadId, o, file.subarray(o, o + up.chunkSize));
      expect(res.status, res.text).toBe(200);
    }
  };
  const complete = (caller: Caller, uploadId: string) => caller.call(completeVideoUpload, { uploadId });
  const uploadOk = async (caller: Caller, file: Buffer = smallWebm(), name = 'clip.webm', seriesId: number | null = null) => {
    const up = await start(caller, file, name, seriesId);
    await sendAll(caller, up, file);
    const res = await complete(caller, up.uploadId);
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const series = async (caller: Caller, name: string) => {
    const res = await caller.call(createSeries, { name });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const list = async (caller: Caller, query: Payload<typeof videoList> = {}) => {
    const res = await caller.call(videoList, query);
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const detail = async (caller: Caller, id: number) => (await caller.call(videoDetail, { id })).body;
  const setPoster = (caller: Caller, v: Video, file: Buffer) => caller.send(setVideoPoster, { id: v.id, version: v.version }, multipart(file, 'frame.png'));
  /** What Storage holds for a chunked upload: its chunks, and side objects of chunks being received. */
  const uploadKeys = async (uploadId: string) => {
    const folder = `${uploadFolder(uploadId)}/`;
    const keys: string[] = [];
    for await (const f of t.services.storage.list()) if (f.key.startsWith(folder)) keys.push(f.key.slice(folder.length));
    return keys.sort();
  };
  const filesUnder = (dir: string) => {
    const full = path.join(t.dataDir, dir);
    return fs.existsSync(full) ? fs.readdirSync(full, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];
  };

  const signIn = async () => {
    t.forgetSessions();
    await Promise.all([adv.token(), pub.token(), staff.token()]);
  };
  /** Moves the clock on; sessions idle that long have ended, so everyone signs in again. */
  const advance = async (ms: number) => {
    t.clock.advance(ms);
    await signIn();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    adv = t.as('advertiser');
    pub = t.as('publisher');
    staff = t.as('staff');
    await signIn();
  });
  afterAll(() => t?.close());

  describe('chunked upload', () => {
    it('resumes after a dropped chunk and a wrong offset, then reads the metadata from the file', async () => {
      // 17 MiB with the index at the end: chunks of 8, 8 and 1 MiB.
      const file = makeMp4({ moovAtEnd: true, mdatBytes: 17 * MiB, width: 1920, height: 1080, durationMs: 754_321 });
      const up = await start(adv, file, 'Launch film.mp4');
      expect(up).toMatchObject({ received: 0, bytes: file.length, chunkSize: 8 * MiB });
      expect(up.uploadId).toMatch(/^[A-Za-z0-9_-]{32}$/);

      const first = await putChunk(adv, up.uploadId, 0, file.subarray(0, 8 * MiB));
      expect(first.status, first.text).toBe(200);
      expect(first.body.received).toBe(8 * MiB);

      // The connection drops half-way through the second chunk.
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      const auth = await adv.headers();
      await new Promise<void>((resolve) => {
        const req = http.request({
          host: '127.0.0.1',
          port,
          method: 'PUT',
          path: `/api/Video/UploadChunk?uploadId=${up.uploadId}&offset=${8 * MiB}`,
          headers: { ...auth, 'content-type': 'application/octet-stream', 'content-length': String(8 * MiB) },
        });
        req.on('error', () => resolve());
        req.write(file.subarray(8 * MiB, 11 * MiB), () => setTimeout(() => (req.destroy(), resolve()), 100));
      });
      for (let i = 0; i < 50 && (await uploadKeys(up.uploadId)).some((f) => f.endsWith('.part')); i++) await new Promise((r) => setTimeout(r, 50));
      expect(await uploadKeys(up.uploadId)).toEqual(['00000']);

      const status = await adv.call(videoUploadStatus, { uploadId: up.uploadId });
      expect(status.body).toMatchObject({ received: 8 * MiB, bytes: file.length });

      // A chunk at the wrong offset is refused with where to resume; a short one is discarded whole.
      for (const offset of [0, 16 * MiB]) {
        const wrong = await putChunk(adv, up.uploadId, offset, file.subarray(offset, offset + 8 * MiB));
        expect(wrong.status).toBe(409);
        expect(wrong.error).toMatchObject({ errorCode: 'UPLOAD_OFFSET_MISMATCH', received: 8 * MiB });
      }
      const short = await putChunk(adv, up.uploadId, 8 * MiB, file.subarray(8 * MiB, 9 * MiB));
      expect(short.status).toBe(400);
      expect(short.error.received).toBe(8 * MiB);
      const early = await complete(adv, up.uploadId);
      expect(early.status).toBe(409);
      expect(early.error).toMatchObject({ errorCode: 'UPLOAD_INCOMPLETE', received: 8 * MiB });

      await sendAll(adv, { ...up, received: 8 * MiB }, file);
      const done = await complete(adv, up.uploadId);
      expect(done.status, done.text).toBe(200);
      const video = done.body ;
      expect(video).toMatchObject({
        name: 'Launch film.mp4',
        format: 'mp4',
        codec: 'h264',
        width: 1920,
        height: 1080,
        durationMs: 754_321,
        bytes: file.length,
        sha256: createHash('sha256').update(file).digest('hex'),
        seriesId: null,
        reviewStatus: 'unreviewed',
        posterUrl: null,
      });
      // Stored under its hash, never its name; the temporary chunks are gone.
      expect(filesUnder('files/videos')).toContain(video.sha256);
      expect(await uploadKeys(up.uploadId)).toEqual([]);
      expect((await adv.call(videoUploadStatus, { uploadId: up.uploadId })).status).toBe(404);

      const served = await fetchFile(video.url);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(file)).toBe(true);
    });

    it('caps the size: declared and actually sent', async () => {
      const big = await adv.call(startVideoUpload, { name: 'huge.mp4', bytes: 500 * MiB + 1 });
      expect(big.status).toBe(413);
      expect(big.error.errorCode).toBe('PAYLOAD_TOO_LARGE');
      expect((await adv.call(startVideoUpload, { name: 'max.mp4', bytes: 500 * MiB })).status).toBe(200);

      const file = smallWebm();
      const up = await start(adv, file);
      const over = await putChunk(adv, up.uploadId, 0, Buffer.concat([file, Buffer.alloc(10)]));
      expect(over.status).toBe(413);
      expect((await adv.call(videoUploadStatus, { uploadId: up.uploadId })).body.received).toBe(0);
    });

    it('judges the type by the bytes: an executable, an mp3, a text file, mkv and damaged files are refused', async () => {
      const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512)]);
      const mp3 = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(400)]);
      for (const [file, name] of [
        [exe, 'setup.mp4'],
        [mp3, 'song.webm'],
        [Buffer.from('just some text, not a video'), 'notes.mp4'],
      ] as const) {
        const up = await start(adv, file, name);
        const res = await putChunk(adv, up.uploadId, 0, file);
        expect(res.status, name).toBe(400);
        expect(res.error.errorCode).toBe('VIDEO_TYPE_NOT_ALLOWED');
        // Refused at the first chunk: the upload is gone.
        expect((await adv.call(videoUploadStatus, { uploadId: up.uploadId })).status).toBe(404);
      }
      for (const [file, code] of [
        [makeWebm({ docType: 'matroska', durationMs: 1000 }), 'VIDEO_TYPE_NOT_ALLOWED'],
        [makeMp4().subarray(0, 300), 'VIDEO_UNREADABLE'],
      ] as const) {
        const up = await start(adv, file, 'x.webm');
        await sendAll(adv, up, file);
        const res = await complete(adv, up.uploadId);
        expect(res.status).toBe(400);
        expect(res.error.errorCode).toBe(code);
      }
    });

    it('answers crafted files with a 4xx or sane values, never a 500, and leaves no file without a row', async () => {
      const stored = () => filesUnder('files/videos').sort();
      const ftyp = box('ftyp', Buffer.from('isom\0\0\0\0isom', 'latin1'));
      const free = box('free');
      const refusals: [string, Buffer, string][] = [
        ['Duration 1e300', makeWebm({ durationMs: 1e300 }), 'VIDEO_INVALID'],
        ['TimecodeScale 2^60', makeWebm({ durationMs: 1000, timecodeScale: 2 ** 60 }), 'VIDEO_INVALID'],
        ['PixelWidth 2^40', makeWebm({ durationMs: 1000, width: 2 ** 40 }), 'VIDEO_INVALID'],
        ['8 MiB of free boxes', Buffer.concat([ftyp, ...Array.from({ length: (8 * MiB - ftyp.length) / free.length }, () => free)]), 'VIDEO_UNREADABLE'],
      ];
      for (const [what, file, code] of refusals) {
        const before = stored();
        const up = await start(adv, file, `${what}.webm`);
        await sendAll(adv, up, file);
        const res = await complete(adv, up.uploadId);
        expect(res.status, `${what}: ${res.text}`).toBe(400);
        expect(res.error.errorCode, what).toBe(code);
        expect(stored(), what).toEqual(before);
        expect(await uploadKeys(up.uploadId), what).toEqual([]);
      }
      const kept: [string, Buffer, Partial<Video>][] = [
        ['mvhd 2^62 ms', makeMp4({ version: 1, mvhdDuration: 2 ** 62 }), { durationMs: 5000 }],
        ['mvhd 2^31 ms', makeMp4({ mvhdDuration: 2 ** 31 }), { durationMs: 5000 }],
        ['CodecID __proto__', makeWebm({ durationMs: 1000, codecId: '__proto__' }), { codec: '__proto__' }],
        ['CodecID constructor', makeWebm({ durationMs: 1000, codecId: 'constructor' }), { codec: 'constructor' }],
        ['CodecID of 100 KB', makeWebm({ durationMs: 1000, codecId: `V_${'X'.repeat(100_000)}` }), { codec: null }],
      ];
      for (const [what, file, expected] of kept) {
        const video = await uploadOk(adv, file, `${what}.video`);
        expect(video, what).toMatchObject(expected);
        expect(await detail(adv, video.id), what).toMatchObject(expected);
        expect(stored(), what).toContain(video.sha256);
      }
    });

    it('removes the stored file again when the row is not committed', async () => {
      // The database refuses this one row (as a failing insert would): the file written for it must go.
      await t.database.db.execute(
        sql.raw(`create function refuse_video() returns trigger language plpgsql as $$ begin
          if new.name = 'refused by the database.webm' then raise exception 'refused'; end if; return new; end $$`),
      );
      await t.database.db.execute(sql.raw('create trigger refuse_video before insert on videos for each row execute function refuse_video()'));
      try {
        const file = smallWebm();
        const sha = createHash('sha256').update(file).digest('hex');
        const up = await start(adv, file, 'refused by the database.webm');
        await sendAll(adv, up, file);
        expect((await complete(adv, up.uploadId)).status).toBe(500);
        expect(filesUnder('files/videos')).not.toContain(sha);
        // Nothing about the bytes was wrong: the upload stays, to be completed again.
        expect((await adv.call(videoUploadStatus, { uploadId: up.uploadId })).body.received).toBe(file.length);
      } finally {
        await t.database.db.execute(sql.raw('drop trigger refuse_video on videos'));
        await t.database.db.execute(sql.raw('drop function refuse_video'));
      }
    });

    it('answers 409 with the existing video for an exact duplicate; another account may hold the same bytes', async () => {
      const s = await series(adv, 'Duplicates');
      const file = smallWebm();
      const first = await uploadOk(adv, file, 'original.webm', s.id);
      const up = await start(adv, file, 'copy.webm');
      await sendAll(adv, up, file);
      const res = await complete(adv, up.uploadId);
      expect(res.status).toBe(409);
      expect(res.error).toMatchObject({
        errorCode: 'VIDEO_DUPLICATE',
        existing: { id: first.id, name: 'original.webm', folderId: s.id, inRecycleBin: false },
      });
      expect((await uploadOk(pub, file, 'mine.webm')).sha256).toBe(first.sha256);
    });

    it('expires unfinished uploads and removes their chunks', async () => {
      const file = smallWebm();
      const up = await start(adv, file);
      await putChunk(adv, up.uploadId, 0, file);
      expect(await uploadKeys(up.uploadId)).toEqual(['00000']);
      await advance(25 * 3_600_000);
      await t.services.videos.cleanExpiredUploads();
      expect(await uploadKeys(up.uploadId)).toEqual([]);
      expect((await complete(adv, up.uploadId)).status).toBe(404);
    });

    it('removes the chunks of a cancelled upload', async () => {
      const file = makeMp4({ mdatBytes: 9 * MiB });
      const up = await start(adv, file, 'cancelled.mp4');
      await sendAll(adv, up, file);
      expect(await uploadKeys(up.uploadId)).toEqual(['00000', '00001']);
      const res = await adv.call(cancelVideoUpload, { uploadId: up.uploadId });
      expect(res.status, res.text).toBe(200);
      expect(await uploadKeys(up.uploadId)).toEqual([]);
      expect((await adv.call(videoUploadStatus, { uploadId: up.uploadId })).status).toBe(404);
    });

    it('answers 409, not 500, when a chunk is missing from the file store at completion', async () => {
      const file = smallWebm();
      const up = await start(adv, file, 'lost.webm');
      await sendAll(adv, up, file);
      expect(await t.services.storage.delete(`${uploadFolder(up.uploadId)}/00000`)).toBe(true);
      const res = await complete(adv, up.uploadId);
      expect(res.status, res.text).toBe(409);
      expect(res.error.errorCode).toBe('CONFLICT');
      expect((await adv.call(videoUploadStatus, { uploadId: up.uploadId })).status).toBe(404);
    });

    it('takes the chunks of one upload on any server of a fleet, and completes it on another', async () => {
      // A second server: the same database and file store, but its own DATA_DIR and temp directory.
      const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-test-other-'));
      const other = await buildApp({ config: testConfig({ DATA_DIR: otherDir }), database: t.database, storage: t.services.storage, now: () => t.clock.now });
      try {
        await other.app.ready();
        const advThere = createTestClient(other.app).as('advertiser');
        const file = makeMp4({ mdatBytes: 17 * MiB });
        const up = await start(adv, file, 'fleet.mp4');
        for (const [i, caller] of [adv, advThere, adv].entries()) {
          const o = i * up.chunkSize;
          const res = await putChunk(caller, up.uploadId, o, file.subarray(o, o + up.chunkSize));
          expect(res.status, res.text).toBe(200);
        }
        expect(await uploadKeys(up.uploadId)).toEqual(['00000', '00001', '00002']);
        const done = await complete(advThere, up.uploadId);
        expect(done.status, done.text).toBe(200);
        expect(done.body.sha256).toBe(createHash('sha256').update(file).digest('hex'));
        expect(await uploadKeys(up.uploadId)).toEqual([]);
        const served = await other.app.inject({ method: 'GET', url: done.body.url });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(file)).toBe(true);
        expect(fs.readdirSync(otherDir).filter((f) => f !== 'file-link-secret')).toEqual([]);
      } finally {
        await other.app.close();
        fs.rmSync(otherDir, { recursive: true, force: true });
      }
    });

    it('keeps only the winning bytes when two chunks race for the same offset', async () => {
      for (let trial = 0; trial < 12; trial++) {
        // Two different files of the same size: either may win, but the stored video must be the winner's.
        const a = smallWebm(3000);
        const b = makeWebm({ durationMs: 3000, blockBytes: 64 });
        expect(b.length).toBe(a.length);
        const up = await start(adv, a, `race ${trial}.webm`);
        const answers = await Promise.all([putChunk(adv, up.uploadId, 0, a), putChunk(adv, up.uploadId, 0, b)]);
        const codes = answers.map((r) => r.status).sort();
        expect(codes, answers.map((r) => r.text).join(' ')).toEqual([200, 409]);
        const winner = answers[0]!.status === 200 ? a : b;
        // One chunk object, the winner's; the loser's side object is gone.
        expect(await uploadKeys(up.uploadId)).toEqual(['00000']);
        const done = await complete(adv, up.uploadId);
        expect(done.status, done.text).toBe(200);
        expect((done.body ).sha256).toBe(createHash('sha256').update(winner).digest('hex'));
      }
    });
  });

  describe('poster', () => {
    it('stores an uploaded frame as webp at most 1280 px wide, and replaces it', async () => {
      let video = await uploadOk(adv);
      const png = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: { r: 200, g: 10, b: 10 } } }).png().toBuffer();
      const res = await setPoster(adv, video, png);
      expect(res.status, res.text).toBe(200);
      video = res.body ;
      const poster = await fetchFile(video.posterUrl!);
      expect(poster.statusCode).toBe(200);
      expect(poster.headers['content-type']).toBe('image/webp');
      expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1280, height: 720 });
      const firstKey = filesUnder('files/posters');

      // Stale version, a gif and a text file are refused.
      expect((await setPoster(adv, { ...video, version: video.version - 1 }, png)).status).toBe(409);
      const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: { r: 0, g: 0, b: 0 } } }).gif().toBuffer();
      expect((await setPoster(adv, video, gif)).error.errorCode).toBe('IMAGE_TYPE_NOT_ALLOWED');
      expect((await setPoster(adv, video, Buffer.from('not an image'))).error.errorCode).toBe('IMAGE_TYPE_NOT_ALLOWED');

      const jpeg = await sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 0, g: 0, b: 200 } } }).jpeg().toBuffer();
      const replaced = await setPoster(adv, video, jpeg);
      expect(replaced.status, replaced.text).toBe(200);
      const next = replaced.body ;
      // A new poster, a new link: the old one (cached as immutable) no longer answers.
      expect(next.posterUrl).not.toBe(video.posterUrl);
      expect(await sharp((await fetchFile(next.posterUrl!)).rawPayload).metadata()).toMatchObject({ width: 640, height: 360 });
      expect((await fetchFile(video.posterUrl!)).statusCode).toBe(404);
      expect(filesUnder('files/posters')).not.toContain(firstKey[0]);
    });

    it('refuses a poster that would need too much memory to decode, as images do', async () => {
      const video = await uploadOk(adv);
      const res = await setPoster(adv, video, await interlaced16BitPng(7000, 7000));
      expect(res.status, res.text).toBe(400);
      expect(res.error.errorCode).toBe('IMAGE_TOO_LARGE_DECODED');
    });
  });

  describe('series', () => {
    it('creates with unique names, renames with the version, orders, and deletes leaving the videos', async () => {
      const s = await series(adv, 'Spring campaign');
      const clash = await adv.call(createSeries, { name: '  spring CAMPAIGN ' });
      expect(clash.status).toBe(409);
      expect(clash.error).toMatchObject({ errorCode: 'NAME_TAKEN' });
      expect((await adv.call(createSeries, { name: ' ' })).status).toBe(400);
      // Another account may use the same name.
      expect((await pub.call(createSeries, { name: 'Spring campaign' })).status).toBe(200);

      const renamed = await adv.call(renameSeries, { id: s.id, version: s.version, name: 'Spring 2027' });
      expect(renamed.body).toMatchObject({ name: 'Spring 2027', version: s.version + 1 });
      expect((await adv.call(renameSeries, { id: s.id, version: s.version, name: 'Old' })).error.errorCode).toBe('STALE_VERSION');
      await series(adv, 'Taken');
      expect((await adv.call(renameSeries, { id: s.id, version: s.version + 1, name: 'taken' })).status).toBe(409);

      const a = await uploadOk(adv, smallWebm(), 'a.webm', s.id);
      const b = await uploadOk(adv, smallWebm(), 'b.webm');
      const c = await uploadOk(adv, smallWebm(), 'c.webm');
      const moved = await adv.call(setVideoSeries, { ids: [c.id, b.id, a.id], seriesId: s.id });
      expect(moved.body).toEqual({ ok: true, changed: 2 });
      // In the series' order by default: a was there first, then c and b as sent.
      const inSeries = await list(adv, { seriesId: s.id });
      expect(inSeries.items.map((v) => v.id)).toEqual([a.id, c.id, b.id]);
      expect(inSeries.items.map((v) => v.position)).toEqual([1, 2, 3]);

      const reordered = await adv.call(reorderSeries, { id: s.id, videoIds: [b.id, a.id, c.id] });
      expect(reordered.status, reordered.text).toBe(200);
      expect((await list(adv, { seriesId: s.id })).items.map((v) => v.id)).toEqual([b.id, a.id, c.id]);
      // Not exactly the series' videos: nothing changes.
      const partial = await adv.call(reorderSeries, { id: s.id, videoIds: [a.id, b.id] });
      expect(partial.status).toBe(409);
      expect(partial.error.errorCode).toBe('SERIES_ORDER_STALE');
      const outsider = await uploadOk(adv);
      expect((await adv.call(reorderSeries, { id: s.id, videoIds: [a.id, b.id, c.id, outsider.id] })).status).toBe(409);
      expect((await adv.call(reorderSeries, { id: s.id, videoIds: [a.id, a.id, b.id] })).status).toBe(400);
      expect((await list(adv, { seriesId: s.id })).items.map((v) => v.id)).toEqual([b.id, a.id, c.id]);

      const listed = (await adv.call(seriesList)).body;
      expect(listed.items.find((x) => x.id === s.id)).toMatchObject({ name: 'Spring 2027', videoCount: 3 });

      const out = await adv.call(setVideoSeries, { ids: [a.id], seriesId: null });
      expect(out.body.changed).toBe(1);
      expect((await detail(adv, a.id)).seriesId).toBeNull();

      const deleted = await adv.call(deleteSeries, { id: s.id });
      expect(deleted.body).toEqual({ ok: true, videos: 2 });
      for (const v of [b, c]) expect(await detail(adv, v.id)).toMatchObject({ seriesId: null, position: null });
      expect((await list(adv, { none: 'true', pageSize: 200 })).items.map((v) => v.id)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
      expect((await adv.call(seriesList)).body.items.map((x) => x.id)).not.toContain(s.id);
    });
  });

  describe('videos', () => {
    it('lists with search, filters, sort and paging', async () => {
      const s = await series(adv, 'Listing');
      const short = await uploadOk(adv, makeWebm({ durationMs: 500 }), 'zeta short.webm', s.id);
      const long = await uploadOk(adv, makeMp4({ durationMs: 60_000 }), 'Alpha long.mp4', s.id);
      const mid = await uploadOk(adv, makeWebm({ durationMs: 9000, blockBytes: 2000 }), 'mid.webm', s.id);
      const q = { seriesId: s.id };
      expect((await list(adv, { ...q, sort: 'name' })).items.map((v) => v.id)).toEqual([long.id, mid.id, short.id]);
      expect((await list(adv, { ...q, sort: 'duration', order: 'desc' })).items.map((v) => v.id)).toEqual([long.id, mid.id, short.id]);
      expect((await list(adv, { ...q, sort: 'bytes', order: 'asc' })).items.map((v) => v.bytes)).toEqual([short.bytes, mid.bytes, long.bytes].sort((a, b) => a - b));
      expect((await list(adv, { ...q, format: 'mp4' })).items.map((v) => v.id)).toEqual([long.id]);
      expect((await list(adv, { ...q, search: 'ZETA' })).items.map((v) => v.id)).toEqual([short.id]);
      expect((await list(adv, { ...q, search: '%' })).total).toBe(0);
      expect((await list(adv, { ...q, reviewStatus: 'unreviewed' })).total).toBe(3);
      expect((await list(adv, { ...q, reviewStatus: 'approved' })).total).toBe(0);
      const page2 = await list(adv, { ...q, page: 2, pageSize: 2 });
      expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
      expect(page2.items.map((v) => v.id)).toEqual([mid.id]);
      expect((await list(adv, { none: 'true', pageSize: 200 })).items.every((v) => v.seriesId === null)).toBe(true);
      expect((await adv.call(videoList, { pageSize: 201 })).status).toBe(400);
      expect((await adv.callUnchecked(videoList, { sort: 'sha256' })).status).toBe(400);
      // Newest first without a series.
      const all = await list(adv, { pageSize: 3 });
      expect(all.items[0]!.id).toBe(mid.id);
    });

    it('renames with the version and deletes to the recycle bin', async () => {
      const v = await uploadOk(adv);
      const renamed = await adv.call(renameVideo, { id: v.id, version: v.version, name: ' Hero cut.webm ' });
      expect(renamed.body).toMatchObject({ name: 'Hero cut.webm', version: v.version + 1 });
      expect((await adv.call(renameVideo, { id: v.id, version: v.version, name: 'x' })).status).toBe(409);
      const d = await adv.call(videoDetail, { id: v.id });
      expect(d.body).toMatchObject({ uploadedBy: { name: 'Avery Advertiser' }, seriesName: null });

      expect((await adv.call(deleteVideos, { ids: [v.id] })).body).toEqual({ ok: true, changed: 1 });
      expect((await adv.call(videoDetail, { id: v.id })).status).toBe(404);
      expect((await list(adv, { pageSize: 200 })).items.map((x) => x.id)).not.toContain(v.id);
      const bin = await t.services.videos.binVideos(t.database.db, v.accountId);
      expect(bin.items.find((x) => x.id === v.id)).toMatchObject({ name: 'Hero cut.webm', deletedByName: 'Avery Advertiser' });
    });

    it("tells the account when deleting a video stops an active campaign's ads, leading to the campaign", async () => {
      const v = await uploadOk(adv, smallWebm(), 'teaser.webm');
      const day = 86_400_000;
      const draft = await adv.ok(contracts.saveCampaignDraft, {
        name: 'Video teaser push',
        objective: 'traffic',
        dailyBudgetMinor: 10_000,
        totalBudgetMinor: 50_000,
        startAt: new Date(t.clock.now.getTime() - day).toISOString(),
        endAt: new Date(t.clock.now.getTime() + 7 * day).toISOString(),
        bidStrategy: 'cpm',
        maxBidMinor: 300,
        adGroups: [{ name: 'Group', ads: [{ format: 'video', videoId: v.id, headline: 'Teaser', description: 'Watch it.', landingUrl: 'https://www.example.com/offer' }] }],
      });
      const sent = await adv.ok(contracts.submitCampaign, { id: draft.id, version: draft.version });
      const live = await staff.ok(contracts.reviewCampaign, { id: sent.id, version: sent.version, decision: 'approve' });
      expect(live.status).toBe('active');

      expect((await adv.call(deleteVideos, { ids: [v.id] })).body).toEqual({ ok: true, changed: 1 });
      const inbox = await adv.ok(contracts.notificationsList, { pageSize: 200 });
      if (inbox.unchanged) throw new Error('unexpected unchanged answer');
      const told = inbox.infos.filter((i) => i.messageKey === 'campaign.creativesBinned' && i.params?.campaignId === live.id);
      expect(told).toEqual([
        expect.objectContaining({ type: contracts.NOTIFICATION_TYPES.event, menuId: 105, params: { campaignId: live.id, name: 'Video teaser push', count: 1, creatives: v.name } }),
      ]);
      // The Campaign List, which opens the campaign (?campaign=…) with its delivery panel.
      expect(inbox.menus['105']?.url).toBe('campaign/list');
    });

    it('gives the recycle bin restore (back to its series, with a suffix on a clash) and purge', async () => {
      const s = await series(adv, 'Bin series');
      const v = await uploadOk(adv, smallWebm(), 'same.webm', s.id);
      const other = await uploadOk(adv, smallWebm(), 'keep.webm', s.id);
      await adv.call(deleteVideos, { ids: [v.id] });
      await uploadOk(adv, smallWebm(), 'same.webm', s.id);
      const restored = await t.database.db.transaction((tx) => t.services.videos.restoreFromBin(tx, v.accountId, v.id));
      expect(restored).toEqual({ id: v.id, name: 'same (1).webm', seriesId: s.id });
      const order = (await list(adv, { seriesId: s.id })).items.map((x) => x.id);
      expect(order[0]).toBe(other.id);
      expect(order.at(-1)).toBe(v.id);

      // The series is gone: restored outside any.
      await adv.call(deleteVideos, { ids: [v.id] });
      await adv.call(deleteSeries, { id: s.id });
      const again = await t.services.videos.restoreFromBin(t.database.db, v.accountId, v.id);
      expect(again).toMatchObject({ seriesId: null });
      expect(await t.services.videos.restoreFromBin(t.database.db, v.accountId, v.id)).toBeUndefined();

      // Purge removes the file unless another account holds the same bytes.
      const shared = smallWebm();
      const mine = await uploadOk(adv, shared, 'shared.webm');
      const lone = await uploadOk(adv, smallWebm(), 'lone.webm');
      const theirs = await uploadOk(pub, shared, 'theirs.webm');
      await adv.call(deleteVideos, { ids: [mine.id, lone.id] });
      // Another account's ids purge nothing.
      expect(await t.services.videos.purgeFromBin(t.database.db, theirs.accountId, [mine.id])).toEqual([]);
      const purged = await t.database.db.transaction((tx) => t.services.videos.purgeFromBin(tx, mine.accountId, [mine.id, lone.id]));
      expect(purged.map((p) => p.id).sort()).toEqual([mine.id, lone.id].sort());
      await t.services.videos.removeUnusedFiles(purged);
      const stored = filesUnder('files/videos');
      expect(stored).toContain(mine.sha256);
      expect(stored).not.toContain(lone.sha256);
    });

    it('shows a publisher its deleted videos in the recycle bin, to restore or delete for good', async () => {
      const s = await series(pub, 'Evening news');
      const v = await uploadOk(pub, smallWebm(), 'bulletin.webm', s.id);
      const gone = await uploadOk(pub, smallWebm(), 'outtake.webm');
      await pub.call(deleteVideos, { ids: [v.id, gone.id] });

      const bin = await pub.call(recycleList, { pageSize: 200 });
      expect(bin.status, bin.text).toBe(200);
      const items = bin.body.items;
      expect(items.every((i) => i.kind === 'video')).toBe(true);
      expect(items.find((i) => i.id === v.id)).toMatchObject({ originalFolderName: 'Evening news', daysLeft: 30 });
      // Not the advertiser's to see or touch.
      expect((await adv.call(recycleList, { kind: 'video', pageSize: 200 })).body.items.map((i: { id: number }) => i.id)).not.toContain(v.id);
      expect((await adv.call(recycleRestore, { items: [{ kind: 'video', id: v.id }] })).status).toBe(404);
      expect((await adv.call(recycleDeleteForever, { items: [{ kind: 'video', id: gone.id }] })).status).toBe(404);
      // A publisher has no images or folders.
      expect((await pub.call(recycleRestore, { items: [{ kind: 'image', id: 1 }] })).status).toBe(404);

      const restored = await pub.call(recycleRestore, { items: [{ kind: 'video', id: v.id }] });
      expect(restored.body.restored).toEqual([{ kind: 'video', id: v.id, name: 'bulletin.webm', folderId: s.id }]);
      expect((await list(pub, { seriesId: s.id })).items.map((x) => x.id)).toContain(v.id);
      const forever = await pub.call(recycleDeleteForever, { items: [{ kind: 'video', id: gone.id }] });
      expect(forever.body).toEqual({ ok: true, folders: 0, images: 0, videos: 1 });
      expect(filesUnder('files/videos')).not.toContain(gone.sha256);
      expect((await fetchFile(gone.url)).statusCode).toBe(404);
    });

    it("empties only the kinds asked for: the video library's bin leaves images alone", async () => {
      const mine = await uploadOk(adv, smallWebm(), 'binned.webm');
      await adv.call(deleteVideos, { ids: [mine.id] });
      const binned = async (kind: 'image' | 'video') => (await adv.call(recycleList, { kind: kind, pageSize: 200 })).body.total as number;
      const images = await binned('image');
      expect(images).toBeGreaterThan(0); // the demo advertiser keeps a deleted image
      expect(await binned('video')).toBeGreaterThan(0);

      const emptied = await adv.call(recycleEmpty, { kinds: ['video'] });
      expect(emptied.status, emptied.text).toBe(200);
      expect(emptied.body).toMatchObject({ images: 0, folders: 0 });
      expect(await binned('video')).toBe(0);
      expect(await binned('image')).toBe(images);
      // The publisher's bin is not the advertiser's to empty, and a publisher has no images to empty.
      const theirs = await uploadOk(pub, smallWebm(), 'kept.webm');
      await pub.call(deleteVideos, { ids: [theirs.id] });
      await adv.call(recycleEmpty, { kinds: ['video'] });
      expect((await pub.call(recycleList, { pageSize: 200 })).body.items.map((i: { id: number }) => i.id)).toContain(theirs.id);
      expect((await pub.call(recycleEmpty, { kinds: ['image'] })).status).toBe(403);
      expect((await pub.call(recycleEmpty, { kinds: [] })).status).toBe(400);
    });
  });

  describe('files', () => {
    it('serves ranges with safe, immutable headers', async () => {
      const file = makeMp4({ mdatBytes: 5000 });
      const v = await uploadOk(adv, file, 'résumé "cut".mp4');
      const whole = await fetchFile(v.url);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers).toMatchObject({
        'content-type': 'video/mp4',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, max-age=31536000, immutable',
        'accept-ranges': 'bytes',
        'content-length': String(file.length),
      });
      expect(whole.headers['content-disposition']).toMatch(/^inline; /);

      const part = await fetchFile(v.url, { range: 'bytes=100-199' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${file.length}`);
      expect(part.headers['content-length']).toBe('100');
      expect(part.rawPayload.equals(file.subarray(100, 200))).toBe(true);
      const tail = await fetchFile(v.url, { range: 'bytes=-10' });
      expect(tail.rawPayload.equals(file.subarray(file.length - 10))).toBe(true);
      const beyond = await fetchFile(v.url, { range: `bytes=${file.length}-` });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${file.length}`);

      const download = await fetchFile(v.downloadUrl);
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="r_sum_ _cut_.mp4"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22cut%22.mp4`,
      );
      // Files live under their hash only.
      expect(filesUnder('files/videos').some((n) => n.includes('sum'))).toBe(false);
    });

    it('checks the signature: tampered or another video\'s → 404, expired → 403', async () => {
      const a = await uploadOk(adv);
      const b = await uploadOk(adv);
      const url = new URL(a.url, 'http://x');
      const tampered = new URL(url);
      tampered.searchParams.set('sig', `${url.searchParams.get('sig')!.slice(0, -2)}AA`);
      expect((await fetchFile(tampered.pathname + tampered.search)).statusCode).toBe(404);
      const swapped = new URL(url);
      swapped.searchParams.set('id', String(b.id));
      expect((await fetchFile(swapped.pathname + swapped.search)).statusCode).toBe(404);
      const asPoster = new URL(url);
      asPoster.searchParams.set('variant', 'poster');
      expect((await fetchFile(asPoster.pathname + asPoster.search)).statusCode).toBe(404);
      expect((await fetchFile(`/api/Video/File?id=${a.id}`)).statusCode).toBe(400);

      await advance(3 * 24 * 3_600_000);
      const expired = await fetchFile(a.url);
      expect(expired.statusCode).toBe(403);
      expect(expired.json().errorCode).toBe('FILE_LINK_EXPIRED');
      // A fresh answer carries a fresh link.
      expect((await fetchFile((await detail(adv, a.id)).url)).statusCode).toBe(200);
    });
  });

  describe('tenancy', () => {
    it("answers 404 for another account's video, series, upload and file on every endpoint, and changes nothing", async () => {
      const s = await series(adv, 'Private series');
      const v = await uploadOk(adv, smallWebm(), 'private.webm', s.id);
      const binned = await uploadOk(adv, smallWebm(), 'binned.webm');
      expect((await adv.call(deleteVideos, { ids: [binned.id] })).status).toBe(200);
      const file = smallWebm();
      const up = await start(adv, file);
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
      // The publisher (another kind holding the video powers) and another advertiser.
      const otherAdvertiser = t.as((await addTestAccount(t, 'advertiser', 'Other Video Advertiser')).user);
      for (const stranger of [pub, otherAdvertiser]) {
        const ownSeries = await series(stranger, `Stranger series ${clip}`);
        const ownVideo = await uploadOk(stranger, smallWebm(), 'stranger.webm');
        // Their own link's signature does not open another video.
        const foreignSig = Object.fromEntries(new URL(ownVideo.url.replace(`id=${ownVideo.id}`, `id=${v.id}`), 'http://x').searchParams);

        await proveForeignIdsAnswer404({
          stranger,
          module: endpointsTagged(contracts, 'Video', 'Series'),
          calls: [
            foreign(videoDetail, { id: v.id }),
            foreign(renameVideo, { id: v.id, version: v.version, name: 'mine.webm' }),
            foreign(setVideoSeries, { ids: [v.id], seriesId: null }),
            foreign(setVideoSeries, { ids: [ownVideo.id], seriesId: s.id }, { label: 'into their series' }),
            foreign(deleteVideos, { ids: [v.id] }),
            foreign(setVideoPoster, { id: v.id, version: v.version }, { body: multipart(png, 'frame.png') }),
            foreign(renameSeries, { id: s.id, version: s.version, name: 'Mine' }),
            foreign(deleteSeries, { id: s.id }),
            foreign(reorderSeries, { id: s.id, videoIds: [v.id] }),
            foreign(reorderSeries, { id: ownSeries.id, videoIds: [v.id] }, { label: 'their video into one own series' }),
            foreign(startVideoUpload, { name: 'x.webm', bytes: 10, seriesId: s.id }),
            foreign(videoUploadStatus, { uploadId: up.uploadId }),
            foreign(uploadVideoChunk, { uploadId: up.uploadId, offset: 0 }, { body: octets(file) }),
            foreign(completeVideoUpload, { uploadId: up.uploadId }),
            foreign(cancelVideoUpload, { uploadId: up.uploadId }),
            { contract: videoFile, payload: foreignSig },
            foreign(videoStorageUsage, { accountId: v.accountId }),
            foreign(recycleRestore, { items: [{ kind: 'video', id: binned.id }] }),
            foreign(recycleDeleteForever, { items: [{ kind: 'video', id: binned.id }] }),
          ],
          exempt: {
            // Checked below: filters narrow the caller's own videos, so a foreign series lists nothing.
            'GET /api/Video/List': "a list's seriesId and accountId (staff only) narrow the caller's own videos",
          },
          unchanged: async () => ({
            video: await detail(adv, v.id),
            series: (await adv.call(seriesList)).body,
            upload: (await adv.call(videoUploadStatus, { uploadId: up.uploadId })).body,
            bin: (await adv.call(recycleList, { kind: 'video', pageSize: 200 })).body,
          }),
        });
        expect((await stranger.call(videoDetail, { id: 999999 })).status).toBe(404);
        expect((await list(stranger, { pageSize: 200 })).items.map((x) => x.id)).not.toContain(v.id);
        expect((await list(stranger, { seriesId: s.id })).total).toBe(0);
        expect((await stranger.call(seriesList)).body.items.map((x) => x.id)).not.toContain(s.id);
      }

      // Nothing changed for the owner.
      expect(await detail(adv, v.id)).toMatchObject({ name: 'private.webm', seriesId: s.id, version: v.version, posterUrl: null });
      expect((await adv.call(videoUploadStatus, { uploadId: up.uploadId })).body.received).toBe(0);
      await sendAll(adv, up, file);
      expect((await complete(adv, up.uploadId)).status).toBe(200);
    });

    it('lets staff read every account but not write; refuses callers without the video powers', async () => {
      const v = await uploadOk(adv);
      expect((await staff.call(videoDetail, { id: v.id })).status).toBe(200);
      expect((await list(staff, { accountId: v.accountId, pageSize: 200 })).items.map((x) => x.id)).toContain(v.id);
      expect((await staff.call(renameVideo, { id: v.id, version: v.version, name: 'x' })).status).toBe(403);
      expect((await staff.call(startVideoUpload, { name: 'x.webm', bytes: 10 })).status).toBe(403);
      expect((await t.as('anonymous').call(videoList)).status).toBe(401);
      // Others' accountId filter is ignored: always their own account.
      expect((await list(pub, { accountId: v.accountId, pageSize: 200 })).items.map((x) => x.id)).not.toContain(v.id);
    });
  });
});
