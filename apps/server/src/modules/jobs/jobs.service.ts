import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { JobHealth } from '@ads/contracts';
import type { Db } from '../../db/client';
import * as repo from './jobs.repository';

/** What a run reports: a sentence, or counts (`{images: 3, folders: 0}`), kept as the job's last message. */
export type JobSummary = string | Record<string, string | number | boolean> | undefined | void;

export interface JobDefinition {
  /** Unique and stable: the row in `jobs` is found by it (e.g. `recycle.purge`). */
  name: string;
  /** 0 or less: the job is off (not registered). */
  intervalMs: number;
  /**
   * No run sooner than this after a process starts (0 by default). The first process ever runs it
   * then; later ones keep the fleet's schedule (once per interval, a start adds no run).
   */
  firstAfterMs?: number;
  /** How long a run may go unrenewed before it is taken for dead and the job may run again (renewed while alive). */
  leaseMs?: number;
  /**
   * Work on this machine's own disk (its temp directory): every process runs it on its own timer,
   * instead of one process of the fleet per interval.
   */
  everyProcess?: boolean;
  run: () => Promise<JobSummary>;
}

export type JobOutcome = { ran: false } | { ran: true; result: 'ok' | 'failed'; message: string | null };

export interface JobsLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobsDeps {
  db: Db;
  now?: () => Date;
  logger?: JobsLogger;
  /** Names this process in the rows (host, pid, a random tag by default). */
  owner?: string;
}

const DEFAULT_LEASE_MS = 5 * 60_000;
const MESSAGE_MAX = 500;
/** setTimeout's longest delay (about 24.8 days). */
const MAX_DELAY_MS = 2 ** 31 - 1;

const describe = (summary: JobSummary): string | null => {
  if (summary === undefined) return null;
  const text =
    typeof summary === 'string'
      ? summary
      : Object.entries(summary)
          .map(([key, value]) => `${key} ${String(value)}`)
          .join(', ');
  return text.length > MESSAGE_MAX ? `${text.slice(0, MESSAGE_MAX - 1)}…` : text;
};

const toHealth = (row: repo.JobRow, at: Date): JobHealth => {
  const running = row.runningBy !== null && !!row.leaseUntil && row.leaseUntil > at;
  return {
    name: row.name,
    intervalMs: row.intervalMs,
    nextRunAt: row.nextRunAt.toISOString(),
    running,
    runningBy: running ? row.runningBy : null,
    lastStartedAt: row.lastStartedAt?.toISOString() ?? null,
    lastFinishedAt: row.lastFinishedAt?.toISOString() ?? null,
    lastResult: row.lastResult,
    lastMessage: row.lastMessage,
    lastRunBy: row.lastRunBy,
  };
};

/**
 * The registry of background jobs. Every process registers the same jobs and wakes on its own
 * timer; a run is claimed in the job's row (repo.claimJob), so across a fleet a job runs once per
 * interval. A claimed run holds a lease it renews while alive; one whose process died frees the job
 * once the lease runs out. Timers start with `start()` (once listening) and `stop()` awaits the runs
 * in progress.
 */
