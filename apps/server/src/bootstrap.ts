import path from 'node:path';
import { createServices, type Services } from './app';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from './demo/demo';
import { createDemoClock } from './demo/demo-clock';

/**
 * Opens the configured database, applies migrations and the catalogue, and seeds demo data once.
 * The embedded database is locked to this process (`command` names it to a second one) until
 * `close()`; a PostgreSQL database is shared and takes no lock.
 */
export const openAndPrepareDatabase = async (
  config: Config,
  log: (msg: string) => void = () => {},
  command = 'the console',
): Promise<Database> => {
  const lock = config.DATABASE_URL ? undefined : lockDataDir(config.DATA_DIR, command);
  let database: Database;
  try {
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
    const clock = createDemoClock();
    const services = createServices({ config, database, now: clock.now });
    await services.identity.syncCatalogue();
    if (config.DEMO_DATA && !(await services.identity.hasAccounts())) {
      log('empty database: adding demo data');
      await seedDemoData(services, clock);
      // Its events are written; the server's own delivery takes the event log over.
      await services.delivery.stop();
    }
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
