import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { DEMO_PASSWORD, DEMO_USERS } from '../demo/demo';
import { createTestClient, type Caller, type Who } from './typed-client';

/** A fresh copy of the seeded template database: PGlite by default, PostgreSQL with TEST_DATABASE_URL. */
export const openTestDatabase = async (): Promise<Database> => {
  const pgTemplate = inject('pgTemplate');
  if (pgTemplate) {
    const name = `${pgTemplate.database}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgTemplate.url });
    await admin.connect();
    await admin.query(`create database ${name} template ${pgTemplate.database}`);
    await admin.end();
    const url = new URL(pgTemplate.url);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 4 });
    return {
      ...database,
      close: async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: pgTemplate.url });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  const file = inject('pgliteTemplate');
  if (!file) throw new Error('global setup did not prepare a template database');
  return openDatabase({ loadDataDir: new Blob([fs.readFileSync(file)]) });
};

// Background jobs stay off: a test that listens would otherwise run them on its moved clock.
export const testConfig = (overrides: Partial<Config> = {}): Config =>
  loadConfig(
    { LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' },
    { LOGIN_SLOW_STEP_MS: 0, PURGE_INTERVAL_MINUTES: 0, SWEEP_INTERVAL_HOURS: 0, CAMPAIGN_SCHEDULE_INTERVAL_SECONDS: 0, REPORT_SCHEDULE_INTERVAL_SECONDS: 0, PLACEMENT_DRAIN_INTERVAL_SECONDS: 0, DELIVERY_FLUSH_MS: 0, DELIVERY_REFRESH_SECONDS: 0, PACING_SETTLE_SECONDS: 0, ...overrides },
  );

export interface TestApp {
  app: FastifyInstance;
  services: Awaited<ReturnType<typeof buildApp>>['services'];
  database: Database;
  clock: { now: Date; advance(ms: number): void };
  /** This app's DATA_DIR (a temporary directory, removed on close): files live under `files/`. */
  dataDir: string;
  /** The typed client (test/typed-client.ts) as someone: `t.as('advertiser').call(contract, payload)`. */
  as(who: Who): Caller;
  /** Forgets the typed client's sessions (after the clock moved past their end): the next call signs in again. */
  forgetSessions(): void;
  close(): Promise<void>;
}

/** The real app on a real database, with a clock tests can move. */
export const buildTestApp = async (
  options: { config?: Partial<Config>; extraRoutes?: AppOptions['extraRoutes']; imageUsage?: AppOptions['imageUsage'] } = {},
): Promise<TestApp> => {
  const database = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-test-data-'));
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    built = await buildApp({
      config: testConfig({ DATA_DIR: dataDir, ...options.config }),
      database,
      now: () => clock.now,
      extraRoutes: options.extraRoutes,
      imageUsage: options.imageUsage,
    });
    await built.app.ready();
  } catch (err) {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const { app, services } = built;
  const client = createTestClient(app);
  return {
    app,
    services,
    database,
    clock,
    dataDir,
    as: client.as,
    forgetSessions: client.forgetSessions,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export type DemoRole = keyof typeof DEMO_USERS;

/** Signs in as a demo user and answers the bearer token. */
export const loginAs = async (app: FastifyInstance, role: DemoRole): Promise<string> => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/User/Login',
    payload: { email: DEMO_USERS[role].email, password: DEMO_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`login as ${role} failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Another account with one user of the demo role's kind and powers (tenancy tests need two of a
 * kind): `t.as(account.user)` signs in as it.
 */
export const addTestAccount = async (t: TestApp, like: DemoRole, name: string) => {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}@example.com`;
  const { account, user } = await t.services.identity.createAccountWithUser({
    account: { name, kind: DEMO_USERS[like].kind },
    user: { email, name, password: DEMO_PASSWORD },
  });
  return { accountId: account.id, userId: user.id, user: { email } };
};
