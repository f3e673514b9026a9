import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir, type LockOwner } from './data-dir-lock';

describe('the data directory lock', () => {
  let dir: string;
  let file: string;
  let child: ChildProcess | undefined;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-lock-'));
    file = path.join(dir, LOCK_FILE_NAME);
  });
  afterEach(() => {
    child?.kill('SIGKILL');
    child = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Another process that runs until killed: a live owner. */
  const startOther = async () => {
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    await new Promise((resolve) => other.once('spawn', resolve));
    child = other;
    return other;
  };

  const writeLock = (owner: Partial<LockOwner>) =>
    fs.writeFileSync(
      file,
      JSON.stringify({ host: os.hostname(), startedAt: new Date().toISOString(), command: 'the console', nonce: 'theirs', ...owner }),
    );

  const ownerOnDisk = () => JSON.parse(fs.readFileSync(file, 'utf8')) as LockOwner;

  it('names its owner in the data directory and is gone once released', () => {
    const lock = lockDataDir(path.join(dir, 'nested'), 'the console');
    const owner = JSON.parse(fs.readFileSync(path.join(dir, 'nested', LOCK_FILE_NAME), 'utf8')) as LockOwner;
    expect(owner).toMatchObject({ pid: process.pid, host: os.hostname(), command: 'the console' });
    lock.release();
    expect(fs.existsSync(path.join(dir, 'nested', LOCK_FILE_NAME))).toBe(false);
    lock.release(); // twice is harmless
  });

  it('refuses a second open in the same process', () => {
    const lock = lockDataDir(dir, 'the console');
    try {
      expect(() => lockDataDir(dir, 'create-staff')).toThrow(DataDirLockedError);
      expect(ownerOnDisk().nonce).toBe(lock.owner.nonce);
    } finally {
      lock.release();
    }
  });

  it('refuses while another live process holds it, and names that process', async () => {
    const other = await startOther();
    writeLock({ pid: other.pid });
    let refused: unknown;
    try {
      lockDataDir(dir, 'create-staff');
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as DataDirLockedError).owner).toMatchObject({ pid: other.pid, command: 'the console' });
    expect(ownerOnDisk().nonce).toBe('theirs');
  });

  it('takes over the lock of a process that no longer runs', async () => {
    const other = await startOther();
    writeLock({ pid: other.pid });
    other.kill('SIGKILL');
    await new Promise((resolve) => other.once('exit', resolve));

    const lock = lockDataDir(dir, 'the console');
    expect(ownerOnDisk()).toMatchObject({ pid: process.pid, nonce: lock.owner.nonce });
    lock.release();
  });

  it('takes over a lock left with its own pid by an earlier life (a restarted container)', () => {
    writeLock({ pid: process.pid, nonce: 'earlier' });
    const lock = lockDataDir(dir, 'the console');
    expect(ownerOnDisk().nonce).toBe(lock.owner.nonce);
    lock.release();
  });

  it('takes over a lock written before a reboot, whatever its pid', async () => {
    const bootId = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const other = await startOther();
    writeLock({ pid: other.pid, bootId: `${bootId}-before` });
    const lock = lockDataDir(dir, 'the console');
    expect(ownerOnDisk().nonce).toBe(lock.owner.nonce);
    lock.release();
  });

  it('takes over a file that is not a lock it understands', () => {
    fs.writeFileSync(file, 'garbage');
    lockDataDir(dir, 'the console').release();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('does not remove a lock another process took after this one', async () => {
    const lock = lockDataDir(dir, 'the console');
    const other = await startOther();
    writeLock({ pid: other.pid });
    lock.release();
    expect(ownerOnDisk().nonce).toBe('theirs');
  });
});
