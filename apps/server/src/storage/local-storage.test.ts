import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';

// What every storage guarantees is in storage-conformance.test.ts; these are the directory's own.
describe('local storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-storage-'));
  const files = path.join(root, 'files');
  const storage = createLocalStorage(files);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes through a temporary file that it renames into place', async () => {
    await storage.put('images/ab/abc123', Readable.from([Buffer.from('hello '), Buffer.from('world')]), { contentType: 'text/plain' });
    expect(fs.readFileSync(path.join(files, 'images/ab/abc123'), 'utf8')).toBe('hello world');
    expect(fs.readdirSync(path.join(files, '.tmp'))).toEqual([]);
  });

  it('touches a stored file so that a delete made for older files keeps it', async () => {
    await storage.put('videos/cd/old', Buffer.from('bytes'), { contentType: 'video/webm' });
    const old = new Date(Date.now() - 48 * 3_600_000);
    fs.utimesSync(path.join(files, 'videos/cd/old'), old, old);
    const before = new Date(Date.now() - 24 * 3_600_000);
    expect(await storage.touch('videos/cd/old')).toBe(true);
    expect(await storage.delete('videos/cd/old', { ifUnmodifiedSince: before })).toBe(false);
    fs.utimesSync(path.join(files, 'videos/cd/old'), old, old);
    expect(await storage.delete('videos/cd/old', { ifUnmodifiedSince: before })).toBe(true);
  });

  it('removes what a crash left in its temporary directory once old enough, and not the list', async () => {
    const tmp = path.join(files, '.tmp');
    fs.writeFileSync(path.join(tmp, 'old.part'), 'x');
    fs.writeFileSync(path.join(tmp, 'new.part'), 'x');
    const old = new Date(Date.now() - 48 * 3_600_000);
    fs.utimesSync(path.join(tmp, 'old.part'), old, old);
    const keys: string[] = [];
    for await (const f of storage.list()) keys.push(f.key);
    expect(keys).toEqual(['images/ab/abc123']);
    expect(await storage.removeTemporary(new Date(Date.now() - 24 * 3_600_000))).toBe(1);
    expect(fs.readdirSync(tmp)).toEqual(['new.part']);
  });
});
