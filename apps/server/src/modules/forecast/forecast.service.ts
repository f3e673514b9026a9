import { FORECAST_DAYS, type BidStrategy, type CampaignForecast, type campaignForecast, type EndpointInput, type ForecastRange, type ForecastWarning } from '@ads/contracts';
import type { Db } from '../../db/client';
import { forbidden } from '../../errors';
import { ownScope, requireOwned } from '../../kit/access';
import { arrayOf } from '../../kit/sql';
import type { Caller } from '../../principal';
import { imageKind } from '../assets/assets.service';
import { campaignKind } from '../campaigns/campaigns.service';
import { effectiveCpm, expectedCtr, floorMet, hoursOf, pricesOf, reserveOf } from '../delivery/rules';
import type { PlacementsService } from '../placements/placements.service';
import { videoKind } from '../videos/videos.service';
import * as repo from './forecast.repository';

// The wizard's forecast (docs/architecture.md, Forecast). For each eligible slot (live, targeted by
// an ad group, fits one of its ads, same currency, floor met at its bid — delivery's own rules),
// each of the last FORECAST_DAYS full days is replayed as an estimate of one day to come:
//   requests   the slot's valid requests in the group's regions, devices and serving hours;
//   taken      what the placements serving now that outrank the bid (higher effective CPM; a tie
//              counts half, as ties are drawn at random) took there that day, as requests;
//   impressions (requests − taken) × the slot's render rate (impressions per filled request);
//   clicks     impressions × the slot's click-through rate, pulled towards 1 % while it has few
//              impressions (as delivery's expectedCtr prices a CPC bid);
//   spend      what pricesOf charges for them, the whole day cut to the daily budget (and to the
//              total budget when that is smaller), impressions and clicks cut in proportion.
// A slot several ad groups target counts once, for the group that bids most there. Frequency caps
// are not modelled (requests are not kept by visitor).
// The answer: `expected` is the mean of the day estimates; `low`–`high` their 10th–90th percentile,
// the range eight days in ten of the recent history fall within. The flight (flightOf): those day
// figures over the days from the start (or now) to the end date, within what is left of the total
// budget.

const DAY_MS = 86_400_000;
/** Competition taking more than this share of the matching requests says "outbid". */
const OUTBID_SHARE = 0.5;

type Input = EndpointInput<typeof campaignForecast>;

/** The value below which `q` of the sorted values fall (linear between neighbours). */
export const percentile = (sorted: readonly number[], q: number) => {
  if (sorted.length === 0) return 0;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
};

/** The days' values as expected (mean) and the 10th–90th percentile; rounded to `digits` places. */
export const rangeOf = (values: readonly number[], digits = 0): ForecastRange => {
  const sorted = [...values].sort((a, b) => a - b);
  const f = 10 ** digits;
  const round = (v: number) => Math.round(v * f) / f;
  const mean = sorted.length ? sorted.reduce((s, v) => s + v, 0) / sorted.length : 0;
  return { low: round(percentile(sorted, 0.1)), expected: round(mean), high: round(percentile(sorted, 0.9)) };
};

type DayFigures = Pick<CampaignForecast, 'impressions' | 'clicks' | 'spendMinor'>;

/**
 * The day figures over the flight: the days from the start (now, once started) to the end date,
 * cut to the days the total budget left lasts at the expected daily spend, each range point's
 * spend within that budget (its impressions and clicks in proportion). Null when neither an end
 * date nor a total budget bounds the flight.
 */
