import type { Config } from '../../config';
import type { ModuleDeps, ServerModule } from '../module';
import { campaignKind } from './campaigns.repository';
import { campaignsRoutes } from './campaigns.routes';
import { createCampaignsService } from './campaigns.service';

type Deps = Parameters<typeof createCampaignsService>[0];

/** Advertisers' campaigns, their review and their schedule. */
export const campaignsModule = ({
  db,
  now,
  links,
  audit,
  notifications,
  assets,
  placements,
  config,
}: ModuleDeps & Pick<Deps, 'links' | 'audit' | 'notifications' | 'assets' | 'placements'> & { config: Pick<Config, 'CAMPAIGN_SCHEDULE_INTERVAL_SECONDS'> }) => {
  const campaigns = createCampaignsService({ db, links, audit, notifications, assets, placements, now });
  return {
    services: { campaigns },
    kinds: [campaignKind],
    routes: (api) => campaignsRoutes(api, campaigns),
    // Campaigns start and end at their dates, and end when their budget is spent.
    jobs: [
      {
        name: 'campaigns.schedule',
        intervalMs: config.CAMPAIGN_SCHEDULE_INTERVAL_SECONDS * 1000,
        firstAfterMs: 5_000,
        run: () => campaigns.runSchedule(),
      },
    ],
  } satisfies ServerModule;
};
