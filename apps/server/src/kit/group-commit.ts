/**
 * Group commit: `run` takes what was submitted in batches, each holding what arrived while the
 * batches before it ran (at most `max`), with at most `parallel` batches running at once (one by
 * default). A lone call runs at once; a burst shares transactions instead of queueing one per
 * call, and a second batch in flight lets the database work on one while this process prepares or
 * answers the other. `run` answers each item, in order; when it throws, every item of that batch
 * gets the error. With `parallel` > 1, `run` must be safe beside itself (as beside another process).
 */
export const groupCommit = <I, O>(run: (items: I[]) => Promise<O[]>, max: number, parallel = 1) => {
  let waiting: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  let running = 0;

  const drain = async () => {
    running++;
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
    running--;
  };

  return (item: I) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (running < parallel) void drain();
    });
};
