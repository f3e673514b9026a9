import type { Exchange } from './delivery.repository';
import { dayOf, pacedShare, type CampaignRules } from './rules';

// Budget pacing in one process. A decision debits the campaign's local allowance without waiting;
// the allowance comes in bounded slices from the database (delivery.repository.ts `exchangeSlice`),
// which never hands out more than the paced share of the daily budget nor more than the total
// budget left, across every process. What a process did not use goes back every SETTLE_MS and when
// it stops. So a burst on any number of processes spends at most what was handed out.

/** Each slice: a fiftieth of the daily budget, and at least twenty decisions' worth. */
export const sliceOf = (c: Pick<CampaignRules, 'dailyBudgetMilli'>, reserveMilli: number) =>
  Math.max(Math.ceil(c.dailyBudgetMilli / 50), reserveMilli * 20);

/** How long a refused grant (ahead of pace, or the budget spent) waits before asking again. */
const REFUSED_WAIT_MS = 5_000;
const FAILED_WAIT_MS = 1_000;

interface State {
  campaign: CampaignRules;
  /** The UTC day of what it holds (null: nothing yet). */
  day: string | null;
  /** Granted since the last settle (what the database counts as held by this process). */
  held: number;
  /** What decisions may still debit. */
  allowance: number;
  slice: number;
  busy: Promise<void> | null;
  retryAt: number;
  /** The campaign's budget changed since its slices were taken: they go back before any debit. */
  rebudget: boolean;
}

export const createPacer = (deps: {
  exchange: (x: Exchange) => Promise<number>;
  now: () => Date;
  onError: (err: unknown) => void;
}) => {
  const states = new Map<number, State>();

  const stateOf = (c: CampaignRules, reserve: number) => {
    let st = states.get(c.id);
    if (!st) {
      st = { campaign: c, day: null, held: 0, allowance: 0, slice: 0, busy: null, retryAt: 0, rebudget: false };
      states.set(c.id, st);
    }
    if (st.campaign.dailyBudgetMilli !== c.dailyBudgetMilli || st.campaign.totalBudgetMilli !== c.totalBudgetMilli) st.rebudget = true;
    st.campaign = c;
    st.slice = sliceOf(c, reserve);
    return st;
  };

  /**
   * One trip to the database, one at a time per campaign: gives back what is unused when `settle`
   * (or the day changed), and asks for `want` more.
   */
  const trip = (st: State, settle: boolean, want: number) => {
    if (st.busy) return st.busy;
    const at = deps.now();
    const today = dayOf(at);
    const giveBack = settle || (st.day !== null && st.day !== today);
    const before = { day: st.day, held: st.held, allowance: st.allowance };
    // What goes back is frozen while the trip is out: no decision may debit it meanwhile.
    if (giveBack) st.allowance = 0;
    const c = st.campaign;
    st.busy = deps
      .exchange({
        campaignId: c.id,
        heldDay: giveBack ? before.day : null,
        heldMilli: giveBack ? before.held : 0,
        unusedMilli: giveBack ? before.allowance : 0,
        today,
        pacedDailyMilli: Math.floor(c.dailyBudgetMilli * pacedShare(c, at)),
        wantMilli: want,
      })
      .then(
        (grant) => {
          if (giveBack) {
            st.held = grant;
            st.allowance += grant;
          } else {
            st.held += grant;
            st.allowance += grant;
          }
          st.day = today;
          if (want > 0 && grant === 0) st.retryAt = Date.now() + REFUSED_WAIT_MS;
        },
        (err) => {
          // Rolled back: the database still counts what this process held.
          if (giveBack) st.allowance += before.allowance;
          st.retryAt = Date.now() + FAILED_WAIT_MS;
          deps.onError(err);
        },
      )
      .finally(() => {
        st.busy = null;
      });
    return st.busy;
  };

  const topUp = (st: State) => {
    if (st.busy || Date.now() < st.retryAt) return;
    void trip(st, false, st.slice);
  };

  /** Takes `reserve` from the campaign's allowance, or refuses (and asks for more without waiting). */
  const tryDebit = (c: CampaignRules, reserve: number, at: Date): boolean => {
    const st = stateOf(c, reserve);
    if (st.rebudget) {
      if (!st.busy) void rebudget(st);
      return false;
    }
    if (st.day !== null && st.day !== dayOf(at)) {
      // A new day: yesterday's slice goes back, today's comes.
      if (!st.busy) void trip(st, true, st.slice);
      return false;
    }
    if (st.allowance >= reserve) {
      st.allowance -= reserve;
      if (st.allowance < st.slice / 2) topUp(st);
      return true;
    }
    topUp(st);
    return false;
  };

  /** Gives back what was taken under the old budget and takes a slice of the new one. */
  const rebudget = async (st: State) => {
    if (st.busy) await st.busy;
    st.rebudget = false;
    await trip(st, true, st.slice);
  };

  /**
   * After a reload: a campaign whose budget changed gives back what it holds and takes a slice of
   * the new budget (a lowered budget must not be spent from slices of the old one); the others ask
   * for a first slice if they have none, so the first decisions find one.
   */
  const prime = async (campaigns: Iterable<{ campaign: CampaignRules; reserve: number }>) => {
    const trips: Promise<void>[] = [];
    for (const { campaign, reserve } of campaigns) {
      const st = stateOf(campaign, reserve);
      if (st.rebudget) trips.push(rebudget(st));
      else if (st.allowance < st.slice / 2 && !st.busy && Date.now() >= st.retryAt) trips.push(trip(st, false, st.slice));
    }
    await Promise.all(trips);
  };

  /** Gives back every unused allowance and takes a fresh slice (or none: `keep` false, on stop). */
  const settle = async (keep: boolean, onlyIds?: Set<number>) => {
    const trips: Promise<void>[] = [];
    for (const [id, st] of states) {
      if (onlyIds && !onlyIds.has(id)) continue;
      if (st.busy) await st.busy;
      if (st.held === 0 && !keep) continue;
      trips.push(trip(st, true, keep ? st.slice : 0));
    }
    await Promise.all(trips);
    if (!keep) for (const [id, st] of states) if (st.held === 0 && (!onlyIds || onlyIds.has(id))) states.delete(id);
  };

  /** Campaigns no longer served: what they hold goes back. */
  const forget = async (servedIds: Set<number>) => {
    const gone = new Set([...states.keys()].filter((id) => !servedIds.has(id)));
    if (gone.size) await settle(false, gone);
  };

  const idle = async () => {
    await Promise.all([...states.values()].map((st) => st.busy));
  };

  return { tryDebit, prime, settle, forget, idle };
};
export type Pacer = ReturnType<typeof createPacer>;
