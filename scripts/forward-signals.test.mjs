import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

// A child that says it is ready, and on SIGTERM says so and exits with 3.
const CHILD = `
  process.on('SIGTERM', () => { console.log('child got SIGTERM'); process.exit(3); });
  console.log('child ready ' + process.pid);
  setInterval(() => {}, 1000);
`;
// The same without a handler: SIGTERM kills it.
const PLAIN_CHILD = `console.log('child ready ' + process.pid); setInterval(() => {}, 1000);`;

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('forward-signals (npm start, npm run dev)', () => {
  const dirs = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-signals-'));
    dirs.push(dir);
    return dir;
  };
  // Each test's processes share a process group of their own: a failed test leaves none behind.
  const groups = [];
  afterEach(() => {
    for (const pid of groups.splice(0)) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // all gone already
      }
    }
    dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
  });

  /**
   * Starts a parent that runs `command` with forward-signals, through `sh -c` as npm runs a script:
   * the shell replaced by the parent, or (`shellStays`) waiting for it as dash does under npm.
   */
  const startParent = (command, args, { env = {}, shellStays = false } = {}) => {
    const parent = path.join(tempDir(), 'parent.mjs');
    fs.writeFileSync(
      parent,
      `import { exitLike, run } from ${JSON.stringify(path.join(root, 'scripts/forward-signals.mjs'))};\n` +
        `console.log('parent ' + process.pid);\n` +
        `await exitLike(await run(${JSON.stringify(command)}, ${JSON.stringify(args)}, { cwd: ${JSON.stringify(root)} }));\n`,
    );
    const script = shellStays ? `"${process.execPath}" "${parent}"; exit $?` : `exec "${process.execPath}" "${parent}"`;
    const shell = spawn('sh', ['-c', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    groups.push(shell.pid);
    let stdout = '';
    let stderr = '';
    const waiters = new Set();
    shell.stdout.on('data', (d) => {
      stdout += d;
      waiters.forEach((w) => w());
    });
    shell.stderr.on('data', (d) => (stderr += d));
    const closed = new Promise((resolve) => shell.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
    const waitFor = (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = stdout.match(pattern);
          if (match) {
            waiters.delete(check);
            resolve(match);
          }
        };
        waiters.add(check);
        void closed.then(() => reject(new Error(`exited before ${pattern}:\n${stdout}\n${stderr}`)));
        check();
      });
    return { shell, closed, waitFor };
  };

  it('passes SIGTERM on to the child, and exits with its code', async () => {
    const { closed, waitFor } = startParent(process.execPath, ['-e', CHILD]);
    const [, parentPid] = await waitFor(/^parent (\d+)$/m);
    const [, childPid] = await waitFor(/^child ready (\d+)$/m);
    process.kill(Number(parentPid), 'SIGTERM');
    const { code, stdout } = await closed;
    expect(stdout).toContain('child got SIGTERM');
    expect(code).toBe(3);
    expect(alive(Number(childPid))).toBe(false);
  });

  it('ends by the signal that ended the child', async () => {
    const { closed, waitFor } = startParent(process.execPath, ['-e', PLAIN_CHILD]);
    const [, parentPid] = await waitFor(/^parent (\d+)$/m);
    await waitFor(/^child ready (\d+)$/m);
    process.kill(Number(parentPid), 'SIGHUP');
    expect(await closed).toMatchObject({ code: null, signal: 'SIGHUP' });
  });

  it('stops the child when its parent goes away: npm passes SIGTERM to the shell it runs the script in, which dies alone', async () => {
    const { shell, closed, waitFor } = startParent(process.execPath, ['-e', CHILD], { shellStays: true });
    const [, childPid] = await waitFor(/^child ready (\d+)$/m);
    shell.kill('SIGTERM');
    // Closed once every process that shares the output is gone: the parent stopped the child.
    const { stdout } = await closed;
    expect(stdout).toContain('child got SIGTERM');
    expect(alive(Number(childPid))).toBe(false);
  });

  it('under it, the server closes on SIGTERM and releases the data directory', async () => {
    const dataDir = tempDir();
    const lock = path.join(dataDir, 'console.lock'); // db/data-dir-lock.ts
    const { shell, closed, waitFor } = startParent(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts', '--no-demo'], {
      env: { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', WEB_DIST: '/nonexistent', LOG_LEVEL: 'warn', NODE_NO_WARNINGS: '1' },
      shellStays: true,
    });
    await waitFor(/^Ads Console is ready at /m);
    expect(fs.existsSync(lock)).toBe(true);
    shell.kill('SIGTERM');
    const { stderr } = await closed;
    expect(stderr).toBe('');
    expect(fs.existsSync(lock)).toBe(false);
  }, 120_000);
});
