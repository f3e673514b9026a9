import type { AdFormat, Daypart, Device } from '@ads/contracts';
import { arrayOf, jsonOf } from '../../kit/sql';
import type { ServingRow, SlotRow } from './delivery.repository';
import {
  effectiveCpm,
  floorMet,
  hoursOf,
  inDaypart,
  inSchedule,
  pricesOf,
  reserveOf,
  targetingMatches,
  type CampaignRules,
} from './rules';

// What delivery serves, held in memory and replaced whole on each reload: each slot (by its tag's
// key) with its candidates, best effective bid first. A decision walks one slot's list and takes
// the first candidate every rule lets through; it never waits on the database.

export interface Candidate {
  placementId: number;
  slotId: number;
  adId: number;
  campaign: CampaignRules & { advertiserId: number };
  regions: readonly string[];
  devices: readonly string[];
  bidMinor: number;
  /** Effective CPM (minor units), what candidates are ranked by. */
  ecpm: number;
  floorMet: boolean;
  impressionMilli: number;
  clickMilli: number;
  /** What a decision sets aside from the budget (pacer.ts). */
  reserveMilli: number;
  creative: { kind: AdFormat; id: number; posterKey: string | null; width: number; height: number };
  /** The creative's signed links, made once per load (delivery.service.ts). */
  src: string;
  poster: string | null;
  headline: string | null;
  description: string | null;
  landingUrl: string;
}

export interface SlotEntry extends SlotRow {
  candidates: Candidate[];
}

export interface Snapshot {
  slots: Map<string, SlotEntry>;
  placements: Map<number, Candidate>;
  campaigns: Map<number, { campaign: Candidate['campaign']; reserve: number }>;
  loadedAt: Date;
}

const PERIOD_MS = { day: 86_400_000, week: 7 * 86_400_000 } as const;
const num = (v: number | string | null) => (v === null ? 0 : Number(v));
const date = (v: Date | string | null) => (v === null ? null : new Date(v));

export const buildSnapshot = (slotRows: SlotRow[], rows: ServingRow[], at: Date): Snapshot => {
  const slots = new Map<string, SlotEntry>();
  const byId = new Map<number, SlotEntry>();
  for (const s of slotRows) {
    const entry = { ...s, candidates: [] };
    slots.set(s.tagKey, entry);
    byId.set(s.id, entry);
  }
  const campaigns: Snapshot['campaigns'] = new Map();
  const placements = new Map<number, Candidate>();
  for (const r of rows) {
    const slot = byId.get(r.slotId);
    if (!slot) continue;
    let known = campaigns.get(r.campaignId);
    if (!known) {
      const campaign = {
        id: r.campaignId,
        advertiserId: r.advertiserId,
        currency: r.currency,
        startAt: date(r.startAt),
        endAt: date(r.endAt),
        hours: hoursOf(jsonOf<Daypart[]>(r.dayparting)),
        strategy: r.strategy,
        dailyBudgetMilli: num(r.dailyBudgetMinor) * 1000,
        totalBudgetMilli: num(r.totalBudgetMinor) * 1000,
        spentMilli: num(r.spentMilli),
        impressions: num(r.impressions),
        clicks: num(r.clicks),
        cap: r.capImpressions && r.capPeriod ? { impressions: r.capImpressions, periodMs: PERIOD_MS[r.capPeriod] } : null,
      };
      known = { campaign, reserve: 0 };
      campaigns.set(r.campaignId, known);
    }
    const c = known.campaign;
    const ecpm = effectiveCpm(c.strategy, r.bidMinor, c);
    const reserveMilli = reserveOf(c.strategy, r.bidMinor, c);
    known.reserve = Math.max(known.reserve, reserveMilli);
    const candidate: Candidate = {
      placementId: r.placementId,
      slotId: r.slotId,
      adId: r.adId,
      campaign: c,
      regions: arrayOf(r.regions),
      devices: arrayOf(r.devices),
      bidMinor: r.bidMinor,
      ecpm,
      floorMet: floorMet(slot, c.currency, ecpm),
      ...pricesOf(c.strategy, r.bidMinor),
      reserveMilli,
      creative: { kind: r.kind, id: r.creativeId, posterKey: r.posterKey, width: r.width, height: r.height },
      src: '',
      poster: null,
      headline: r.headline,
      description: r.description,
      landingUrl: r.landingUrl,
    };
    slot.candidates.push(candidate);
    placements.set(candidate.placementId, candidate);
  }
  // Best effective bid first; equal bids in a random order, so no campaign always wins a tie.
  for (const slot of slots.values()) {
    const tie = new Map(slot.candidates.map((c) => [c.placementId, Math.random()]));
    slot.candidates.sort((a, b) => b.ecpm - a.ecpm || tie.get(a.placementId)! - tie.get(b.placementId)!);
  }
  return { slots, placements, campaigns, loadedAt: at };
};

export interface Request {
  region: string;
  device: Device;
  visitor: string | null;
  bot: boolean;
  at: Date;
}

/** Frequency caps per visitor and campaign, counted at the decision; bounded (the oldest forgotten first). */
export const createCapCounter = (max = 200_000) => {
  const counts = new Map<string, { window: number; n: number }>();
  const keyOf = (visitor: string, campaignId: number) => `${campaignId}:${visitor}`;
  const windowOf = (periodMs: number, at: Date) => Math.floor(at.getTime() / periodMs);
  return {
    reached(visitor: string, c: Candidate['campaign'], at: Date) {
      if (!c.cap) return false;
      const hit = counts.get(keyOf(visitor, c.id));
      return hit !== undefined && hit.window === windowOf(c.cap.periodMs, at) && hit.n >= c.cap.impressions;
    },
    count(visitor: string, c: Candidate['campaign'], at: Date) {
      if (!c.cap) return;
      const key = keyOf(visitor, c.id);
      const window = windowOf(c.cap.periodMs, at);
      const hit = counts.get(key);
      counts.delete(key);
      counts.set(key, { window, n: hit && hit.window === window ? hit.n + 1 : 1 });
      if (counts.size > max) counts.delete(counts.keys().next().value!);
    },
  };
};
export type CapCounter = ReturnType<typeof createCapCounter>;

/**
 * The best candidate every rule lets through, or null. Budget is taken last (it is the only rule
 * with a cost): `debit` sets the decision's reserve aside or refuses.
 */
export const decide = (
  slot: SlotEntry,
  req: Request,
  caps: CapCounter,
  debit: (c: Candidate) => boolean,
): Candidate | null => {
  if (slot.status !== 'live') return null;
  for (const cand of slot.candidates) {
    const c = cand.campaign;
    if (!cand.floorMet || !inSchedule(c, req.at) || !inDaypart(c, req.at) || !targetingMatches(cand, req)) continue;
    if (req.visitor && caps.reached(req.visitor, c, req.at)) continue;
    // A bot sees an ad but costs nothing: its events are never charged.
    if (!req.bot && !debit(cand)) continue;
    if (req.visitor && !req.bot) caps.count(req.visitor, c, req.at);
    return cand;
  }
  return null;
};
