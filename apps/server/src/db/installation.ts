// Which database a data directory (and an S3 file store) belongs to. The database keeps a random
// installation id (one row, schema/installation.ts); DATA_DIR keeps it in `installation.json`, an S3
// store as an object of that name. A start whose database and directory name different ids refuses:
// the file sweep removes stored files its database does not refer to, so a directory started with
// another database (the demo's ./data with a new DATABASE_URL) would lose every file.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf } from '../kit/sql';
import { StartupError } from '../startup-error';
import { describeConnectError, type Database, type Db } from './client';
import { installation } from './schema/installation';

/** The record's name: a file in DATA_DIR, an object (storage key) at the root of an S3 store. */
export const INSTALLATION_FILE = 'installation.json';

export interface InstallationRecord {
  id: string;
  /** The database it was first used with, for messages (no password). */
  database?: string;
  since?: string;
}

/**
 * Of a file store's files, this installation's: neither its record nor anything in a folder that
 * holds another installation's record (a bucket shared by installations may have another's prefix
 * inside this one's). The sweep and the removal of a cut-off demo touch no other file.
 */
export const ownFiles = <F extends { key: string }>(files: readonly F[]): F[] => {
  const suffix = `/${INSTALLATION_FILE}`;
  const others = files.filter((f) => f.key.endsWith(suffix)).map((f) => f.key.slice(0, -INSTALLATION_FILE.length));
  return files.filter((f) => f.key !== INSTALLATION_FILE && !f.key.endsWith(suffix) && !others.some((folder) => f.key.startsWith(folder)));
};

/** A place that holds a database's data outside it: DATA_DIR, an S3 bucket's prefix. */
export interface InstallationPlace {
  /** `the data directory /srv/data (DATA_DIR)`. */
  name: string;
  /** What a person changes to give a database a place of its own: `DATA_DIR`. */
  setting: string;
  read(): Promise<InstallationRecord | undefined>;
  write(record: InstallationRecord): Promise<void>;
  /**
   * What it holds that belongs to some database (`stored files (files/)`); none: a fresh place,
   * which any database may adopt. `database` marks an embedded database found beside DATABASE_URL.
   */
  holdings(): Promise<{ what: string; database?: boolean }[]>;
}

const parseRecord = (text: string, where: string): InstallationRecord => {
  try {
    const record = JSON.parse(text) as Partial<InstallationRecord>;
    if (typeof record.id === 'string' && /^[0-9a-f-]{36}$/i.test(record.id)) return record as InstallationRecord;
  } catch {
    // Below.
  }
  throw new StartupError(`${where} is not an installation record (expected {"id": "<uuid>", …}): restore it, or move it away if this is a fresh directory.`);
};

const anyFile = async (dir: string, match: (name: string) => boolean = () => true): Promise<boolean> => {
  for (const e of await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (e.isDirectory() ? await anyFile(path.join(dir, e.name), match) : match(e.name)) return true;
  }
  return false;
};

/** DATA_DIR. `embedded`: the database lives in it (DATA_DIR/db), so that directory is no other database's. */
export const dataDirPlace = (dataDir: string, embedded: boolean): InstallationPlace => {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, INSTALLATION_FILE);
  return {
    name: `the data directory ${dir} (DATA_DIR)`,
    setting: 'DATA_DIR',
    read: async () => {
      const text = await fs.promises.readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return undefined;
        throw err;
      });
      return text === undefined ? undefined : parseRecord(text, file);
    },
    write: async (record) => {
      await fs.promises.mkdir(dir, { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      const fh = await fs.promises.open(tmp, 'w');
      try {
        await fh.writeFile(`${JSON.stringify(record, null, 2)}\n`);
        await fh.datasync();
      } finally {
        await fh.close();
      }
      await fs.promises.rename(tmp, file);
    },
    holdings: async () => {
      const found: { what: string; database?: boolean }[] = [];
      if (await anyFile(path.join(dir, 'files'))) found.push({ what: 'stored images and videos (files/)' });
      if (await anyFile(path.join(dir, 'events'), (n) => n.endsWith('.events'))) found.push({ what: 'delivery events not yet written (events/)' });
      if (await anyFile(path.join(dir, 'video-uploads'))) found.push({ what: 'video uploads (video-uploads/)' });
      if (!embedded && (await fs.promises.readdir(path.join(dir, 'db')).catch(() => [])).length > 0) {
        found.push({ what: 'an embedded database (db/)', database: true });
      }
      return found;
    },
  };
};

