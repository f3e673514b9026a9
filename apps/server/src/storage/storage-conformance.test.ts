import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import { startS3TestServer } from './s3-test-server';
import type { Storage } from './storage';

const MiB = 1024 * 1024;

interface Subject {
  storage: Storage;
  /** Leaves files in the store that are not this storage's keys (someone else's, or under another prefix). */
  plantForeign(): Promise<void>;
  close(): Promise<void>;
}

/** The same cases run against every implementation: the services rely on these guarantees only. */
const implementations: { name: string; open(): Promise<Subject> }[] = [
  {
    name: 'local directory',
    async open() {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-storage-'));
      const files = path.join(root, 'files');
      return {
        storage: createLocalStorage(files),
        async plantForeign() {
          fs.mkdirSync(files, { recursive: true });
          fs.writeFileSync(path.join(files, 'Not A Key.txt'), 'x');
          fs.writeFileSync(path.join(files, '.hidden'), 'x');
        },
        close: async () => fs.rmSync(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3 (s3rver on loopback)',
    async open() {
      const server = await startS3TestServer();
      const connection = { bucket: server.bucket, region: server.region, endpoint: server.endpoint, forcePathStyle: true, credentials: server.credentials };
      // Small parts and pages so that a few MiB and a few keys go through multipart uploads and paging.
      const storage = createS3Storage({ ...connection, prefix: 'conformance/one', partSize: 5 * MiB, listPageSize: 2 });
      return {
        storage,
        async plantForeign() {
          await createS3Storage({ ...connection, prefix: 'conformance/two' }).put('images/aa/other', Buffer.from('x'), { contentType: 'text/plain' });
          await createS3Storage({ ...connection, prefix: 'conformance' }).put('outside', Buffer.from('x'), { contentType: 'text/plain' });
          const client = new S3Client({ region: server.region, endpoint: server.endpoint, forcePathStyle: true, credentials: server.credentials });
          await client.send(new PutObjectCommand({ Bucket: server.bucket, Key: 'conformance/one/Not A Key.txt', Body: 'x' }));
          client.destroy();
        },
        close: () => server.stop(),
      };
    },
  },
];

/** A body that arrives in pieces, as an upload does: `total` bytes of a repeating pattern. */
const patterned = (total: number, piece = 256 * 1024) => {
  const whole = Buffer.alloc(total);
  for (let i = 0; i + 4 <= total; i += 4) whole.writeUInt32BE(i, i);
  const pieces = function* () {
    for (let o = 0; o < total; o += piece) yield whole.subarray(o, Math.min(o + piece, total));
  };
  return { whole, stream: () => Readable.from(pieces()) };
};
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(implementations)('storage: $name', ({ open }) => {
  let s: Subject;
  let storage: Storage;
  beforeAll(async () => {
    s = await open();
    storage = s.storage;
  });
  afterAll(() => s?.close());

  const keys = async () => {
    const found: string[] = [];
    for await (const f of storage.list()) found.push(f.key);
    return found.sort();
  };

  it('puts from a stream or a buffer, gets, touches and deletes by key', async () => {
    await storage.put('images/ab/abc123', Readable.from([Buffer.from('hello '), Buffer.from('world')]), { contentType: 'text/plain' });
    await storage.put('thumbnails/ab/abc123.webp', Buffer.from('thumb'), { contentType: 'image/webp' });
    expect(await storage.touch('images/ab/abc123')).toBe(true);
    const got = await storage.get('images/ab/abc123');
    expect(got?.size).toBe(11);
    expect(await text(got!.stream)).toBe('hello world');
    expect(await text((await storage.get('thumbnails/ab/abc123.webp'))!.stream)).toBe('thumb');

    expect(await storage.delete('images/ab/abc123')).toBe(true);
    expect(await storage.delete('images/ab/abc123')).toBe(false);
    expect(await storage.touch('images/ab/abc123')).toBe(false);
    expect(await storage.get('images/ab/abc123')).toBeUndefined();
    expect(await storage.get('images/ab/never')).toBeUndefined();
    expect(await storage.delete('thumbnails/ab/abc123.webp')).toBe(true);
  });

  it('replaces what a key held', async () => {
    await storage.put('images/cd/replaced', Buffer.from('first version'), { contentType: 'text/plain' });
    await storage.put('images/cd/replaced', Readable.from([Buffer.from('second')]), { contentType: 'text/plain' });
    const got = await storage.get('images/cd/replaced');
    expect(got?.size).toBe(6);
    expect(await text(got!.stream)).toBe('second');
    await storage.delete('images/cd/replaced');
  });

  it('streams a file of several parts in and reads it whole or by byte range', async () => {
    const { whole, stream } = patterned(11 * MiB + 3);
    await storage.put('videos/ef/large', stream(), { contentType: 'video/webm' });

    const all = await storage.get('videos/ef/large');
    expect(all?.size).toBe(whole.length);
    expect(sha(await buffer(all!.stream))).toBe(sha(whole));

    const ranges = [
      { start: 0, end: 1 }, // (s3rver reads `bytes=0-0` as the whole file; S3 does not)
      { start: 100, end: 199 },
      { start: 5 * MiB - 10, end: 5 * MiB + 9 }, // across a part boundary
      { start: whole.length - 10, end: whole.length - 1 },
    ];
    for (const range of ranges) {
      const part = await storage.get('videos/ef/large', range);
      expect(part?.size, JSON.stringify(range)).toBe(whole.length);
      expect((await buffer(part!.stream)).equals(whole.subarray(range.start, range.end + 1)), JSON.stringify(range)).toBe(true);
    }
    // An end past the file stops at its end; a start past it reads nothing.
    const tail = await storage.get('videos/ef/large', { start: whole.length - 2, end: whole.length + 100 });
    expect((await buffer(tail!.stream)).equals(whole.subarray(whole.length - 2))).toBe(true);
    const beyond = await storage.get('videos/ef/large', { start: whole.length + 5, end: whole.length + 10 });
    expect(beyond?.size).toBe(whole.length);
    expect((await buffer(beyond!.stream)).length).toBe(0);
    expect(await storage.delete('videos/ef/large')).toBe(true);
  });

  it('shows nothing of a write whose stream fails, and keeps what the key held before', async () => {
    const { whole } = patterned(6 * MiB);
    const failing = () =>
      Readable.from(
        (function* () {
          yield whole.subarray(0, 3 * MiB);
          yield whole.subarray(3 * MiB); // past the first part: a multipart upload has begun
          throw new Error('connection lost');
        })(),
      );
    await expect(storage.put('videos/gh/cut', failing(), { contentType: 'video/webm' })).rejects.toThrow(/connection lost/);
    expect(await storage.get('videos/gh/cut')).toBeUndefined();
    expect(await keys()).not.toContain('videos/gh/cut');

    await storage.put('videos/gh/kept', Buffer.from('complete'), { contentType: 'video/webm' });
    await expect(storage.put('videos/gh/kept', failing(), { contentType: 'video/webm' })).rejects.toThrow(/connection lost/);
    expect(await text((await storage.get('videos/gh/kept'))!.stream)).toBe('complete');
    await storage.delete('videos/gh/kept');
  });

  it('moves a file to another key, replacing what it held, and answers false for nothing', async () => {
    await storage.put('video-uploads/0a1b/side.part', Readable.from([Buffer.from('chunk bytes')]), { contentType: 'application/octet-stream' });
    await storage.put('video-uploads/0a1b/00000', Buffer.from('older'), { contentType: 'application/octet-stream' });
    expect(await storage.move('video-uploads/0a1b/side.part', 'video-uploads/0a1b/00000')).toBe(true);
    expect(await storage.get('video-uploads/0a1b/side.part')).toBeUndefined();
    const moved = await storage.get('video-uploads/0a1b/00000');
    expect(moved?.size).toBe(11);
    expect(await text(moved!.stream)).toBe('chunk bytes');
    expect(await storage.move('video-uploads/0a1b/side.part', 'video-uploads/0a1b/00001')).toBe(false);
    expect(await storage.get('video-uploads/0a1b/00001')).toBeUndefined();
    expect(await keys()).not.toContain('video-uploads/0a1b/side.part');
    expect(await storage.delete('video-uploads/0a1b/00000')).toBe(true);
  });

  it('refuses keys that could leave its place', async () => {
    for (const key of ['../escape', 'a/../../b', '/etc/passwd', 'a\\b', '', 'a//b', '.hidden', 'a/..', 'C:/x']) {
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' }), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.touch(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.move(key, 'images/aa/x'), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.move('images/aa/x', key), key).rejects.toThrow(/Invalid storage key/);
    }
  });

  it('deletes for older files only what was not written or touched since', async () => {
    await storage.put('videos/ij/untouched', Buffer.from('a'), { contentType: 'video/webm' });
    await storage.put('videos/ij/touched', Buffer.from('b'), { contentType: 'video/webm' });
    await pause(1100); // S3 keeps LastModified in whole seconds
    const before = new Date();
    await pause(20);
    expect(await storage.touch('videos/ij/touched')).toBe(true);
    expect(await text((await storage.get('videos/ij/touched'))!.stream)).toBe('b');

    expect(await storage.delete('videos/ij/touched', { ifUnmodifiedSince: before })).toBe(false);
    expect(await text((await storage.get('videos/ij/touched'))!.stream)).toBe('b');
    expect(await storage.delete('videos/ij/untouched', { ifUnmodifiedSince: before })).toBe(true);
    expect(await storage.get('videos/ij/untouched')).toBeUndefined();

    // Written again since (the same bytes uploaded anew): kept.
    await storage.put('videos/ij/rewritten', Buffer.from('c'), { contentType: 'video/webm' });
    expect(await storage.delete('videos/ij/rewritten', { ifUnmodifiedSince: new Date(Date.now() - 60_000) })).toBe(false);
    expect(await storage.delete('videos/ij/rewritten', { ifUnmodifiedSince: new Date(Date.now() + 60_000) })).toBe(true);
    expect(await storage.delete('videos/ij/gone', { ifUnmodifiedSince: new Date() })).toBe(false);
    await storage.delete('videos/ij/touched');
  });

  it('lists every stored key with its time, and nothing that is not its own', async () => {
    const startedAt = Date.now();
    const mine = ['images/kl/one', 'images/kl/two', 'thumbnails/kl/one.webp', 'videos/kl/three', 'videos/mn/four'];
    for (const key of mine) await storage.put(key, Buffer.from(key), { contentType: 'text/plain' });
    await s.plantForeign();

    const listed: { key: string; modifiedAt: Date }[] = [];
    for await (const f of storage.list()) listed.push(f);
    expect(listed.map((f) => f.key).sort()).toEqual([...mine].sort());
    for (const f of listed) {
      expect(f.modifiedAt).toBeInstanceOf(Date);
      // Whole seconds on S3: within a few seconds of the write.
      expect(Math.abs(f.modifiedAt.getTime() - startedAt), f.key).toBeLessThan(5_000);
    }
    for (const key of mine) await storage.delete(key);
    expect(await keys()).toEqual([]);
  });

  it('removes no stored file when it clears what cut-off writes left', async () => {
    await storage.put('images/op/stays', Buffer.from('x'), { contentType: 'text/plain' });
    expect(await storage.removeTemporary(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(0);
    expect(await keys()).toEqual(['images/op/stays']);
    await storage.delete('images/op/stays');
  });
});
