import { FUNNEL_STEPS, type BidStrategy, type Daypart, type DeliveryFunnel, type FunnelStepKey } from '@ads/contracts';
import { arrayOf, jsonOf } from '../../kit/sql';
import type { FunnelRow } from '../placements/placements.service';
import type { FunnelCampaign, FunnelTraffic } from './delivery.repository';
import { sliceOf } from './pacer';
import { dayOf, effectiveCpm, expectedCtr, floorMet, hoursOf, inDaypart, inSchedule, pacedShare, reserveOf } from './rules';

// "Why isn't it delivering?" (the campaign drawer): the campaign's own checks now, and for each ad
// the live slots it gets through step by step — judged with the rules decisions apply (rules.ts),
// over the placements' own fit definition — and the invalid traffic lately filtered, not charged.

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The bid in the campaign's strategy that reaches a floor (CPM: the floor; CPC: at the expected CTR). */
const bidFor = (strategy: BidStrategy, floorCpmMinor: number, c: { impressions: number; clicks: number }) =>
  strategy === 'cpm' ? floorCpmMinor : Math.ceil(floorCpmMinor / (expectedCtr(c) * 1000));

export const funnelOf = (c: FunnelCampaign, rows: FunnelRow[], liveSlots: number, at: Date, traffic: FunnelTraffic): DeliveryFunnel => {
  const figures = { impressions: Number(c.impressions), clicks: Number(c.clicks) };
  const hours = hoursOf(jsonOf<Daypart[]>(c.dayparting));
  const startAt = c.startAt === null ? null : new Date(c.startAt);
  const endAt = c.endAt === null ? null : new Date(c.endAt);
  const daily = c.dailyBudgetMinor === null ? 0 : Number(c.dailyBudgetMinor) * 1000;
  const total = c.totalBudgetMinor === null ? 0 : Number(c.totalBudgetMinor) * 1000;
  const handedOut = c.pacingDay === dayOf(at) ? Number(c.dayReservedMilli ?? 0) : 0;
  // What one decision sets aside, by the ad groups' bids: the cheapest is the least today's budget
  // must still cover; the dearest sizes the slices a process asks for, as the pacer's own do.
  const { strategy } = c;
  const reserves = strategy ? rows.flatMap((r) => (r.bidMinor === null ? [] : [reserveOf(strategy, r.bidMinor, figures)])) : [];
  const cheapest = reserves.length ? Math.min(...reserves) : 1;
  const slice = sliceOf({ dailyBudgetMilli: daily }, reserves.length ? Math.max(...reserves) : 0);

  const scheduled = inSchedule({ startAt, endAt }, at);
  const notStarted = startAt !== null && startAt.getTime() > at.getTime();
  const checks: DeliveryFunnel['checks'] = [
    { key: 'status', passed: c.status === 'active', reason: c.status === 'active' ? null : 'notActive', at: null },
    { key: 'schedule', passed: scheduled, reason: scheduled ? null : notStarted ? 'notStarted' : 'ended', at: scheduled ? null : notStarted ? iso(c.startAt) : iso(c.endAt) },
    { key: 'hours', passed: inDaypart({ hours }, at), reason: inDaypart({ hours }, at) ? null : 'outsideHours', at: null },
    { key: 'totalBudget', passed: Number(c.spentMilli) < total, reason: Number(c.spentMilli) < total ? null : 'spent', at: null },
    (() => {
      // Against today's handed-out amount (slices processes still hold included), as the database
      // judges a slice. What is left of the day cannot cover one more decision: spent.
      // The daily budget was lowered today to what today has spent (or less): the writer charges
      // nothing more today and pacing grants nothing, so the funnel names the change.
      const todaySpent = Number(c.todaySpentMilli);
      const loweredToday = c.todayHighestMilli !== null && Number(c.todayHighestMilli) > daily;
      if (loweredToday && daily - todaySpent < Math.max(1, cheapest)) return { key: 'dailyBudget' as const, passed: false, reason: 'newBudgetReached' as const, at: null };
      if (daily - handedOut < Math.max(1, cheapest)) return { key: 'dailyBudget' as const, passed: false, reason: 'spentToday' as const, at: null };
      // The database grants at most the paced room left (delivery.repository.ts `exchangeSlice`):
      // under one slice, processes get less than they ask and then nothing until the share grows,
      // so most requests are refused long before the room is 0. Not when the pace allows the whole
      // day; nor on a day without serving hours (the hours check says why it waits).
      const share = pacedShare({ hours }, at);
      const paced = Math.floor(daily * share);
      if (share > 0 && paced < daily && paced - handedOut < slice) return { key: 'dailyBudget' as const, passed: false, reason: 'aheadOfPace' as const, at: null };
      return { key: 'dailyBudget' as const, passed: true, reason: null, at: null };
    })(),
  ];

  const campaignSlots = new Map<FunnelStepKey, Set<number>>(FUNNEL_STEPS.map((k) => [k, new Set()]));
  const ads = new Map<number, DeliveryFunnel['ads'][number] & { counts: Map<FunnelStepKey, number> }>();
  for (const r of rows) {
    let ad = ads.get(r.adId);
    if (!ad) {
      ad = {
        id: r.adId,
        headline: r.headline,
        steps: [],
        pending: 0,
        rejected: 0,
        bidToMeetFloor: null,
        creativeDeleted: r.creativeDeleted,
        counts: new Map(FUNNEL_STEPS.map((k) => [k, 0])),
      };
      ads.set(r.adId, ad);
    }
    const slotIds = arrayOf(r.slotIds).map(Number);
    const ecpm = c.strategy && r.bidMinor !== null ? effectiveCpm(c.strategy, r.bidMinor, figures) : 0;
    const meets = floorMet({ currency: r.slotCurrency, floorCpmMinor: r.floorCpmMinor }, c.currency, ecpm);
    const passes: Record<FunnelStepKey, boolean> = {
      targeted: r.targeted,
      fit: r.targeted && r.fits,
      floor: r.targeted && r.fits && meets,
      allowed: r.targeted && r.fits && meets && !r.disapproved,
      approved: r.targeted && r.fits && meets && !r.disapproved && r.placement === 'approved',
    };
    for (const key of FUNNEL_STEPS) {
      if (!passes[key]) continue;
      ad.counts.set(key, ad.counts.get(key)! + slotIds.length);
      for (const id of slotIds) campaignSlots.get(key)!.add(id);
    }
    if (passes.allowed && r.placement === 'pending') ad.pending += slotIds.length;
    if (passes.allowed && r.placement === 'rejected') ad.rejected += slotIds.length;
    // A floor in the campaign's currency that a higher bid would meet.
    if (passes.fit && !meets && c.strategy && r.slotCurrency === c.currency) {
      const needed = bidFor(c.strategy, r.floorCpmMinor, figures);
      ad.bidToMeetFloor = ad.bidToMeetFloor === null ? needed : Math.min(ad.bidToMeetFloor, needed);
    }
  }
  const adList = [...ads.values()].map(({ counts, ...ad }) => ({ ...ad, steps: FUNNEL_STEPS.map((key) => ({ key, count: counts.get(key)! })) }));
  return {
    campaignId: c.id,
    currency: c.currency,
    liveSlots,
    checks,
    steps: FUNNEL_STEPS.map((key) => ({ key, count: campaignSlots.get(key)!.size })),
    ads: adList,
    serving: checks.every((check) => check.passed) && campaignSlots.get('approved')!.size > 0,
    // What was filtered before billing (charges.ts), so an advertiser sees traffic that was not charged.
    invalidTraffic: {
      impressions: traffic.invalidImpressions,
      clicks: traffic.invalidClicks,
      validImpressions: traffic.impressions,
      validClicks: traffic.clicks,
      since: traffic.since.toISOString(),
    },
  };
};
