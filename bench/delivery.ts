// The delivery issue's budgets, on PostgreSQL: ad decisions per second on one server process (with a
// plain Fastify hello-world measured in the same run), event ingest with its rollups, and a burst
// against two processes that share one daily budget.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { createServices } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/client';
import { createTokenSigner, EVENT_KINDS } from '../apps/server/src/modules/delivery/tokens';
import { ROOT, startServer, tempDataDir, type RunningServer } from './server-process';

type Recorder = (what: string, result: string, budget: string, ok: boolean | null) => void;

export const DELIVERY_PREFIX = 'Delivery';
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const INGEST_EVENTS = 200_000;
/** Every delivery server's and the ingest's FILE_LINK_SECRET: a link signed by one is valid at the others. */
const SECRET = 'bench-delivery-secret-'.padEnd(40, 'x');

/** A delivery server's environment: its own DATA_DIR (its event log is locked to it), the shared secret. */
export const deliveryServerEnv = (dataDir: string) => ({ DATA_DIR: dataDir, FILE_LINK_SECRET: SECRET });
/** Impressions in flight at once in the ingest (each awaits its durable answer, as a pixel does). */
const INGEST_IN_FLIGHT = 2_000;
/** Conversions reported in the conversion ingest (each awaits its answer, as a pixel does). */
const CONVERSIONS = 20_000;
/** Rounds of decisions then hello-world; the row gives their medians (the machine is shared). */
const DECISION_ROUNDS = 5;

