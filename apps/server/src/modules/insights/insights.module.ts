import type { ModuleDeps, ServerModule } from '../module';
import { insightsRoutes } from './insights.routes';
import { createInsightsService } from './insights.service';
import { createSavedReportsService } from './saved-reports.service';

/** Data insights: reports over delivery's rollups, and each user's saved reports. */
export const insightsModule = ({ db, now }: ModuleDeps) => {
  const insights = createInsightsService({ db, now });
  const savedReports = createSavedReportsService({ db, now });
  return {
    services: { insights, savedReports },
    routes: (api) => insightsRoutes(api, insights, savedReports),
  } satisfies ServerModule;
};
