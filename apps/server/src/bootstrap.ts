import path from 'node:path';
import { createServices, type Services } from './app';
import type { Config } from './config';
import { openDatabase, redactUrl, type Database } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import {
  checkInstallation,
  countNonDemoUsers,
  dataDirPlace,
  markDemoSeedCompleted,
  markDemoSeedStarted,
  ownFiles,
  readInstallation,
  resetDatabase,
  storePlace,
  withInstallationLock,
  type InstallationPlace,
} from './db/installation';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from './demo/demo';
import { createDemoClock, type DemoClock } from './demo/demo-clock';
import { checkEventStream, discardEventStream, eventStreamPlaceOf } from './modules/delivery/event-stream-start';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';
import { StartupError } from './startup-error';

export interface PrepareOptions {
  /**
   * The server (not the CLI): before the database is touched, its delivery event stream (NATS
   * reachable, or DATA_DIR/events free) and its file store (the bucket) are checked, and the S3
   * store's installation record with DATA_DIR's.
   */
  server?: boolean;
  /** The demo seed; tests pass one that fails half-way. */
  seed?: (services: Services, clock: DemoClock) => Promise<void>;
}

/** How messages name the database. */
const databaseName = (config: Config) =>
  config.DATABASE_URL ? `DATABASE_URL=${redactUrl(config.DATABASE_URL)}` : `the embedded database in ${path.resolve(config.DATA_DIR, 'db')} (DATABASE_URL unset)`;

/** Every stored file of a demo whose seed was cut off (its installation record, and others' folders, kept). */
const removeStoredFiles = async (storage: Storage) => {
  const files: { key: string }[] = [];
  for await (const file of storage.list()) files.push(file);
  for (const { key } of ownFiles(files)) await storage.delete(key);
  await storage.removeTemporary(new Date(Date.now() + 60_000));
};

/**
 * Fills an empty database with the demo, all or nothing: the installation row marks the seed's start
 * before its first write and its end after its last. A start that finds a start without an end (the
 * process was stopped, NATS refused) empties the database, its stored files and its unwritten events,
 * and seeds again from nothing; but never a database with users of its own (another email than the
 * demo's), nor without demo data asked for.
 */
const prepareDemo = async (
  config: Config,
  database: Database,
  storage: Storage,
  id: string,
  log: (msg: string) => void,
  seed: NonNullable<PrepareOptions['seed']>,
) => {
  const row = await readInstallation(database.db);
  const cutOff = Boolean(row?.demoSeedStartedAt && !row.demoSeedCompletedAt);
  if (cutOff) {
    const where = `${databaseName(config)}, DATA_DIR=${path.resolve(config.DATA_DIR)}`;
    if (!config.DEMO_DATA) {
      throw new StartupError(
        `Cannot start: the demo data in ${where} is incomplete: the start that added it was stopped half-way.\n` +
          'Start with demo data (without --no-demo or DEMO_DATA=false) to add it again from the start, or use a fresh database and DATA_DIR for a real installation.',
      );
    }
    const others = await countNonDemoUsers(database.db);
    if (others > 0) {
      throw new StartupError(
        `Cannot start: the demo data in ${where} is incomplete, but the database also holds ${others} user(s) of its own, so it is not emptied to add the demo again.\n` +
          'Start it with DEMO_DATA=false, or use a fresh database and DATA_DIR for the demo.',
      );
    }
    log('the demo data of an earlier start is incomplete (that start was stopped while adding it): removing it and adding it again from the start');
    await discardEventStream(eventStreamPlaceOf(config));
    await removeStoredFiles(storage);
    await resetDatabase(database, id);
  }
  const clock = createDemoClock();
  const services = createServices({ config, database, storage, now: clock.now });
  await services.identity.syncCatalogue();
  if (!config.DEMO_DATA || (await services.identity.hasAccounts())) return;
  if (!cutOff) log('empty database: adding demo data');
  await markDemoSeedStarted(database.db);
  try {
    await seed(services, clock);
  } catch (err) {
    await services.delivery.stop().catch(() => {}); // frees the event log; the next start drops what it holds
    throw new StartupError(
      `Adding the demo data failed: ${(err as Error | undefined)?.message ?? String(err)}\n` +
        'The next start removes the part that was added and adds the demo again from the start.',
      { cause: err },
    );
  }
  // Its events are written; the server's own delivery takes the event log over.
  await services.delivery.stop();
  await markDemoSeedCompleted(database.db);
};

/**
 * Opens the configured database, applies migrations and the catalogue, checks that DATA_DIR (and an
 * S3 store) belong to it, and seeds demo data once. The embedded database is locked to this process
 * (`command` names it to a second one) until `close()`; a PostgreSQL database is shared and takes no
 * lock, but processes starting together take their turn at the installation check and the seed.
 */
export const openAndPrepareDatabase = async (
  config: Config,
  log: (msg: string) => void = () => {},
  command = 'the console',
  options: PrepareOptions = {},
): Promise<Database> => {
  const lock = config.DATABASE_URL ? undefined : lockDataDir(config.DATA_DIR, command);
  const storage = createStorage(config);
  let database: Database;
  try {
    if (options.server) {
      // Before migrations and the seed: a wrong EVENTS_URL or bucket is said in seconds, not after
      // the seed, and never leaves a half-made demo. The embedded database's lock covers its events.
      if (config.DATABASE_URL || config.EVENTS_URL) await checkEventStream(eventStreamPlaceOf(config));
      await storage.check();
    }
    database = await openDatabase(
      config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.DATA_DIR, 'db') },
    );
  } catch (err) {
    lock?.release();
    throw err;
  }
  const close = async () => {
    try {
      await database.close();
    } finally {
      lock?.release();
    }
  };
  try {
    await database.migrate();
    await withInstallationLock(config.DATABASE_URL, async () => {
      const places: InstallationPlace[] = [dataDirPlace(config.DATA_DIR, !config.DATABASE_URL)];
      if (options.server && config.STORAGE_DRIVER === 's3') places.push(storePlace(storage, config.S3_BUCKET!, config.S3_PREFIX));
      const id = await checkInstallation(database.db, places, databaseName(config));
      await prepareDemo(config, database, storage, id, log, options.seed ?? seedDemoData);
    });
    return { ...database, close };
  } catch (err) {
    await close();
    throw err;
  }
};

/** The address a person opens: a wildcard host is reached as localhost. */
export const consoleUrl = (host: string, port: number) => {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
};

/** The one line start-up prints for a person: where to go, and how to sign in. */
export const readyLine = async (
  url: string,
  services: Pick<Services, 'identity'>,
  embedded: boolean,
): Promise<string> => {
  const ready = `Ads Console is ready at ${url}`;
  if (!(await services.identity.hasAccounts())) {
    const command = 'npm run create-staff -- --email you@example.com --name "Your Name"';
    return embedded
      ? `${ready} — no users yet: stop it (Ctrl+C), create the first staff user with ${command}, then start it again`
      : `${ready} — no users yet: create the first staff user with ${command}`;
  }
  const demo = Object.values(DEMO_USERS).map((u) => u.email);
  if ((await Promise.all(demo.map((email) => services.identity.hasUser(email)))).every(Boolean)) {
    return `${ready} — demo sign-ins: ${demo.join(', ')} (password ${DEMO_PASSWORD})`;
  }
  return ready;
};
