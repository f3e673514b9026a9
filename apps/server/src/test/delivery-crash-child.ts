// A delivery process for delivery.test.ts's crash test: it answers impressions and clicks of one
// placement, 200 at a time, as fast as their events are made durable, and prints each answered
// one (`a <decision> <kind>`) until it is killed (-9). DATA_DIR (its event log), DATABASE_URL or
// PGLITE_DIR (a data directory, loaded from PGLITE_LOAD when given), EVENTS_URL (JetStream, with
// EVENTS_STREAM); SECRET, PLACEMENT, SLOT, CAMPAIGN.
import fs from 'node:fs';
import { createServices } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createTokenSigner, EVENT_KINDS } from '../modules/delivery/tokens';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const WAVE = 200;
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

const database = await openDatabase(
  process.env.DATABASE_URL
    ? { url: process.env.DATABASE_URL, poolSize: 2 }
    : { dataDir: env('PGLITE_DIR'), loadDataDir: process.env.PGLITE_LOAD ? new Blob([fs.readFileSync(process.env.PGLITE_LOAD)]) : undefined },
);
const secret = env('SECRET');
const config = loadConfig(
  {
    LOG_LEVEL: 'silent',
    FILE_LINK_SECRET: secret,
    DATA_DIR: env('DATA_DIR'),
    // Batches are written while the burst goes on, so the kill finds some written, some not.
    DELIVERY_FLUSH_MS: '20',
    DELIVERY_BATCH_SIZE: '500',
    ...(process.env.EVENTS_URL ? { EVENTS_URL: process.env.EVENTS_URL, EVENTS_STREAM: env('EVENTS_STREAM') } : {}),
  },
  {},
);
const { delivery } = createServices({ config, database, onError: (err) => console.error(err) });
const sign = createTokenSigner(secret).sign;
const at = { slotId: Number(env('SLOT')), placementId: Number(env('PLACEMENT')), campaignId: Number(env('CAMPAIGN')), region: 'US', device: 'desktop' as const, invalidTraffic: false };
const run = Date.now().toString(16).padStart(16, '0');

for (let wave = 1; ; wave++) {
  const decidedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
  await Promise.all(
    Array.from({ length: WAVE }, async (_, i) => {
      const decisionId = `${run}${(wave * WAVE + i).toString(16).padStart(16, '0')}`;
      const client = { userAgent: UA, address: undefined };
      await delivery.impression(sign({ ...at, kind: EVENT_KINDS.impression, decisionId, decidedAt, priceMilli: 100 }), client);
      process.stdout.write(`a ${decisionId} 2\n`);
      if (i % 4 === 0) {
        await delivery.click(sign({ ...at, kind: EVENT_KINDS.click, decisionId, decidedAt, priceMilli: 0 }), client);
        process.stdout.write(`a ${decisionId} 3\n`);
      }
    }),
  );
  process.stdout.write(`wave ${wave}\n`);
}
