import { describe, expect, it } from 'vitest';
import type { EventRow } from './delivery.repository';
import { createIngest } from './ingest';

const event = (n: number): EventRow => ({
  decidedAt: new Date(0),
  decisionId: n.toString(16).padStart(32, '0'),
  kind: 2,
  at: new Date(0),
  slotId: 1,
  placementId: 1,
  campaignId: 1,
  region: '',
  device: 'desktop',
  bot: false,
  flagged: false,
  address: null,
  priceMilli: 0,
});
const ids = (batch: EventRow[]) => batch.map((e) => parseInt(e.decisionId, 16));

describe('the event buffer', () => {
  it('writes in batches of its size, in order; a failed batch stays first in line for the next flush', async () => {
    const written: number[][] = [];
    let fail = true;
    const errors: unknown[] = [];
    const ingest = createIngest({
      write: async (batch) => {
        if (fail) throw new Error('database down');
        written.push(ids(batch));
      },
      batchSize: 3,
      intervalMs: 0,
      maxBuffer: 100,
      onError: (err) => errors.push(err),
    });
    for (let i = 1; i <= 2; i++) ingest.push(event(i));
    await ingest.flush();
    expect(errors).toHaveLength(1);
    fail = false;
    for (let i = 3; i <= 7; i++) ingest.push(event(i));
    await ingest.flush();
    expect(written).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7],
    ]);
  });

  it('past its bound drops the oldest waiting events (a tenth at a time, reported), never the batch being written', async () => {
    const errors: string[] = [];
    let release!: () => void;
    const written: number[][] = [];
    const ingest = createIngest({
      write: (batch) =>
        new Promise<void>((resolve) => {
          written.push(ids(batch));
          release = resolve;
        }),
      batchSize: 5,
      intervalMs: 0,
      maxBuffer: 20,
      onError: (err) => errors.push((err as Error).message),
    });
    for (let i = 1; i <= 5; i++) ingest.push(event(i)); // the fifth starts a batch of 1–5
    for (let i = 6; i <= 26; i++) ingest.push(event(i)); // 21 waiting: over 20, down to 18
    expect(errors).toEqual(['delivery events dropped: 3 (the buffer is full while batches fail)']);
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(written[0]).toEqual([1, 2, 3, 4, 5]);
    expect(written[1]).toEqual([9, 10, 11, 12, 13]);
  });
});
