// One process at a time on an embedded (PGlite) data directory: PGlite has no locking of its own,
// and a second process writing the same files corrupts them or, at best, never sees the other's
// writes. The lock is a file in DATA_DIR naming its owner; an owner that no longer runs is taken over.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StartupError } from '../startup-error';

export const LOCK_FILE_NAME = 'console.lock';

export interface LockOwner {
  pid: number;
  host: string;
  /** ISO time the owner took the lock. */
  startedAt: string;
  /** What runs: `server`, `create-staff` … */
  command: string;
  /** Linux boot id: a lock from before a reboot is stale whatever its pid. */
  bootId?: string;
  /** Tells this owner's file from a later one with the same pid. */
  nonce: string;
}

export interface DataDirLock {
  file: string;
  owner: LockOwner;
  /** Removes the lock file when it is still this owner's; safe to call twice. */
  release(): void;
}

export class DataDirLockedError extends StartupError {
  constructor(
    readonly dataDir: string,
    readonly file: string,
    readonly owner: LockOwner,
  ) {
    super(`the data directory ${dataDir} is in use by ${describeOwner(owner)}`);
    this.name = 'DataDirLockedError';
  }
}

export const describeOwner = (owner: LockOwner) => {
  const where = owner.host === os.hostname() ? '' : ` on host ${owner.host}`;
  return `${owner.command} (pid ${owner.pid}${where}, since ${owner.startedAt.replace('T', ' ').slice(0, 19)} UTC)`;
};

/** Another host's process cannot be checked from here: say how to clear its lock once it is gone. */
export const staleLockHint = (err: DataDirLockedError) =>
  err.owner.host === os.hostname()
    ? ''
    : `\nIf no process on host ${err.owner.host} uses it any more, delete ${err.file} and try again.`;

const readBootId = () => {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
};

/** Lock files this process holds, so that a second open in the same process is refused too. */
const held = new Map<string, string>(); // file → nonce

const releaseAll = () => {
  for (const [file, nonce] of held) removeIfOwned(file, nonce);
  held.clear();
};
let exitHookInstalled = false;

const removeIfOwned = (file: string, nonce: string) => {
  try {
    if (parseOwner(fs.readFileSync(file, 'utf8'))?.nonce === nonce) fs.unlinkSync(file);
  } catch {
    // Already gone.
  }
};

const parseOwner = (text: string): LockOwner | undefined => {
  try {
    const o = JSON.parse(text) as Partial<LockOwner>;
    if (typeof o.pid === 'number' && typeof o.host === 'string' && typeof o.nonce === 'string') {
      return { startedAt: '?', command: 'another process', ...o } as LockOwner;
    }
  } catch {
    // Not a lock this code wrote: stale.
  }
  return undefined;
};

const pidRuns = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Whether the owner may still run. Another host cannot be checked from here: assume it does. */
const ownerMayRun = (owner: LockOwner, file: string, bootId: string | undefined) => {
  if (owner.host !== os.hostname()) return true;
  if (owner.bootId && bootId && owner.bootId !== bootId) return false;
  // Our own pid: either we hold it, or it is a previous life of this process (a restarted
  // container's server is pid 1 again).
  if (owner.pid === process.pid) return held.get(file) === owner.nonce;
  return pidRuns(owner.pid);
};

const readText = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
};

const youngerThan = (file: string, ms: number) => {
  try {
    return Date.now() - fs.statSync(file).mtimeMs < ms;
  } catch {
    return false;
  }
};

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Creates `file` with `content` only when it does not exist, never visible half written. */
const createExclusive = (file: string, content: string, nonce: string) => {
  const tmp = `${file}.${nonce}.tmp`;
  fs.writeFileSync(tmp, content);
  try {
    fs.linkSync(tmp, file); // atomic, and the file is complete from its first moment
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw err;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw err;
    // A file system without hard links: exclusive create, then write.
    const fd = fs.openSync(file, 'wx');
    try {
      fs.writeSync(fd, content);
    } finally {
      fs.closeSync(fd);
    }
  } finally {
    fs.rmSync(tmp, { force: true });
  }
};

/**
 * Moves a stale lock aside, when it is still the one judged stale. Two processes taking over the
 * same stale lock at once: the rename is atomic, so only one moves it; one that finds it moved a
 * fresh lock instead puts it back.
 */
const removeStale = (file: string, staleText: string, nonce: string) => {
  const aside = `${file}.${nonce}.stale`;
  try {
    fs.renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  try {
    if (fs.readFileSync(aside, 'utf8') !== staleText) {
      try {
        fs.linkSync(aside, file);
      } catch {
        // A third process locked in between: its lock stands.
      }
    }
  } finally {
    fs.rmSync(aside, { force: true });
  }
};

/**
 * Takes the lock of `dataDir` for this process, or throws DataDirLockedError naming the owner.
 * Released by `release()` or when the process exits.
 */
export const lockDataDir = (dataDir: string, command: string): DataDirLock => {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE_NAME);
  const bootId = readBootId();
  const owner: LockOwner = {
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
    command,
    ...(bootId ? { bootId } : {}),
    nonce: randomBytes(8).toString('hex'),
  };
  const content = `${JSON.stringify(owner, null, 2)}\n`;
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      createExclusive(file, content, owner.nonce);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const text = readText(file);
      if (text === undefined) continue; // released meanwhile
      const current = parseOwner(text);
      if (!current && text === '' && youngerThan(file, 5_000)) {
        // Being written by a process on a file system without hard links: wait for it.
        sleep(100);
        continue;
      }
      if (current && ownerMayRun(current, file, bootId)) throw new DataDirLockedError(dir, file, current);
      removeStale(file, text, owner.nonce);
      continue;
    }
    held.set(file, owner.nonce);
    if (!exitHookInstalled) {
      process.on('exit', releaseAll);
      exitHookInstalled = true;
    }
    return {
      file,
      owner,
      release: () => {
        if (held.get(file) !== owner.nonce) return;
        held.delete(file);
        removeIfOwned(file, owner.nonce);
      },
    };
  }
  throw new StartupError(`could not lock the data directory ${dir}: its lock file ${file} keeps changing`);
};
