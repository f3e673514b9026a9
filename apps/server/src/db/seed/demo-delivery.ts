import { adSlotList, type AdAnswer, type Device, type Power } from '@ads/contracts';
import type { Services } from '../../app';
import type { DemoClock } from './demo-clock';

// Sixty days of traffic on the demo's live slots, sent through delivery's own decision, tracking and
// rollup code with the demo clock moved hour by hour: what the campaign list, placement health and
// reports show on first start is what those requests decided. Visitors come from weighted regions
// and devices along a daily curve, view most ads they get and click some; a few are bots.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const DEMO_HISTORY_DAYS = 60;
/** Requests per slot in the day's busiest hour (a quarter of it at night). */
const PEAK_PER_HOUR = 8;

const REGIONS: [string, number][] = [
  ['US', 55],
  ['GB', 12],
  ['CA', 10],
  ['DE', 8],
  ['AU', 5],
  ['IN', 5],
  ['FR', 5],
];
const DEVICE_MIX: [Device, number][] = [
  ['mobile', 55],
  ['desktop', 35],
  ['tablet', 10],
];
const AGENTS: Record<Device, string> = {
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  mobile: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  tablet: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1',
};
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const CTR: Record<Device, number> = { desktop: 0.014, mobile: 0.009, tablet: 0.011 };

/** A seeded generator: the demo is the same on every first start. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const tokenOf = (url: string) => new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('t')!;

export const seedDemoDelivery = async (services: Services, staff: { userId: number; accountId: number }, { clock, now }: { clock: DemoClock; now: Date }) => {
  const { delivery, adSlots } = services;
  const rand = random(2026);
  const pick = <T>(table: [T, number][]) => {
    let r = rand() * table.reduce((s, [, w]) => s + w, 0);
    for (const [value, w] of table) if ((r -= w) < 0) return value;
    return table[0]![0];
  };
  const reader = { ...staff, accountKind: 'internal' as const, powers: new Set<Power>(['adslot.read']) };
  const live = (await adSlots.list(reader, adSlotList.request.parse({ status: 'live', pageSize: 200 }))).items;
  const visitors = Array.from({ length: 3000 }, (_, i) => `demo-visitor-${i}`);

  const firstHour = Math.floor((now.getTime() - DEMO_HISTORY_DAYS * DAY) / HOUR) * HOUR;
  clock.set(new Date(firstHour));
  await delivery.reload();
  for (let hour = firstHour; hour < now.getTime(); hour += HOUR) {
    const h = new Date(hour).getUTCHours();
    const weekend = [0, 6].includes(new Date(hour).getUTCDay());
    const curve = 0.25 + 0.75 * ((1 - Math.cos((2 * Math.PI * (h - 4)) / 24)) / 2);
    for (const slot of live) {
      const requests = Math.round(PEAK_PER_HOUR * curve * (weekend ? 0.8 : 1) * (0.8 + 0.4 * rand()));
      for (let i = 0; i < requests; i++) {
        const at = hour + Math.floor(rand() * HOUR);
        if (at >= now.getTime()) continue;
        clock.set(new Date(at));
        const bot = rand() < 0.02;
        const device: Device = bot ? 'desktop' : pick(DEVICE_MIX);
        const agent = bot ? BOT : AGENTS[device];
        const answer: AdAnswer | undefined = await delivery.adRequest({
          slot: slot.tagKey,
          w: slot.width,
          h: slot.height,
          f: slot.format,
          host: slot.platform === 'site' ? `www.${slot.propertyId}` : slot.propertyId,
          region: pick(REGIONS),
          visitor: visitors[Math.floor(rand() ** 2 * visitors.length)],
          userAgent: agent,
        });
        const ad = answer?.ad;
        if (!ad || (!bot && rand() > 0.92)) continue;
        delivery.impression(tokenOf(ad.impressionUrl), agent);
        if (rand() < (bot ? 0.05 : CTR[device])) {
          clock.set(new Date(at + 5_000 + Math.floor(rand() * 60_000)));
          await delivery.click(tokenOf(ad.clickUrl), agent);
        }
      }
    }
    // A day's events at a time, as a running server writes its batches (and reaches a new day's pacing).
    if (new Date(hour + HOUR).getUTCHours() === 0) {
      await delivery.flush();
      await delivery.pacingIdle();
    }
  }
  await delivery.flush();
  clock.set(now);
  await delivery.settle(false);
};
