import { adSlotList, CLICK_ID_PARAM, type AdAnswer, type Device, type Power } from '@ads/contracts';
import type { Services } from '../app';
import type { DemoClock } from './demo-clock';
import { AGENTS, BOT_AGENTS, BOT_CTR, conversionOf, CTR, dailyCurve, DEVICE_MIX, MOBILE_BOT_AGENT, REGION_MIX, seeded, SHOWN, weighted } from './traffic';

// Sixty days of traffic on the demo's live slots, sent through delivery's own decision, tracking and
// rollup code with the demo clock moved hour by hour: what the campaign list, placement health and
// reports show on first start is what those requests decided. Visitors come from weighted regions
// and devices along a daily curve, view most ads they get and click some; a few are bots. Contoso's
// site carries its conversion tag: some of the people who click buy, and the site reports it.
//
// Visits overlap as they do on a running server: each is decided in turn (the next one starts once
// this one waits on its event's durability, and once any budget slice it asked for came), while the
// event log makes the events of the visits waiting together durable in one sync (its group commit)
// and their impressions and clicks follow at their own times (the demo clock's `during`).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const DEMO_HISTORY_DAYS = 60;
/** Requests per slot in the day's busiest hour (a quarter of it at night). */
const PEAK_PER_HOUR = 8;
/**
 * The share of Contoso's clicks that end in an order: high for display (the demo's few clicks — a
 * dozen in sixty days — should still show a handful of conversions).
 */
const DEMO_CONVERSION_RATE = 0.3;

const tokenOf = (url: string) => new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('t')!;

export const seedDemoDelivery = async (
  services: Services,
  staff: { userId: number; accountId: number },
  advertiser: { userId: number; accountId: number },
  { clock, now }: { clock: DemoClock; now: Date },
) => {
  const { delivery, adSlots, conversions } = services;
  const rand = seeded(2026);
  // Conversions draw from their own sequence: the visits stay as they were without them.
  const buyers = seeded(2027);
  const { tagId } = await conversions.tag({ ...advertiser, accountKind: 'advertiser', powers: new Set<Power>(['campaign.read']) });
  let orders = 0;
  const pick = <T>(table: [T, number][]) => weighted(rand, table);
  const reader = { ...staff, accountKind: 'internal' as const, powers: new Set<Power>(['adslot.read']) };
  const live = (await adSlots.list(reader, adSlotList.request.parse({ status: 'live', pageSize: 200 }))).items;
  const visitors = Array.from({ length: 3000 }, (_, i) => `demo-visitor-${i}`);

  const firstHour = Math.floor((now.getTime() - DEMO_HISTORY_DAYS * DAY) / HOUR) * HOUR;
  clock.set(new Date(firstHour));
  await delivery.reload();
  // The writer starts here, not inside a visit: what it does later reads the clock as set.
  await delivery.flush();

  /** One visitor on one slot: the ad request, then (if an ad came and was shown) its impression, and perhaps a click. */
  const visit = async (slot: (typeof live)[number], v: { bot: boolean; device: Device; region: string; visitor: string; shown: number; clicks: number; clickAfterMs: number; at: number }) => {
    // Bots crawl as desktops and as phones, so the campaigns' invalid traffic shows too.
    const agent = v.bot ? (v.device === 'mobile' ? MOBILE_BOT_AGENT : BOT_AGENTS[0]!) : AGENTS[v.device];
    const answer: AdAnswer | undefined = await delivery.adRequest({
      slot: slot.tagKey,
      w: slot.width,
      h: slot.height,
      f: slot.format,
      host: slot.platform === 'site' ? `www.${slot.propertyId}` : slot.propertyId,
      region: v.region,
      visitor: v.visitor,
      userAgent: agent,
    });
    const ad = answer?.ad;
    if (!ad || (!v.bot && v.shown > SHOWN)) return;
    await delivery.impression(tokenOf(ad.impressionUrl), { userAgent: agent, address: undefined });
    if (v.clicks < (v.bot ? BOT_CTR : CTR[v.device])) {
      const landing = await clock.during(new Date(v.at + v.clickAfterMs), () => delivery.click(tokenOf(ad.clickUrl), { userAgent: agent, address: undefined }));
      const clid = landing && new URL(landing).searchParams.get(CLICK_ID_PARAM);
      const bought = conversionOf(buyers, DEMO_CONVERSION_RATE);
      const at = v.at + v.clickAfterMs + bought.afterMs;
      if (clid && !v.bot && bought.converts && at < now.getTime()) {
        const order = `CC-${100_000 + ++orders}`;
        await clock.during(new Date(at), () => conversions.pixel({ tag: tagId, clid, order, value: bought.valueMinor, userAgent: agent }));
      }
    }
  };
  const visits = new Set<Promise<void>>();
  let failed: unknown;
  /** Stops at a failed visit, once the others in flight have settled (the start-up then closes the database). */
  const checkFailed = async () => {
    if (!failed) return;
    await Promise.allSettled(visits);
    throw failed;
  };

  for (let hour = firstHour; hour < now.getTime(); hour += HOUR) {
    const weekend = [0, 6].includes(new Date(hour).getUTCDay());
    const curve = dailyCurve(new Date(hour + HOUR / 2));
    for (const slot of live) {
      const requests = Math.round(PEAK_PER_HOUR * curve * (weekend ? 0.8 : 1) * (0.8 + 0.4 * rand()));
      const hourVisits = [];
      for (let i = 0; i < requests; i++) {
        const at = hour + Math.floor(rand() * HOUR);
        if (at >= now.getTime()) continue;
        const bot = rand() < 0.02;
        const device: Device = bot ? (rand() < 0.5 ? 'mobile' : 'desktop') : pick(DEVICE_MIX);
        // Drawn now, in order, so the history is the same whichever visit's answer comes first.
        hourVisits.push({ at, bot, device, region: pick(REGION_MIX), visitor: visitors[Math.floor(rand() ** 2 * visitors.length)]!, shown: rand(), clicks: rand(), clickAfterMs: 5_000 + Math.floor(rand() * 60_000) });
      }
      // Latest first: the slot keeps its tag's latest call (validation reads it), so the hour's
      // earlier calls, coming after it, leave it as it is (delivery writes a call once a minute at most).
      hourVisits.sort((a, b) => b.at - a.at);
      for (const v of hourVisits) {
        clock.set(new Date(v.at));
        const p = clock.during(new Date(v.at), () => visit(slot, v)).then(
          () => void visits.delete(p),
          (err: unknown) => void (failed ??= err),
        );
        visits.add(p);
        // This visit is decided (it waits on the log) before the next one is, with the budget it asked for.
        await new Promise<void>((resolve) => setImmediate(resolve));
        await delivery.pacingIdle();
        await checkFailed();
      }
    }
    // A day's events at a time, as a running server writes its batches (and reaches a new day's pacing).
    if (new Date(hour + HOUR).getUTCHours() === 0) {
      await Promise.all(visits);
      await checkFailed();
      await delivery.flush();
      await delivery.pacingIdle();
    }
  }
  await Promise.all(visits);
  await checkFailed();
  await delivery.flush();
  clock.set(now);
  await delivery.settle(false);
  // Conversions reported before their click was written are attributed now, as the job would.
  await conversions.attributePending();
  // The slots' latest tag calls, on their rows before the server reads them.
  await adSlots.keepTagCalls();
};
