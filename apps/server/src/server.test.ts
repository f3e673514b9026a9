import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from './db/data-dir-lock';
import { runSource, type Running } from './test/run-process';

const noStack = (text: string) => expect(text).not.toMatch(/^\s+at /m);

describe('starting the server', () => {
  const dirs: string[] = [];
  const running: Running[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-start-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    for (const r of running.splice(0)) {
      r.child.kill('SIGTERM');
      await r.exited;
    }
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prints a configuration error as its message only, and exits with 1', async () => {
    const { code, stderr } = await runSource(['src/server.ts'], { PORT: '', DATA_DIR: tempDir() }).exited;
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'Invalid configuration:\n  PORT: is set but empty (give it a value, or unset it for the default)',
    );
  });

  it('names the cause of an unusable DATABASE_URL on its first line', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));

    const { code, stderr } = await runSource(['src/server.ts'], {
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/ads`,
      DATA_DIR: tempDir(),
    }).exited;
    expect(code).toBe(1);
    expect(stderr.split('\n')[0]).toBe(
      `Connection refused by PostgreSQL at 127.0.0.1:${port}: is PostgreSQL running and listening on that address and port?`,
    );
    noStack(stderr);
  });

  it('on an empty embedded database: says how to add the first user, keeps the data directory to itself until stopped', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', WEB_DIST: '/nonexistent' };
    const server = runSource(['src/server.ts', '--no-demo'], env);
    running.push(server);
    const [line, url] = await server.waitFor(/^Ads Console is ready at (http:\/\/127\.0\.0\.1:\d+).*$/m);
    expect(line).toBe(
      `Ads Console is ready at ${url} — no users yet: stop it (Ctrl+C), create the first staff user with ` +
        'npm run create-staff -- --email you@example.com --name "Your Name", then start it again',
    );
    expect((await fetch(`${url}/api/openapi.json`)).status).toBe(200);

    const staff = ['src/cli/create-staff.ts', '--email', 'ops@example.com', '--name', 'Ops Lead'];
    const [second, refused] = await Promise.all([
      runSource(['src/server.ts'], env).exited,
      runSource(staff, { DATA_DIR: dataDir, STAFF_PASSWORD: 'Operations2026' }).exited,
    ]);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`already uses the data directory ${dataDir}`);
    expect(second.stderr).toContain('Two processes must never open one embedded database. Stop that one first');
    noStack(second.stderr);

    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      new RegExp(`^Cannot create the user: the console \\(pid ${server.child.pid}, since .*\\) is running on this data directory`),
    );
    expect(refused.stderr).toContain('Stop it first (Ctrl+C where it runs), run this command again');

    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);

    const created = await runSource(staff, { DATA_DIR: dataDir, STAFF_PASSWORD: 'Operations2026' }).exited;
    expect(created.stdout).toContain('Created staff user ops@example.com');
    expect(created.code).toBe(0);
  }, 180_000); // five processes, three of them opening the embedded database
});
