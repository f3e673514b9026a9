import type { Device } from '@ads/contracts';

// Who visits publishers' pages, for the demo's delivery history (demo-delivery.ts) and the traffic
// simulator (bench/simulate.ts): where from, on what, how often they see and click an ad, along a
// day's curve; and a seeded generator so a run can be repeated.

export const REGION_MIX: [string, number][] = [
  ['US', 50],
  ['GB', 11],
  ['CA', 9],
  ['DE', 8],
  ['FR', 5],
  ['IN', 5],
  ['AU', 4],
  ['JP', 4],
  ['BR', 4],
];
export const DEVICE_MIX: [Device, number][] = [
  ['mobile', 55],
  ['desktop', 35],
  ['tablet', 10],
];
export const AGENTS: Record<Device, string> = {
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  mobile: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  tablet: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1',
};
export const BOT_AGENTS = ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'python-requests/2.32', 'curl/8.5.0'];
/** A crawler that presents itself as a phone: it gets a mobile campaign's ads (and is never billed). */
export const MOBILE_BOT_AGENT =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** Click-through rates by device, as display ads see them; bots click at BOT_CTR. */
export const CTR: Record<Device, number> = { desktop: 0.012, mobile: 0.008, tablet: 0.01 };
export const BOT_CTR = 0.05;
/** The share of served ads that render (and so send their impression). */
export const SHOWN = 0.92;

/** The share of people's clicks that end in a purchase the advertiser's site reports. */
export const CONVERSION_RATE = 0.06;

/** Whether a click converts (at `rate`), how long after it, and for how much (minor units): two to five bags of coffee. */
export const conversionOf = (rand: () => number, rate = CONVERSION_RATE) => ({
  converts: rand() < rate,
  afterMs: 60_000 + Math.floor(rand() * 30 * 60_000),
  valueMinor: (2 + Math.floor(rand() * 4)) * 1_499,
});

/** mulberry32: a seeded generator in [0, 1). */
export const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** A value of `table` by its weights. */
export const weighted = <T>(rand: () => number, table: [T, number][]): T => {
  let r = rand() * table.reduce((s, [, w]) => s + w, 0);
  for (const [value, w] of table) if ((r -= w) < 0) return value;
  return table[table.length - 1]![0];
};

/** The day's traffic shape: 1 at 16:00 UTC, 0.25 at 04:00. */
export const dailyCurve = (at: Date) => {
  const h = at.getUTCHours() + at.getUTCMinutes() / 60;
  return 0.25 + 0.75 * ((1 - Math.cos((2 * Math.PI * (h - 4)) / 24)) / 2);
};
