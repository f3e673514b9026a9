import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, type Storage } from './storage';

/**
 * Files in a local directory (`${DATA_DIR}/files` by default). A write goes to a temporary file in
 * the same file system, then is renamed into place, so a reader never sees half a file.
 */
export const createLocalStorage = (root: string): Storage => {
  const base = path.resolve(root);
  const tmpDir = path.join(base, '.tmp');
  const fileOf = (key: string) => {
    assertValidKey(key);
    const file = path.resolve(base, key);
    if (!file.startsWith(base + path.sep)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return file;
  };

  return {
    async put(key, body) {
      const file = fileOf(key);
      await fs.promises.mkdir(tmpDir, { recursive: true });
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const tmp = path.join(tmpDir, `${randomBytes(12).toString('hex')}.part`);
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(tmp, { flags: 'wx' }));
        await fs.promises.rename(tmp, file);
      } catch (err) {
        await fs.promises.rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key, range) {
      const file = fileOf(key);
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(file, 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(range ? { start: range.start, end: range.end } : {}), size };
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    async exists(key) {
      try {
        return (await fs.promises.stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
  };
};
