import type { ModuleDeps, ServerModule } from '../module';
import { overviewRoutes } from './overview.routes';
import { createOverviewService } from './overview.service';

type Deps = Parameters<typeof createOverviewService>[0];

/** The overview dashboards: the reports' figures with records by status, pacing, to-dos and queues. */
export const overviewModule = ({ db, now, insights, funnel }: ModuleDeps & Pick<Deps, 'insights' | 'funnel'>) => {
  const overview = createOverviewService({ db, insights, funnel, now });
  return {
    services: { overview },
    routes: (api) => overviewRoutes(api, overview),
  } satisfies ServerModule;
};