export const flightOf = (daily: DayFigures, o: { startAt: string | null; endAt: string | null; now: Date; leftMinor: number | null }): CampaignForecast['flight'] => {
  const from = Math.max(o.startAt ? Date.parse(o.startAt) : o.now.getTime(), o.now.getTime());
  const days = o.endAt ? Math.max(0, Math.ceil((Date.parse(o.endAt) - from) / DAY_MS)) : null;
  // A day of delivery partly funded counts as a day.
  const fundedDays = o.leftMinor !== null && daily.spendMinor.expected > 0 ? Math.ceil(o.leftMinor / daily.spendMinor.expected) : null;
  const serving = days ?? fundedDays;
  if (serving === null) return null;
  const over = (point: 'low' | 'expected' | 'high') => {
    const spend = daily.spendMinor[point] * serving;
    const bought = o.leftMinor === null ? spend : Math.min(spend, o.leftMinor);
    const scale = spend > 0 ? bought / spend : 1;
    return { impressions: daily.impressions[point] * serving * scale, clicks: daily.clicks[point] * serving * scale, spendMinor: bought };
  };
  const points = { low: over('low'), expected: over('expected'), high: over('high') };
  // Whole impressions, clicks and minor units over the flight.
  const range = (m: keyof DayFigures) => ({ low: Math.round(points.low[m]), expected: Math.round(points.expected[m]), high: Math.round(points.high[m]) });
  return { days, fundedDays, impressions: range('impressions'), clicks: range('clicks'), spendMinor: range('spendMinor') };
};

interface Group {
  index: number;
  bidMinor: number;
  ecpm: number;
  regions: readonly string[];
  devices: readonly string[];
  slotIds: Set<number> | null;
  imageIds: number[];
  videoIds: number[];
}

