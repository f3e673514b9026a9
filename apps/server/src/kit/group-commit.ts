/**
 * Group commit: `run` takes what was submitted in batches, one batch at a time, each holding what
 * arrived while the one before it ran (at most `max`). A lone call runs at once; a burst shares
 * transactions instead of queueing one per call. `run` answers each item, in order; when it
 * throws, every item of that batch gets the error.
 */
export const groupCommit = <I, O>(run: (items: I[]) => Promise<O[]>, max: number) => {
  let waiting: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  let running = false;

  const drain = async () => {
    running = true;
    while (waiting.length) {
      const batch = waiting.slice(0, max);
      waiting = waiting.slice(batch.length);
      try {
        const out = await run(batch.map((b) => b.item));
        batch.forEach((b, i) => b.resolve(out[i]!));
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
    running = false;
  };

  return (item: I) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!running) void drain();
    });
};