/** What an S3 store offers this check (a subset of storage/storage.ts's Storage). */
interface RecordStore {
  get(key: string): Promise<{ stream: NodeJS.ReadableStream } | undefined>;
  put(key: string, body: Buffer, options: { contentType: string }): Promise<void>;
  list(): AsyncIterable<{ key: string }>;
}

/** An S3 bucket (its S3_PREFIX): several installations may share a bucket, each under its own prefix. */
export const storePlace = (store: RecordStore, bucket: string, prefix: string | undefined): InstallationPlace => ({
  name: `the S3 file store s3://${bucket}/${prefix ? `${prefix}/` : ''} (S3_BUCKET, S3_PREFIX)`,
  setting: 'S3_PREFIX',
  read: async () => {
    const found = await store.get(INSTALLATION_FILE);
    if (!found) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of found.stream) chunks.push(Buffer.from(chunk as Buffer));
    return parseRecord(Buffer.concat(chunks).toString('utf8'), `s3://${bucket}/${prefix ? `${prefix}/` : ''}${INSTALLATION_FILE}`);
  },
  write: (record) => store.put(INSTALLATION_FILE, Buffer.from(`${JSON.stringify(record, null, 2)}\n`), { contentType: 'application/json' }),
  holdings: async () => {
    for await (const file of store.list()) {
      if (file.key !== INSTALLATION_FILE) return [{ what: 'stored images and videos' }];
    }
    return [];
  },
});

export interface InstallationRow {
  id: string;
  demoSeedStartedAt: Date | null;
  demoSeedCompletedAt: Date | null;
}

export const readInstallation = async (db: Db): Promise<InstallationRow | undefined> =>
  (
    await db
      .select({ id: installation.id, demoSeedStartedAt: installation.demoSeedStartedAt, demoSeedCompletedAt: installation.demoSeedCompletedAt })
      .from(installation)
  )[0];

/** Any account: a database in use (or one an older version started, before it had an id). */
const holdsData = async (db: Db) =>
  Boolean(rowsOf<{ any: boolean }>(await db.execute(sql`select exists (select 1 from accounts) as "any"`))[0]?.any);

const short = (id: string) => id.slice(0, 8);
const firstUsed = (r: InstallationRecord) => (r.database ? `, first used with ${r.database}` : '');
const LOSS =
  'Started together, its files would be lost: the file sweep removes stored files its database does not refer to.';
/** `a DATA_DIR`, `an S3_PREFIX`: as the name is read out. */
const aSetting = (setting: string) => `${/^[AEFHILMNORSX]/.test(setting) ? 'an' : 'a'} ${setting}`;
const OWN = (p: InstallationPlace) =>
  `Give this database ${aSetting(p.setting)} of its own (a real installation gets its own; README: A real installation), or start with the database those files belong to.`;

/**
 * Checks that every place belongs to the database, and records the database's id where it is
 * missing: a fresh place adopts it, a database without an id gets one (a new database; or one in use
 * from before ids, adopted with its places as they are). Refuses (StartupError, naming the setting
 * and the database) a place of another id, a database that has an id beside a place holding files but
 * no record, and a new database beside a place holding another's files. Answers the id.
 * Run it under `withInstallationLock`: two processes starting at once must agree on one id.
 */
