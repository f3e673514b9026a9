import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createServices } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createDemoClock } from '../demo/demo-clock';
import { seedDemoData } from '../demo/demo';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dumped data directory (migrated, catalogue, demo data) to load per test file. */
    pgliteTemplate?: string;
    /** PostgreSQL: the server URL and a template database every test file copies. */
    pgTemplate?: { url: string; database: string };
  }
}

const prepare = async (database: Awaited<ReturnType<typeof openDatabase>>) => {
  await database.migrate();
  const clock = createDemoClock();
  // The seed's delivery keeps its event log in a directory of its own, gone once the demo is written.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-template-'));
  try {
    const services = createServices({ config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), database, now: clock.now });
    await services.identity.syncCatalogue();
    await seedDemoData(services, clock);
    await services.delivery.stop();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

/** Migrates and seeds one template database; every test file starts from a copy of it. */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    try {
      await admin.connect();
    } catch (err) {
      throw new Error(`TEST_DATABASE_URL=${url} cannot be reached: ${(err as Error).message}`, { cause: err });
    }
    const name = `ads_tmpl_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ url: target.toString(), poolSize: 2 });
    await prepare(database);
    await database.close();
    project.provide('pgTemplate', { url, database: name });
    return async () => {
      // Drop the template and any copy a crashed test file left behind.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname = $1 or datname like $2`,
        [name, `${name}_%`],
      );
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.end();
    };
  }
  const database = await openDatabase({});
  await prepare(database);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(os.tmpdir(), `ads-pglite-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(file, { force: true });
}
