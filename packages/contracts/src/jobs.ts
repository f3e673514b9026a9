import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** A background job's health, as the fleet's shared schedule records it. Times are ISO strings. */
export const jobHealthSchema = z.object({
  /** e.g. `recycle.purge`, `storage.sweep`. */
  name: z.string(),
  intervalMs: z.number().int(),
  nextRunAt: z.string(),
  /** A run holds a lease that has not run out. */
  running: z.boolean(),
  /** The process running it (host, pid, tag) while running. */
  runningBy: z.string().nullable(),
  lastStartedAt: z.string().nullable(),
  lastFinishedAt: z.string().nullable(),
  lastResult: z.enum(['ok', 'failed']).nullable(),
  /** The last run's summary, or its failure. */
  lastMessage: z.string().nullable(),
  lastRunBy: z.string().nullable(),
});
export type JobHealth = z.infer<typeof jobHealthSchema>;

export const listJobs = defineEndpoint('jobs.listJobs', {
  summary: 'Every background job: interval, last run and its result, next run, whether it runs now (staff)',
  tag: 'Jobs',
  request: z.object({}),
  response: z.object({ items: z.array(jobHealthSchema) }),
});
