import path from 'node:path';
import { FILE_LINK_HOURS } from '@ads/contracts';
import Fastify, { type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { adSlotsRoutes } from './modules/ad-slots/ad-slots.routes';
import { createAdSlotsService } from './modules/ad-slots/ad-slots.service';
import { assetsRoutes } from './modules/assets/assets.routes';
import { createAssetsService, type ImageUsage } from './modules/assets/assets.service';
import { createRecycleService } from './modules/assets/recycle.service';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes';
import { imageUsage as campaignImageUsage } from './modules/campaigns/campaigns.repository';
import { createCampaignsService } from './modules/campaigns/campaigns.service';
import { deliveryApiRoutes, deliveryRoutes } from './modules/delivery/delivery.routes';
import { createDeliveryService } from './modules/delivery/delivery.service';
import { createEventStream } from './modules/delivery/event-stream';
import { identityRoutes } from './modules/identity/identity.routes';
import { insightsRoutes } from './modules/insights/insights.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { createInsightsService } from './modules/insights/insights.service';
import { createSavedReportsService } from './modules/insights/saved-reports.service';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { createIdentityService } from './modules/identity/identity.service';
import { createAuditService } from './modules/audit/audit.service';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { createJobs } from './modules/jobs/jobs.service';
import { placementsRoutes } from './modules/placements/placements.routes';
import { createPlacementsService } from './modules/placements/placements.service';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createStorageQuotaService } from './modules/storage-usage/storage-quota.service';
import { createStorageSweepService } from './modules/storage-usage/storage-sweep.service';
import { storageUsageRoutes } from './modules/storage-usage/storage-usage.routes';
import { videosRoutes } from './modules/videos/videos.routes';
import { createVideosService } from './modules/videos/videos.service';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { timeoutsPlugin } from './plugins/timeouts';
import { webPlugin } from './plugins/web';
import { createStorage } from './storage/create-storage';
import { createLinkSigner, loadLinkSecret } from './storage/signed-links';
import type { Storage } from './storage/storage';

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

export const createServices = ({
  config,
  database,
  now,
  storage = createStorage(config),
  imageUsage = campaignImageUsage,
  onError,
}: Pick<AppOptions, 'config' | 'database' | 'now' | 'storage' | 'imageUsage'> & {
  /** Work a request started and left running (a placements drain) that failed. */
  onError?: (err: unknown) => void;
}) => {
  const { db } = database;
  const secret = loadLinkSecret(config.FILE_LINK_SECRET, config.DATA_DIR);
  const links = createLinkSigner(secret, FILE_LINK_HOURS);
  const identity = createIdentityService({ db, config, now });
  const audit = createAuditService({ db, now });
  const notifications = createNotificationsService({ db, audit, menusOf: identity.menusOf, now });
  const quota = createStorageQuotaService({
    db,
    quotaBytes: config.STORAGE_QUOTA_MB * 1024 * 1024,
    maxOpenUploads: config.MAX_OPEN_UPLOADS_PER_USER,
    now,
  });
  const assets = createAssetsService({ db, storage, links, quota, notifications, imageUsage, now });
  const uploadDir = path.join(config.DATA_DIR, 'video-uploads');
  const videos = createVideosService({ db, storage, links, quota, notifications, now });
  const recycle = createRecycleService({ db, assets, videos, links, notifications, now });
  const sweep = createStorageSweepService({ db, storage, uploadDir, now });
  const placements = createPlacementsService({ db, links, audit, notifications, now, onError });
  const campaigns = createCampaignsService({ db, links, audit, notifications, assets, placements, now });
  const adSlots = createAdSlotsService({ db, audit, notifications, placements, now });
  const delivery = createDeliveryService({
    db,
    listen: database.listen,
    links,
    secret,
    campaigns,
    tagCalls: adSlots,
    placements,
    events: createEventStream({
      url: config.EVENTS_URL,
      stream: config.EVENTS_STREAM,
      dir: path.join(config.DATA_DIR, 'events'),
      batchSize: config.DELIVERY_BATCH_SIZE,
      intervalMs: config.DELIVERY_FLUSH_MS,
      onError: onError ?? (() => {}),
    }),
    config: {
      refreshSeconds: config.DELIVERY_REFRESH_SECONDS,
      settleSeconds: config.PACING_SETTLE_SECONDS,
      retentionDays: config.DELIVERY_RETENTION_DAYS,
    },
    now,
    onError,
  });
  const insights = createInsightsService({ db });
  const savedReports = createSavedReportsService({ db, now });
  const analytics = createAnalyticsService({ db, insights, funnel: delivery.funnel, now });
  return { identity, audit, notifications, quota, assets, videos, recycle, sweep, campaigns, adSlots, placements, delivery, insights, savedReports, analytics, storage, links };
};
export type Services = ReturnType<typeof createServices>;

