import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp4 } from '../test/test-media';
import { bearer, buildTestApp, loginAs, type TestApp } from '../test/test-app';

// API answers are no-store (plugins/security.ts); the signed file links sendFile answers keep theirs.
describe('caching of signed file links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('keeps the immutable caching of signed image and video links, and stores no failed link', async () => {
    const adv = await loginAs(t.app, 'advertiser');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 9, g: 99, b: 199 } } }).png().toBuffer();
    const boundary = 'cache-test';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/Image/Upload',
      payload,
      headers: { ...bearer(adv), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.headers['cache-control']).toBe('no-store');
    const image = uploaded.json();
    const thumbnail = await t.app.inject({ method: 'GET', url: image.thumbnailUrl });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['cache-control']).toBe('private, max-age=31536000, immutable');

    const mp4 = makeMp4({ mdatBytes: 5000 });
    const post = (url: string, body: object) => t.app.inject({ method: 'POST', url, payload: body, headers: bearer(adv) });
    const { uploadId } = (await post('/api/Video/UploadStart', { name: 'a.mp4', bytes: mp4.length })).json();
    const chunk = await t.app.inject({
      method: 'PUT',
      url: `/api/Video/UploadChunk?uploadId=${uploadId}&offset=0`,
      payload: mp4,
      headers: { ...bearer(adv), 'content-type': 'application/octet-stream' },
    });
    expect(chunk.statusCode, chunk.body).toBe(200);
    const completed = await post('/api/Video/UploadComplete', { uploadId });
    expect(completed.statusCode, completed.body).toBe(200);
    const video = await t.app.inject({ method: 'GET', url: completed.json().url, headers: { range: 'bytes=0-99' } });
    expect(video.statusCode).toBe(206);
    expect(video.headers['cache-control']).toBe('private, max-age=31536000, immutable');

    const forged = await t.app.inject({ method: 'GET', url: image.thumbnailUrl.replace(/sig=[^&]+/, 'sig=forged') });
    expect(forged.statusCode).toBe(404);
    expect(forged.headers['cache-control']).toBe('no-store');
  });
});

// A form that ends (the whole Content-Length sent) before its closing boundary: the parser stops,
// and the route must say so at once rather than wait for the rest of the file.
describe('multipart forms that never close', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  const urls: Record<string, string> = {};
  const png = () => sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 9, b: 99 } } }).png().toBuffer();
  const filePartHead = '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';

  beforeAll(async () => {
    t = await buildTestApp();
    auth = bearer(await loginAs(t.app, 'advertiser'));
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/Image/Upload',
      payload: Buffer.concat([Buffer.from(filePartHead), await png(), Buffer.from('\r\n--xyz--\r\n')]),
      headers: { ...auth, 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const image = uploaded.json<{ id: number }>();
    await t.services.assets.recordReview({ imageId: image.id, decision: 'rejected', reason: 'Too much text', reviewerId: null });
    const detail = (await t.app.inject({ method: 'GET', url: `/api/Image/Detail?id=${image.id}`, headers: auth })).json<{ version: number }>();
    const video = (await t.app.inject({ method: 'GET', url: '/api/Video/List', headers: auth })).json<{ items: { id: number; version: number }[] }>().items[0]!;
    urls.upload = '/api/Image/Upload';
    urls.replace = `/api/RejectedImage/Replace?id=${image.id}&version=${detail.version}`;
    urls.poster = `/api/Video/Poster?id=${video.id}&version=${video.version}`;
  });
  afterAll(() => t.close());

  /** The answer, or null when none came within 5 s (the bug: none for ten minutes). */
  const post = (url: string, payload: string | Buffer | Readable, length: number) =>
    Promise.race([
      t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...auth, 'content-type': 'multipart/form-data; boundary=xyz', 'content-length': String(length) },
      }),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000)),
    ]);

  it.each(['upload', 'replace', 'poster'])('%s: answers 400 at once when the form ends inside the file', async (key) => {
    const whole = `${filePartHead}\x89PNG\r\n\x1a\nabcdef`;
    const res = await post(urls[key]!, whole, Buffer.byteLength(whole));
    expect(res, 'no answer').not.toBeNull();
    expect(res!.statusCode, res!.body).toBe(400);
    expect(res!.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED', fields: { file: expect.stringMatching(/cut short/) } });

    // The same arriving in pieces: the parser's error comes while the service reads the file.
    const pieces = [filePartHead, '\x89PNG\r\n', '\x1a\nabcdef'];
    const slow = Readable.from(
      (async function* () {
        for (const piece of pieces) {
          yield Buffer.from(piece);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })(),
    );
    const streamed = await post(urls[key]!, slow, Buffer.byteLength(pieces.join('')));
    expect(streamed, 'no answer').not.toBeNull();
    expect(streamed!.statusCode, streamed!.body).toBe(400);
    expect(streamed!.json().errorCode).toBe('VALIDATION_FAILED');
  });

  it.each(['upload', 'poster'])('%s: a form that ends before any file, or whose part header never ends, is refused with 400', async (key) => {
    for (const body of ['--xyz\r\n', '--xyz\r\nContent-Disposition: form-data; name="folderId"\r\n\r\n1', '--xyz\r\nContent-Disposition: form-data; name="file"']) {
      const res = await post(urls[key]!, body, body.length);
      expect(res, 'no answer').not.toBeNull();
      expect(res!.statusCode, res!.body).toBe(400);
      expect(res!.json().fields).toHaveProperty('file');
    }
  });
});
