// Helpers of the event log tests.

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
