/**
 * Promise.all for the seed's independent steps, settled only once every step has: a step that fails
 * does not leave the others writing to a database the start-up is closing. Throws the first failure.
 */
export const together = async <T extends readonly unknown[]>(steps: { [K in keyof T]: Promise<T[K]> }): Promise<T> => {
  const results = await Promise.allSettled(steps);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
};
