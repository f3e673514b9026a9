import { describe, expect, it } from 'vitest';
import { CLICKS_PER_ADDRESS_HOUR, countRequests, judgeBatch, markAfter, unmarked, type BatchFacts } from './charges';
import type { EventRow } from './delivery.repository';

const NOON = Date.parse('2026-11-27T12:00:00Z');
let n = 0;
const event = (o: Partial<EventRow> & { atMs?: number } = {}): EventRow => ({
  decidedAt: new Date(NOON - 1000),
  decisionId: (++n).toString(16).padStart(32, '0'),
  kind: 2,
  at: new Date(o.atMs ?? NOON),
  slotId: 1,
  placementId: 1,
  campaignId: 7,
  region: '',
  device: 'desktop',
  bot: false,
  flagged: false,
  address: null,
  priceMilli: 400,
  viewer: null,
  ...o,
});
const facts = (o: Partial<BatchFacts> = {}, room = { dailyMilli: 1_000, totalMilli: 10_000, spentMilli: 0 }): BatchFacts => ({
  written: new Map(),
  clickRates: new Map(),
  rooms: new Map([[7, { ...room, daySpentMilli: new Map() }]]),
  ...o,
});

describe('judging and charging a batch', () => {
  it('charges in the order received up to the daily budget: the last that fits pays what is left, the rest count for nothing', () => {
    const batch = [event({ atMs: NOON + 3 }), event({ atMs: NOON + 1 }), event({ atMs: NOON + 2 }), event({ atMs: NOON + 4 })];
    const { events } = judgeBatch(batch, facts());
    expect(events.map((e) => [e.at.getTime() - NOON, e.valid, e.costMilli])).toEqual([
      [1, true, 400],
      [2, true, 400],
      [3, true, 200],
      [4, true, 0],
    ]);
  });

  it('keeps to the total budget, and to each day’s own budget across midnight', () => {
    const midnight = Date.parse('2026-11-28T00:00:00Z');
    const batch = [event({ atMs: midnight - 2 }), event({ atMs: midnight - 1 }), event({ atMs: midnight + 1 }), event({ atMs: midnight + 2 })];
    const room = { dailyMilli: 500, totalMilli: 1_100, spentMilli: 0 };
    const judged = judgeBatch(batch, facts({}, room)).events.map((e) => e.costMilli);
    expect(judged).toEqual([400, 100, 400, 100]);
    const spent = judgeBatch(batch, facts({}, { ...room, spentMilli: 700 })).events.map((e) => e.costMilli);
    expect(spent).toEqual([400, 0, 0, 0]);
  });

  it('never charges invalid traffic: a flagged decision, or a bot’s receipt', () => {
    const { events } = judgeBatch([event({ flagged: true }), event({ bot: true }), event()], facts());
    expect(events.map((e) => [e.valid, e.costMilli])).toEqual([
      [false, 0],
      [false, 0],
      [true, 400],
    ]);
  });

  it('drops an identical receipt (a replayed log), and counts a second receipt of one event as an invalid duplicate', () => {
    const first = event();
    const replay = { ...first };
    const again = { ...first, at: new Date(NOON + 5_000) };
    const { events } = judgeBatch([first, replay, again], facts());
    expect(events.map((e) => [e.duplicate, e.valid, e.costMilli])).toEqual([
      [false, true, 400],
      [true, false, 0],
    ]);
    // Written by an earlier batch: the same receipt again is dropped, another one is a duplicate.
    const written = new Map([[`${first.decisionId}:2:${first.decidedAt.getTime()}`, { at: NOON, valid: true }]]);
    expect(judgeBatch([replay, again], facts({ written })).events.map((e) => e.duplicate)).toEqual([true]);
  });

  it('a click counts after its valid impression only, and within the address’s hourly rate', () => {
    const shown = event();
    const early = event({ kind: 3, decisionId: shown.decisionId, atMs: NOON - 1, priceMilli: 10 });
    const late = event({ kind: 3, decisionId: shown.decisionId, atMs: NOON + 1, priceMilli: 10, address: 'a' });
    expect(judgeBatch([shown, early], facts()).events.map((e) => [e.kind, e.valid])).toEqual([
      [3, false],
      [2, true],
    ]);
    const rated = facts({ clickRates: new Map([[`a:7:${Date.parse('2026-11-27T12:00:00Z')}`, CLICKS_PER_ADDRESS_HOUR]]) });
    expect(judgeBatch([shown, late], rated).events.map((e) => e.valid)).toEqual([true, false]);
    const { events, addRates } = judgeBatch([shown, late], facts());
    expect(events.map((e) => e.valid)).toEqual([true, true]);
    expect(addRates).toEqual([{ address: 'a', campaignId: 7, hour: new Date('2026-11-27T12:00:00Z'), clicks: 1 }]);
  });
});

describe("a local log's requests", () => {
  const origin = { log: 'l', parts: [{ segment: 3, first: 8, count: 2 }, { segment: 4, first: 0, count: 2 }] };

  it('drops the requests at or before the mark, keeping impressions and clicks (their rows tell)', () => {
    const batch = [event({ kind: 1 }), event({ kind: 2 }), event({ kind: 1 }), event({ kind: 1 })];
    expect(unmarked(batch, origin, null)).toEqual(batch);
    expect(unmarked(batch, origin, { segment: 3, line: 9 })).toEqual([batch[1], batch[2], batch[3]]);
    expect(unmarked(batch, origin, { segment: 4, line: 0 })).toEqual([batch[1], batch[3]]);
  });

  it('moves the mark to the batch’s last position, never back (a replayed batch may lie before it)', () => {
    expect(markAfter(origin, null)).toEqual({ segment: 4, line: 1 });
    expect(markAfter(origin, { segment: 3, line: 20 })).toEqual({ segment: 4, line: 1 });
    expect(markAfter(origin, { segment: 5, line: 0 })).toEqual({ segment: 5, line: 0 });
  });

  it('counts requests by slot, hour, region and device: valid, filled, invalid', () => {
    const batch = [
      event({ kind: 1, atMs: NOON + 5 }),
      event({ kind: 1, atMs: NOON + 9, placementId: null }),
      event({ kind: 1, atMs: NOON + 3_600_000, bot: true }),
      event({ kind: 1, atMs: NOON + 3_600_001, flagged: true }),
      event({ kind: 2 }),
    ];
    const { tracked, requests } = countRequests(batch);
    expect(tracked).toEqual([batch[4]]);
    expect(requests).toEqual([
      { slotId: 1, hour: new Date(NOON), region: '', device: 'desktop', requests: 2, filled: 1, invalid: 0 },
      { slotId: 1, hour: new Date(NOON + 3_600_000), region: '', device: 'desktop', requests: 0, filled: 0, invalid: 2 },
    ]);
  });
});
