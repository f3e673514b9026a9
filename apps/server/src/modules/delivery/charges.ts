import type { EventRow, RequestCount } from './delivery.repository';
import type { BatchOrigin } from './event-log/event-log';
import { dayOf } from './rules';
import { EVENT_KINDS } from './tokens';

// What a batch of events is worth, decided under the campaigns' row locks (delivery.service.ts
// `write`): which events count, which are invalid traffic, and what each valid one is charged so
// that no campaign's spend passes its daily or total budget — whatever arrives, on any number of
// processes (the locks serialize the writers of one campaign).

/** Valid clicks one client address may make on one campaign in an hour; the rest are invalid clicks. */
export const CLICKS_PER_ADDRESS_HOUR = 5;

/** One receipt of an event: its decision, kind and decision time (the events table's key). */
export const eventKey = (e: Pick<EventRow, 'decisionId' | 'kind' | 'decidedAt'>) => `${e.decisionId}:${e.kind}:${e.decidedAt.getTime()}`;

export const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
export const rateKey = (address: string, campaignId: number, at: Date) => `${address}:${campaignId}:${hourOf(at).getTime()}`;

/** A campaign's budgets and what it has spent (milli), read under its row lock. */
export interface Room {
  dailyMilli: number;
  totalMilli: number;
  spentMilli: number;
  /** Spend by UTC day (YYYY-MM-DD) for the days the batch touches. */
  daySpentMilli: Map<string, number>;
}

export interface BatchFacts {
  /** Events already written, by eventKey: when each was received and whether it counted. */
  written: Map<string, { at: number; valid: boolean }>;
  /** Valid clicks so far by rateKey. */
  clickRates: Map<string, number>;
  rooms: Map<number, Room>;
}

export interface JudgedEvent extends EventRow {
  valid: boolean;
  costMilli: number;
  /** A second receipt of an event already counted (a replayed link): counted as invalid, not stored. */
  duplicate: boolean;
}

/**
 * Judges a batch: a receipt identical to one written (same receipt time: a log replayed after a
 * crash, a redelivery) is dropped; another receipt of the same event is a duplicate, counted
 * invalid. An event is valid when neither its decision nor its receipt was invalid traffic; a click
 * also needs its valid impression and to be within the address's hourly rate. Valid events are
 * charged in the order they were received, each at most the budget left (daily for its day, and
 * total): past it, the event counts but costs nothing. Also answers the valid clicks to add to the
 * rates.
 */
