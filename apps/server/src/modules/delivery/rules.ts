import type { BidStrategy, Daypart, Device } from '@ads/contracts';
import { MILLI_PER_MINOR } from '@ads/contracts';

// The rules an ad decision applies, as plain functions over what delivery holds in memory: the
// decisions (engine.ts) and the "why isn't it delivering?" funnel (funnel.ts) call the same ones.

export interface CampaignRules {
  id: number;
  currency: string;
  startAt: Date | null;
  endAt: Date | null;
  /** 168 flags (weekday × 24 + hour, UTC); null: every hour. */
  hours: boolean[] | null;
  strategy: BidStrategy;
  /** The ad group's bid, else the campaign's max bid (minor units: per 1,000 impressions or per click). */
  dailyBudgetMilli: number;
  totalBudgetMilli: number;
  spentMilli: number;
  impressions: number;
  clicks: number;
  cap: { impressions: number; periodMs: number } | null;
}

export interface SlotRules {
  currency: string;
  floorCpmMinor: number;
}

/** A click-through rate to price a CPC bid by: the campaign's own, pulled towards 1 % while it has few impressions. */
export const expectedCtr = (c: Pick<CampaignRules, 'impressions' | 'clicks'>) => (c.clicks + 10) / (c.impressions + 1000);

/** What a bid is worth per thousand impressions (minor units): a CPC bid at the expected CTR. */
export const effectiveCpm = (strategy: BidStrategy, bidMinor: number, c: Pick<CampaignRules, 'impressions' | 'clicks'>) =>
  strategy === 'cpm' ? bidMinor : bidMinor * expectedCtr(c) * 1000;

/** The day's hours a campaign serves in, as 168 weekday × hour flags (UTC); null when it serves all day. */
export const hoursOf = (dayparting: Daypart[]): boolean[] | null => {
  if (!dayparting.length) return null;
  const hours = Array<boolean>(168).fill(false);
  for (const d of dayparting) for (let h = d.fromHour; h < d.toHour; h++) hours[d.day * 24 + h] = true;
  return hours;
};

/** Started and not ended. */
export const inSchedule = (c: Pick<CampaignRules, 'startAt' | 'endAt'>, at: Date) =>
  (!c.startAt || c.startAt.getTime() <= at.getTime()) && (!c.endAt || at.getTime() < c.endAt.getTime());

export const inDaypart = (c: Pick<CampaignRules, 'hours'>, at: Date) => !c.hours || c.hours[at.getUTCDay() * 24 + at.getUTCHours()] === true;

/** The request's region and device are among the ad group's (none chosen: every one). */
export const targetingMatches = (group: { regions: readonly string[]; devices: readonly string[] }, req: { region: string; device: Device }) =>
  (group.regions.length === 0 || group.regions.includes(req.region)) && (group.devices.length === 0 || group.devices.includes(req.device));

/** The bid meets the slot's floor; money in another currency never does (no conversion is made). */
export const floorMet = (slot: SlotRules, currency: string, ecpmMinor: number) => slot.currency === currency && ecpmMinor >= slot.floorCpmMinor;

/** What one impression costs (CPM) and one click (CPC), in milli: the winner pays its bid. */
export const pricesOf = (strategy: BidStrategy, bidMinor: number) =>
  strategy === 'cpm' ? { impressionMilli: bidMinor, clickMilli: 0 } : { impressionMilli: 0, clickMilli: bidMinor * MILLI_PER_MINOR };

/**
 * What a decision sets aside from the campaign's budget: the impression's price, or a click's at the
 * expected CTR. The pacer refuses a decision it cannot cover.
 */
export const reserveOf = (strategy: BidStrategy, bidMinor: number, c: Pick<CampaignRules, 'impressions' | 'clicks'>) =>
  strategy === 'cpm' ? bidMinor : Math.ceil(bidMinor * MILLI_PER_MINOR * expectedCtr(c));

const DAY_MS = 86_400_000;
// The last day asked for and its key: every decision asks (pacing), the writer once per event, and
// nearly all of them fall on one day; toISOString is the costly part.
let lastDay = NaN;
let lastDayKey = '';
/** The UTC day of an instant, as pacing keys it (YYYY-MM-DD). */
export const dayOf = (at: Date) => {
  const day = Math.floor(at.getTime() / DAY_MS);
  if (day !== lastDay) {
    lastDayKey = at.toISOString().slice(0, 10);
    lastDay = day;
  }
  return lastDayKey;
};

/** The day's serving hours (UTC) and how much of them has gone by at `at` (a started hour counts its fraction). */
export const servingHoursOf = (c: Pick<CampaignRules, 'hours'>, at: Date) => {
  const dayStart = Math.floor(at.getTime() / DAY_MS) * DAY_MS;
  const weekday = new Date(dayStart).getUTCDay();
  const serving = (h: number) => !c.hours || c.hours[weekday * 24 + h] === true;
  let total = 0;
  let gone = 0;
  const hourNow = (at.getTime() - dayStart) / 3_600_000;
  for (let h = 0; h < 24; h++) {
    if (!serving(h)) continue;
    total += 1;
    gone += Math.min(1, Math.max(0, hourNow - h));
  }
  return { total, gone };
};

/**
 * How much of the daily budget may be handed out by `at`: the share of the day's serving hours
 * gone by, plus one serving hour ahead so a morning is not starved (0 on a day it does not serve).
 */
export const pacedShare = (c: Pick<CampaignRules, 'hours'>, at: Date) => {
  const { total, gone } = servingHoursOf(c, at);
  return total === 0 ? 0 : Math.min(1, (gone + 1) / total);
};

/** Known crawlers, link previewers and scripted clients: counted apart, never charged. */
const BOT_AGENT = /bot|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|headlesschrome|phantomjs|curl\/|wget\/|python-requests|python-urllib|httpclient|okhttp|go-http-client|java\/|libwww|scrapy/i;
export const isBot = (userAgent: string | undefined) => !userAgent || BOT_AGENT.test(userAgent);

/** The device class from a User-Agent (an app may say it with `d=`). */
export const deviceOf = (userAgent: string | undefined): Device => {
  const ua = userAgent ?? '';
  if (/ipad|tablet|kindle|silk|playbook|(android(?!.*mobile))/i.test(ua)) return 'tablet';
  if (/mobi|iphone|ipod|android|windows phone|blackberry|opera mini/i.test(ua)) return 'mobile';
  return 'desktop';
};