export const createForecastService = (deps: { db: Db; now?: () => Date; placements: Pick<PlacementsService, 'forecastSlots'> }) => {
  const { db, placements } = deps;
  const now = deps.now ?? (() => new Date());

  const forecast = async (p: Caller, input: Input): Promise<CampaignForecast> => {
    if (p.accountKind !== 'advertiser') throw forbidden();
    const scope = ownScope(p);
    const ads = input.adGroups.flatMap((g) => g.ads);
    const imageIds = [...new Set(ads.flatMap((a) => (a.format !== 'video' && a.imageId ? [a.imageId] : [])))];
    const videoIds = [...new Set(ads.flatMap((a) => (a.format === 'video' && a.videoId ? [a.videoId] : [])))];
    // Another account's creative or campaign answers 404, as saving the draft does.
    await requireOwned(db, imageKind, imageIds, scope);
    await requireOwned(db, videoKind, videoIds, scope);
    if (input.campaignId) await requireOwned(db, campaignKind, [input.campaignId], scope);

    const strategy: BidStrategy = input.bidStrategy;
    const own = input.campaignId ? await repo.campaignFigures(db, input.campaignId) : { impressions: 0, clicks: 0, spentMilli: 0 };
    const currency = await repo.currencyOf(db, p.accountId);
    const budgetMinor = Math.min(input.dailyBudgetMinor, input.totalBudgetMinor ?? Infinity);
    const hours = hoursOf(input.dayparting);
    const hourList = hours ? hours.flatMap((on, i) => (on ? [i] : [])) : null;

    // No group yet (the budget step comes before targeting): one that targets everything.
    const groupsIn = input.adGroups.length ? input.adGroups : [{ regions: [], devices: [], slotMode: 'all' as const, slotIds: [], bidOverrideMinor: null, ads: [] }];
    const groups: Group[] = groupsIn.map((g, index) => {
      const bidMinor = g.bidOverrideMinor ?? input.maxBidMinor;
      const gAds = g.ads;
      return {
        index,
        bidMinor,
        ecpm: effectiveCpm(strategy, bidMinor, own),
        regions: g.regions,
        devices: g.devices,
        slotIds: g.slotMode === 'chosen' ? new Set(g.slotIds) : null,
        imageIds: gAds.flatMap((a) => (a.format !== 'video' && a.imageId ? [a.imageId] : [])),
        videoIds: gAds.flatMap((a) => (a.format === 'video' && a.videoId ? [a.videoId] : [])),
      };
    });

    // Which slots each group may show on (targeted, fits one of its ads: any slot while it has none chosen).
    const slots = await placements.forecastSlots(p.accountId, { imageIds, videoIds });
    const matching = new Map<number, { slot: (typeof slots)[number]; groups: Group[] }>();
    for (const s of slots) {
      const fitImages = new Set(arrayOf(s.imageIds).map(Number));
      const fitVideos = new Set(arrayOf(s.videoIds).map(Number));
      for (const g of groups) {
        if (g.slotIds && !g.slotIds.has(s.slotId)) continue;
        const noCreative = g.imageIds.length === 0 && g.videoIds.length === 0;
        if (!noCreative && !g.imageIds.some((id) => fitImages.has(id)) && !g.videoIds.some((id) => fitVideos.has(id))) continue;
        if (s.currency !== currency) continue;
        const m = matching.get(s.slotId) ?? { slot: s, groups: [] };
        m.groups.push(g);
        matching.set(s.slotId, m);
      }
    }
    // Each slot for the group bidding most there whose bid meets its floor.
    const eligible = new Map<number, { group: Group; floorCpmMinor: number }>();
    for (const [slotId, m] of matching) {
      const best = m.groups.filter((g) => floorMet(m.slot, currency, g.ecpm)).sort((a, b) => b.ecpm - a.ecpm)[0];
      if (best) eligible.set(slotId, { group: best, floorCpmMinor: m.slot.floorCpmMinor });
    }

    const warnings: ForecastWarning[] = [];
    const to = new Date(Math.floor(now().getTime() / DAY_MS) * DAY_MS);
    const from = new Date(to.getTime() - FORECAST_DAYS * DAY_MS);
    const dayKeys = Array.from({ length: FORECAST_DAYS }, (_, i) => new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10));
    const zero: ForecastRange = { low: 0, expected: 0, high: 0 };
    const answer = (extra: Partial<CampaignForecast>): CampaignForecast => ({
      currency,
      days: FORECAST_DAYS,
      eligibleSlots: eligible.size,
      matchingSlots: matching.size,
      dailyRequests: 0,
      impressions: zero,
      clicks: zero,
      spendMinor: zero,
      flight: null,
      warnings,
      ...extra,
    });

    if (matching.size === 0) {
      warnings.push({ code: 'noEligibleSlot' });
      return answer({});
    }
    if (eligible.size === 0) {
      // The lowest floor among the slots it could show on, in the strategy's unit.
      const floor = Math.min(...[...matching.values()].map((m) => m.slot.floorCpmMinor));
      const minBidMinor = strategy === 'cpm' ? floor : Math.ceil(floor / (expectedCtr(own) * 1000));
      warnings.push({ code: 'bidBelowFloor', minBidMinor });
      return answer({});
    }

    const slotIds = [...eligible.keys()];
    const [rates, rivals] = await Promise.all([repo.slotRates(db, slotIds, from, to), repo.competitors(db, slotIds, input.campaignId ?? null)]);
    const rateBySlot = new Map(rates.map((r) => [r.slotId, r]));

    // Per day: requests, taken, and for each slot its impressions, clicks and cost if unlimited.
    const byGroup = new Map<Group, number[]>();
    for (const [slotId, e] of eligible) byGroup.set(e.group, [...(byGroup.get(e.group) ?? []), slotId]);
    const dayRequests = new Map<string, number>();
    const dayTaken = new Map<string, number>();
    const dayImpressions = new Map<string, number>();
    const dayClicks = new Map<string, number>();
    /** What a day's impressions and clicks would cost without a budget (milli). */
    const dayCost = new Map<string, number>();
    const add = (m: Map<string, number>, day: string, v: number) => m.set(day, (m.get(day) ?? 0) + v);
    let strongestRival = 0;

    for (const [group, groupSlots] of byGroup) {
      const w: repo.Window = { from, to, slotIds: groupSlots, regions: group.regions, devices: group.devices, hours: hourList };
      // The rivals that outrank this group's bid: wholly above, half at a tie.
      const above = new Map<number, number>();
      for (const r of rivals) {
        if (!groupSlots.includes(r.slotId)) continue;
        const ecpm = effectiveCpm(r.strategy, r.bidMinor, { impressions: Number(r.impressions), clicks: Number(r.clicks) });
        if (ecpm > group.ecpm) above.set(r.placementId, 1);
        else if (ecpm === group.ecpm) above.set(r.placementId, 0.5);
      }
      const [requests, taken] = await Promise.all([repo.requestsByDay(db, w), repo.takenByDay(db, w, [...above.keys()])]);
      // A tie's share: the taken rows are by slot and day, so a tie is weighed by the share of tied placements.
      const tieShare = above.size ? [...above.values()].reduce((s, v) => s + v, 0) / above.size : 1;
      const takenAt = new Map(taken.map((t) => [`${t.slotId}|${t.day}`, t.impressions * tieShare]));
      for (const r of rivals) if (above.has(r.placementId)) strongestRival = Math.max(strongestRival, effectiveCpm(r.strategy, r.bidMinor, { impressions: Number(r.impressions), clicks: Number(r.clicks) }));
      const prices = pricesOf(strategy, group.bidMinor);
      for (const q of requests) {
        const rate = rateBySlot.get(q.slotId);
        // Impressions per filled request (people who were served an ad and saw it render); 1 without history.
        const render = rate && rate.filled > 0 ? Math.min(1, rate.impressions / rate.filled) : 1;
        const ctr = expectedCtr({ impressions: rate?.impressions ?? 0, clicks: rate?.clicks ?? 0 });
        const takenRequests = Math.min(q.requests, (takenAt.get(`${q.slotId}|${q.day}`) ?? 0) / (render || 1));
        const impressions = (q.requests - takenRequests) * render;
        const clicks = impressions * ctr;
        add(dayRequests, q.day, q.requests);
        add(dayTaken, q.day, takenRequests);
        add(dayImpressions, q.day, impressions);
        add(dayClicks, q.day, clicks);
        add(dayCost, q.day, impressions * prices.impressionMilli + clicks * prices.clickMilli);
      }
    }

    const budgetMilliDay = budgetMinor * 1000;
    const perDay = dayKeys.map((day) => {
      const cost = dayCost.get(day) ?? 0;
      const scale = cost > budgetMilliDay ? budgetMilliDay / cost : 1;
      return {
        impressions: (dayImpressions.get(day) ?? 0) * scale,
        clicks: (dayClicks.get(day) ?? 0) * scale,
        spendMinor: (cost * scale) / 1000,
        uncappedImpressions: dayImpressions.get(day) ?? 0,
        uncappedCostMinor: cost / 1000,
      };
    });
    const mean = (f: (d: (typeof perDay)[number]) => number) => perDay.reduce((s, d) => s + f(d), 0) / perDay.length;
    const totalRequests = [...dayRequests.values()].reduce((s, v) => s + v, 0);
    const totalTaken = [...dayTaken.values()].reduce((s, v) => s + v, 0);

    // What one decision sets aside (delivery's reserve): a day's budget below it never buys one.
    const bestGroup = [...eligible.values()].map((e) => e.group).sort((a, b) => a.bidMinor - b.bidMinor)[0]!;
    const tooLow = budgetMilliDay < reserveOf(strategy, bestGroup.bidMinor, own);
    if (tooLow) {
      warnings.push({ code: 'budgetTooLow' });
      return answer({ dailyRequests: Math.round(totalRequests / FORECAST_DAYS) });
    }
    if (totalRequests > 0 && totalTaken / totalRequests > OUTBID_SHARE) {
      const rivalBid = strongestRival + 1;
      warnings.push({ code: 'outbid', minBidMinor: strategy === 'cpm' ? Math.ceil(rivalBid) : Math.ceil(rivalBid / (expectedCtr(own) * 1000)) });
    }
    const uncapped = mean((d) => d.uncappedImpressions);
    const capped = mean((d) => d.impressions);
    if (uncapped - capped >= 1) {
      warnings.push({ code: 'budgetLimited', moreImpressions: Math.round(uncapped - capped), budgetNeededMinor: Math.ceil(mean((d) => d.uncappedCostMinor)) });
    }
    const daily = {
      impressions: rangeOf(perDay.map((d) => d.impressions)),
      clicks: rangeOf(perDay.map((d) => d.clicks), 1),
      spendMinor: rangeOf(perDay.map((d) => d.spendMinor)),
    };
    const leftMinor = input.totalBudgetMinor == null ? null : Math.max(0, input.totalBudgetMinor - own.spentMilli / 1000);
    const flight = flightOf(daily, { startAt: input.startAt ?? null, endAt: input.endAt ?? null, now: now(), leftMinor });
    if (flight?.days != null && flight.fundedDays !== null && flight.fundedDays < flight.days) warnings.push({ code: 'totalBudgetEndsEarly', fundedDays: flight.fundedDays });
    return answer({ dailyRequests: Math.round(totalRequests / FORECAST_DAYS), ...daily, flight });
  };

  return { forecast };
};
export type ForecastService = ReturnType<typeof createForecastService>;
