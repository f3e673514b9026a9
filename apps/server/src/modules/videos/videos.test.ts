import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { interlaced16BitPng } from '../assets/test-images';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAs, type TestApp } from '../../test/test-app';
import { box, makeMp4, makeWebm } from './test-media';

interface VideoBody {
  id: number;
  accountId: number;
  seriesId: number | null;
  position: number | null;
  name: string;
  format: string;
  codec: string | null;
  width: number;
  height: number;
  durationMs: number;
  bytes: number;
  sha256: string;
  reviewStatus: string;
  version: number;
  url: string;
  downloadUrl: string;
  posterUrl: string | null;
}
interface SeriesBody {
  id: number;
  name: string;
  version: number;
  videoCount: number;
}
interface UploadBody {
  uploadId: string;
  received: number;
  bytes: number;
  chunkSize: number;
}

const MiB = 1024 * 1024;
let clip = 0;
/** A small valid webm, different every call. */
const smallWebm = (durationMs = 1000 + ++clip) => makeWebm({ durationMs, blockBytes: 64 });

describe('video library', () => {
  let t: TestApp;
  let adv: string;
  let pub: string;
  let staff: string;

  const post = (token: string, url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  /** File links carry their own permission: no bearer. */
  const fetchFile = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const putChunk = (token: string, uploadId: string, offset: number, body: Buffer) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/Video/UploadChunk?uploadId=${uploadId}&offset=${offset}`,
      payload: body,
      headers: { ...bearer(token), 'content-type': 'application/octet-stream' },
    });
  const start = async (token: string, file: Buffer, name = 'clip.webm', seriesId: number | null = null) => {
    const res = await post(token, '/api/Video/UploadStart', { name, bytes: file.length, seriesId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as UploadBody;
  };
  const sendAll = async (token: string, up: UploadBody, file: Buffer) => {
    for (let o = up.received; o < file.length; o += up.chunkSize) {
      const res = await putChunk(token, up.uploadId, o, file.subarray(o, o + up.chunkSize));
      expect(res.statusCode, res.body).toBe(200);
    }
  };
  const complete = (token: string, uploadId: string) => post(token, '/api/Video/UploadComplete', { uploadId });
  const uploadOk = async (token: string, file: Buffer = smallWebm(), name = 'clip.webm', seriesId: number | null = null) => {
    const up = await start(token, file, name, seriesId);
    await sendAll(token, up, file);
    const res = await complete(token, up.uploadId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as VideoBody;
  };
  const series = async (token: string, name: string) => {
    const res = await post(token, '/api/Series/Create', { name });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SeriesBody;
  };
  const list = async (token: string, query = '') => {
    const res = await get(token, `/api/Video/List${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: VideoBody[]; total: number; page: number; pageSize: number };
  };
  const detail = async (token: string, id: number) => (await get(token, `/api/Video/Detail?id=${id}`)).json() as VideoBody;
  const posterForm = (file: Buffer) => {
    const boundary = `----test${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="frame.png"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };
  const setPoster = (token: string, v: VideoBody, file: Buffer) => {
    const { payload, headers } = posterForm(file);
    return t.app.inject({ method: 'POST', url: `/api/Video/Poster?id=${v.id}&version=${v.version}`, payload, headers: { ...headers, ...bearer(token) } });
  };
  const filesUnder = (dir: string) => {
    const full = path.join(t.dataDir, dir);
    return fs.existsSync(full) ? fs.readdirSync(full, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];
  };

  const signIn = async () => {
    adv = await loginAs(t.app, 'advertiser');
    pub = await loginAs(t.app, 'publisher');
    staff = await loginAs(t.app, 'staff');
  };
  /** Moves the clock on; sessions idle that long have ended, so everyone signs in again. */
  const advance = async (ms: number) => {
    t.clock.advance(ms);
    await signIn();
  };

  beforeAll(async () => {
    t = await buildTestApp();
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
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().received).toBe(8 * MiB);

      // The connection drops half-way through the second chunk.
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      await new Promise<void>((resolve) => {
        const req = http.request({
          host: '127.0.0.1',
          port,
          method: 'PUT',
          path: `/api/Video/UploadChunk?uploadId=${up.uploadId}&offset=${8 * MiB}`,
          headers: { ...bearer(adv), 'content-type': 'application/octet-stream', 'content-length': String(8 * MiB) },
        });
        req.on('error', () => resolve());
        req.write(file.subarray(8 * MiB, 11 * MiB), () => setTimeout(() => (req.destroy(), resolve()), 100));
      });
      const uploadDir = path.join(t.dataDir, 'video-uploads', up.uploadId);
      for (let i = 0; i < 50 && fs.readdirSync(uploadDir).some((f) => f.endsWith('.part')); i++) await new Promise((r) => setTimeout(r, 50));
      expect(fs.readdirSync(uploadDir).filter((f) => f.endsWith('.part'))).toEqual([]);

      const status = await get(adv, `/api/Video/UploadStatus?uploadId=${up.uploadId}`);
      expect(status.json()).toMatchObject({ received: 8 * MiB, bytes: file.length });

      // A chunk at the wrong offset is refused with where to resume; a short one is discarded whole.
      for (const offset of [0, 16 * MiB]) {
        const wrong = await putChunk(adv, up.uploadId, offset, file.subarray(offset, offset + 8 * MiB));
        expect(wrong.statusCode).toBe(409);
        expect(wrong.json()).toMatchObject({ errorCode: 'UPLOAD_OFFSET_MISMATCH', received: 8 * MiB });
      }
      const short = await putChunk(adv, up.uploadId, 8 * MiB, file.subarray(8 * MiB, 9 * MiB));
      expect(short.statusCode).toBe(400);
      expect(short.json().received).toBe(8 * MiB);
      const early = await complete(adv, up.uploadId);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({ errorCode: 'UPLOAD_INCOMPLETE', received: 8 * MiB });

      await sendAll(adv, { ...up, received: 8 * MiB }, file);
      const done = await complete(adv, up.uploadId);
      expect(done.statusCode, done.body).toBe(200);
      const video = done.json() as VideoBody;
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
      expect(fs.existsSync(uploadDir)).toBe(false);
      expect((await get(adv, `/api/Video/UploadStatus?uploadId=${up.uploadId}`)).statusCode).toBe(404);

      const served = await fetchFile(video.url);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(file)).toBe(true);
    });

    it('caps the size: declared and actually sent', async () => {
      const big = await post(adv, '/api/Video/UploadStart', { name: 'huge.mp4', bytes: 500 * MiB + 1 });
      expect(big.statusCode).toBe(413);
      expect(big.json().errorCode).toBe('PAYLOAD_TOO_LARGE');
      expect((await post(adv, '/api/Video/UploadStart', { name: 'max.mp4', bytes: 500 * MiB })).statusCode).toBe(200);

      const file = smallWebm();
      const up = await start(adv, file);
      const over = await putChunk(adv, up.uploadId, 0, Buffer.concat([file, Buffer.alloc(10)]));
      expect(over.statusCode).toBe(413);
      expect((await get(adv, `/api/Video/UploadStatus?uploadId=${up.uploadId}`)).json().received).toBe(0);
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
        expect(res.statusCode, name).toBe(400);
        expect(res.json().errorCode).toBe('VIDEO_TYPE_NOT_ALLOWED');
        // Refused at the first chunk: the upload is gone.
        expect((await get(adv, `/api/Video/UploadStatus?uploadId=${up.uploadId}`)).statusCode).toBe(404);
      }
      for (const [file, code] of [
        [makeWebm({ docType: 'matroska', durationMs: 1000 }), 'VIDEO_TYPE_NOT_ALLOWED'],
        [makeMp4().subarray(0, 300), 'VIDEO_UNREADABLE'],
      ] as const) {
        const up = await start(adv, file, 'x.webm');
        await sendAll(adv, up, file);
        const res = await complete(adv, up.uploadId);
        expect(res.statusCode).toBe(400);
        expect(res.json().errorCode).toBe(code);
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
        expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
        expect(res.json().errorCode, what).toBe(code);
        expect(stored(), what).toEqual(before);
        expect(fs.existsSync(path.join(t.dataDir, 'video-uploads', up.uploadId)), what).toBe(false);
      }
      const kept: [string, Buffer, Partial<VideoBody>][] = [
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
        expect((await complete(adv, up.uploadId)).statusCode).toBe(500);
        expect(filesUnder('files/videos')).not.toContain(sha);
        // Nothing about the bytes was wrong: the upload stays, to be completed again.
        expect((await get(adv, `/api/Video/UploadStatus?uploadId=${up.uploadId}`)).json().received).toBe(file.length);
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
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        errorCode: 'VIDEO_DUPLICATE',
        existing: { id: first.id, name: 'original.webm', folderId: s.id, inRecycleBin: false },
      });
      expect((await uploadOk(pub, file, 'mine.webm')).sha256).toBe(first.sha256);
    });

    it('expires unfinished uploads and removes their chunks', async () => {
      const file = smallWebm();
      const up = await start(adv, file);
      await putChunk(adv, up.uploadId, 0, file);
      const dir = path.join(t.dataDir, 'video-uploads', up.uploadId);
      expect(fs.existsSync(dir)).toBe(true);
      await advance(25 * 3_600_000);
      await t.services.videos.cleanExpiredUploads();
      expect(fs.existsSync(dir)).toBe(false);
      expect((await complete(adv, up.uploadId)).statusCode).toBe(404);
    });

    it('keeps only the winning bytes when two chunks race for the same offset', async () => {
      for (let trial = 0; trial < 12; trial++) {
        // Two different files of the same size: either may win, but the stored video must be the winner's.
        const a = smallWebm(3000);
        const b = makeWebm({ durationMs: 3000, blockBytes: 64 });
        expect(b.length).toBe(a.length);
        const up = await start(adv, a, `race ${trial}.webm`);
        const answers = await Promise.all([putChunk(adv, up.uploadId, 0, a), putChunk(adv, up.uploadId, 0, b)]);
        const codes = answers.map((r) => r.statusCode).sort();
        expect(codes, answers.map((r) => r.body).join(' ')).toEqual([200, 409]);
        const winner = answers[0]!.statusCode === 200 ? a : b;
        const dir = path.join(t.dataDir, 'video-uploads', up.uploadId);
        expect(fs.readdirSync(dir).filter((f) => f.endsWith('.part'))).toEqual([]);
        const done = await complete(adv, up.uploadId);
        expect(done.statusCode, done.body).toBe(200);
        expect((done.json() as VideoBody).sha256).toBe(createHash('sha256').update(winner).digest('hex'));
      }
    });
  });

  describe('poster', () => {
    it('stores an uploaded frame as webp at most 1280 px wide, and replaces it', async () => {
      let video = await uploadOk(adv);
      const png = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: { r: 200, g: 10, b: 10 } } }).png().toBuffer();
      const res = await setPoster(adv, video, png);
      expect(res.statusCode, res.body).toBe(200);
      video = res.json() as VideoBody;
      const poster = await fetchFile(video.posterUrl!);
      expect(poster.statusCode).toBe(200);
      expect(poster.headers['content-type']).toBe('image/webp');
      expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1280, height: 720 });
      const firstKey = filesUnder('files/posters');

      // Stale version, a gif and a text file are refused.
      expect((await setPoster(adv, { ...video, version: video.version - 1 }, png)).statusCode).toBe(409);
      const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: { r: 0, g: 0, b: 0 } } }).gif().toBuffer();
      expect((await setPoster(adv, video, gif)).json().errorCode).toBe('IMAGE_TYPE_NOT_ALLOWED');
      expect((await setPoster(adv, video, Buffer.from('not an image'))).json().errorCode).toBe('IMAGE_TYPE_NOT_ALLOWED');

      const jpeg = await sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 0, g: 0, b: 200 } } }).jpeg().toBuffer();
      const replaced = await setPoster(adv, video, jpeg);
      expect(replaced.statusCode, replaced.body).toBe(200);
      const next = replaced.json() as VideoBody;
      // A new poster, a new link: the old one (cached as immutable) no longer answers.
      expect(next.posterUrl).not.toBe(video.posterUrl);
      expect(await sharp((await fetchFile(next.posterUrl!)).rawPayload).metadata()).toMatchObject({ width: 640, height: 360 });
      expect((await fetchFile(video.posterUrl!)).statusCode).toBe(404);
      expect(filesUnder('files/posters')).not.toContain(firstKey[0]);
    });

    it('refuses a poster that would need too much memory to decode, as images do', async () => {
      const video = await uploadOk(adv);
      const res = await setPoster(adv, video, await interlaced16BitPng(7000, 7000));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errorCode).toBe('IMAGE_TOO_LARGE_DECODED');
    });
  });

  describe('series', () => {
    it('creates with unique names, renames with the version, orders, and deletes leaving the videos', async () => {
      const s = await series(adv, 'Spring campaign');
      const clash = await post(adv, '/api/Series/Create', { name: '  spring CAMPAIGN ' });
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toMatchObject({ errorCode: 'NAME_TAKEN' });
      expect((await post(adv, '/api/Series/Create', { name: ' ' })).statusCode).toBe(400);
      // Another account may use the same name.
      expect((await post(pub, '/api/Series/Create', { name: 'Spring campaign' })).statusCode).toBe(200);

      const renamed = await post(adv, '/api/Series/Rename', { id: s.id, version: s.version, name: 'Spring 2027' });
      expect(renamed.json()).toMatchObject({ name: 'Spring 2027', version: s.version + 1 });
      expect((await post(adv, '/api/Series/Rename', { id: s.id, version: s.version, name: 'Old' })).json().errorCode).toBe('STALE_VERSION');
      await series(adv, 'Taken');
      expect((await post(adv, '/api/Series/Rename', { id: s.id, version: s.version + 1, name: 'taken' })).statusCode).toBe(409);

      const a = await uploadOk(adv, smallWebm(), 'a.webm', s.id);
      const b = await uploadOk(adv, smallWebm(), 'b.webm');
      const c = await uploadOk(adv, smallWebm(), 'c.webm');
      const moved = await post(adv, '/api/Video/SetSeries', { ids: [c.id, b.id, a.id], seriesId: s.id });
      expect(moved.json()).toEqual({ ok: true, changed: 2 });
      // In the series' order by default: a was there first, then c and b as sent.
      const inSeries = await list(adv, `?seriesId=${s.id}`);
      expect(inSeries.items.map((v) => v.id)).toEqual([a.id, c.id, b.id]);
      expect(inSeries.items.map((v) => v.position)).toEqual([1, 2, 3]);

      const reordered = await post(adv, '/api/Series/Reorder', { id: s.id, videoIds: [b.id, a.id, c.id] });
      expect(reordered.statusCode, reordered.body).toBe(200);
      expect((await list(adv, `?seriesId=${s.id}`)).items.map((v) => v.id)).toEqual([b.id, a.id, c.id]);
      // Not exactly the series' videos: nothing changes.
      const partial = await post(adv, '/api/Series/Reorder', { id: s.id, videoIds: [a.id, b.id] });
      expect(partial.statusCode).toBe(409);
      expect(partial.json().errorCode).toBe('SERIES_ORDER_STALE');
      const outsider = await uploadOk(adv);
      expect((await post(adv, '/api/Series/Reorder', { id: s.id, videoIds: [a.id, b.id, c.id, outsider.id] })).statusCode).toBe(409);
      expect((await post(adv, '/api/Series/Reorder', { id: s.id, videoIds: [a.id, a.id, b.id] })).statusCode).toBe(400);
      expect((await list(adv, `?seriesId=${s.id}`)).items.map((v) => v.id)).toEqual([b.id, a.id, c.id]);

      const listed = (await get(adv, '/api/Series/List')).json() as { items: SeriesBody[] };
      expect(listed.items.find((x) => x.id === s.id)).toMatchObject({ name: 'Spring 2027', videoCount: 3 });

      const out = await post(adv, '/api/Video/SetSeries', { ids: [a.id], seriesId: null });
      expect(out.json().changed).toBe(1);
      expect((await detail(adv, a.id)).seriesId).toBeNull();

      const deleted = await post(adv, '/api/Series/Delete', { id: s.id });
      expect(deleted.json()).toEqual({ ok: true, videos: 2 });
      for (const v of [b, c]) expect(await detail(adv, v.id)).toMatchObject({ seriesId: null, position: null });
      expect((await list(adv, '?none=true&pageSize=200')).items.map((v) => v.id)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
      expect((await get(adv, '/api/Series/List')).json().items.map((x: SeriesBody) => x.id)).not.toContain(s.id);
    });
  });

  describe('videos', () => {
    it('lists with search, filters, sort and paging', async () => {
      const s = await series(adv, 'Listing');
      const short = await uploadOk(adv, makeWebm({ durationMs: 500 }), 'zeta short.webm', s.id);
      const long = await uploadOk(adv, makeMp4({ durationMs: 60_000 }), 'Alpha long.mp4', s.id);
      const mid = await uploadOk(adv, makeWebm({ durationMs: 9000, blockBytes: 2000 }), 'mid.webm', s.id);
      const q = `?seriesId=${s.id}`;
      expect((await list(adv, `${q}&sort=name`)).items.map((v) => v.id)).toEqual([long.id, mid.id, short.id]);
      expect((await list(adv, `${q}&sort=duration&order=desc`)).items.map((v) => v.id)).toEqual([long.id, mid.id, short.id]);
      expect((await list(adv, `${q}&sort=bytes&order=asc`)).items.map((v) => v.bytes)).toEqual([short.bytes, mid.bytes, long.bytes].sort((a, b) => a - b));
      expect((await list(adv, `${q}&format=mp4`)).items.map((v) => v.id)).toEqual([long.id]);
      expect((await list(adv, `${q}&search=ZETA`)).items.map((v) => v.id)).toEqual([short.id]);
      expect((await list(adv, `${q}&search=%25`)).total).toBe(0);
      expect((await list(adv, `${q}&reviewStatus=unreviewed`)).total).toBe(3);
      expect((await list(adv, `${q}&reviewStatus=approved`)).total).toBe(0);
      const page2 = await list(adv, `${q}&page=2&pageSize=2`);
      expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
      expect(page2.items.map((v) => v.id)).toEqual([mid.id]);
      expect((await list(adv, '?none=true&pageSize=200')).items.every((v) => v.seriesId === null)).toBe(true);
      expect((await get(adv, '/api/Video/List?pageSize=201')).statusCode).toBe(400);
      expect((await get(adv, '/api/Video/List?sort=sha256')).statusCode).toBe(400);
      // Newest first without a series.
      const all = await list(adv, '?pageSize=3');
      expect(all.items[0]!.id).toBe(mid.id);
    });

    it('renames with the version and deletes to the recycle bin', async () => {
      const v = await uploadOk(adv);
      const renamed = await post(adv, '/api/Video/Rename', { id: v.id, version: v.version, name: ' Hero cut.webm ' });
      expect(renamed.json()).toMatchObject({ name: 'Hero cut.webm', version: v.version + 1 });
      expect((await post(adv, '/api/Video/Rename', { id: v.id, version: v.version, name: 'x' })).statusCode).toBe(409);
      const d = await get(adv, `/api/Video/Detail?id=${v.id}`);
      expect(d.json()).toMatchObject({ uploadedBy: { name: 'Avery Advertiser' }, seriesName: null });

      expect((await post(adv, '/api/Video/Delete', { ids: [v.id] })).json()).toEqual({ ok: true, changed: 1 });
      expect((await get(adv, `/api/Video/Detail?id=${v.id}`)).statusCode).toBe(404);
      expect((await list(adv, '?pageSize=200')).items.map((x) => x.id)).not.toContain(v.id);
      const bin = await t.services.videos.binVideos(t.database.db, v.accountId);
      expect(bin.items.find((x) => x.id === v.id)).toMatchObject({ name: 'Hero cut.webm', deletedByName: 'Avery Advertiser' });
    });

    it('gives the recycle bin restore (back to its series, with a suffix on a clash) and purge', async () => {
      const s = await series(adv, 'Bin series');
      const v = await uploadOk(adv, smallWebm(), 'same.webm', s.id);
      const other = await uploadOk(adv, smallWebm(), 'keep.webm', s.id);
      await post(adv, '/api/Video/Delete', { ids: [v.id] });
      await uploadOk(adv, smallWebm(), 'same.webm', s.id);
      const restored = await t.database.db.transaction((tx) => t.services.videos.restoreFromBin(tx, v.accountId, v.id));
      expect(restored).toEqual({ id: v.id, name: 'same (1).webm', seriesId: s.id });
      const order = (await list(adv, `?seriesId=${s.id}`)).items.map((x) => x.id);
      expect(order[0]).toBe(other.id);
      expect(order.at(-1)).toBe(v.id);

      // The series is gone: restored outside any.
      await post(adv, '/api/Video/Delete', { ids: [v.id] });
      await post(adv, '/api/Series/Delete', { id: s.id });
      const again = await t.services.videos.restoreFromBin(t.database.db, v.accountId, v.id);
      expect(again).toMatchObject({ seriesId: null });
      expect(await t.services.videos.restoreFromBin(t.database.db, v.accountId, v.id)).toBeUndefined();

      // Purge removes the file unless another account holds the same bytes.
      const shared = smallWebm();
      const mine = await uploadOk(adv, shared, 'shared.webm');
      const lone = await uploadOk(adv, smallWebm(), 'lone.webm');
      const theirs = await uploadOk(pub, shared, 'theirs.webm');
      await post(adv, '/api/Video/Delete', { ids: [mine.id, lone.id] });
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
      await post(pub, '/api/Video/Delete', { ids: [v.id, gone.id] });

      const bin = await get(pub, '/api/Recycle/List?pageSize=200');
      expect(bin.statusCode, bin.body).toBe(200);
      const items = bin.json().items as { kind: string; id: number; originalFolderName: string | null; daysLeft: number }[];
      expect(items.every((i) => i.kind === 'video')).toBe(true);
      expect(items.find((i) => i.id === v.id)).toMatchObject({ originalFolderName: 'Evening news', daysLeft: 30 });
      // Not the advertiser's to see or touch.
      expect((await get(adv, '/api/Recycle/List?kind=video&pageSize=200')).json().items.map((i: { id: number }) => i.id)).not.toContain(v.id);
      expect((await post(adv, '/api/Recycle/Restore', { items: [{ kind: 'video', id: v.id }] })).statusCode).toBe(404);
      expect((await post(adv, '/api/Recycle/DeleteForever', { items: [{ kind: 'video', id: gone.id }] })).statusCode).toBe(404);
      // A publisher has no images or folders.
      expect((await post(pub, '/api/Recycle/Restore', { items: [{ kind: 'image', id: 1 }] })).statusCode).toBe(404);

      const restored = await post(pub, '/api/Recycle/Restore', { items: [{ kind: 'video', id: v.id }] });
      expect(restored.json().restored).toEqual([{ kind: 'video', id: v.id, name: 'bulletin.webm', folderId: s.id }]);
      expect((await list(pub, `?seriesId=${s.id}`)).items.map((x) => x.id)).toContain(v.id);
      const forever = await post(pub, '/api/Recycle/DeleteForever', { items: [{ kind: 'video', id: gone.id }] });
      expect(forever.json()).toEqual({ ok: true, folders: 0, images: 0, videos: 1 });
      expect(filesUnder('files/videos')).not.toContain(gone.sha256);
      expect((await fetchFile(gone.url)).statusCode).toBe(404);
    });

    it("empties only the kinds asked for: the video library's bin leaves images alone", async () => {
      const mine = await uploadOk(adv, smallWebm(), 'binned.webm');
      await post(adv, '/api/Video/Delete', { ids: [mine.id] });
      const binned = async (kind: string) => (await get(adv, `/api/Recycle/List?kind=${kind}&pageSize=200`)).json().total as number;
      const images = await binned('image');
      expect(images).toBeGreaterThan(0); // the demo advertiser keeps a deleted image
      expect(await binned('video')).toBeGreaterThan(0);

      const emptied = await post(adv, '/api/Recycle/Empty', { kinds: ['video'] });
      expect(emptied.statusCode, emptied.body).toBe(200);
      expect(emptied.json()).toMatchObject({ images: 0, folders: 0 });
      expect(await binned('video')).toBe(0);
      expect(await binned('image')).toBe(images);
      // The publisher's bin is not the advertiser's to empty, and a publisher has no images to empty.
      const theirs = await uploadOk(pub, smallWebm(), 'kept.webm');
      await post(pub, '/api/Video/Delete', { ids: [theirs.id] });
      await post(adv, '/api/Recycle/Empty', { kinds: ['video'] });
      expect((await get(pub, '/api/Recycle/List?pageSize=200')).json().items.map((i: { id: number }) => i.id)).toContain(theirs.id);
      expect((await post(pub, '/api/Recycle/Empty', { kinds: ['image'] })).statusCode).toBe(403);
      expect((await post(pub, '/api/Recycle/Empty', { kinds: [] })).statusCode).toBe(400);
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
    it("answers 404 for another account's video, series, upload and file, and changes nothing", async () => {
      const s = await series(adv, 'Private series');
      const v = await uploadOk(adv, smallWebm(), 'private.webm', s.id);
      const file = smallWebm();
      const up = await start(adv, file);
      const ownSeries = await series(pub, 'Publisher series');
      const ownVideo = await uploadOk(pub, smallWebm(), 'pub.webm');
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
      const foreignSig = new URL(ownVideo.url, 'http://x');
      foreignSig.searchParams.set('id', String(v.id));

      const refused = [
        await get(pub, `/api/Video/Detail?id=${v.id}`),
        await post(pub, '/api/Video/Rename', { id: v.id, version: v.version, name: 'mine.webm' }),
        await post(pub, '/api/Video/SetSeries', { ids: [v.id], seriesId: null }),
        await post(pub, '/api/Video/SetSeries', { ids: [ownVideo.id], seriesId: s.id }),
        await post(pub, '/api/Video/Delete', { ids: [v.id] }),
        await setPoster(pub, v, png),
        await post(pub, '/api/Series/Rename', { id: s.id, version: s.version, name: 'Mine' }),
        await post(pub, '/api/Series/Delete', { id: s.id }),
        await post(pub, '/api/Series/Reorder', { id: s.id, videoIds: [v.id] }),
        await post(pub, '/api/Series/Reorder', { id: ownSeries.id, videoIds: [v.id] }),
        await post(pub, '/api/Video/UploadStart', { name: 'x.webm', bytes: 10, seriesId: s.id }),
        await get(pub, `/api/Video/UploadStatus?uploadId=${up.uploadId}`),
        await putChunk(pub, up.uploadId, 0, file),
        await complete(pub, up.uploadId),
        await post(pub, '/api/Video/UploadCancel', { uploadId: up.uploadId }),
        await fetchFile(foreignSig.pathname + foreignSig.search),
        await get(pub, '/api/Video/Detail?id=999999'),
      ];
      for (const res of refused) expect(res.statusCode, res.body).toBe(404);
      expect((await list(pub, '?pageSize=200')).items.map((x) => x.id)).not.toContain(v.id);
      expect((await list(pub, `?seriesId=${s.id}`)).total).toBe(0);
      expect((await get(pub, '/api/Series/List')).json().items.map((x: SeriesBody) => x.id)).not.toContain(s.id);

      // Nothing changed for the owner.
      expect(await detail(adv, v.id)).toMatchObject({ name: 'private.webm', seriesId: s.id, version: v.version, posterUrl: null });
      expect((await get(adv, `/api/Video/UploadStatus?uploadId=${up.uploadId}`)).json().received).toBe(0);
      await sendAll(adv, up, file);
      expect((await complete(adv, up.uploadId)).statusCode).toBe(200);
    });

    it('lets staff read every account but not write; refuses callers without the video powers', async () => {
      const v = await uploadOk(adv);
      expect((await get(staff, `/api/Video/Detail?id=${v.id}`)).statusCode).toBe(200);
      expect((await list(staff, `?accountId=${v.accountId}&pageSize=200`)).items.map((x) => x.id)).toContain(v.id);
      expect((await post(staff, '/api/Video/Rename', { id: v.id, version: v.version, name: 'x' })).statusCode).toBe(403);
      expect((await post(staff, '/api/Video/UploadStart', { name: 'x.webm', bytes: 10 })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/Video/List' })).statusCode).toBe(401);
      // Others' accountId filter is ignored: always their own account.
      expect((await list(pub, `?accountId=${v.accountId}&pageSize=200`)).items.map((x) => x.id)).not.toContain(v.id);
    });
  });
});
