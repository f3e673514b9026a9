import type { EventRow } from './delivery.repository';

// Events wait in memory and go to the database in batches: one statement per batch appends them and
// rolls them up (delivery.repository.ts `appendEvents`), in the transaction that charges the
// campaigns. A crash loses at most what is still in the buffer, never a rollup or a charge already
// written. A failed batch stays first in line; past `maxBuffer` the oldest events are dropped (and
// reported), so a database outage cannot exhaust memory.

export interface IngestOptions {
  /** Writes one batch (appends, rolls up, charges) in one transaction. */
  write: (batch: EventRow[]) => Promise<void>;
  /** A batch goes when it has this many events, or after `intervalMs`. */
  batchSize: number;
  intervalMs: number;
  maxBuffer: number;
  onError: (err: unknown) => void;
}

export const createIngest = (o: IngestOptions) => {
  let buffer: EventRow[] = [];
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;

  const flushOnce = async () => {
    while (buffer.length) {
      // Out of the buffer while it is written (drops never touch it); back in front if it fails.
      const batch = buffer.splice(0, o.batchSize);
      try {
        await o.write(batch);
      } catch (err) {
        buffer = batch.concat(buffer);
        o.onError(err);
        return;
      }
    }
  };

  /** Writes everything buffered (one flush at a time; a second caller waits for the same one and the next). */
  const flush = async (): Promise<void> => {
    while (running) await running;
    if (!buffer.length) return;
    running = flushOnce().finally(() => {
      running = null;
    });
    await running;
  };

  const push = (e: EventRow) => {
    buffer.push(e);
    if (buffer.length > o.maxBuffer) {
      // A tenth at a time: one report per tenth lost, not one per event.
      const over = buffer.length - Math.floor(o.maxBuffer * 0.9);
      buffer = buffer.slice(over);
      o.onError(new Error(`delivery events dropped: ${over} (the buffer is full while batches fail)`));
    }
    if (buffer.length >= o.batchSize && !running) void flush();
  };

  const start = () => {
    if (o.intervalMs > 0 && !timer) {
      timer = setInterval(() => void flush(), o.intervalMs);
      timer.unref();
    }
  };
  const stop = async () => {
    clearInterval(timer);
    timer = undefined;
    await flush();
  };

  return { push, flush, start, stop };
};
export type Ingest = ReturnType<typeof createIngest>;
