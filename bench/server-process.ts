import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Milliseconds from spawn to the first answered request. */
  startedInMs: number;
  stop(): Promise<void>;
}

/**
 * A data directory of its own, removed by `remove`: the delivery event log under it (DATA_DIR/events)
 * is locked to one process, so two servers (or a server and the bench's own services) never share one.
 */
export const tempDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-bench-'));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
};

/**
 * Starts the real server as `npm start` runs it (the bundle from `npm run build`) and waits for its
 * first answer. `nodeArgs` go before the bundle (`--cpu-prof`, …).
 */
export const startServer = async (env: Record<string, string>, port: number, nodeArgs: string[] = []): Promise<RunningServer> => {
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', 'apps/server/dist/server.mjs'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error('the server exited before answering');
    try {
      const res = await fetch(`${url}/`);
      if (res.status < 500) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - t0 > 120_000) throw new Error('the server did not answer within 120 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  const startedInMs = performance.now() - t0;
  return {
    url,
    process: child,
    startedInMs,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
};

export const signIn = async (url: string, email: string, password = 'Demo@2026'): Promise<string> => {
  const res = await fetch(`${url}/api/User/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
};
