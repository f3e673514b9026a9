import type { Config } from '../../config';
import type { ModuleDeps, ServerModule } from '../module';
import { placementsRoutes } from './placements.routes';
import { createPlacementsService } from './placements.service';

type Deps = Parameters<typeof createPlacementsService>[0];

/** Which ads may show on which slots, recomputed when either changes; the publisher's review. */
export const placementsModule = ({
  db,
  now,
  links,
  audit,
  notifications,
  onError,
  config,
}: ModuleDeps & Pick<Deps, 'links' | 'audit' | 'notifications' | 'onError'> & { config: Pick<Config, 'PLACEMENT_DRAIN_INTERVAL_SECONDS'> }) => {
  const placements = createPlacementsService({ db, links, audit, notifications, now, onError });
  return {
    services: { placements },
    routes: (api) => placementsRoutes(api, placements),
    // Placements made stale by a change are recomputed at once by the process that made it; the job
    // drains what a crash or another process left (the queue is shared, each item taken once).
    jobs: [
      {
        name: 'placements.drain',
        intervalMs: config.PLACEMENT_DRAIN_INTERVAL_SECONDS * 1000,
        firstAfterMs: 2_000,
        everyProcess: true,
        run: () => placements.drain(),
      },
    ],
    start: placements.start,
    stop: placements.stop,
  } satisfies ServerModule;
};
