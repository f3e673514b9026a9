import fs from 'node:fs';
import path from 'node:path';
import { createDeliveryService } from '../modules/delivery/delivery.service';
import { createEventStream } from '../modules/delivery/event-stream';
import { loadLinkSecret } from '../storage/signed-links';
import type { TestApp } from './test-app';

let n = 0;

/**
 * A second delivery process beside the test app's: the same database and signing secret (processes
 * of one installation share them), an event log of its own, the test's clock. `stop()` it.
 */
export const secondDeliveryProcess = (t: TestApp, batchSize = 5000) => {
  const dir = path.join(t.dataDir, `events-${++n}`);
  fs.mkdirSync(dir, { recursive: true });
  return createDeliveryService({
    db: t.database.db,
    listen: t.database.listen,
    links: t.services.links,
    secret: loadLinkSecret(undefined, t.dataDir),
    campaigns: t.services.campaigns,
    tagCalls: t.services.adSlots,
    placements: t.services.placements,
    clickIdFor: t.services.conversions.clickIdFor,
    events: createEventStream({ url: undefined, dir, batchSize, intervalMs: 0, onError: (err) => console.error(err) }),
    config: { refreshSeconds: 0, settleSeconds: 0, retentionDays: 90 },
    now: () => t.clock.now,
    onError: (err) => console.error(err),
  });
};
