import type { ModuleDeps, ServerModule } from '../module';
import { analyticsRoutes } from './analytics.routes';
import { createAnalyticsService } from './analytics.service';

type Deps = Parameters<typeof createAnalyticsService>[0];

/** The overview dashboards: the reports' figures with records by status, pacing, to-dos and queues. */
export const analyticsModule = ({ db, now, insights, funnel }: ModuleDeps & Pick<Deps, 'insights' | 'funnel'>) => {
  const analytics = createAnalyticsService({ db, insights, funnel, now });
  return {
    services: { analytics },
    routes: (api) => analyticsRoutes(api, analytics),
  } satisfies ServerModule;
};
