import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StartupError } from '../startup-error';
import { runSource } from '../test/run-process';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import { startS3TestServer, type S3TestServer } from './s3-test-server';

// Start-up asks the file store whether it can be used, so a wrong bucket or key is a clear message
// at start rather than a 500 on the first upload.
describe('checking the file store at start', () => {
  let server: S3TestServer;
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-check-'));
    dirs.push(dir);
    return dir;
  };
  beforeAll(async () => {
    server = await startS3TestServer();
  });
  afterAll(async () => {
    await server?.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  const s3 = (over: { bucket?: string; credentials?: { accessKeyId: string; secretAccessKey: string } } = {}) =>
    createS3Storage({
      bucket: over.bucket ?? server.bucket,
      region: server.region,
      endpoint: server.endpoint,
      forcePathStyle: true,
      credentials: over.credentials ?? server.credentials,
    });

  it('passes for a bucket that exists with good credentials, and a writable directory', async () => {
    await expect(s3().check()).resolves.toBeUndefined();
    await expect(createLocalStorage(path.join(tempDir(), 'files')).check()).resolves.toBeUndefined();
  });

  it('names a missing bucket', async () => {
    const err = await s3({ bucket: 'no-such-bucket' }).check().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StartupError);
    expect((err as Error).message).toBe(
      `Cannot use the S3 bucket "no-such-bucket" at ${server.endpoint}: it does not exist (create it, or set S3_BUCKET to one that does).`,
    );
  });

  it('says the credentials were refused', async () => {
    // (s3rver refuses an unknown key id; S3 also a wrong secret, with the same 403.)
    const err = await s3({ credentials: { accessKeyId: 'NOBODY', secretAccessKey: 'wrong' } }).check().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StartupError);
    expect((err as Error).message).toMatch(/^Cannot use the S3 bucket "ads-test" at .*: access was refused: check the credentials/);
  });

  it('says a directory cannot be written', async () => {
    const file = path.join(tempDir(), 'a-file');
    fs.writeFileSync(file, 'x');
    const err = await createLocalStorage(path.join(file, 'files')).check().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StartupError);
    expect((err as Error).message).toMatch(/^Cannot store files in .*a-file\/files: /);
  });

  it('stops the server at start with that message alone', async () => {
    const { code, stderr } = await runSource(['src/server.ts'], {
      DATA_DIR: tempDir(),
      DEMO_DATA: 'false',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'no-such-bucket',
      S3_REGION: server.region,
      S3_ENDPOINT: server.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: server.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: server.credentials.secretAccessKey,
    }).exited;
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `Cannot use the S3 bucket "no-such-bucket" at ${server.endpoint}: it does not exist (create it, or set S3_BUCKET to one that does).`,
    );
  }, 60_000);
});