export const DELIVERY_METHOD = `- **Delivery**: a server on a fresh PostgreSQL database with the demo data, its own DATA_DIR and
  so its own durable event log (the default, local one: every answered event is fdatasync'd before
  its answer, appends grouped per sync), the batch writer writing to PostgreSQL in the same process.
  The demo's Spring Blend Launch (CPM, on the live home leaderboard) gets a budget no test reaches
  and every region and device, so each request is a full decision that serves it. *Decisions*:
  autocannon (in the bench's process, on the same 2 cores as the server and PostgreSQL), 50
  connections, 3 s warm-up then 15 s, \`GET /serve/ad\` for the leaderboard as a phone's browser;
  each answer decides in memory, signs its two links and waits until its request event is durable,
  while the writer counts those requests into \`slot_hourly\` (no row each since 2026-11-29: the
  log's mark makes a replay count them once). The hello-world is
  a Fastify app with one route answering \`{hello: 'world'}\` in its own process, loaded the same way
  right after; ${DECISION_ROUNDS} rounds of both, the row gives the medians (each figure's own; the ratio is the median
  of the rounds' ratios) and the load average before and after. \`npm run bench -- --delivery-only
  --cpu-prof\` runs the decisions' server under \`node --cpu-prof\`, prints the top frames (self and
  inclusive) of the decision rounds and writes no rows; \`--decisions-only\` re-measures the
  decisions' row alone (the other delivery rows keep theirs). What the profile showed (2026-11-27, the
  server's main thread at 4,800–8,700 decisions/s): a quarter idle, waiting for the event log's
  syncs; @fastify/helmet building helmet anew for every request (7.6 %), the two links' HMACs, each
  a \`createHmac\` with its object and key set-up (9 % with their buffers), the batch writer (13–16 %:
  \`judgeBatch\` sorting, keying and copying every event, the unnest arrays' strings, pg's parsing),
  GC (9–10 %) and the socket writes (10 %). Changed: the delivery routes set helmet's headers
  as helmet gave them on their first answer (the same bytes); a token's HMAC is two one-shot
  \`crypto.hash\` calls over the key's pads made once, a decision's two tokens written from one
  body (the same tokens); the day key is not re-formatted for every decision and event; at
  LOG_LEVEL=info the \`/serve/*\` routes log warnings only (two lines per request before). Before
  these, on the same day: 4,811 /s, p99 41 ms, ratio 0.12 (one round); after, the medians of five
  runs at load average ~2: 11,200–12,600 /s, p99 10–12 ms, ratio 0.14–0.15 (one run at load 4–5:
  8,725 /s, p99 22 ms). Then the writer is the largest part of
  what is left: with it off (an experiment, the log still synced), 24,400–25,700 /s, p99 4 ms,
  ratio 0.29; the socket writes, Fastify with the app's global hooks, the event log's appends and
  GC most of the rest. *Ingest*: ${INGEST_EVENTS.toLocaleString('en-US')} impressions signed
  for the leaderboard's placement go through the delivery service in the bench's own process (its
  own DATA_DIR) on the same database, right after the decision rounds (their request events in
  today's partition), ${INGEST_IN_FLIGHT.toLocaleString('en-US')} in flight at a time, each verified and answered once durable in
  the local event log, then flushed: the rate is all of them over the time until the last is
  written — batches of 2,000 (the default), each in one transaction that locks the campaign, looks
  up which of its events were written already, judges them, and in one statement appends, rolls up
  to \`placement_hourly\` and \`slot_hourly\`, writes the ledger and charges the campaign with its
  budget checks. The look-up (\`writtenOf\`) is planned as a merge join over every row of today's
  partition: ~145 ms a batch once it holds ~640,000 events (2026-11-27; 15 ms with index probes,
  the nested loop forced), so the ingest rate falls as the day's events grow (18,700–24,900 /s on
  a fresh database here, ~11,000 /s after the decision rounds; the look-up is now index probes,
  \`LATERAL … LIMIT 1\` per key). The rows above
  (2026-11-27 18:40, after the ad request, impression and click routes dropped @fastify/compress's
  hooks and the writer stopped sorting requests) were taken with this machine at about half its
  morning speed (the hello-world 39,000–53,000 /s against 82,600): the ratio is the figure to
  compare (0.14 both times); ingest 15,433 /s against 11,236 in the morning. What still holds
  decisions back is latency, not the CPU: each of the 50 connections waits for its group's
  fdatasync (2–3 ms on this disk while PostgreSQL writes too). 2026-11-29: the local log's requests
  are counted in \`slot_hourly\` without a row each (\`delivery_log_marks\`, docs/architecture.md);
  profiled, 6,498 → 8,857 decisions/s, p99 20 → 11 ms, ratio 0.13 → 0.16, with the server's main
  thread still ~28 % idle waiting for its group's sync; requests are no longer judged one by one
  (only counted). Then the log's segments are opened with O_DSYNC, so a group's write returns once
  durable (one call to the thread pool instead of a write and an fdatasync): two runs 9,471 and
  10,547 /s, p99 11 ms, ratio 0.18 both. 2026-11-29 morning, the machine faster (the hello-world
  91,600–99,700 /s): 12,900–13,600 /s, p99 7 ms, ratio 0.14; profiled, the main thread 37 % idle,
  each connection waiting for its group's write. That wait bounds the ratio on this disk: a decision
  is answered only once its request is durable, so 50 connections make at most 50 ÷ the write's
  time (2–3 ms while PostgreSQL writes too) = 17,000–25,000 decisions/s, 0.17–0.25 of today's
  hello-world, however little CPU a decision takes; and were the answer not to wait at all, the
  profile's busy share (63 % at 13,000 /s) puts the CPU's own bound near 21,000 /s (0.21). The write's time under this load, timed once in the decisions' server (an instrumented build, not
  part of the bench; 2026-11-29 11:45, a slow hour: hello-world 51,000–59,000 /s): p50 1.75 ms, p90
  5.0 ms, p99 9.6 ms, 12 answers waiting on a write at p50 and 49 at p90 — against 0.3–0.4 ms for
  the same O_DSYNC append of 3 KB on the quiet machine. Ingest now runs on a partition without the decision
  rounds' request rows (24,751 /s). 2026-11-29 afternoon (a slow hour: the hello-world 36,000–57,000
  /s): the writer's transactions counted under the decisions' load were ~70 a second, batches of
  ~120 requests (PostgreSQL at a sixth of a core, the writer's queries 6 % of the server's): once an
  interval had passed, both logs handed out "whatever waits" until nothing did, which steady traffic
  never allows. Now an interval hands what had come by then, and a full batch goes at once: ~5
  transactions a second. Then the ad server's answers (tag, ad, impression, click) carry an API's
  four security headers instead of the console's eleven for documents (an ad's answer 1,278 → 893
  bytes). Profiled, one run each: 11,810 /s, ratio 0.24 after the first; 14,928 /s, ratio 0.28 after
  both; the main thread ~20 % idle. Tried and not kept: two group writes in flight at once (answered
  in order): no change, so the write's time under load is the two busy cores' scheduling, not the
  disk (the same O_DSYNC append takes 0.3 ms with the hello-world loaded); the group written
  synchronously on the main thread: 5–10 % more, but a slow disk would then stall every route. With
  100 connections instead of 50 the decisions rise 20–35 %: the wait for the write, not the CPU,
  still bounds 50. Also no change, each A/B over alternating rounds against the hello-world: the
  next group's write started before the last group's answers are made (0.27 both ways over 8 rounds
  each), libuv's io_uring (UV_USE_IO_URING=1: 0.19–0.22 against 0.27–0.33) and V8's young generation
  at 64 MB (\`--max-semi-space-size\`: 0.29 against 0.30). 2026-11-29 evening: 5 rounds instead of 3, and each round also gives the CPU an answer took in
  the server (all its threads, from /proc) and in the load generator. A hello-world answer took 16–19
  µs of its server; a decision took 57–79 µs, and the slow rounds were those where it took more.
  Profiled, the token MACs' digests (\`crypto.hash\` into a Buffer: 0.7 µs each, four a decision) were
  8 % of the main thread; as 'binary' strings written back into the MAC's buffers they take 0.3–0.45
  µs (3 %). The app's global hooks (the body timeout, HSTS, sign-in, the API's no-store) were async
  functions, so every request, an ad request too, paid a promise for each: in a Fastify hello-world,
  five async onRequest hooks and an async onSend cost 18.1 µs an answer, against 15.4 with no hook
  and 15.9 with the same hooks as callbacks (two runs each). They are callbacks now; sign-in makes a
  promise only where a route is not public. After both: 16,415–19,608 /s over the 5 rounds, ratio
  0.314–0.339, a decision 52–60 µs of its server. An experiment only, against the issue's rule:
  answering before the request is durable gave *fewer* decisions (10,277–11,394 /s, ratio 0.19–0.21,
  in the same hour as 0.28–0.30 with the wait): the log then writes more, smaller groups. *No overspend*: a second server process (its own
  DATA_DIR, the same FILE_LINK_SECRET as the first, so each counts the other's links) on the same
  database; Spring Blend's daily budget is set to 1,000 minor units (2,857
  impressions at its 350 CPM) with today's hours all behind it (so pacing lets the whole day out),
  and 28,570 requests (ten times its worth), 100 at a time, alternate between the two processes,
  each served ad's impression sent to the other one (every one must be counted). "Spent" is the
  campaign's spend after the burst less before. *Conversion ingest* (issue 29, since 2026-11-29):
  in the bench's own process, ${CONVERSIONS.toLocaleString('en-US')} valid clicks on the leaderboard's placement (an
  impression, then its click, each from its own address) are written through delivery, then one pixel
  report per click with its own order id, ${INGEST_IN_FLIGHT.toLocaleString('en-US')} in flight: each is answered once committed —
  kept, attributed to its click and rolled up in the transaction of its group commit (the reports that
  arrived while the one before was written, up to 1,000; conversions.service.ts); the rate is
  reports over the time until the last is answered, "attributed" the rise of the campaign's
  conversions. Before the group commit (one transaction per report, 2026-11-29): 291 /s. Two such
  transactions in flight at once since 2026-11-29 evening (\`groupCommit\`'s \`parallel\`), so PostgreSQL
  works on one while the process prepares the other: in one hour, alternating runs gave 15,103–15,723
  /s with one, 15,593–18,875 /s with two (each of four pairs higher) and 15,268–16,931 /s with four.
  Timed inside the transactions (one run), the insert into \`conversions\` (three indexes) took a third
  of their time, the clicks' look-up and the advisory locks most of the rest.
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
const helloWorld = async (port: number): Promise<{ url: string; pid: number; stop: () => void }> => {
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
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill('SIGTERM') };
};

/** CPU seconds process `pid` has used, all its threads, user and system (Linux's /proc counts in USER_HZ, 100 a second). */
const cpuSecondsOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/**
 * 50 connections on `url` (3 s warm-up, then 15 s measured), and the CPU each answer took in the
 * server (process `pid`) and in the load generator (this process): a figure the machine's speed
 * moves less than the rate, where the ratio of two rates is all the budget compares.
 */
const load = async (url: string, pid: number, headers: Record<string, string> = {}) => {
  const run = (duration: number) => autocannon({ url, connections: 50, duration, headers });
  await run(3);
  const server = cpuSecondsOf(pid);
  const generator = process.cpuUsage();
  const result = await run(15);
  const perAnswer = (seconds: number) => (seconds * 1e6) / result.requests.total;
  const used = process.cpuUsage(generator);
  return { result, serverUs: perAnswer(cpuSecondsOf(pid) - server), generatorUs: perAnswer((used.user + used.system) / 1e6) };
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** When each decision round ran (performance.now()), for the profile's summary. */
export type Windows = [start: number, end: number][];

export const benchDecisions = async (server: RunningServer, databaseUrl: string, record: Recorder): Promise<Windows> => {
  const tagKey = await openUp(databaseUrl, 1_000_000_000);
  const sample = (await (await fetch(`${server.url}${adPath(tagKey)}`, { headers: { 'user-agent': BROWSER } })).json()) as { ad: unknown };
  if (!sample.ad) throw new Error('the bench campaign is not served');
  const hello = await helloWorld(8297);
  type Load = Awaited<ReturnType<typeof load>>;
  const rounds: { decisions: Load; baseline: Load }[] = [];
  const windows: Windows = [];
  const loadBefore = os.loadavg()[0]!;
  try {
    for (let i = 0; i < DECISION_ROUNDS; i++) {
      const t0 = performance.now();
      const decisions = await load(`${server.url}${adPath(tagKey)}`, server.process.pid!, { 'user-agent': BROWSER });
      windows.push([t0, performance.now()]);
      const baseline = await load(hello.url, hello.pid);
      rounds.push({ decisions, baseline });
      const [d, b] = [decisions.result, baseline.result];
      console.log(
        `  round ${i + 1}: ${Math.round(d.requests.average)} decisions/s, p99 ${d.latency.p99} ms, CPU ${decisions.serverUs.toFixed(0)} µs a decision (load generator ${decisions.generatorUs.toFixed(0)}); hello-world ${Math.round(b.requests.average)} /s, p99 ${b.latency.p99} ms, CPU ${baseline.serverUs.toFixed(0)} µs (load generator ${baseline.generatorUs.toFixed(0)}); ratio ${(d.requests.average / b.requests.average).toFixed(3)}; load average ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
  } finally {
    hello.stop();
  }
  const of = (pick: (r: (typeof rounds)[number]) => number) => median(rounds.map(pick));
  const perSecond = of((r) => r.decisions.result.requests.average);
  const p99 = of((r) => r.decisions.result.latency.p99);
  const helloPerSecond = of((r) => r.baseline.result.requests.average);
  const helloP99 = of((r) => r.baseline.result.latency.p99);
  const ratio = of((r) => r.decisions.result.requests.average / r.baseline.result.requests.average);
  const cpu = `server CPU ${of((r) => r.decisions.serverUs).toFixed(0)} µs a decision against ${of((r) => r.baseline.serverUs).toFixed(0)} µs a hello-world answer`;
  const non2xx = rounds.reduce((n, r) => n + r.decisions.result.non2xx, 0);
  const errors = rounds.reduce((n, r) => n + r.decisions.result.errors, 0);
  const ok = non2xx === 0 && errors === 0;
  record(
    `${DELIVERY_PREFIX}: ad decisions (\`GET /serve/ad\`, served, durable event log on) on one process, PostgreSQL, 50 connections, 15 s, medians of ${DECISION_ROUNDS} rounds`,
    `${Math.round(perSecond)} /s, p99 ${p99} ms; Fastify hello-world ${Math.round(helloPerSecond)} /s, p99 ${helloP99} ms (ratio ${ratio.toFixed(3)}); ${cpu}; load average ${loadBefore.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}${ok ? '' : ` (${non2xx} non-2xx, ${errors} errors)`}`,
    '≥ 5,000 /s, p99 < 10 ms, ≥ 0.30 of the hello-world',
    ok && perSecond >= 5000 && p99 < 10 && ratio >= 0.3,
  );
  return windows;
};

