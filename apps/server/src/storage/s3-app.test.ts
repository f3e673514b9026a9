import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeMp4 } from '../test/test-media';
import { uploadFolder } from '../modules/videos/upload-chunks';
import { bearer, buildTestApp, loginAs, type TestApp } from '../test/test-app';
import { createS3Storage } from './s3-storage';
import { startS3TestServer, type S3TestServer } from './s3-test-server';

// The whole app with STORAGE_DRIVER=s3: files go to the bucket through the real routes and come
// back through the signed links, ranges included; nothing lands in DATA_DIR/files.
describe('the app on S3 storage', () => {
  let server: S3TestServer;
  let t: TestApp;
  let adv: string;

  beforeAll(async () => {
    server = await startS3TestServer();
    // Credentials come from the SDK's standard chain, as in production.
    vi.stubEnv('AWS_ACCESS_KEY_ID', server.credentials.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', server.credentials.secretAccessKey);
    t = await buildTestApp({
      config: {
        STORAGE_DRIVER: 's3',
        S3_BUCKET: server.bucket,
        S3_REGION: server.region,
        S3_ENDPOINT: server.endpoint,
        S3_FORCE_PATH_STYLE: true,
        S3_PREFIX: 'console',
      },
    });
    adv = await loginAs(t.app, 'advertiser');
  });
  afterAll(async () => {
    await t?.close();
    await server?.stop();
    vi.unstubAllEnvs();
  });

  /** What the bucket holds under the app's prefix, read with a storage of its own. */
  const bucketKeys = async () => {
    const own = createS3Storage({ bucket: server.bucket, region: server.region, endpoint: server.endpoint, forcePathStyle: true, credentials: server.credentials, prefix: 'console' });
    const keys: string[] = [];
    for await (const f of own.list()) keys.push(f.key);
    return keys;
  };
  const fetchLink = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: bearer(adv) });

  it('stores an uploaded image and its thumbnail in the bucket and serves both', async () => {
    const png = await sharp({ create: { width: 640, height: 320, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
    const boundary = '----s3test';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="banner.png"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Image/Upload',
      payload,
      headers: { ...bearer(adv), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json() as { sha256: string; url: string; thumbnailUrl: string };

    const original = await fetchLink(image.url);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals(png)).toBe(true);
    const thumb = await fetchLink(image.thumbnailUrl);
    expect(thumb.statusCode).toBe(200);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 160 });

    const keys = await bucketKeys();
    expect(keys).toContain(`images/${image.sha256.slice(0, 2)}/${image.sha256}`);
    expect(keys).toContain(`thumbnails/${image.sha256.slice(0, 2)}/${image.sha256}.webp`);
    expect(fs.existsSync(path.join(t.dataDir, 'files'))).toBe(false);
  });

  it('stores an uploaded video in the bucket, serves byte ranges of it, and removes it for good', async () => {
    const file = makeMp4({ mdatBytes: 200_000 });
    const started = await post('/api/Video/UploadStart', { name: 'spot.mp4', bytes: file.length, seriesId: null });
    expect(started.statusCode, started.body).toBe(200);
    const up = started.json() as { uploadId: string; chunkSize: number };
    for (let o = 0; o < file.length; o += up.chunkSize) {
      const chunk = await t.app.inject({
        method: 'PUT',
        url: `/api/Video/UploadChunk?uploadId=${up.uploadId}&offset=${o}`,
        payload: file.subarray(o, o + up.chunkSize),
        headers: { ...bearer(adv), 'content-type': 'application/octet-stream' },
      });
      expect(chunk.statusCode, chunk.body).toBe(200);
    }
    const done = await post('/api/Video/UploadComplete', { uploadId: up.uploadId });
    expect(done.statusCode, done.body).toBe(200);
    const video = done.json() as { id: number; sha256: string; url: string };
    expect(await bucketKeys()).toContain(`videos/${video.sha256.slice(0, 2)}/${video.sha256}`);

    const whole = await fetchLink(video.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(file)).toBe(true);
    const part = await fetchLink(video.url, { range: 'bytes=1000-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${file.length}`);
    expect(part.rawPayload.equals(file.subarray(1000, 2000))).toBe(true);
    const tail = await fetchLink(video.url, { range: 'bytes=-100' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(file.subarray(file.length - 100))).toBe(true);

    expect((await post('/api/Video/Delete', { ids: [video.id] })).statusCode).toBe(200);
    const emptied = await post('/api/Recycle/Empty', { kinds: ['video'] });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(await bucketKeys()).not.toContain(`videos/${video.sha256.slice(0, 2)}/${video.sha256}`);
  });

  it('keeps the chunks of an upload in the bucket, joins them in order, then removes them', async () => {
    const MiB = 1024 * 1024;
    const file = makeMp4({ mdatBytes: 17 * MiB, moovAtEnd: true });
    const started = await post('/api/Video/UploadStart', { name: 'long spot.mp4', bytes: file.length, seriesId: null });
    expect(started.statusCode, started.body).toBe(200);
    const up = started.json() as { uploadId: string; chunkSize: number };
    const folder = uploadFolder(up.uploadId)!;
    for (let o = 0; o < file.length; o += up.chunkSize) {
      const chunk = await t.app.inject({
        method: 'PUT',
        url: `/api/Video/UploadChunk?uploadId=${up.uploadId}&offset=${o}`,
        payload: file.subarray(o, o + up.chunkSize),
        headers: { ...bearer(adv), 'content-type': 'application/octet-stream' },
      });
      expect(chunk.statusCode, chunk.body).toBe(200);
    }
    // One object per chunk, no side object left; nothing on this server's disk.
    expect((await bucketKeys()).filter((k) => k.startsWith(`${folder}/`)).sort()).toEqual([`${folder}/00000`, `${folder}/00001`, `${folder}/00002`]);
    expect(fs.existsSync(path.join(t.dataDir, 'video-uploads'))).toBe(false);

    const done = await post('/api/Video/UploadComplete', { uploadId: up.uploadId });
    expect(done.statusCode, done.body).toBe(200);
    const video = done.json() as { sha256: string; url: string; durationMs: number };
    expect(video.sha256).toBe(createHash('sha256').update(file).digest('hex'));
    const keys = await bucketKeys();
    expect(keys).toContain(`videos/${video.sha256.slice(0, 2)}/${video.sha256}`);
    expect(keys.filter((k) => k.startsWith('video-uploads/'))).toEqual([]);

    // It plays: a range across the first chunk's end, and the index at the end of the file.
    const across = await fetchLink(video.url, { range: `bytes=${8 * MiB - 100}-${8 * MiB + 99}` });
    expect(across.statusCode).toBe(206);
    expect(across.rawPayload.equals(file.subarray(8 * MiB - 100, 8 * MiB + 100))).toBe(true);
    const tail = await fetchLink(video.url, { range: 'bytes=-4096' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(file.subarray(file.length - 4096))).toBe(true);
  });
});
