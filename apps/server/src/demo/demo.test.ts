import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServices } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createDemoClock } from './demo-clock';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from './demo';

// The demo is made on the day of the first start, whatever day that is: a start on a Monday after
// the weekly report's hour (issue 45: a second "Scheduled report ready" appeared) or on the last
// day of a month must leave nothing due that the running server's jobs would do at once.

const WEEK = 7 * 86_400_000;

/** Seeds an empty embedded database with the clock starting at `start` (and moving from there). */
const seedAt = async (start: string) => {
  const t0 = Date.now();
  const real = () => new Date(Date.parse(start) + (Date.now() - t0));
  const clock = createDemoClock(real);
  const database = await openDatabase({});
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-demo-test-'));
  await database.migrate();
  const services = createServices({ config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), database, now: clock.now });
  await services.identity.syncCatalogue();
  await seedDemoData(services, clock);
  await services.delivery.stop();
  return {
    services,
    now: real,
    close: async () => {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

describe.each([
  ['a Monday after 08:00 UTC', '2026-12-07T09:30:00Z'],
  ['the last day of a month, late', '2026-12-31T23:30:00Z'],
])('the demo seeded on %s', (_, start) => {
  it('has run the weekly report once, the last Monday, and leaves its next run to come', { timeout: 180_000 }, async () => {
    const demo = await seedAt(start);
    try {
      const advertiser = await demo.services.identity.checkCredentials({ email: DEMO_USERS.advertiser.email, password: DEMO_PASSWORD });
      const inbox = await demo.services.notifications.list({ userId: advertiser.userId, roleIds: [] }, { page: 1, pageSize: 200 });
      if (inbox.unchanged) throw new Error('a first read has the inbox');
      const runs = inbox.infos.filter((i) => i.messageKey === 'report.scheduledRun');
      expect(runs).toHaveLength(1);
      const ranAt = Date.parse(runs[0]!.createdAt!);
      expect(new Date(ranAt).getUTCDay()).toBe(1);
      expect(demo.now().getTime() - ranAt).toBeLessThan(WEEK);

      // The scheduler of the server that starts on it finds nothing to do.
      expect(await demo.services.scheduledReports.runDue()).toMatchObject({ ran: 0, failed: 0 });
    } finally {
      await demo.close();
    }
  });
});