/** Builds the HTTP app with every plugin and module registered; does not listen. */
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

  const services = createServices({ ...options, onError: (err) => app.log.error({ err }, 'background work failed') });

  // Background jobs (modules/jobs): each runs once per interval across a fleet, claimed in its row;
  // timers start once listening and stop on close, awaiting a run in progress. Interval 0: off.
  const jobs = createJobs({ db: options.database.db, now: options.now, logger: app.log });
  jobs.register({
    name: 'recycle.purge',
    intervalMs: config.PURGE_INTERVAL_MINUTES * 60_000,
    firstAfterMs: 5_000,
    run: async () => {
      const r = await services.recycle.purgeExpired();
      if (r.ran && (r.images || r.folders || r.videos || r.reminded)) app.log.info(r, 'recycle bin purged');
      return r.ran ? { images: r.images, folders: r.folders, videos: r.videos, reminded: r.reminded } : 'another purge held the lock';
    },
  });
  // Leftovers of crashes and refused uploads: swept soon after start, then every SWEEP_INTERVAL_HOURS.
  // The shared file store once per fleet; each machine's own temp directory by every process.
  const sweepMs = config.SWEEP_INTERVAL_HOURS * 3_600_000;
  jobs.register({
    name: 'storage.sweep',
    intervalMs: sweepMs,
    firstAfterMs: 10_000,
    run: async () => {
      const r = await services.sweep.sweep();
      if (r.spools || r.temporary || r.files || r.uploadDirs || r.sideFiles) app.log.info(r, 'storage swept');
      const { ran, ...counts } = r;
      return ran ? counts : 'another sweep held the lock';
    },
  });
  jobs.register({
    name: 'storage.sweep-spools',
    intervalMs: sweepMs,
    firstAfterMs: 10_000,
    everyProcess: true,
    run: async () => {
      const r = await services.sweep.sweepSpools();
      if (r.spools) app.log.info(r, 'upload spools swept');
      return r;
    },
  });
  // Campaigns start and end at their dates, and end when their budget is spent.
  jobs.register({
    name: 'campaigns.schedule',
    intervalMs: config.CAMPAIGN_SCHEDULE_INTERVAL_SECONDS * 1000,
    firstAfterMs: 5_000,
    run: () => services.campaigns.runSchedule(),
  });
  // Placements made stale by a change are recomputed at once by the process that made it; the job
  // drains what a crash or another process left (the queue is shared, each item taken once).
  jobs.register({
    name: 'placements.drain',
    intervalMs: config.PLACEMENT_DRAIN_INTERVAL_SECONDS * 1000,
    firstAfterMs: 2_000,
    everyProcess: true,
    run: () => services.placements.drain(),
  });
  // Raw delivery events past their retention go a whole day's partition at a time.
  jobs.register({
    name: 'delivery.retention',
    intervalMs: 3_600_000,
    firstAfterMs: 60_000,
    run: () => services.delivery.dropExpiredEvents(),
  });
  // The books: ledger, campaigns' spend, rollups and raw events agree to the milli, budgets hold.
  jobs.register({
    name: 'delivery.reconcile',
    intervalMs: 3_600_000,
    firstAfterMs: 5 * 60_000,
    run: () => services.delivery.reconcileBooks(),
  });
  app.addHook('onListen', async () => {
    services.placements.start();
    await services.delivery.start();
    await jobs.start();
  });
  app.addHook('onClose', async () => {
    await services.placements.stop();
    await services.delivery.stop();
    await jobs.stop();
  });

  await app.register(errorsPlugin);
  await app.register(timeoutsPlugin, { bodyIdleMs: config.BODY_IDLE_TIMEOUT_SECONDS * 1000 });
  await app.register(securityPlugin);
  await app.register(authPlugin, { authenticate: services.identity.authenticate });
  await app.register(openapiPlugin);
  await app.register(async (api) => {
    identityRoutes(api, services.identity);
    notificationsRoutes(api, services.notifications);
    await videosRoutes(api, services.videos);
    await assetsRoutes(api, services.assets, services.recycle);
    storageUsageRoutes(api, services.quota);
    campaignsRoutes(api, services.campaigns);
    adSlotsRoutes(api, services.adSlots);
    placementsRoutes(api, services.placements);
    deliveryApiRoutes(api, services.delivery);
    insightsRoutes(api, services.insights, services.savedReports);
    analyticsRoutes(api, services.analytics);
    jobsRoutes(api, jobs);
  });
  // Public, outside /api: the ad slot tag's script, its ad requests, impressions and clicks.
  deliveryRoutes(app, services.delivery);
  if (options.extraRoutes) await app.register(options.extraRoutes);
  await app.register(webPlugin, { root: config.WEB_DIST });

  return { app, services, jobs };
};
