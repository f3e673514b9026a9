import path from 'node:path';
import { createServices } from './app';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { createDemoClock, seedDemoData } from './db/seed/demo';

/** Opens the configured database, applies migrations and the catalogue, and seeds demo data once. */
export const openAndPrepareDatabase = async (config: Config, log: (msg: string) => void = () => {}) => {
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.DATA_DIR, 'db') },
  );
  try {
    await database.migrate();
    const clock = createDemoClock();
    const services = createServices({ config, database, now: clock.now });
    await services.identity.syncCatalogue();
    if (config.DEMO_DATA && !(await services.identity.hasAccounts())) {
      log('empty database: adding demo data');
      await seedDemoData(services, clock);
    }
    return database;
  } catch (err) {
    await database.close();
    throw err;
  }
};