/**
 * The top frames of the largest .cpuprofile in `dir` (the server's main thread), self and
 * inclusive, over the samples taken within `windows` (performance.now() of this process; the
 * profile ended when the server stopped, at `stoppedAt`).
 */
export const summarizeProfile = (dir: string, windows: Windows, stoppedAt: number, top = 25) => {
  const file = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
  if (!file) throw new Error(`no .cpuprofile in ${dir}`);
  interface Node {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Profile time (µs) of a moment of this process: counted back from the end.
  const at = (ms: number) => profile.endTime - (stoppedAt - ms) * 1000;
  const inWindow = (t: number) => windows.some(([from, to]) => t >= at(from) && t <= at(to));
  const name = (n: Node) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^file:\/\//, '').replace(`${ROOT}/`, '').replace(/.*node_modules\//, '')}:${n.callFrame.lineNumber + 1}`;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i]!;
    const dt = profile.timeDeltas[i + 1] ?? 0;
    if (!inWindow(t)) return;
    total += dt;
    const leaf = name(byId.get(id)!);
    self.set(leaf, (self.get(leaf) ?? 0) + dt);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const k = name(byId.get(cur)!);
      if (!seen.has(k)) inclusive.set(k, (inclusive.get(k) ?? 0) + dt);
      seen.add(k);
    }
  });
  const show = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => `  ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`)
      .join('\n');
  console.log(`${file}: ${(total / 1e6).toFixed(1)} s of the decision rounds\nself:\n${show(self)}\ninclusive:\n${show(inclusive)}`);
};

