// The delivery issue's budgets, on PostgreSQL: ad decisions per second on one server process (with a
// plain Fastify hello-world measured in the same run), event ingest with its rollups, and a burst
// against two processes that share one daily budget.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { createServices } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/client';
import { createTokenSigner, EVENT_KINDS } from '../apps/server/src/modules/delivery/tokens';
import { ROOT, startServer, type RunningServer } from './server-process';

type Recorder = (what: string, result: string, budget: string, ok: boolean | null) => void;

export const DELIVERY_PREFIX = 'Delivery';
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const INGEST_EVENTS = 200_000;

export const DELIVERY_METHOD = `- **Delivery**: a server on a fresh PostgreSQL database with the demo data. The demo's Spring Blend
  Launch (CPM, on the live home leaderboard) gets a budget no test reaches and every region and
  device, so each request is a full decision that serves it. *Decisions*: autocannon, 50
  connections, 3 s warm-up then 15 s, \`GET /serve/ad\` for the leaderboard as a phone's browser;
  each answer signs its two links and queues its request event. The hello-world is a Fastify app
  with one route answering \`{hello: 'world'}\`, run the same way in its own process right after.
  *Ingest*: ${INGEST_EVENTS.toLocaleString('en-US')} impressions signed for the leaderboard's placement are pushed
  through the delivery service (verified, buffered) in the bench's own process on the same database,
  then flushed: batches of 2,000 (the default), each one statement that appends, rolls up to \`placement_hourly\`
  and \`slot_hourly\`, and charges the campaign with its budget checks, in one transaction — the
  rollup is never behind what was written. *No overspend*: a second server process on the same
  database; Spring Blend's daily budget is set to 1,000 minor units (2,857 impressions at its 350
  CPM) with today's hours all behind it (so pacing lets the whole day out), and 28,570 requests (ten
  times its worth), 100 at a time, alternate between the two processes, each served ad's
  impression sent to the other one. "Spent" is the campaign's spend after the burst less before.
`;

const query = (databaseUrl: string) => async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
};

/** Spring Blend on the leaderboard, for everyone, with the budgets given (minor units); the triggers reload the servers. */
const openUp = async (databaseUrl: string, daily: number, hoursToday?: number) => {
  const q = query(databaseUrl);
  await q(`update ad_groups set regions = '{}', devices = '{}' where campaign_id = (select id from campaigns where name = 'Spring Blend Launch')`);
  const dayparting = hoursToday === undefined ? [] : [{ day: new Date().getUTCDay(), fromHour: 0, toHour: hoursToday }];
  await q(
    `update campaigns set daily_budget_minor = $1, total_budget_minor = 1000000000000, frequency_cap_impressions = null, frequency_cap_period = null, dayparting = $2
     where name = 'Spring Blend Launch'`,
    [daily, JSON.stringify(dayparting)],
  );
  const [slot] = await q<{ tagKey: string }>(`select tag_key as "tagKey" from ad_slots where code = 'home-leaderboard'`);
  await new Promise((r) => setTimeout(r, 1500)); // the servers reload a quarter second after the notice
  return slot!.tagKey;
};

const adPath = (tagKey: string) => `/serve/ad?slot=${tagKey}&w=728&h=90&f=banner&r=US&d=mobile`;

/** Fastify's hello-world in a process of its own, as the ratio's baseline. */
const helloWorld = async (port: number): Promise<{ url: string; stop: () => void }> => {
  const source = `import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: ${port}, host: '127.0.0.1' });
console.log('listening');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], { cwd: `${ROOT}/apps/server`, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('listening') && resolve());
    child.on('exit', () => reject(new Error('hello-world exited')));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
};

const load = async (url: string, headers: Record<string, string> = {}) => {
  const run = (duration: number) => autocannon({ url, connections: 50, duration, headers });
  await run(3);
  return run(15);
};

export const benchDecisions = async (server: RunningServer, databaseUrl: string, record: Recorder) => {
  const tagKey = await openUp(databaseUrl, 1_000_000_000);
  const sample = (await (await fetch(`${server.url}${adPath(tagKey)}`, { headers: { 'user-agent': BROWSER } })).json()) as { ad: unknown };
  if (!sample.ad) throw new Error('the bench campaign is not served');
  const decisions = await load(`${server.url}${adPath(tagKey)}`, { 'user-agent': BROWSER });
  const hello = await helloWorld(8297);
  let baseline: autocannon.Result;
  try {
    baseline = await load(hello.url);
  } finally {
    hello.stop();
  }
  const ok = decisions.non2xx === 0 && decisions.errors === 0;
  record(
    `${DELIVERY_PREFIX}: ad decisions (\`GET /serve/ad\`, served) on one process, PostgreSQL, 50 connections, 15 s`,
    `${Math.round(decisions.requests.average)} /s, p99 ${decisions.latency.p99} ms; Fastify hello-world ${Math.round(baseline.requests.average)} /s, p99 ${baseline.latency.p99} ms (ratio ${(decisions.requests.average / baseline.requests.average).toFixed(2)})${ok ? '' : ` (${decisions.non2xx} non-2xx, ${decisions.errors} errors)`}`,
    '≥ 5,000 /s, p99 < 10 ms',
    ok && decisions.requests.average >= 5000 && decisions.latency.p99 < 10,
  );
};

