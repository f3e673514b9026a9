import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** apps/server: where `node --import tsx src/…` runs the sources as `npm run dev` and the CLI do. */
export const SERVER_ROOT = path.resolve(import.meta.dirname, '../..');

export interface Running {
  child: ChildProcess;
  /** Everything written so far on stdout and stderr. */
  output(): { stdout: string; stderr: string };
  /** Resolves with the first stdout match of `pattern`; rejects when the process exits first. */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
  exited: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/** Runs a server source file (`src/server.ts`, `src/cli/…`) in a process of its own. */
export const runSource = (args: string[], env: Record<string, string | undefined>): Running => {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: SERVER_ROOT,
    env: { ...process.env, NODE_NO_WARNINGS: '1', LOG_LEVEL: 'warn', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return watch(child);
};

export const watch = (child: ChildProcess): Running => {
  let stdout = '';
  let stderr = '';
  const waiters = new Set<() => void>();
  child.stdout!.on('data', (d: Buffer) => {
    stdout += d.toString();
    waiters.forEach((w) => w());
  });
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
      waiters.forEach((w) => w());
    }),
  );
  let done = false;
  void exited.then(() => (done = true));
  return {
    child,
    output: () => ({ stdout, stderr }),
    exited,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = stdout.match(pattern);
          if (match) {
            waiters.delete(check);
            resolve(match);
          } else if (done || child.exitCode !== null) {
            waiters.delete(check);
            reject(new Error(`exited before ${pattern}:\n${stdout}\n${stderr}`));
          }
        };
        waiters.add(check);
        check();
      }),
  };
};
