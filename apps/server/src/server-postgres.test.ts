import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { runSource, type Running } from './test/run-process';

// Processes of one installation on PostgreSQL (README: Scaling out), and a data directory moved from
// the embedded database to PostgreSQL. CI's PostgreSQL pass sets TEST_DATABASE_URL (and
// TEST_EVENTS_URL, a NATS server with JetStream); without them these are skipped.
const adminUrl = process.env.TEST_DATABASE_URL;
const eventsUrl = process.env.TEST_EVENTS_URL;

const noStack = (text: string) => expect(text).not.toMatch(/^\s+at /m);
const READY = /^Ads Console is ready at (http:\/\/\S+)/m;

describe.runIf(adminUrl)('servers on one PostgreSQL database', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  const running: Running[] = [];
  afterEach(async () => {
    for (const r of running.splice(0)) {
      r.child.kill('SIGTERM');
      await r.exited;
    }
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-start-pg-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };
  /** A new, empty database; its URL. */
  const newDatabase = async () => {
    const name = `ads_start_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    });
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const start = (env: Record<string, string>, args: string[] = ['--no-demo']) => {
    const server = runSource(['src/server.ts', ...args], { PORT: '0', HOST: '127.0.0.1', WEB_DIST: '/nonexistent', ...env });
    running.push(server);
    return server;
  };

  it('a second process on the same DATA_DIR without EVENTS_URL stops, naming EVENTS_URL; the first serves on', async () => {
    const env = { DATABASE_URL: await newDatabase(), DATA_DIR: tempDir() };
    const first = start(env);
    const [, url] = await first.waitFor(READY);
    const second = await start(env).exited;
    expect(second.code).toBe(1);
    expect(second.stdout).not.toMatch(READY);
    expect(second.stderr).toMatch(
      new RegExp(`^Cannot start: another process \\(pid ${first.child.pid}, since .*\\) keeps its delivery events in ${env.DATA_DIR}/events\\.`),
    );
    expect(second.stderr).toContain('set EVENTS_URL to a NATS JetStream server they share (README: Scaling out)');
    noStack(second.stderr);
    expect((await fetch(`${url}/api/openapi.json`)).status).toBe(200);
  }, 180_000);

  it.runIf(eventsUrl)('with EVENTS_URL, both processes start on the one DATA_DIR and database', async () => {
    const env = { DATABASE_URL: await newDatabase(), DATA_DIR: tempDir(), EVENTS_URL: eventsUrl!, EVENTS_STREAM: `ADS_START_${randomBytes(4).toString('hex')}` };
    const first = start(env);
    await first.waitFor(READY);
    const second = start(env);
    const [, url] = await second.waitFor(READY);
    expect((await fetch(`${url}/api/openapi.json`)).status).toBe(200);
  }, 180_000);

  it("refuses the embedded demo's DATA_DIR with a new DATABASE_URL, naming both, and deletes none of its files", async () => {
    const dataDir = tempDir();
    // The embedded installation's first start records its database in DATA_DIR.
    const embedded = start({ DATA_DIR: dataDir });
    await embedded.waitFor(READY);
    embedded.child.kill('SIGTERM');
    expect((await embedded.exited).code).toBe(0);
    // A file of its own, old enough for the sweep to remove if a database that does not know it swept.
    const stored = path.join(dataDir, 'files', 'images', 'ab', 'ab'.repeat(32));
    fs.mkdirSync(path.dirname(stored), { recursive: true });
    fs.writeFileSync(stored, 'x');
    const old = new Date(Date.now() - 3 * 86_400_000);
    fs.utimesSync(stored, old, old);

    const databaseUrl = await newDatabase();
    const { code, stdout, stderr } = await start({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SWEEP_INTERVAL_HOURS: '1' }, []).exited;
    expect(code).toBe(1);
    expect(stdout).not.toMatch(READY);
    expect(stderr).toMatch(
      new RegExp(`^Cannot start: the data directory ${dataDir} \\(DATA_DIR\\) belongs to installation [0-9a-f]{8}, first used with the embedded database in ${dataDir}/db \\(DATABASE_URL unset\\), not to this database\\.`),
    );
    expect(stderr).toContain(`DATABASE_URL=${databaseUrl} has no installation record`);
    expect(stderr).toContain('Give this database a DATA_DIR of its own');
    noStack(stderr);
    expect(fs.existsSync(stored)).toBe(true);
  }, 180_000);
});