/**
 * The leaderboard's approved placement, and the delivery services in the bench's own process on the
 * same database: the servers' FILE_LINK_SECRET (the tokens are the server's own kind), a DATA_DIR of
 * its own (a server's event log is locked to it). `close` stops them.
 */
const inProcess = async (databaseUrl: string) => {
  const [placement] = await query(databaseUrl)<{ placementId: number; slotId: number; campaignId: number; accountId: number }>(
    `select p.id as "placementId", p.slot_id as "slotId", p.campaign_id as "campaignId", p.advertiser_id as "accountId" from placements p join ad_slots s on s.id = p.slot_id
     where s.code = 'home-leaderboard' and p.status = 'approved' limit 1`,
  );
  const database = await openDatabase({ url: databaseUrl, poolSize: 4 });
  const dataDir = tempDataDir();
  const config = loadConfig({ LOG_LEVEL: 'silent', DELIVERY_FLUSH_MS: '0', ...deliveryServerEnv(dataDir.dir) }, {});
  const services = createServices({ config, database });
  const close = async () => {
    await services.delivery.stop();
    await database.close();
    dataDir.remove();
  };
  return { p: placement!, services, signer: createTokenSigner(SECRET), decidedAt: new Date(Math.floor(Date.now() / 1000) * 1000), close };
};

