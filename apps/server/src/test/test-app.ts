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
import { DEMO_PASSWORD, DEMO_USERS } from '../db/seed/demo';

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
    { LOGIN_SLOW_STEP_MS: 0, PURGE_INTERVAL_MINUTES: 0, SWEEP_INTERVAL_HOURS: 0, ...overrides },
  );

export interface TestApp {
  app: FastifyInstance;
  services: Awaited<ReturnType<typeof buildApp>>['services'];
  database: Database;
  clock: { now: Date; advance(ms: number): void };
  /** This app's DATA_DIR (a temporary directory, removed on close): files live under `files/`. */
  dataDir: string;
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
  return {
    app,
    services,
    database,
    clock,
    dataDir,
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
