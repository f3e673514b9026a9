import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';

describe('local storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-storage-'));
  const storage = createLocalStorage(path.join(root, 'files'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('puts, gets, checks and deletes by key, leaving no temporary file', async () => {
    await storage.put('images/ab/abc123', Readable.from([Buffer.from('hello '), Buffer.from('world')]), { contentType: 'text/plain' });
    await storage.put('thumbs/x.webp', Buffer.from('thumb'), { contentType: 'image/webp' });
    expect(await storage.touch('images/ab/abc123')).toBe(true);
    const got = await storage.get('images/ab/abc123');
    expect(got?.size).toBe(11);
    expect(await text(got!.stream)).toBe('hello world');
    expect(fs.readdirSync(path.join(root, 'files', '.tmp'))).toEqual([]);
    await storage.delete('images/ab/abc123');
    await storage.delete('images/ab/abc123');
    expect(await storage.touch('images/ab/abc123')).toBe(false);
    expect(await storage.get('images/ab/abc123')).toBeUndefined();
  });

  it('refuses keys that could leave its directory', async () => {
    for (const key of ['../escape', 'a/../../b', '/etc/passwd', 'a\\b', '', 'a//b', '.hidden', 'a/..', 'C:/x']) {
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' }), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/Invalid storage key/);
    }
  });

  it('touches a stored file so that a delete made for older files keeps it', async () => {
    await storage.put('videos/cd/old', Buffer.from('bytes'), { contentType: 'video/webm' });
    const old = new Date(Date.now() - 48 * 3_600_000);
    fs.utimesSync(path.join(root, 'files', 'videos/cd/old'), old, old);
    const before = new Date(Date.now() - 24 * 3_600_000);
    expect(await storage.touch('videos/cd/old')).toBe(true);
    expect(await storage.delete('videos/cd/old', { ifUnmodifiedSince: before })).toBe(false);
    expect(await storage.get('videos/cd/old')).toBeDefined();
  });
});
