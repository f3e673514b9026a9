import type { Database } from '../../db/client';
import type { ModuleDeps, ServerModule } from '../module';
import { createInboxStream } from './inbox-stream';
import { notificationsRoutes, type StreamDeps } from './notifications.routes';
import { createNotificationsService } from './notifications.service';

type Deps = Parameters<typeof createNotificationsService>[0];

/** notify() for every module, the Action Center's calls and live stream, staff announcements. */
export const notificationsModule = ({
  db,
  audit,
  menusOf,
  now,
  listen,
  authenticate,
  config,
}: ModuleDeps &
  Pick<Deps, 'audit' | 'menusOf'> &
  Pick<StreamDeps, 'authenticate'> & {
    listen: Database['listen'];
    config: { NOTIFICATION_STREAM_HEARTBEAT_SECONDS: number; NOTIFICATION_STREAMS_PER_USER: number };
  }) => {
  const notifications = createNotificationsService({ db, audit, menusOf, now });
  const stream = createInboxStream({ listen, maxPerUser: config.NOTIFICATION_STREAMS_PER_USER });
  return {
    services: { notifications, inboxStream: stream },
    routes: (api) =>
      notificationsRoutes(api, notifications, { stream, authenticate, heartbeatMs: config.NOTIFICATION_STREAM_HEARTBEAT_SECONDS * 1000 }),
    // Open streams end first, so that closing the server waits for none of them.
    stop: () => stream.stop(),
  } satisfies ServerModule;
};
