import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  region: string;
  /** s3rver's fixed test account. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  stop(): Promise<void>;
}

/** Starts s3rver on 127.0.0.1 (a free port) with one empty bucket, its objects in a temporary directory. */
export const startS3TestServer = async (bucket = 'ads-test'): Promise<S3TestServer> => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-s3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', path.join(import.meta.dirname, 's3rver-process.mjs'), directory, bucket], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the S3 test server exited (${code}) before it listened`)));
      createInterface({ input: child.stdout }).once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    });
    return {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      stop: async () => {
        child.stdin.end();
        await exited;
        fs.rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (err) {
    child.kill();
    fs.rmSync(directory, { recursive: true, force: true });
    throw err;
  }
};
