import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { consoleUrl, openAndPrepareDatabase, readyLine, type PrepareOptions } from './bootstrap';
import { loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { readInstallation } from './db/installation';
import { seedDemoData } from './demo/demo';
import { rowsOf } from './kit/sql';
import { createStorage } from './storage/create-storage';
import { buildTestApp, openTestDatabase, type TestApp } from './test/test-app';

describe('the ready line', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names the address to open and, on demo data, the demo sign-ins', async () => {
    expect(await readyLine('http://localhost:8080', t.services, true)).toBe(
      'Ads Console is ready at http://localhost:8080 — demo sign-ins: advertiser@demo.test, publisher@demo.test, ' +
        'staff@demo.test (password Demo@2026)',
    );
  });

  it('opens a wildcard address as localhost', () => {
    expect(consoleUrl('0.0.0.0', 8080)).toBe('http://localhost:8080');
    expect(consoleUrl('::', 8080)).toBe('http://localhost:8080');
    expect(consoleUrl('127.0.0.1', 9000)).toBe('http://127.0.0.1:9000');
    expect(consoleUrl('::1', 9000)).toBe('http://[::1]:9000');
  });
});

/** A new installation: an empty DATA_DIR on the embedded database, or beside a new PostgreSQL database (TEST_DATABASE_URL). */
const newInstallation = async (env: Record<string, string> = {}) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-bootstrap-'));
  const pgTemplate = inject('pgTemplate');
  let url: string | undefined;
  let drop = async () => {};
  if (pgTemplate) {
    const name = `${pgTemplate.database}_boot_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgTemplate.url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(pgTemplate.url);
    u.pathname = `/${name}`;
    url = u.toString();
    drop = async () => {
      const dropper = new pg.Client({ connectionString: pgTemplate.url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
  }
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}), ...env });
  return {
    config,
    dataDir,
    cleanup: async () => {
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

const count = async (database: Database, table: string) =>
  Number(rowsOf<{ n: number | string }>(await database.db.execute(sql.raw(`select count(*) as n from ${table}`)))[0]!.n);

/** Tables whose rows a whole demo always has as many of. */
const DEMO_TABLES = ['accounts', 'users', 'campaigns', 'ad_groups', 'images', 'videos', 'ad_slots', 'placements', 'notifications', 'content_policy_reasons'];

describe('the demo seed, all or nothing', () => {
  let installation: Awaited<ReturnType<typeof newInstallation>> | undefined;
  afterAll(async () => {
    await installation?.cleanup();
  });

  it('a seed cut off half-way is removed at the next start, files and all, and made again from nothing', { timeout: 240_000 }, async () => {
    installation = await newInstallation();
    const { config } = installation;
    const storage = createStorage(config);
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);

    // The first start stops half-way (as when NATS refused the seed's events, or the process was
    // stopped): after the accounts, the libraries and the campaigns, before the publishers' slots.
    const failing: NonNullable<PrepareOptions['seed']> = async (services, clock) => {
      await services.storage.put('leftovers/from-the-first-seed', Buffer.from('x'), { contentType: 'application/octet-stream' });
      const adSlots = new Proxy(services.adSlots, {
        get: () => () => {
          throw new Error('injected: the seed stops here');
        },
      });
      await seedDemoData({ ...services, adSlots }, clock);
    };
    await expect(openAndPrepareDatabase(config, log, 'test', { seed: failing })).rejects.toThrow(
      /^Adding the demo data failed: injected: the seed stops here\nThe next start removes the part that was added/,
    );
    expect(lines).toEqual(['empty database: adding demo data']);

    // Without demo data asked for, or with users of its own, it is left alone: refused, and said why.
    const noDemo: Config = { ...config, DEMO_DATA: false };
    await expect(openAndPrepareDatabase(noDemo, log, 'test')).rejects.toThrow(/the demo data in .* is incomplete: the start that added it was stopped half-way/);

    // What the cut-off seed left: accounts, images, no slot.
    const look = async (fn: (database: Database) => Promise<void>) => {
      const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.DATA_DIR, 'db') });
      try {
        await fn(database);
      } finally {
        await database.close();
      }
    };
    await look(async (database) => {
      expect(await count(database, 'accounts')).toBeGreaterThan(0);
      expect(await count(database, 'ad_slots')).toBe(0);
      expect(await readInstallation(database.db)).toMatchObject({ demoSeedStartedAt: expect.any(Date), demoSeedCompletedAt: null });
      await database.db.execute(sql`update users set email = 'ops@example.com' where id = (select min(id) from users)`);
    });
    await expect(openAndPrepareDatabase(config, log, 'test')).rejects.toThrow(/also holds 1 user\(s\) of its own, so it is not emptied/);
    await look(async (database) => {
      await database.db.execute(sql`update users set email = 'advertiser@demo.test' where email = 'ops@example.com'`);
    });
    const leftover = await storage.get('leftovers/from-the-first-seed');
    expect(leftover).toBeDefined();
    leftover?.stream.destroy();

    // The next start with demo data: says so in one line, empties and seeds from nothing.
    lines.length = 0;
    const database = await openAndPrepareDatabase(config, log, 'test');
    try {
      expect(lines).toEqual([
        'the demo data of an earlier start is incomplete (that start was stopped while adding it): removing it and adding it again from the start',
      ]);
      const row = await readInstallation(database.db);
      expect(row?.demoSeedCompletedAt).toBeInstanceOf(Date);
      expect(await storage.get('leftovers/from-the-first-seed')).toBeUndefined();
      // As whole as the demo every test starts from: not one row more or less.
      const template = await openTestDatabase();
      try {
        for (const table of DEMO_TABLES) expect(await count(database, table), table).toBe(await count(template, table));
      } finally {
        await template.close();
      }
    } finally {
      await database.close();
    }

    // And a complete demo is never seeded or emptied again.
    lines.length = 0;
    await (await openAndPrepareDatabase(config, log, 'test')).close();
    expect(lines).toEqual([]);
  });
});
