// Helpers of the event log tests.
import type { EventLog } from './event-log';

/** A promise with its resolvers outside. */
export const deferred = <T = void>() => {
  let resolve!: (v: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

/** Resolves once `stream` has printed `n` lines (no timers: the test waits for output, not time). */
export const untilLines = (stream: NodeJS.ReadableStream, n: number) =>
  new Promise<void>((resolve, reject) => {
    let lines = 0;
    const onData = (d: Buffer) => {
      for (let i = d.indexOf(10); i >= 0; i = d.indexOf(10, i + 1)) lines++;
      if (lines >= n) {
        stream.off('data', onData);
        resolve();
      }
    };
    stream.on('data', onData);
    stream.once('end', () => reject(new Error(`the child ended after ${lines} lines`)));
  });

/** The numbers a crash child printed, one a line: the ids of its answered appends. */
export const printedIds = (stdout: string) =>
  stdout
    .split('\n')
    .filter((l) => /^\d+$/.test(l))
    .map(Number);

/**
 * Steady traffic for a second: `log` is started with a write that takes 2 ms, then one event is
 * appended at a time, each once the last is durable; then a flush. Answers the ids appended, the
 * batches handed to the writer, and how many intervals of `intervalMs` passed while appending.
 */
export const steadyTraffic = async (log: EventLog<{ id: number }>, intervalMs: number) => {
  const batches: { id: number }[][] = [];
  await log.start(async (b) => {
    await new Promise((resolve) => setTimeout(resolve, 2));
    batches.push(b);
  });
  const t0 = performance.now();
  let n = 0;
  while (performance.now() - t0 < 1000) await log.append([{ id: n++ }]);
  const intervals = Math.floor((performance.now() - t0) / intervalMs);
  await log.flush();
  return { ids: Array.from({ length: n }, (_, i) => i), batches, intervals };
};