export const benchIngest = async (databaseUrl: string, record: Recorder) => {
  const q = query(databaseUrl);
  const { p, services, signer, decidedAt, close } = await inProcess(databaseUrl);
  try {
    const tokens = Array.from({ length: INGEST_EVENTS }, (_, i) =>
      signer.sign({
        kind: EVENT_KINDS.impression,
        decisionId: i.toString(16).padStart(32, '0'),
        decidedAt,
        slotId: p.slotId,
        placementId: p.placementId,
        campaignId: p.campaignId,
        priceMilli: 350,
        region: 'US',
        device: 'mobile',
        invalidTraffic: false,
      }),
    );
    const [before] = await q<{ n: string }>(`select coalesce(sum(impressions), 0) as n from placement_hourly where placement_id = $1`, [p.placementId]);
    // What the writer's checks run against: the decisions' request events are in today's partition.
    const [held] = await q<{ n: string }>(`select count(*) as n from delivery_events`);
    const client = { userAgent: BROWSER, address: undefined };
    let next = 0;
    let answered = 0;
    // INGEST_IN_FLIGHT senders, each sending its next impression once the last one's answer came
    // (durable): always that many in flight, as many pixels at once would be.
    const sender = async () => {
      while (next < tokens.length) {
        const token = tokens[next++]!;
        if ((await services.delivery.impression(token, client)) !== 'ok') throw new Error('an ingest impression was not counted');
        answered++;
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: INGEST_IN_FLIGHT }, sender));
    const durableSeconds = (performance.now() - t0) / 1000;
    await services.delivery.flush();
    const seconds = (performance.now() - t0) / 1000;
    const [after] = await q<{ n: string }>(`select coalesce(sum(impressions), 0) as n from placement_hourly where placement_id = $1`, [p.placementId]);
    const rolled = Number(after!.n) - Number(before!.n);
    const rate = INGEST_EVENTS / seconds;
    record(
      `${DELIVERY_PREFIX}: event ingest (${INGEST_EVENTS.toLocaleString('en-US')} impressions, ${INGEST_IN_FLIGHT.toLocaleString('en-US')} in flight, each answered once durable in the local event log; batches of 2,000, rolled up, charged and in the ledger in each batch's transaction)`,
      `${Math.round(rate).toLocaleString('en-US')} events/s written (all ${answered.toLocaleString('en-US')} durable and answered at ${Math.round(answered / durableSeconds).toLocaleString('en-US')} /s); rolled up ${rolled.toLocaleString('en-US')} of ${INGEST_EVENTS.toLocaleString('en-US')}; ${Number(held!.n).toLocaleString('en-US')} events in \`delivery_events\` before`,
      '≥ 20,000 events/s, rollups keeping up',
      rate >= 20_000 && rolled === INGEST_EVENTS,
    );
  } finally {
    await close();
  }
};


