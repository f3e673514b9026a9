import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as identity from './schema/identity';
import * as assets from './schema/assets';
import * as notifications from './schema/notifications';

export const schema = { ...identity, ...notifications, ...assets };
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the underlying instance (tests dump and load data directories with it). */
  pglite?: PGlite;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  url?: string;
  /** PGlite data directory; in memory when absent. */
  dataDir?: string;
  /** PGlite: start from a dumped data directory (tests use a migrated template). */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

export const openDatabase = async (options: DatabaseOptions): Promise<Database> => {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // An idle connection the server drops (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.error('database connection lost:', err.message));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg({ client: pool }), { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) {
    // PGlite creates only the last directory level itself.
    fs.mkdirSync(path.dirname(path.resolve(options.dataDir)), { recursive: true });
  }
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
};
