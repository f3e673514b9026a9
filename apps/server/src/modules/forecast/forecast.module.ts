import type { ModuleDeps, ServerModule } from '../module';
import { forecastRoutes } from './forecast.routes';
import { createForecastService } from './forecast.service';

type Deps = Parameters<typeof createForecastService>[0];

/** The wizard's forecast: a campaign's daily impressions, clicks and spend from the slots' history and the competition. */
export const forecastModule = ({ db, now, placements }: ModuleDeps & Pick<Deps, 'placements'>) => {
  const forecast = createForecastService({ db, now, placements });
  return {
    services: { forecast },
    routes: (api) => forecastRoutes(api, forecast),
  } satisfies ServerModule;
};
