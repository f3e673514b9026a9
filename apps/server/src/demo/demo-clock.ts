import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The clock the seed's services read: the seed sets it to when each thing happened, so that what it
 * makes through the services (a deletion 27 days ago, a review this morning) is dated as the pages
 * and the notifications say. Unset, it is the real time.
 */
export interface DemoClock {
  now: () => Date;
  set: (at: Date | null) => void;
  /**
   * Runs `fn` with the clock reading `at` in it and in everything it awaits, while other work runs
   * at times of its own (the delivery history's visitors, served concurrently as a running server
   * serves them). Work `fn` sets off that outlives it (a log's writer it woke) reads the clock `set`.
   */
  during: <T>(at: Date, fn: () => Promise<T>) => Promise<T>;
}
/** `real`: what "unset" reads, the real time unless a test starts the demo on a day of its choosing. */
export const createDemoClock = (real: () => Date = () => new Date()): DemoClock => {
  let fixed: Date | null = null;
  // Created on the first `during`, and disabled with the clock (no async hooks outside the seed).
  let local: AsyncLocalStorage<{ at: Date; over: boolean }> | undefined;
  return {
    now: () => {
      const own = local?.getStore();
      return own && !own.over ? own.at : (fixed ?? real());
    },
    set: (at) => {
      fixed = at;
      if (at === null) {
        local?.disable();
        local = undefined;
      }
    },
    during: (at, fn) => {
      const own = { at, over: false };
      return (local ??= new AsyncLocalStorage()).run(own, fn).finally(() => (own.over = true));
    },
  };
};
