import type { Config } from '../../config';
import type { ModuleDeps, ServerModule } from '../module';
import { deliveryApiRoutes, deliveryRoutes } from './delivery.routes';
import { createDeliveryService } from './delivery.service';
import { createEventStream } from './event-stream';
import { eventStreamPlaceOf, explainEventStreamError } from './event-stream-start';

type Deps = Parameters<typeof createDeliveryService>[0];
type DeliveryConfig = Pick<
  Config,
  | 'EVENTS_URL'
  | 'EVENTS_STREAM'
  | 'DATA_DIR'
  | 'DELIVERY_BATCH_SIZE'
  | 'DELIVERY_FLUSH_MS'
  | 'DELIVERY_REFRESH_SECONDS'
  | 'PACING_SETTLE_SECONDS'
  | 'DELIVERY_RETENTION_DAYS'
>;

/** Ad decisions and tracking (/serve/…, public), the event stream, the ledger and its books. */
export const deliveryModule = ({
  db,
  now,
  listen,
  links,
  secret,
  campaigns,
  tagCalls,
  placements,
  clickIdFor,
  onError,
  config,
}: ModuleDeps & Pick<Deps, 'listen' | 'links' | 'secret' | 'campaigns' | 'tagCalls' | 'placements' | 'clickIdFor' | 'onError'> & { config: DeliveryConfig }) => {
  const place = eventStreamPlaceOf(config);
  const events = createEventStream({
    ...place,
    batchSize: config.DELIVERY_BATCH_SIZE,
    intervalMs: config.DELIVERY_FLUSH_MS,
    onError: onError ?? (() => {}),
  });
  const delivery = createDeliveryService({
    db,
    listen,
    links,
    secret,
    campaigns,
    tagCalls,
    placements,
    clickIdFor,
    // A log that cannot start (NATS unreachable, DATA_DIR/events taken) fails the server's start
    // with a message naming EVENTS_URL or DATA_DIR, not with the client library's error.
    events: { ...events, start: (write) => events.start(write).catch((err: unknown) => Promise.reject(explainEventStreamError(err, place))) },
    config: {
      refreshSeconds: config.DELIVERY_REFRESH_SECONDS,
      settleSeconds: config.PACING_SETTLE_SECONDS,
      retentionDays: config.DELIVERY_RETENTION_DAYS,
    },
    now,
    onError,
  });
  return {
    services: { delivery },
    routes: (api) => deliveryApiRoutes(api, delivery),
    // Public, outside /api: the ad slot tag's script, its ad requests, impressions and clicks.
    publicRoutes: (app) => deliveryRoutes(app, delivery),
    jobs: [
      // Raw delivery events past their retention go a whole day's partition at a time.
      {
        name: 'delivery.retention',
        intervalMs: 3_600_000,
        firstAfterMs: 60_000,
        run: () => delivery.dropExpiredEvents(),
      },
      // The books: ledger, campaigns' spend, rollups and raw events agree to the milli, budgets hold.
      {
        name: 'delivery.reconcile',
        intervalMs: 3_600_000,
        firstAfterMs: 5 * 60_000,
        run: () => delivery.reconcileBooks(),
      },
    ],
    start: delivery.start,
    stop: delivery.stop,
  } satisfies ServerModule;
};
