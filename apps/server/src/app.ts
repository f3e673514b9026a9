import { FILE_LINK_HOURS } from '@ads/contracts';
import Fastify, { type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { accountsModule } from './modules/accounts/accounts.module';
import { adSlotsModule } from './modules/ad-slots/ad-slots.module';
import { forecastModule } from './modules/forecast/forecast.module';
import { overviewModule } from './modules/overview/overview.module';
import { assetsModule } from './modules/assets/assets.module';
import type { ImageUsage } from './modules/assets/assets.service';
import { auditModule } from './modules/audit/audit.module';
import { imageUsage as campaignImageUsage } from './modules/campaigns/campaigns.repository';
import { campaignsModule } from './modules/campaigns/campaigns.module';
import { conversionsModule } from './modules/conversions/conversions.module';
import { deliveryModule } from './modules/delivery/delivery.module';
import { identityModule } from './modules/identity/identity.module';
import { insightsModule } from './modules/insights/insights.module';
import { jobsModule } from './modules/jobs/jobs.module';
import type { JobsLogger } from './modules/jobs/jobs.service';
import type { ServerModule } from './modules/module';
import { notificationsModule } from './modules/notifications/notifications.module';
import { placementsModule } from './modules/placements/placements.module';
import { publisherContentModule } from './modules/publisher-content/publisher-content.module';
import { statusChangesModule } from './modules/status-changes/status-changes.module';
import type { StatusChangesService } from './modules/status-changes/status-changes.service';
import { storageUsageModule } from './modules/storage-usage/storage-usage.module';
import { videosModule } from './modules/videos/videos.module';
import { videoPlayLinks } from './modules/videos/videos.service';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { timeoutsPlugin } from './plugins/timeouts';
import { webPlugin } from './plugins/web';
import { createStorage } from './storage/create-storage';
import { createLinkSigner, loadLinkSecret } from './storage/signed-links';
import type { Storage } from './storage/storage';
import { ModuleStartError } from './startup-error';

export interface AppOptions {
  config: Config;
  database: Database;
  /** The clock every service reads; tests move it. */
  now?: () => Date;
  /** Extra routes (tests use this to prove undeclared routes stop the app). */
  extraRoutes?: FastifyPluginAsync;
  /** Where files live; a directory under DATA_DIR by default. */
  storage?: Storage;
  /** Which ads show which images; the campaigns module's ads by default (tests may pass a fake). */
  imageUsage?: ImageUsage;
}

type ModulesOptions = Pick<AppOptions, 'config' | 'database' | 'now' | 'storage' | 'imageUsage'> & {
  /** Work a request started and left running (a placements drain) that failed. */
  onError?: (err: unknown) => void;
  /** Where jobs report what they did (the app's log); none where no job runs. */
  logger?: JobsLogger;
};

type NamedModule = ServerModule & { name: string };

/** Every module but jobs, built in dependency order: each is given what it uses of the others. */
const createModules = ({
  config,
  database,
  now,
  storage = createStorage(config),
  imageUsage = campaignImageUsage,
  onError,
  logger,
}: ModulesOptions) => {
  const { db } = database;
  const secret = loadLinkSecret(config.FILE_LINK_SECRET, config.DATA_DIR);
  const links = createLinkSigner(secret, FILE_LINK_HOURS);
  const base = { db, now, logger };
  const audit = auditModule(base);
  const identity = identityModule({ ...base, config, audit: audit.services.audit });
  const notifications = notificationsModule({
    ...base,
    audit: audit.services.audit,
    menusOf: identity.services.identity.menusOf,
    listen: database.listen,
    authenticate: identity.services.identity.authenticate,
    config,
  });
  const later: { statusChanges?: StatusChangesService } = {};
  const accounts = accountsModule({
    ...base,
    audit: audit.services.audit,
    identity: identity.services.identity,
    notifications: notifications.services.notifications,
    // The accounts page's reactivate and close are recorded as status change requests. Status
    // changes apply through accounts, so they are built later: the call finds them by this name.
    recordDirectChange: (tx, change) => later.statusChanges!.recordDirect(tx, change),
  });
  const storageUsage = storageUsageModule({ ...base, storage, config });
  const { quota } = storageUsage.services;
  const notify = notifications.services.notifications;
  const record = audit.services.audit;
  const videos = videosModule({ ...base, storage, links, quota, notifications: notify });
  const assets = assetsModule({ ...base, storage, links, quota, notifications: notify, imageUsage, videos: videos.services.videos, config });
  const placements = placementsModule({ ...base, links, audit: record, notifications: notify, onError, config });
  const campaigns = campaignsModule({
    ...base,
    links,
    audit: record,
    notifications: notify,
    assets: assets.services.assets,
    placements: placements.services.placements,
    config,
  });
  const adSlots = adSlotsModule({ ...base, audit: record, notifications: notify, placements: placements.services.placements, onError });
  const conversions = conversionsModule({ ...base, audit: record, secret });
  const delivery = deliveryModule({
    ...base,
    listen: database.listen,
    links,
    secret,
    campaigns: campaigns.services.campaigns,
    tagCalls: adSlots.services.adSlots,
    placements: placements.services.placements,
    clickIdFor: conversions.services.conversions.clickIdFor,
    onError,
    config,
  });
  const statusChanges = statusChangesModule({
    ...base,
    audit: record,
    notifications: notify,
    identity: identity.services.identity,
    placements: placements.services.placements,
    appliers: {
      terminateCampaign: campaigns.services.campaigns.terminateIn,
      setAdSlotOnline: adSlots.services.adSlots.setOnlineIn,
      setAccountStatus: accounts.services.accounts.applyStatusIn,
    },
  });
  later.statusChanges = statusChanges.services.statusChanges;
  const publisherContent = publisherContentModule({
    ...base,
    audit: record,
    notifications: notify,
    videoLinks: (video, at) => videoPlayLinks(links, video, at),
  });
  const insights = insightsModule({ ...base, identity: identity.services.identity, notifications: notify, config });
  const overview = overviewModule({ ...base, insights: insights.services.insights, funnel: delivery.services.delivery.funnel });
  const forecast = forecastModule({ ...base, placements: placements.services.placements });
  // The order routes are registered in (the OpenAPI document follows it), jobs registered in, and
  // modules started and stopped in; the names say which one failed to start.
  const byName = { identity, accounts, audit, notifications, videos, assets, storageUsage, campaigns, adSlots, statusChanges, publisherContent, placements, conversions, delivery, insights, overview, forecast };
  const modules: NamedModule[] = Object.entries(byName).map(([name, m]: [string, ServerModule]) => ({ ...m, name }));
  const services = {
    ...identity.services,
    ...accounts.services,
    ...audit.services,
    ...notifications.services,
    ...storageUsage.services,
    ...assets.services,
    ...videos.services,
    ...campaigns.services,
    ...adSlots.services,
    ...statusChanges.services,
    ...publisherContent.services,
    ...placements.services,
    ...conversions.services,
    ...delivery.services,
    ...insights.services,
    ...overview.services,
    ...forecast.services,
    storage,
    links,
  };
  return { modules, services };
};

/** Every module's services, for code that calls them without HTTP (demo seeding, the CLI, tests, bench). */
export const createServices = (options: Omit<ModulesOptions, 'logger'>) => createModules(options).services;
export type Services = ReturnType<typeof createServices>;

/** Builds the HTTP app with every plugin and module registered; does not listen, nor start the modules (`start`). */
export const buildApp = async (options: AppOptions) => {
  const { config } = options;
  const logger: FastifyServerOptions['logger'] =
    config.LOG_LEVEL === 'silent'
      ? false
      : {
          level: config.LOG_LEVEL,
          redact: ['req.headers.authorization', 'req.body.password'],
          ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : {}),
        };
  const app = Fastify({
    logger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Fastify's default is no limit: a request that never finishes arriving would hold its connection for good.
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const built = createModules({ ...options, logger: app.log, onError: (err) => app.log.error({ err }, 'background work failed') });
  const { services } = built;
  // Last: it registers the others' jobs, and starts them after the others started and stops them after they stopped.
  const jobs = jobsModule({ db: options.database.db, now: options.now, logger: app.log, jobs: built.modules.flatMap((m) => m.jobs ?? []) });
  const modules: NamedModule[] = [...built.modules, { ...jobs, name: 'jobs' }];
  /**
   * Starts every module in order (delivery's event log, the jobs last), before the server listens:
   * a server that answers is whole. A failure says which module; the caller closes the app, which
   * stops them all.
   */
  const start = async () => {
    for (const m of modules) {
      try {
        await m.start?.();
      } catch (err) {
        throw new ModuleStartError(m.name, err);
      }
    }
  };
  app.addHook('onClose', async () => {
    for (const m of modules) await m.stop?.();
  });

  await app.register(errorsPlugin);
  await app.register(timeoutsPlugin, { bodyIdleMs: config.BODY_IDLE_TIMEOUT_SECONDS * 1000 });
  await app.register(securityPlugin);
  await app.register(authPlugin, { authenticate: services.identity.authenticate });
  await app.register(openapiPlugin);
  await app.register(async (api) => {
    for (const m of modules) await m.routes?.(api);
  });
  for (const m of modules) await m.publicRoutes?.(app);
  if (options.extraRoutes) await app.register(options.extraRoutes);
  await app.register(webPlugin, { root: config.WEB_DIST });

  return { app, services, jobs: jobs.services.jobs, start };
};
