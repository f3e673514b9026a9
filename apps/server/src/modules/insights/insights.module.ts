import type { IdentityService } from '../identity/identity.service';
import type { ModuleDeps, ServerModule } from '../module';
import type { NotificationsService } from '../notifications/notifications.service';
import { insightsRoutes } from './insights.routes';
import { createInsightsService } from './insights.service';
import { createSavedReportsService } from './saved-reports.service';
import { createScheduledReportsService } from './scheduled-reports.service';

/** Data insights: reports over delivery's rollups, and each user's saved reports and their schedules. */
export const insightsModule = ({
  db,
  now,
  logger,
  identity,
  notifications,
  config,
}: ModuleDeps & {
  identity: Pick<IdentityService, 'callerOf'>;
  notifications: Pick<NotificationsService, 'notify'>;
  config: { REPORT_SCHEDULE_INTERVAL_SECONDS: number };
}) => {
  const insights = createInsightsService({ db, now });
  const savedReports = createSavedReportsService({ db, now });
  const scheduledReports = createScheduledReportsService({ db, now, insights, savedReports, identity, notifications, logger });
  return {
    services: { insights, savedReports, scheduledReports },
    routes: (api) => insightsRoutes(api, insights, savedReports, scheduledReports),
    jobs: [
      {
        // Due schedules run (each once, whichever process claims it), and runs past their days go.
        name: 'insights.scheduled-reports',
        intervalMs: config.REPORT_SCHEDULE_INTERVAL_SECONDS * 1000,
        firstAfterMs: 30_000,
        run: async () => {
          const r = await scheduledReports.runDue();
          if (r.ran || r.cleared || r.failed || r.expired) logger?.info(r, 'scheduled reports');
          return r;
        },
      },
    ],
  } satisfies ServerModule;
};
