/**
 * The clock the seed's services read: the seed sets it to when each thing happened, so that what it
 * makes through the services (a deletion 27 days ago, a review this morning) is dated as the pages
 * and the notifications say. Unset, it is the real time.
 */
export interface DemoClock {
  now: () => Date;
  set: (at: Date | null) => void;
}
export const createDemoClock = (): DemoClock => {
  let fixed: Date | null = null;
  return { now: () => fixed ?? new Date(), set: (at) => void (fixed = at) };
};
