// npm run simulate -- [--url http://127.0.0.1:8080] [--minutes 1] [--rate 20] [--bots 0.03] [--slots key,key]
//   [--email staff@demo.test --password Demo@2026] [--seed 1] [--tag <conversion tag id>]
// Drives the real delivery endpoints over HTTP as visitors' browsers would: ad requests for every
// live slot (or the keys given) at a daily traffic curve, from weighted regions and devices, then
// the impression when the ad shows and a click at a device's click rate; a share of known bots.
// With --tag, a share of people's clicks convert: the advertiser's site reports each with that tag's
// pixel (the server credits only the tag's own advertiser's clicks).
// Stops by itself after --minutes and prints what it sent and what it got.
import { pathToFileURL } from 'node:url';
import { AD_REQUEST_PATH, adSlotList, CLICK_ID_PARAM, CONVERSION_PIXEL_PATH, type AdAnswer } from '@ads/contracts';
import { AGENTS, BOT_AGENTS, BOT_CTR, conversionOf, CTR, dailyCurve, DEVICE_MIX, REGION_MIX, seeded, SHOWN, weighted } from '../apps/server/src/demo/traffic';
import { signIn } from './server-process';

export interface SimulateOptions {
  url: string;
  minutes: number;
  /** Requests per second at the day's peak (16:00 UTC); a quarter of it at 04:00. */
  rate: number;
  bots: number;
  slots?: string[];
  email: string;
  password: string;
  seed: number;
  /** A conversion tag id: people's clicks convert at the demo's rate and are reported with it. */
  conversionTag?: string;
  /** Progress lines (every 10 s); quiet when absent. */
  log?: (line: string) => void;
}

export interface SimulateResult {
  requests: number;
  filled: number;
  /** People's impressions and clicks (what campaigns are charged for). */
  impressions: number;
  clicks: number;
  botRequests: number;
  /** Bots' impressions and clicks: counted apart by the server, never charged. */
  botImpressions: number;
  botClicks: number;
  /** Conversions reported (and answered) for people's clicks. */
  conversions: number;
  errors: number;
}

interface Target {
  tagKey: string;
  width: number;
  height: number;
  format: string;
  /** A site's host (sent as the page's Origin) or an app's bundle id. */
  origin: string | null;
  app: string | null;
}

/** The live slots, as the demo's staff (or anyone who may list slots) sees them. */
const liveSlots = async (o: SimulateOptions): Promise<Target[]> => {
  const token = await signIn(o.url, o.email, o.password);
  const targets: Target[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${o.url}${adSlotList.path}?status=live&pageSize=200&page=${page}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`listing slots failed: ${res.status} ${await res.text()}`);
    const body = adSlotList.response.parse(await res.json());
    for (const s of body.items) {
      targets.push({
        tagKey: s.tagKey,
        width: s.width,
        height: s.height,
        format: s.format,
        origin: s.platform === 'site' ? `https://www.${s.propertyId}` : null,
        app: s.platform === 'app' ? s.propertyId : null,
      });
    }
    if (page * body.pageSize >= body.total) break;
  }
  return targets;
};

