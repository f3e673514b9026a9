import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelVideoUpload, deleteImages, imageStorageUsage, startVideoUpload, uploadImage as uploadImageContract, videoStorageUsage } from '@ads/contracts';
import { multipart } from '../../test/multipart';
import { addTestAccount, buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller } from '../../test/typed-client';

const KiB = 1024;

/** A PNG of random pixels: it hardly compresses, so its size is about width × height × 3. */
const noisePng = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();

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
    const { accountId, user } = await addTestAccount(t, 'advertiser', `Quota Test ${accounts}`);
    const caller = t.as(user);
    // Signed in before the tests' concurrent calls.
    await caller.token();
    return { accountId, caller };
  };
  const usage = async (caller: Caller, which: 'Image' | 'Video' = 'Image', accountId?: number) =>
    caller.call(which === 'Image' ? imageStorageUsage : videoStorageUsage, { accountId });
  const startUpload = (caller: Caller, bytes: number) => caller.call(startVideoUpload, { name: 'clip.mp4', bytes });
  const uploadImage = (caller: Caller, file: Buffer, name = 'noise.png') => caller.send(uploadImageContract, {}, multipart(file, name));

  it('counts images, videos, the recycle bin and reserved upload bytes', async () => {
    const a = await freshAdvertiser();
    expect((await usage(a.caller)).body).toMatchObject({ accountId: a.accountId, usedBytes: 0, quotaBytes: 1024 * KiB, maxOpenUploads: 2, openUploads: 0 });

    const image = (await uploadImage(a.caller, await noisePng(100))).body;
    expect((await startUpload(a.caller, 100 * KiB)).status).toBe(200);
    const deleted = await a.caller.call(deleteImages, { ids: [image.id] });
    expect(deleted.status).toBe(200);

    const body = (await usage(a.caller, 'Video')).body;
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
    await uploadImage(a.caller, await noisePng(50));

    const foreign = await usage(b.caller, 'Image', a.accountId);
    expect(foreign.status).toBe(404);
    expect((await usage(b.caller, 'Video', a.accountId)).status).toBe(404);
    // Without an id it is always the caller's own account.
    expect((await usage(b.caller)).body).toMatchObject({ accountId: b.accountId, usedBytes: 0 });

    const staff = t.as('staff');
    const seen = await usage(staff, 'Image', a.accountId);
    expect(seen.status).toBe(200);
    expect(seen.body.usedBytes).toBeGreaterThan(0);
    expect((await usage(staff, 'Image', 999_999)).status).toBe(404);
  });

  it('lets only one of several concurrent upload starts take the space that fits one', async () => {
    const a = await freshAdvertiser();
    const answers = await Promise.all(Array.from({ length: 6 }, () => startUpload(a.caller, 600 * KiB)));
    const codes = answers.map((r) => r.status).sort();
    expect(codes).toEqual([200, 413, 413, 413, 413, 413]);
    const refused = answers.find((r) => r.status === 413)!.error;
    expect(refused.errorCode).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(refused.error).toContain('600 KB of 1 MB used');
    expect((await usage(a.caller)).body).toMatchObject({ reservedBytes: 600 * KiB, openUploads: 1 });
  });

  it('caps the unfinished uploads of a user, also when started concurrently', async () => {
    const a = await freshAdvertiser();
    const answers = await Promise.all(Array.from({ length: 5 }, () => startUpload(a.caller, 10 * KiB)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409]);
    const refused = answers.find((r) => r.status === 409)!.error;
    expect(refused.errorCode).toBe('TOO_MANY_OPEN_UPLOADS');
    expect(refused.error).toContain('(2)');

    // Cancelling one makes room for another.
    const open = answers.find((r) => r.status === 200)!.body;
    await a.caller.call(cancelVideoUpload, { uploadId: open.uploadId });
    expect((await startUpload(a.caller, 10 * KiB)).status).toBe(200);
  });

  it('lets only one of several concurrent image uploads take the space that fits one, and keeps no files of the others', async () => {
    const a = await freshAdvertiser();
    const files = await Promise.all([noisePng(420), noisePng(421), noisePng(422)]);
    for (const f of files) expect(f.length).toBeGreaterThan(512 * KiB); // two do not fit in 1 MB
    const before = filesUnder(path.join(t.dataDir, 'files', 'images')).length;
    const answers = await Promise.all(files.map((f, i) => uploadImage(a.caller, f, `n${i}.png`)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 413, 413]);
    expect(answers.find((r) => r.status === 413)!.error.errorCode).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(filesUnder(path.join(t.dataDir, 'files', 'images')).length).toBe(before + 1);
  });
});
