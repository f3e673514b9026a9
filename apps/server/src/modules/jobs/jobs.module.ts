import type { ModuleDeps, ServerModule } from '../module';
import { jobsRoutes } from './jobs.routes';
import { createJobs, type JobDefinition } from './jobs.service';

/**
 * The other modules' background jobs: each runs once per interval across a fleet, claimed in its
 * row; timers start before the server listens, after the other modules, and stop on close, awaiting a run in progress. Interval 0: off.
 */
export const jobsModule = ({ db, now, logger, jobs: definitions }: ModuleDeps & { jobs: readonly JobDefinition[] }) => {
  const jobs = createJobs({ db, now, logger });
  for (const job of definitions) jobs.register(job);
  return {
    services: { jobs },
    routes: (api) => jobsRoutes(api, jobs),
    start: jobs.start,
    stop: jobs.stop,
  } satisfies ServerModule;
};
