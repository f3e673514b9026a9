import { adSlotList, type AdAnswer, type Device, type Power } from '@ads/contracts';
import type { Services } from '../app';
import type { DemoClock } from './demo-clock';
import { AGENTS, BOT_AGENTS, BOT_CTR, CTR, dailyCurve, DEVICE_MIX, MOBILE_BOT_AGENT, REGION_MIX, seeded, SHOWN, weighted } from './traffic';

// Sixty days of traffic on the demo's live slots, sent through delivery's own decision, tracking and
// rollup code with the demo clock moved hour by hour: what the campaign list, placement health and
// reports show on first start is what those requests decided. Visitors come from weighted regions
// and devices along a daily curve, view most ads they get and click some; a few are bots.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const DEMO_HISTORY_DAYS = 60;
/** Requests per slot in the day's busiest hour (a quarter of it at night). */
const PEAK_PER_HOUR = 8;

const tokenOf = (url: string) => new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('t')!;

export const seedDemoDelivery = async (services: Services, staff: { userId: number; accountId: number }, { clock, now }: { clock: DemoClock; now: Date }) => {
  const { delivery, adSlots } = services;
  const rand = seeded(2026);
  const pick = <T>(table: [T, number][]) => weighted(rand, table);
  const reader = { ...staff, accountKind: 'internal' as const, powers: new Set<Power>(['adslot.read']) };
  const live = (await adSlots.list(reader, adSlotList.request.parse({ status: 'live', pageSize: 200 }))).items;
  const visitors = Array.from({ length: 3000 }, (_, i) => `demo-visitor-${i}`);

  const firstHour = Math.floor((now.getTime() - DEMO_HISTORY_DAYS * DAY) / HOUR) * HOUR;
  clock.set(new Date(firstHour));
  await delivery.reload();
  for (let hour = firstHour; hour < now.getTime(); hour += HOUR) {
    const weekend = [0, 6].includes(new Date(hour).getUTCDay());
    const curve = dailyCurve(new Date(hour + HOUR / 2));
    for (const slot of live) {
      const requests = Math.round(PEAK_PER_HOUR * curve * (weekend ? 0.8 : 1) * (0.8 + 0.4 * rand()));
      for (let i = 0; i < requests; i++) {
        const at = hour + Math.floor(rand() * HOUR);
        if (at >= now.getTime()) continue;
        clock.set(new Date(at));
        const bot = rand() < 0.02;
        // Bots crawl as desktops and as phones, so the campaigns' invalid traffic shows too.
        const device: Device = bot ? (rand() < 0.5 ? 'mobile' : 'desktop') : pick(DEVICE_MIX);
        const agent = bot ? (device === 'mobile' ? MOBILE_BOT_AGENT : BOT_AGENTS[0]!) : AGENTS[device];
        const answer: AdAnswer | undefined = await delivery.adRequest({
          slot: slot.tagKey,
          w: slot.width,
          h: slot.height,
          f: slot.format,
          host: slot.platform === 'site' ? `www.${slot.propertyId}` : slot.propertyId,
          region: pick(REGION_MIX),
          visitor: visitors[Math.floor(rand() ** 2 * visitors.length)],
          userAgent: agent,
        });
        const ad = answer?.ad;
        if (!ad || (!bot && rand() > SHOWN)) continue;
        await delivery.impression(tokenOf(ad.impressionUrl), { userAgent: agent, address: undefined });
        if (rand() < (bot ? BOT_CTR : CTR[device])) {
          clock.set(new Date(at + 5_000 + Math.floor(rand() * 60_000)));
          await delivery.click(tokenOf(ad.clickUrl), { userAgent: agent, address: undefined });
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
