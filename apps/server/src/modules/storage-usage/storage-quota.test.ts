import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { bearer, buildTestApp, loginAs, type TestApp } from '../../test/test-app';

const KiB = 1024;

/** A PNG of random pixels: it hardly compresses, so its size is about width × height × 3. */
const noisePng = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();

const multipart = (file: Buffer, filename: string) => {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];

describe('storage quota', () => {
  let t: TestApp;
  let accounts = 0;

  beforeAll(async () => {
    // 1 MB per account, 2 unfinished uploads per user.
    t = await buildTestApp({ config: { STORAGE_QUOTA_MB: 1, MAX_OPEN_UPLOADS_PER_USER: 2 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A new advertiser account with nothing stored yet, signed in. */
  const freshAdvertiser = async () => {
    accounts++;
    const email = `quota-${accounts}@example.test`;
    const { account } = await t.services.identity.createAccountWithUser({
      account: { name: `Quota Test ${accounts}`, kind: 'advertiser' },
      user: { email, name: `Quota ${accounts}`, password: DEMO_PASSWORD },
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/User/Login', payload: { email, password: DEMO_PASSWORD } });
    return { accountId: account.id, token: res.json().token as string };
  };
  const usage = async (token: string, which: 'Image' | 'Video' = 'Image', accountId?: number) =>
    t.app.inject({ method: 'GET', url: `/api/${which}/Usage${accountId ? `?accountId=${accountId}` : ''}`, headers: bearer(token) });
  const startUpload = (token: string, bytes: number) =>
    t.app.inject({ method: 'POST', url: '/api/Video/UploadStart', headers: bearer(token), payload: { name: 'clip.mp4', bytes } });
  const uploadImage = (token: string, file: Buffer, name = 'noise.png') => {
    const { payload, headers } = multipart(file, name);
    return t.app.inject({ method: 'POST', url: '/api/Image/Upload', payload, headers: { ...headers, ...bearer(token) } });
  };

  it('counts images, videos, the recycle bin and reserved upload bytes', async () => {
    const a = await freshAdvertiser();
    expect((await usage(a.token)).json()).toMatchObject({ accountId: a.accountId, usedBytes: 0, quotaBytes: 1024 * KiB, maxOpenUploads: 2, openUploads: 0 });

    const image = (await uploadImage(a.token, await noisePng(100))).json();
    expect((await startUpload(a.token, 100 * KiB)).statusCode).toBe(200);
    const deleted = await t.app.inject({ method: 'POST', url: '/api/Image/Delete', headers: bearer(a.token), payload: { ids: [image.id] } });
    expect(deleted.statusCode).toBe(200);

    const body = (await usage(a.token, 'Video')).json();
    expect(body).toMatchObject({
      imageBytes: image.bytes,
      videoBytes: 0,
      recycleBinBytes: image.bytes, // still counted: it takes space until purged
      reservedBytes: 100 * KiB,
      usedBytes: image.bytes + 100 * KiB,
      openUploads: 1,
    });
  });

  it("refuses another account's usage to everyone but staff", async () => {
    const a = await freshAdvertiser();
    const b = await freshAdvertiser();
    await uploadImage(a.token, await noisePng(50));

    const foreign = await usage(b.token, 'Image', a.accountId);
    expect(foreign.statusCode).toBe(404);
    expect((await usage(b.token, 'Video', a.accountId)).statusCode).toBe(404);
    // Without an id it is always the caller's own account.
    expect((await usage(b.token)).json()).toMatchObject({ accountId: b.accountId, usedBytes: 0 });

    const staff = await loginAs(t.app, 'staff');
    const seen = await usage(staff, 'Image', a.accountId);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().usedBytes).toBeGreaterThan(0);
    expect((await usage(staff, 'Image', 999_999)).statusCode).toBe(404);
  });

  it('lets only one of several concurrent upload starts take the space that fits one', async () => {
    const a = await freshAdvertiser();
    const answers = await Promise.all(Array.from({ length: 6 }, () => startUpload(a.token, 600 * KiB)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 413, 413, 413, 413, 413]);
    const refused = answers.find((r) => r.statusCode === 413)!.json();
    expect(refused.errorCode).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(refused.error).toContain('600 KB of 1 MB used');
    expect((await usage(a.token)).json()).toMatchObject({ reservedBytes: 600 * KiB, openUploads: 1 });
  });

  it('caps the unfinished uploads of a user, also when started concurrently', async () => {
    const a = await freshAdvertiser();
    const answers = await Promise.all(Array.from({ length: 5 }, () => startUpload(a.token, 10 * KiB)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409, 409]);
    const refused = answers.find((r) => r.statusCode === 409)!.json();
    expect(refused.errorCode).toBe('TOO_MANY_OPEN_UPLOADS');
    expect(refused.error).toContain('(2)');

    // Cancelling one makes room for another.
    const open = answers.find((r) => r.statusCode === 200)!.json();
    await t.app.inject({ method: 'POST', url: '/api/Video/UploadCancel', headers: bearer(a.token), payload: { uploadId: open.uploadId } });
    expect((await startUpload(a.token, 10 * KiB)).statusCode).toBe(200);
  });

  it('lets only one of several concurrent image uploads take the space that fits one, and keeps no files of the others', async () => {
    const a = await freshAdvertiser();
    const files = await Promise.all([noisePng(420), noisePng(421), noisePng(422)]);
    for (const f of files) expect(f.length).toBeGreaterThan(512 * KiB); // two do not fit in 1 MB
    const before = filesUnder(path.join(t.dataDir, 'files', 'images')).length;
    const answers = await Promise.all(files.map((f, i) => uploadImage(a.token, f, `n${i}.png`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 413, 413]);
    expect(answers.find((r) => r.statusCode === 413)!.json().errorCode).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(filesUnder(path.join(t.dataDir, 'files', 'images')).length).toBe(before + 1);
  });
});