export const simulate = async (o: SimulateOptions): Promise<SimulateResult> => {
  const rand = seeded(o.seed);
  const targets = o.slots?.length
    ? o.slots.map((tagKey) => ({ tagKey, width: 300, height: 250, format: 'banner', origin: null, app: null }))
    : await liveSlots(o);
  if (!targets.length) throw new Error('no live slot to send traffic to');
  const result: SimulateResult = { requests: 0, filled: 0, impressions: 0, clicks: 0, botRequests: 0, botImpressions: 0, botClicks: 0, conversions: 0, errors: 0 };
  let orders = 0;
  const visitors = Array.from({ length: 5000 }, (_, i) => `sim${o.seed}v${i}`.padEnd(12, 'x'));

  const visit = async () => {
    const target = targets[Math.floor(rand() * targets.length)]!;
    const bot = rand() < o.bots;
    const device = weighted(rand, DEVICE_MIX);
    const region = weighted(rand, REGION_MIX);
    // A few visitors come back often (the square skews the pick towards the first ids).
    const visitor = visitors[Math.floor(rand() ** 2 * visitors.length)]!;
    const agent = bot ? BOT_AGENTS[Math.floor(rand() * BOT_AGENTS.length)]! : AGENTS[device];
    const q = new URLSearchParams({ slot: target.tagKey, w: String(target.width), h: String(target.height), f: target.format, r: region, v: visitor });
    if (target.app) q.set('app', target.app);
    else q.set('d', device);
    const headers: Record<string, string> = { 'user-agent': agent, ...(target.origin ? { origin: target.origin } : {}) };
    result.requests++;
    if (bot) result.botRequests++;
    try {
      const res = await fetch(`${o.url}${AD_REQUEST_PATH}?${q}`, { headers });
      if (!res.ok) throw new Error(String(res.status));
      const { ad } = (await res.json()) as AdAnswer;
      if (!ad) return;
      result.filled++;
      if (!bot && rand() > SHOWN) return;
      if ((await fetch(`${o.url}${ad.impressionUrl}`, { headers })).ok) result[bot ? 'botImpressions' : 'impressions']++;
      if (rand() < (bot ? BOT_CTR : CTR[device])) {
        const click = await fetch(`${o.url}${ad.clickUrl}`, { headers, redirect: 'manual' });
        if (click.status === 302) result[bot ? 'botClicks' : 'clicks']++;
        const clid = click.status === 302 ? new URL(click.headers.get('location')!).searchParams.get(CLICK_ID_PARAM) : null;
        const bought = conversionOf(rand);
        if (o.conversionTag && clid && !bot && bought.converts) {
          const order = `SIM-${o.seed}-${++orders}`;
          const pixel = new URLSearchParams({ tag: o.conversionTag, clid, order, value: String(bought.valueMinor) });
          if ((await fetch(`${o.url}${CONVERSION_PIXEL_PATH}?${pixel}`, { headers })).ok) result.conversions++;
        }
      }
    } catch {
      result.errors++;
    }
  };

  const started = Date.now();
  const endAt = started + o.minutes * 60_000;
  const running = new Set<Promise<void>>();
  let lastLog = started;
  let owed = 0;
  while (Date.now() < endAt) {
    const tick = 100;
    owed += (o.rate * dailyCurve(new Date()) * tick) / 1000;
    for (; owed >= 1; owed--) {
      // Bounded: a slow server gets fewer requests at once, not an unbounded queue.
      if (running.size >= 64) break;
      const p = visit().finally(() => running.delete(p));
      running.add(p);
    }
    owed = Math.min(owed, 64);
    if (o.log && Date.now() - lastLog >= 10_000) {
      lastLog = Date.now();
      o.log(`${Math.round((Date.now() - started) / 1000)} s: ${JSON.stringify(result)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, tick));
  }
  await Promise.all(running);
  return result;
};

const argOf = (args: string[], name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const options: SimulateOptions = {
    url: (argOf(args, 'url') ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`).replace(/\/$/, ''),
    minutes: Number(argOf(args, 'minutes') ?? 1),
    rate: Number(argOf(args, 'rate') ?? 20),
    bots: Number(argOf(args, 'bots') ?? 0.03),
    slots: argOf(args, 'slots')?.split(',').filter(Boolean),
    email: argOf(args, 'email') ?? 'staff@demo.test',
    password: argOf(args, 'password') ?? 'Demo@2026',
    seed: Number(argOf(args, 'seed') ?? 1),
    conversionTag: argOf(args, 'tag'),
    log: (line) => console.log(line),
  };
  console.log(`simulating ${options.minutes} min of traffic against ${options.url} (peak ${options.rate} requests/s)`);
  simulate(options).then(
    (r) => console.log(`done: ${JSON.stringify(r)}`),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