/**
 * Conversion ingest (issue 29): CONVERSIONS valid clicks are written first (an impression, then its
 * click, through delivery), then a pixel report per click, INGEST_IN_FLIGHT at once, each with its
 * own order id; the rate is reports answered per second, all attributed in the rollups.
 */
export const benchConversions = async (databaseUrl: string, record: Recorder) => {
  const q = query(databaseUrl);
  const { p, services, signer, decidedAt, close } = await inProcess(databaseUrl);
  try {
    const clicks = Array.from({ length: CONVERSIONS }, (_, i) => {
      const decision = { decisionId: (0xc0000000 + i).toString(16).padStart(32, '0'), decidedAt, slotId: p.slotId, placementId: p.placementId, campaignId: p.campaignId };
      const common = { ...decision, priceMilli: 350, region: 'US', device: 'mobile' as const, invalidTraffic: false };
      return { impression: signer.sign({ kind: EVENT_KINDS.impression, ...common }), click: signer.sign({ kind: EVENT_KINDS.click, ...common }), ref: decision };
    });
    // Each from its own address: the per-address click rate would call most of them invalid.
    const clientOf = (i: number) => ({ userAgent: BROWSER, address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` });
    const inFlight = async <T>(items: T[], each: (item: T, index: number) => Promise<void>) => {
      let next = 0;
      await Promise.all(Array.from({ length: INGEST_IN_FLIGHT }, async () => {
        while (next < items.length) {
          const i = next++;
          await each(items[i]!, i);
        }
      }));
    };
    await inFlight(clicks, async (c, i) => void (await services.delivery.impression(c.impression, clientOf(i))));
    await services.delivery.flush();
    await inFlight(clicks, async (c, i) => void (await services.delivery.click(c.click, clientOf(i))));
    await services.delivery.flush();
    const { tagId } = await services.conversions.tag({ userId: 0, accountId: p.accountId, accountKind: 'advertiser', powers: new Set() });
    const [before] = await q<{ n: string }>(`select coalesce(sum(conversions), 0) as n from campaign_hourly where campaign_id = $1`, [p.campaignId]);
    const run = Date.now().toString(36);
    const t0 = performance.now();
    await inFlight(clicks, async (c, i) => {
      const result = await services.conversions.pixel({ tag: tagId, clid: services.conversions.clickIdFor(c.ref), order: `bench-${run}-${i}`, value: 1_000, userAgent: BROWSER });
      if (result !== 'recorded') throw new Error(`a conversion was not recorded: ${result}`);
    });
    const seconds = (performance.now() - t0) / 1000;
    const [after] = await q<{ n: string }>(`select coalesce(sum(conversions), 0) as n from campaign_hourly where campaign_id = $1`, [p.campaignId]);
    const counted = Number(after!.n) - Number(before!.n);
    const rate = CONVERSIONS / seconds;
    record(
      `${DELIVERY_PREFIX}: conversion ingest (${CONVERSIONS.toLocaleString('en-US')} pixel reports of valid clicks, ${INGEST_IN_FLIGHT.toLocaleString('en-US')} in flight, each answered once kept, attributed and rolled up in a committed group)`,
      `${Math.round(rate).toLocaleString('en-US')} conversions/s; attributed and rolled up ${counted.toLocaleString('en-US')} of ${CONVERSIONS.toLocaleString('en-US')}`,
      '≥ 20,000 /s (the events budget), all counted',
      rate >= 20_000 && counted === CONVERSIONS,
    );
  } finally {
    await close();
  }
};

export const benchOverspend = async (first: RunningServer, databaseUrl: string, record: Recorder) => {
  const secondData = tempDataDir();
  const second = await startServer({ DATABASE_URL: databaseUrl, ...deliveryServerEnv(secondData.dir) }, 8296);
  try {
    const daily = 1_000;
    const q = query(databaseUrl);
    const [before] = await q<{ spent: string }>(`select spent_milli as spent from campaigns where name = 'Spring Blend Launch'`);
    const tagKey = await openUp(databaseUrl, daily, new Date().getUTCHours() + 1);
    const servers = [first.url, second.url];
    const total = Math.ceil(((daily * 1000) / 350) * 10);
    let sent = 0;
    let shown = 0;
    let counted = 0;
    const one = async (i: number) => {
      const res = await fetch(`${servers[i % 2]}${adPath(tagKey)}`, { headers: { 'user-agent': BROWSER } });
      const { ad } = (await res.json()) as { ad: { impressionUrl: string } | null };
      if (!ad) return;
      shown++;
      // The other process must count it (the two share the secret): else nothing is spent, and no overspend proves nothing.
      if ((await fetch(`${servers[(i + 1) % 2]}${ad.impressionUrl}`, { headers: { 'user-agent': BROWSER } })).ok) counted++;
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
      `spent ${(spent / 1000).toFixed(2)} of ${daily.toLocaleString('en-US')} (one slice: ${(slice / 1000).toFixed(0)}); ${shown.toLocaleString('en-US')} ads shown, ${counted.toLocaleString('en-US')} of their impressions counted by the other process`,
      '≤ budget + one slice',
      spent <= daily * 1000 + slice && counted === shown,
    );
  } finally {
    await second.stop();
    secondData.remove();
  }
};
