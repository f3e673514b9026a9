import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StartupError } from '../startup-error';
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
    async delete(key, options) {
      const file = fileOf(key);
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (!stat) return false;
      if (options?.ifUnmodifiedSince && stat.mtime >= options.ifUnmodifiedSince) return false;
      await fs.promises.rm(file, { force: true });
      return true;
    },
    async check() {
      try {
        await fs.promises.mkdir(tmpDir, { recursive: true });
        await fs.promises.access(tmpDir, fs.constants.W_OK);
      } catch (err) {
        throw new StartupError(`Cannot store files in ${base}: ${(err as Error).message}`, { cause: err });
      }
    },
    async *list() {
      // Depth first, without the temporary directory; anything that is not a valid key is not ours.
      const walk = async function* (dir: string): AsyncGenerator<{ key: string; modifiedAt: Date }> {
        const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
        for (const e of entries) {
          const file = path.join(dir, e.name);
          if (e.isDirectory()) {
            if (file !== tmpDir) yield* walk(file);
            continue;
          }
          if (!e.isFile()) continue;
          const key = path.relative(base, file).split(path.sep).join('/');
          try {
            assertValidKey(key);
          } catch {
            continue;
          }
          const stat = await fs.promises.stat(file).catch(() => undefined);
          if (stat) yield { key, modifiedAt: stat.mtime };
        }
      };
      yield* walk(base);
    },
    async removeTemporary(before) {
      let removed = 0;
      for (const name of await fs.promises.readdir(tmpDir).catch(() => [])) {
        const file = path.join(tmpDir, name);
        const stat = await fs.promises.stat(file).catch(() => undefined);
        if (!stat || stat.mtime >= before) continue;
        await fs.promises.rm(file, { recursive: true, force: true });
        removed++;
      }
      return removed;
    },
    async move(from, to) {
      const source = fileOf(from);
      const target = fileOf(to);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.promises.rename(source, target);
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
    },
    async touch(key) {
      const file = fileOf(key);
      const at = new Date();
      try {
        await fs.promises.utimes(file, at, at);
        return (await fs.promises.stat(file)).isFile();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
    },
  };
};
