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

  it('stops with the message of a module that fails to start, closes what started, and never says it is ready', async () => {
    // The delivery module's event log cannot be opened: DATA_DIR/events is a file.
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'events'), '');
    const { code, stdout, stderr } = await runSource(['src/server.ts', '--no-demo'], { DATA_DIR: dataDir, PORT: '0', WEB_DIST: '/nonexistent' }).exited;
    expect(code).toBe(1);
    expect(stdout).not.toContain('is ready');
    expect(stderr).toContain(`Cannot open the delivery event log ${path.join(dataDir, 'events')}: EEXIST`);
    expect(stderr).toContain('DATA_DIR must be a directory this process can write');
    noStack(stderr);
    // Closed: the embedded database's lock is released.
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  }, 120_000);

  it('says an unreachable EVENTS_URL before it opens the database or adds the demo', async () => {
    const dataDir = tempDir();
    const started = Date.now();
    const { code, stdout, stderr } = await runSource(['src/server.ts'], { DATA_DIR: dataDir, PORT: '0', EVENTS_URL: 'nats://127.0.0.1:1' }).exited;
    expect(code).toBe(1);
    expect(stderr.split('\n').slice(0, 2)).toEqual([
      'Connection refused by NATS at 127.0.0.1:1: is nats-server running and listening on that address and port?',
      '  EVENTS_URL=nats://127.0.0.1:1',
    ]);
    noStack(stderr);
    expect(stdout).not.toContain('adding demo data');
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it('says a port in use at once, before it opens the database or adds the demo', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const dataDir = tempDir();
      const started = Date.now();
      const { code, stdout, stderr } = await runSource(['src/server.ts'], { DATA_DIR: dataDir, PORT: String(port) }).exited;
      const took = Date.now() - started;
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(`Port ${port} is already in use: stop what uses it, or set PORT to another port.`);
      expect(stdout).toBe('');
      expect(fs.readdirSync(dataDir)).toEqual([]);
      // Node and tsx start, no module loaded: about half a second on an idle machine.
      expect(took).toBeLessThan(5_000);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 60_000);

  it("refuses a data directory of another database, and deletes none of its files", async () => {
    // A DATA_DIR that recorded another installation (its database elsewhere), with a stored file old
    // enough for the sweep: a fresh embedded database here must not adopt it.
    const dataDir = tempDir();
    const other = '0b6c41c2-5b36-4ea1-9f8c-1d2e3f405162';
    fs.writeFileSync(path.join(dataDir, 'installation.json'), JSON.stringify({ id: other, database: 'DATABASE_URL=postgres://db.example/ads' }));
    const stored = path.join(dataDir, 'files', 'images', 'ab', 'ab'.repeat(32));
    fs.mkdirSync(path.dirname(stored), { recursive: true });
    fs.writeFileSync(stored, 'x');
    const old = new Date(Date.now() - 3 * 86_400_000);
    fs.utimesSync(stored, old, old);
    const { code, stdout, stderr } = await runSource(['src/server.ts'], { DATA_DIR: dataDir, PORT: '0', SWEEP_INTERVAL_HOURS: '1' }).exited;
    expect(code).toBe(1);
    expect(stderr).toContain(`Cannot start: the data directory ${dataDir} (DATA_DIR) belongs to installation 0b6c41c2, first used with DATABASE_URL=postgres://db.example/ads, not to this database.`);
    expect(stderr).toContain(`the embedded database in ${path.join(dataDir, 'db')} (DATABASE_URL unset) has no installation record`);
    expect(stderr).toContain('Give this database a DATA_DIR of its own');
    noStack(stderr);
    expect(stdout).not.toContain('adding demo data');
    expect(fs.existsSync(stored)).toBe(true);
  }, 120_000);

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