export const checkInstallation = async (db: Db, places: InstallationPlace[], database: string): Promise<string> => {
  const row = await readInstallation(db);
  const records = await Promise.all(places.map((p) => p.read()));
  const fail = (first: string, rest: string[]) => {
    throw new StartupError([`Cannot start: ${first}`, ...rest].join('\n'));
  };
  if (row) {
    for (const [i, place] of places.entries()) {
      const record = records[i];
      if (record && record.id !== row.id) {
        fail(`${place.name} belongs to another database.`, [
          `  ${place.setting}: installation ${short(record.id)}${firstUsed(record)}`,
          `  ${database}: installation ${short(row.id)}`,
          LOSS,
          OWN(place),
        ]);
      }
      if (!record) {
        const held = await place.holdings();
        if (held.length) {
          fail(`${place.name} holds another database's data: ${held.map((h) => h.what).join(', ')}.`, [
            `It has no record of its database (${INSTALLATION_FILE}), and ${database} (installation ${short(row.id)}) has been started with another ${place.setting} before.`,
            LOSS,
            OWN(place),
            `If they are this database's (${aSetting(place.setting)} from before installations were recorded), write {"id": "${row.id}"} to ${INSTALLATION_FILE} there and start again.`,
          ]);
        }
      }
    }
    for (const [i, place] of places.entries()) {
      if (!records[i]) await place.write({ id: row.id, database, since: new Date().toISOString() });
    }
    return row.id;
  }

  for (const [i, place] of places.entries()) {
    const record = records[i];
    if (record) {
      fail(`${place.name} belongs to installation ${short(record.id)}${firstUsed(record)}, not to this database.`, [
        `  ${database} has no installation record: a new database, or one this version has not started yet.`,
        LOSS,
        OWN(place),
      ]);
    }
  }
  const inUse = await holdsData(db);
  for (const place of places) {
    const held = (await place.holdings()).filter((h) => !inUse || h.database);
    if (held.length) {
      fail(`${place.name} holds another database's data: ${held.map((h) => h.what).join(', ')}.`, [
        inUse
          ? `  ${database} is another database than the embedded one there.`
          : `  ${database} is a new database (no accounts yet).`,
        LOSS,
        OWN(place),
      ]);
    }
  }
  await db.insert(installation).values({ id: randomUUID() }).onConflictDoNothing();
  const id = (await readInstallation(db))!.id;
  for (const place of places) await place.write({ id, database, since: new Date().toISOString() });
  return id;
};

/**
 * Runs `fn` while no other process of the installation runs it (PostgreSQL: a session advisory lock
 * on a connection of its own, freed if this process dies). The embedded database needs none: its
 * data directory is locked to one process already.
 */
export const withInstallationLock = async <T>(url: string | undefined, fn: () => Promise<T>): Promise<T> => {
  if (!url) return fn();
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (err) {
    throw describeConnectError(err, url);
  }
  try {
    await client.query(`select pg_advisory_lock(hashtext('ads.installation'))`);
    return await fn();
  } finally {
    await client.end().catch(() => {});
  }
};

export const markDemoSeedStarted = (db: Db) =>
  db.update(installation).set({ demoSeedStartedAt: sql`now()`, demoSeedCompletedAt: null });

export const markDemoSeedCompleted = (db: Db) => db.update(installation).set({ demoSeedCompletedAt: sql`now()` });

/** Users whose email is not the demo's (`…@demo.test`): a database with any is never wiped. */
export const countNonDemoUsers = async (db: Db) =>
  Number(rowsOf<{ n: number | string }>(await db.execute(sql`select count(*) as n from users where lower(email) not like '%@demo.test'`))[0]?.n ?? 0);

/**
 * Empties the database back to a freshly migrated one (its installation id kept): every table,
 * function and type of the application goes, and the migrations run again. Only for a demo seed
 * that was cut off (bootstrap.ts checks that): nothing else in it is worth keeping, and tables a
 * migration fills (content policy reasons) come back as they were.
 */
export const resetDatabase = async (database: Database, id: string) => {
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`drop schema public cascade`);
  await database.db.execute(sql`create schema public`);
  await database.migrate();
  await database.db.insert(installation).values({ id });
};
