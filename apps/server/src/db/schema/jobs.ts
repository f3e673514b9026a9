import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per background job (modules/jobs): the schedule every process of a fleet shares. A run is
 * claimed by moving `nextRunAt` on in the same UPDATE that checks it is due, so one process runs it
 * per interval; `runningBy` and `leaseUntil` mark the run in progress, and a lease that expires (a
 * crashed process) frees the job again.
 */
export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  /** As the last process to start configured it. */
  intervalMs: bigint('interval_ms', { mode: 'number' }).notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  /** The process running it now (host, pid, a random tag); null when idle. */
  runningBy: text('running_by'),
  /** A run not finished nor renewed by then is taken for dead. */
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  /** 'ok' or 'failed'; null before the first run ends. */
  lastResult: text('last_result').$type<'ok' | 'failed'>(),
  /** The run's summary, or the failure's message (short). */
  lastMessage: text('last_message'),
  /** Who ran it last. */
  lastRunBy: text('last_run_by'),
});