export const judgeBatch = (events: readonly EventRow[], facts: BatchFacts) => {
  const seen = new Map<string, number>();
  const kept: JudgedEvent[] = [];
  // Requests (most of a batch) cost nothing and depend on no other event: only a receipt identical
  // to one already in the batch is dropped (the table drops one already written). No sorting.
  const tracked: EventRow[] = [];
  for (const e of events) {
    if (e.kind !== EVENT_KINDS.request) {
      tracked.push(e);
      continue;
    }
    const key = eventKey(e);
    if (seen.get(key) === e.at.getTime()) continue;
    seen.set(key, e.at.getTime());
    kept.push({ ...e, valid: !e.bot && !e.flagged, costMilli: 0, duplicate: false });
  }
  tracked.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const e of tracked) {
    const key = eventKey(e);
    const first = facts.written.get(key)?.at ?? seen.get(key);
    if (first === e.at.getTime()) continue;
    if (first !== undefined) {
      kept.push({ ...e, valid: false, costMilli: 0, duplicate: true });
      continue;
    }
    seen.set(key, e.at.getTime());
    kept.push({ ...e, valid: !e.bot && !e.flagged, costMilli: 0, duplicate: false });
  }

  // In the order received: a click counts only after its impression (written, or earlier in the batch).
  const shown = new Set<string>();
  const rates = new Map(facts.clickRates);
  const addRates = new Map<string, { address: string; campaignId: number; hour: Date; clicks: number }>();
  const spentDay = new Map<string, number>();
  const spentTotal = new Map<number, number>();
  for (const e of kept) {
    if (!e.valid || e.duplicate || e.kind === EVENT_KINDS.request) continue;
    if (e.kind === EVENT_KINDS.impression) shown.add(`${e.decisionId}:${e.decidedAt.getTime()}`);
    if (e.kind === EVENT_KINDS.click) {
      const impression = eventKey({ ...e, kind: EVENT_KINDS.impression });
      if (!shown.has(`${e.decisionId}:${e.decidedAt.getTime()}`) && facts.written.get(impression)?.valid !== true) {
        e.valid = false;
        continue;
      }
      if (e.address !== null && e.campaignId !== null) {
        const key = rateKey(e.address, e.campaignId, e.at);
        const n = rates.get(key) ?? 0;
        if (n >= CLICKS_PER_ADDRESS_HOUR) {
          e.valid = false;
          continue;
        }
        rates.set(key, n + 1);
        const add = addRates.get(key) ?? { address: e.address, campaignId: e.campaignId, hour: hourOf(e.at), clicks: 0 };
        add.clicks += 1;
        addRates.set(key, add);
      }
    }
    if (e.priceMilli <= 0 || e.campaignId === null) continue;
    const room = facts.rooms.get(e.campaignId);
    if (!room) continue;
    const day = dayOf(e.at);
    const dayKey = `${e.campaignId}:${day}`;
    const today = (room.daySpentMilli.get(day) ?? 0) + (spentDay.get(dayKey) ?? 0);
    const total = room.spentMilli + (spentTotal.get(e.campaignId) ?? 0);
    const cost = Math.max(0, Math.min(e.priceMilli, room.dailyMilli - today, room.totalMilli - total));
    if (cost === 0) continue;
    e.costMilli = cost;
    spentDay.set(dayKey, (spentDay.get(dayKey) ?? 0) + cost);
    spentTotal.set(e.campaignId, (spentTotal.get(e.campaignId) ?? 0) + cost);
  }
  return { events: kept, addRates: [...addRates.values()] };
};

// ---- Requests of a local log (BatchOrigin): counted without rows ------------------------------

export interface LogMark {
  segment: number;
  line: number;
}

const after = (a: LogMark, b: LogMark) => a.segment > b.segment || (a.segment === b.segment && a.line > b.line);

/** The batch without its requests at or before `mark` (a replay's: counted when first written); impressions and clicks are kept (their rows tell). */
export const unmarked = (batch: readonly EventRow[], origin: BatchOrigin, mark: LogMark | null): EventRow[] => {
  if (!mark) return [...batch];
  const kept: EventRow[] = [];
  let i = 0;
  for (const part of origin.parts) {
    for (let j = 0; j < part.count; j++, i++) {
      const e = batch[i]!;
      if (e.kind !== EVENT_KINDS.request || after({ segment: part.segment, line: part.first + j }, mark)) kept.push(e);
    }
  }
  return kept;
};

/** The mark once the batch is written: its last position, never back (a replayed batch may lie wholly before the mark). */
export const markAfter = (origin: BatchOrigin, mark: LogMark | null): LogMark => {
  const last = origin.parts.at(-1)!;
  const end = { segment: last.segment, line: last.first + last.count - 1 };
  return mark && !after(end, mark) ? mark : end;
};

/** Splits a batch into impressions and clicks (to judge) and its requests' counts by slot, hour, region and device; a request is valid unless it or its decision was invalid traffic. */
export const countRequests = (events: readonly EventRow[]) => {
  const tracked: EventRow[] = [];
  const counts = new Map<string, RequestCount>();
  for (const e of events) {
    if (e.kind !== EVENT_KINDS.request) {
      tracked.push(e);
      continue;
    }
    const hour = Math.floor(e.at.getTime() / 3_600_000) * 3_600_000;
    const key = `${e.slotId}|${hour}|${e.region}|${e.device}`;
    let c = counts.get(key);
    if (!c) counts.set(key, (c = { slotId: e.slotId, hour: new Date(hour), region: e.region, device: e.device, requests: 0, filled: 0, invalid: 0 }));
    if (e.bot || e.flagged) c.invalid++;
    else {
      c.requests++;
      if (e.placementId !== null) c.filled++;
    }
  }
  return { tracked, requests: [...counts.values()] };
};
