// A delivery process for delivery.test.ts's crash test: it writes batches of impressions and clicks
// of one placement through the delivery service until it is killed (-9), saying when each batch
// starts and when it is written. DATABASE_URL, or PGLITE_DIR (a data directory, loaded from
// PGLITE_LOAD when given); SECRET, PLACEMENT, SLOT, CAMPAIGN.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServices } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { createTokenSigner, EVENT_KINDS } from './tokens';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const BATCH = 2000;
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

const database = await openDatabase(
  process.env.DATABASE_URL
    ? { url: process.env.DATABASE_URL, poolSize: 2 }
    : { dataDir: env('PGLITE_DIR'), loadDataDir: process.env.PGLITE_LOAD ? new Blob([fs.readFileSync(process.env.PGLITE_LOAD)]) : undefined },
);
const secret = env('SECRET');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-crash-'));
const config = loadConfig({ LOG_LEVEL: 'silent', FILE_LINK_SECRET: secret, DATA_DIR: dataDir, DELIVERY_FLUSH_MS: '0', DELIVERY_BATCH_SIZE: String(2 * BATCH) }, {});
const { delivery } = createServices({ config, database });
const sign = createTokenSigner(secret).sign;
const at = { slotId: Number(env('SLOT')), placementId: Number(env('PLACEMENT')), campaignId: Number(env('CAMPAIGN')), region: 'US', device: 'desktop' as const, invalidTraffic: false };
const client = { userAgent: UA, address: undefined };
const run = Date.now().toString(16).padStart(16, '0');

for (let batch = 1; ; batch++) {
  const decidedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
  // Each decision's impression, and a click for every fourth: 2,500 events a batch.
  for (let i = 0; i < BATCH; i++) {
    const decisionId = `${run}${(batch * BATCH + i).toString(16).padStart(16, '0')}`;
    delivery.impression(sign({ ...at, kind: EVENT_KINDS.impression, decisionId, decidedAt, priceMilli: 100 }), client);
    if (i % 4 === 0) await delivery.click(sign({ ...at, kind: EVENT_KINDS.click, decisionId, decidedAt, priceMilli: 0 }), client);
  }
  console.log(`flushing ${batch}`);
  await delivery.flush();
  console.log(`flushed ${batch}`);
}