export const benchIngest = async (databaseUrl: string, record: Recorder) => {
  const q = query(databaseUrl);
  const [p] = await q<{ placementId: number; slotId: number; campaignId: number }>(
    `select p.id as "placementId", p.slot_id as "slotId", p.campaign_id as "campaignId" from placements p join ad_slots s on s.id = p.slot_id
     where s.code = 'home-leaderboard' and p.status = 'approved' limit 1`,
  );
  const database = await openDatabase({ url: databaseUrl, poolSize: 4 });
  // FILE_LINK_SECRET as the server's: the tokens are the server's own kind.
  const secret = 'bench-delivery-secret-'.padEnd(40, 'x');
  const config = loadConfig({ LOG_LEVEL: 'silent', FILE_LINK_SECRET: secret, DELIVERY_FLUSH_MS: '0' }, {});
  const services = createServices({ config, database });
  try {
    const signer = createTokenSigner(secret);
    const decidedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    const tokens = Array.from({ length: INGEST_EVENTS }, (_, i) =>
      signer.sign({
        kind: EVENT_KINDS.impression,
        decisionId: i.toString(16).padStart(32, '0'),
        decidedAt,
        slotId: p!.slotId,
        placementId: p!.placementId,
        campaignId: p!.campaignId,
        priceMilli: 350,
        region: 'US',
        device: 'mobile',
        invalidTraffic: false,
      }),
    );
    const [before] = await q<{ n: string }>(`select coalesce(sum(impressions), 0) as n from placement_hourly where placement_id = $1`, [p!.placementId]);
    const t0 = performance.now();
    for (const token of tokens) services.delivery.impression(token, { userAgent: BROWSER, address: undefined });
    await services.delivery.flush();
    const seconds = (performance.now() - t0) / 1000;
    const [after] = await q<{ n: string }>(`select coalesce(sum(impressions), 0) as n from placement_hourly where placement_id = $1`, [p!.placementId]);
    const rolled = Number(after!.n) - Number(before!.n);
    const rate = INGEST_EVENTS / seconds;
    record(
      `${DELIVERY_PREFIX}: event ingest (${INGEST_EVENTS.toLocaleString('en-US')} impressions, batches of 2,000, rolled up and charged in each batch's transaction)`,
      `${Math.round(rate).toLocaleString('en-US')} events/s; rolled up ${rolled.toLocaleString('en-US')} of ${INGEST_EVENTS.toLocaleString('en-US')}`,
      '≥ 20,000 events/s, rollups keeping up',
      rate >= 20_000 && rolled === INGEST_EVENTS,
    );
  } finally {
    await services.delivery.stop();
    await database.close();
  }
};

export const benchOverspend = async (first: RunningServer, databaseUrl: string, record: Recorder) => {
  const second = await startServer({ DATABASE_URL: databaseUrl }, 8296);
  try {
    const daily = 1_000;
    const q = query(databaseUrl);
    const [before] = await q<{ spent: string }>(`select spent_milli as spent from campaigns where name = 'Spring Blend Launch'`);
    const tagKey = await openUp(databaseUrl, daily, new Date().getUTCHours() + 1);
    const servers = [first.url, second.url];
    const total = Math.ceil(((daily * 1000) / 350) * 10);
    let sent = 0;
    let shown = 0;
    const one = async (i: number) => {
      const res = await fetch(`${servers[i % 2]}${adPath(tagKey)}`, { headers: { 'user-agent': BROWSER } });
      const { ad } = (await res.json()) as { ad: { impressionUrl: string } | null };
      if (!ad) return;
      shown++;
      await fetch(`${servers[(i + 1) % 2]}${ad.impressionUrl}`, { headers: { 'user-agent': BROWSER } });
    };
    while (sent < total) {
      const batch = Array.from({ length: Math.min(100, total - sent) }, (_, k) => one(sent + k));
      sent += batch.length;
      await Promise.all(batch);
    }
    await new Promise((r) => setTimeout(r, 2500)); // both flush every second
    const [after] = await q<{ spent: string }>(`select spent_milli as spent from campaigns where name = 'Spring Blend Launch'`);
    const spent = Number(after!.spent) - Number(before!.spent);
    const slice = Math.ceil((daily * 1000) / 50);
    record(
      `${DELIVERY_PREFIX}: no overspend (two processes, a burst of ${total.toLocaleString('en-US')} requests: ten times a 1,000-unit daily budget's worth)`,
      `spent ${(spent / 1000).toFixed(2)} of ${daily.toLocaleString('en-US')} (one slice: ${(slice / 1000).toFixed(0)}); ${shown.toLocaleString('en-US')} ads shown`,
      '≤ budget + one slice',
      spent <= daily * 1000 + slice,
    );
  } finally {
    await second.stop();
  }
};
