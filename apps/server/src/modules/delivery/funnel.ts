import { FUNNEL_STEPS, type BidStrategy, type Daypart, type DeliveryFunnel, type FunnelStepKey } from '@ads/contracts';
import { arrayOf, jsonOf } from '../../kit/sql';
import type { FunnelRow } from '../placements/placements.repository';
import type { FunnelCampaign } from './delivery.repository';
import { dayOf, effectiveCpm, expectedCtr, floorMet, hoursOf, inDaypart, inSchedule, pacedShare } from './rules';

// "Why isn't it delivering?" (the campaign drawer): the campaign's own checks now, and for each ad
// the live slots it gets through step by step — judged with the rules decisions apply (rules.ts),
// over the placements' own fit definition.

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The bid in the campaign's strategy that reaches a floor (CPM: the floor; CPC: at the expected CTR). */
const bidFor = (strategy: BidStrategy, floorCpmMinor: number, c: { impressions: number; clicks: number }) =>
  strategy === 'cpm' ? floorCpmMinor : Math.ceil(floorCpmMinor / (expectedCtr(c) * 1000));

export const funnelOf = (c: FunnelCampaign, rows: FunnelRow[], liveSlots: number, at: Date): DeliveryFunnel => {
  const figures = { impressions: Number(c.impressions), clicks: Number(c.clicks) };
  const hours = hoursOf(jsonOf<Daypart[]>(c.dayparting));
  const startAt = c.startAt === null ? null : new Date(c.startAt);
  const endAt = c.endAt === null ? null : new Date(c.endAt);
  const daily = c.dailyBudgetMinor === null ? 0 : Number(c.dailyBudgetMinor) * 1000;
  const total = c.totalBudgetMinor === null ? 0 : Number(c.totalBudgetMinor) * 1000;
  const handedOut = c.pacingDay === dayOf(at) ? Number(c.dayReservedMilli ?? 0) : 0;

  const scheduled = inSchedule({ startAt, endAt }, at);
  const notStarted = startAt !== null && startAt.getTime() > at.getTime();
  const checks: DeliveryFunnel['checks'] = [
    { key: 'status', passed: c.status === 'active', reason: c.status === 'active' ? null : 'notActive', at: null },
    { key: 'schedule', passed: scheduled, reason: scheduled ? null : notStarted ? 'notStarted' : 'ended', at: scheduled ? null : notStarted ? iso(c.startAt) : iso(c.endAt) },
    { key: 'hours', passed: inDaypart({ hours }, at), reason: inDaypart({ hours }, at) ? null : 'outsideHours', at: null },
    { key: 'totalBudget', passed: Number(c.spentMilli) < total, reason: Number(c.spentMilli) < total ? null : 'spent', at: null },
    (() => {
      // The pacer's own test: today's handed-out amount against the daily budget and its paced share now.
      if (handedOut >= daily) return { key: 'dailyBudget' as const, passed: false, reason: 'spentToday' as const, at: null };
      // A day without serving hours has no pace to be ahead of (the hours check says why it waits).
      const share = pacedShare({ hours }, at);
      if (share > 0 && handedOut >= Math.floor(daily * share)) return { key: 'dailyBudget' as const, passed: false, reason: 'aheadOfPace' as const, at: null };
      return { key: 'dailyBudget' as const, passed: true, reason: null, at: null };
    })(),
  ];

  const campaignSlots = new Map<FunnelStepKey, Set<number>>(FUNNEL_STEPS.map((k) => [k, new Set()]));
  const ads = new Map<number, DeliveryFunnel['ads'][number] & { counts: Map<FunnelStepKey, number> }>();
  for (const r of rows) {
    let ad = ads.get(r.adId);
    if (!ad) {
      ad = { id: r.adId, headline: r.headline, steps: [], pending: 0, rejected: 0, bidToMeetFloor: null, counts: new Map(FUNNEL_STEPS.map((k) => [k, 0])) };
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
  };
};
