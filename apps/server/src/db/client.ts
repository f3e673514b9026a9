import fs from 'node:fs';
import os from 'node:os';
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
import { StartupError } from '../startup-error';
import { oneQueryAtATime } from './one-query-at-a-time';

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
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (after the sender's commit), from any process on
   * the same database; resolves to the unsubscribe. PostgreSQL: one dedicated connection that
   * reconnects after a loss (then calls `onNotify` once without a payload, as anything may have
   * changed meanwhile).
   */
  listen(channel: string, onNotify: (payload?: string) => void): Promise<() => Promise<void>>;
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

/** DATABASE_URL cannot be used; the first line of the message names the cause. */
export class DatabaseConnectError extends StartupError {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'DatabaseConnectError';
  }
}

/** The URL without its password, for messages. */
export const redactUrl = (url: string) => {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(not a URL)';
  }
};

/** Turns a failed first connection into a message that says what is wrong before anything else. */
export const describeConnectError = (err: unknown, url: string): DatabaseConnectError => {
  const e = err as { code?: string; message?: string; errors?: { code?: string }[] };
  // Connecting to a name with several addresses (localhost: ::1 and 127.0.0.1) fails with an AggregateError.
  const code = e.code ?? e.errors?.find((x) => x.code)?.code;
  let host = '?';
  let port = '5432';
  let user = '';
  let database = '';
  try {
    const u = new URL(url);
    host = decodeURIComponent(u.hostname) || 'localhost';
    port = u.port || '5432';
    user = decodeURIComponent(u.username) || os.userInfo().username;
    database = decodeURIComponent(u.pathname.slice(1)) || user;
  } catch {
    // Validated by the configuration; keep the defaults.
  }
  const at = `PostgreSQL at ${host}:${port}`;
  const first = ((): string => {
    switch (code) {
      case 'ECONNREFUSED':
        return `Connection refused by ${at}: is PostgreSQL running and listening on that address and port?`;
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return `Unknown database host "${host}": check the host name in DATABASE_URL.`;
      case 'ETIMEDOUT':
      case 'EHOSTUNREACH':
      case 'ENETUNREACH':
        return `${at} cannot be reached (${code}): check the address and any firewall in between.`;
      case '3D000':
        return `Unknown database "${database}" on ${at}: create it (createdb ${database}) or fix the name in DATABASE_URL.`;
      case '28P01':
        return `Wrong password for user "${user}" on ${at}: check the password in DATABASE_URL.`;
      case '28000':
        return `${at} refused user "${user}": ${e.message ?? 'not allowed'}.`;
      case '57P03':
        return `${at} is starting up or shutting down: try again in a moment.`;
      default:
        return `Cannot connect to ${at}: ${e.message || code || String(err)}.`;
    }
  })();
  return new DatabaseConnectError(`${first}\n  DATABASE_URL=${redactUrl(url)}`, err);
};

/** One connection up front, so that a wrong DATABASE_URL stops the start with its cause. */
const checkConnection = async (url: string) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 15_000 });
  // A failed connect may also emit 'error'; the rejection below carries it.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (err) {
    throw describeConnectError(err, url);
  } finally {
    await client.end().catch(() => {});
  }
};

/** A LISTEN on its own connection, reconnected a second after a loss until stopped. */
const listenPg = async (url: string, channel: string, onNotify: (payload?: string) => void): Promise<() => Promise<void>> => {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (first: boolean) => {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => {
      if (stopped || client !== c) return;
      client = undefined;
      retry = setTimeout(() => void connect(false).catch(() => {}), 1000);
    });
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload);
    });
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      client = undefined;
      await c.end().catch(() => {});
      if (first) throw err;
      if (!stopped) retry = setTimeout(() => void connect(false).catch(() => {}), 1000);
      return;
    }
    if (!first) onNotify();
  };
  await connect(true);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
};

export const openDatabase = async (options: DatabaseOptions): Promise<Database> => {
  if (options.url) {
    await checkConnection(options.url);
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // An idle connection the server drops (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.error('database connection lost:', err.message));
    // A transaction's queries made at once (Promise.all) go to its connection one after another.
    pool.on('connect', oneQueryAtATime);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg({ client: pool }), { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
      listen: (channel, onNotify) => listenPg(options.url!, channel, onNotify),
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
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, (payload) => onNotify(payload));
      return async () => {
        if (!client.closed) await stop();
      };
    },
  };
};
