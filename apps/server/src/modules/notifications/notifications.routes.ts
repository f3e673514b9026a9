import {
  ERROR_CODES,
  notificationStream,
  notificationsList,
  publishAnnouncement,
  setNotificationsDismissed,
  setNotificationsRead,
} from '@ads/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { route } from '../../http/endpoint';
import { rawRoute } from '../../http/raw-route';
import type { Principal } from '../../principal';
import type { InboxStream } from './inbox-stream';
import type { NotificationsService } from './notifications.service';

export interface StreamDeps {
  stream: InboxStream;
  /** The session behind a token, or a throw once it ended (signed out, expired, user disabled). */
  authenticate: (token: string | undefined) => Promise<Principal>;
  heartbeatMs: number;
}

const acceptsEventStream = (accept: string | undefined) => /(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(accept ?? '');

export const notificationsRoutes = (app: FastifyInstance, notifications: NotificationsService, live: StreamDeps) => {
  route(app, notificationsList, ({ principal, input, request }) =>
    notifications.list(principal, input, request.headers['accept-language']),
  );
  route(app, setNotificationsRead, async ({ principal, input }) => ({
    ok: true as const,
    changed: await notifications.setRead(principal, input.notificationTargetIds),
  }));
  route(app, setNotificationsDismissed, async ({ principal, input }) => ({
    ok: true as const,
    changed: await notifications.setDismissed(principal, input.notificationTargetIds),
  }));
  route(app, publishAnnouncement, ({ principal, input }) => notifications.publishAnnouncement(principal, input));

  rawRoute(app, notificationStream, { file: true }, async ({ principal, request, reply }) => {
    if (!acceptsEventStream(request.headers.accept)) {
      throw new AppError(406, ERROR_CODES.validationFailed, 'This stream answers requests that accept text/event-stream.');
    }
    await live.stream.ready();
    const res = reply.raw;
    let ended = false;
    const end = (farewell?: string) => {
      if (ended) return;
      ended = true;
      clearInterval(beat);
      unsubscribe?.();
      if (farewell && res.writable) res.write(farewell);
      res.end();
    };
    const unsubscribe = live.stream.subscribe(principal.userId, {
      changed: () => {
        if (!ended) res.write('event: inbox\ndata: {}\n\n');
      },
      end: () => end(),
    });
    if (!unsubscribe) {
      throw new AppError(429, ERROR_CODES.rateLimited, 'Too many Action Center streams are open: the console polls instead.');
    }
    // Past this point the answer is the stream: written by hand, so that nothing buffers or
    // compresses it; the headers the hooks set (security, no-store) are kept.
    reply.hijack();
    const kept = Object.entries(reply.getHeaders()).filter((h): h is [string, string | number | string[]] => h[1] !== undefined);
    res.writeHead(200, {
      ...Object.fromEntries(kept),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    // Open: anything that changed before it is the first poll's to show.
    res.write('retry: 5000\nevent: ready\ndata: {}\n\n');
    const token = request.headers.authorization?.replace(/^bearer\s+/i, '').trim();
    // Each heartbeat checks the session too: a signed-out or expired session's stream ends.
    const beat = setInterval(() => {
      live.authenticate(token).then(
        () => {
          if (!ended) res.write(': heartbeat\n\n');
        },
        () => end('event: end\ndata: {}\n\n'),
      );
    }, live.heartbeatMs);
    request.raw.once('close', () => end());
    res.once('close', () => end());
  });
};