export const createJobs = ({
  db,
  now = () => new Date(),
  logger,
  owner = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
}: JobsDeps) => {
  const jobs = new Map<string, JobDefinition & { row?: Promise<void> }>();
  const timers = new Map<string, NodeJS.Timeout>();
  /** Runs and ticks in progress in this process: one run of a job at a time here, all awaited by stop(). */
  const busy = new Map<string, Promise<JobOutcome>>();
  const ticks = new Set<Promise<void>>();
  let started = false;
  let stopped = false;

  const leaseOf = (job: JobDefinition) => job.leaseMs ?? DEFAULT_LEASE_MS;
  const later = (ms: number) => new Date(now().getTime() + ms);

  /** The job's row, made once per process (the claim needs it). */
  const ensureRow = (job: JobDefinition & { row?: Promise<void> }) => {
    const { name, intervalMs, firstAfterMs = 0 } = job;
    job.row ??= repo.upsertJob(db, { name, intervalMs, firstRunAt: later(firstAfterMs), latestRunAt: later(intervalMs) }).catch((err: unknown) => {
      job.row = undefined;
      throw err;
    });
    return job.row;
  };

  const execute = async (job: JobDefinition): Promise<JobOutcome> => {
    const lease = leaseOf(job);
    const renew = setInterval(() => {
      repo.renewLease(db, job.name, owner, later(lease)).catch((err: unknown) => logger?.error({ err, job: job.name }, 'job lease renewal failed'));
    }, Math.max(1, Math.floor(lease / 3)));
    renew.unref();
    let result: 'ok' | 'failed' = 'ok';
    let message: string | null;
    try {
      message = describe(await job.run());
    } catch (err) {
      result = 'failed';
      message = describe(err instanceof Error ? err.message : String(err));
      logger?.error({ err, job: job.name }, 'job failed');
    } finally {
      clearInterval(renew);
    }
    await repo
      .finishJob(db, { name: job.name, owner, at: now(), result, message })
      .catch((err: unknown) => logger?.error({ err, job: job.name }, 'job result not recorded'));
    return { ran: true, result, message };
  };

  /** Runs the job if it is due and no one holds it (always, for an everyProcess job); what happened. */
  const runDue = (name: string): Promise<JobOutcome> => {
    const job = jobs.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    const current = busy.get(name);
    if (current) return current.then(() => ({ ran: false }));
    const work = (async (): Promise<JobOutcome> => {
      await ensureRow(job);
      const at = now();
      const claimed = await repo.claimJob(db, {
        name,
        owner,
        at,
        nextRunAt: new Date(at.getTime() + job.intervalMs),
        leaseUntil: new Date(at.getTime() + leaseOf(job)),
        force: job.everyProcess,
      });
      return claimed ? execute(job) : { ran: false };
    })();
    busy.set(name, work);
    return work.finally(() => busy.delete(name));
  };

  const schedule = (job: JobDefinition, delayMs: number) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      const tick = (async () => {
        if (stopped) return;
        await runDue(job.name).catch((err: unknown) => logger?.error({ err, job: job.name }, 'job not claimed'));
        schedule(job, await nextDelay(job));
      })();
      ticks.add(tick);
      void tick.finally(() => ticks.delete(tick));
    }, Math.min(Math.max(delayMs, 0), MAX_DELAY_MS));
    timer.unref();
    timers.set(job.name, timer);
  };

  /** Until the row's next run (another process may have run it meanwhile); while it runs elsewhere, a lease's time. */
  const nextDelay = async (job: JobDefinition) => {
    if (job.everyProcess || stopped) return job.intervalMs;
    const next = await repo.nextRunOf(db, job.name).catch(() => undefined);
    if (!next) return job.intervalMs;
    const wait = next.getTime() - now().getTime();
    return wait > 0 ? wait : Math.min(job.intervalMs, leaseOf(job));
  };

  const register = (job: JobDefinition) => {
    if (job.intervalMs <= 0) return false;
    if (jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
    jobs.set(job.name, { ...job });
    if (started) void startJob(jobs.get(job.name)!);
    return true;
  };

  const startJob = async (job: JobDefinition & { row?: Promise<void> }) => {
    try {
      await ensureRow(job);
      // Not before firstAfterMs after a start; then when the shared row says (another process may have run it lately).
      const next = job.everyProcess ? undefined : await repo.nextRunOf(db, job.name);
      schedule(job, Math.max(job.firstAfterMs ?? 0, next ? next.getTime() - now().getTime() : 0));
    } catch (err) {
      logger?.error({ err, job: job.name }, 'job not scheduled; retrying');
      schedule(job, Math.min(job.intervalMs, 60_000));
    }
  };

  /** Starts every registered job's timer (the first run after firstAfterMs, or when the shared row says). */
  const start = async () => {
    if (started || stopped) return;
    started = true;
    await Promise.all([...jobs.values()].map(startJob));
  };

  /** Stops the timers and waits for the runs in progress. */
  const stop = async () => {
    stopped = true;
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    await Promise.allSettled([...ticks, ...busy.values()]);
  };

  const list = async (): Promise<JobHealth[]> => {
    const at = now();
    return (await repo.listJobs(db)).map((row) => toHealth(row, at));
  };

  return { register, start, stop, runDue, list, owner };
};

export type Jobs = ReturnType<typeof createJobs>;
