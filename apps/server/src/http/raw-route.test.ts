import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp4 } from '../modules/videos/test-media';
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
