import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jobs } from '../../db/schema/jobs';

export type JobRow = typeof jobs.$inferSelect;

/**
 * Creates the job's row, its first run at `firstRunAt`. A row already there keeps its schedule (a
 * process starting does not add a run), brought forward to `latestRunAt` if the interval shrank.
 */
export const upsertJob = async (db: DbOrTx, job: { name: string; intervalMs: number; firstRunAt: Date; latestRunAt: Date }) => {
  await db
    .insert(jobs)
    .values({ name: job.name, intervalMs: job.intervalMs, nextRunAt: job.firstRunAt })
    .onConflictDoUpdate({
      target: jobs.name,
      set: { intervalMs: job.intervalMs, nextRunAt: sql`least(${jobs.nextRunAt}, ${job.latestRunAt})` },
    });
};

/**
 * Claims a due run: one UPDATE checks that the job is due and not held by a live lease, and moves
 * its next run on. Concurrent claims serialise on the row, and each re-checks the condition on the
 * row the winner wrote, so one claim per due time succeeds, whatever the number of processes.
 * `force` claims it whatever its next run (a process-local job: every process runs it).
 */
export const claimJob = async (
  db: DbOrTx,
  claim: { name: string; owner: string; at: Date; nextRunAt: Date; leaseUntil: Date; force?: boolean },
) => {
  const due = and(lte(jobs.nextRunAt, claim.at), or(isNull(jobs.runningBy), lte(jobs.leaseUntil, claim.at)));
  const [row] = await db
    .update(jobs)
    .set({ runningBy: claim.owner, leaseUntil: claim.leaseUntil, lastStartedAt: claim.at, nextRunAt: claim.nextRunAt })
    .where(claim.force ? eq(jobs.name, claim.name) : and(eq(jobs.name, claim.name), due))
    .returning({ name: jobs.name });
  return !!row;
};

/** Extends a run's lease; false when the run is no longer this owner's (its lease ran out and another took it). */
export const renewLease = async (db: DbOrTx, name: string, owner: string, leaseUntil: Date) =>
  (
    await db
      .update(jobs)
      .set({ leaseUntil })
      .where(and(eq(jobs.name, name), eq(jobs.runningBy, owner)))
      .returning({ name: jobs.name })
  ).length > 0;

/** Records how the run ended; frees the job only if this owner still holds it. */
export const finishJob = async (
  db: DbOrTx,
  end: { name: string; owner: string; at: Date; result: 'ok' | 'failed'; message: string | null },
) => {
  await db
    .update(jobs)
    .set({
      lastFinishedAt: end.at,
      lastResult: end.result,
      lastMessage: end.message,
      lastRunBy: end.owner,
      runningBy: sql`case when ${jobs.runningBy} = ${end.owner} then null else ${jobs.runningBy} end`,
      leaseUntil: sql`case when ${jobs.runningBy} = ${end.owner} then null else ${jobs.leaseUntil} end`,
    })
    .where(eq(jobs.name, end.name));
};

export const nextRunOf = async (db: DbOrTx, name: string) =>
  (await db.select({ nextRunAt: jobs.nextRunAt }).from(jobs).where(eq(jobs.name, name)))[0]?.nextRunAt;

export const listJobs = (db: DbOrTx) => db.select().from(jobs).orderBy(asc(jobs.name));
