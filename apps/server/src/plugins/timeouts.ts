import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const hasBody = (headers: IncomingHttpHeaders) => headers['transfer-encoding'] !== undefined || Number(headers['content-length']) > 0;

/**
 * A request's body must keep coming: a pause longer than `bodyIdleMs` mid-body closes the
 * connection (Node destroys a socket that times out with no one listening). Else a client that
 * stops sending holds a connection, a parser and an upload's spool as long as it likes; Fastify's
 * requestTimeout (REQUEST_TIMEOUT_SECONDS) bounds the whole request. Only while the body arrives:
 * the work after it (a video's probe) may take its time.
 */
export const timeoutsPlugin = fp(async (app: FastifyInstance, { bodyIdleMs }: { bodyIdleMs: number }) => {
  if (bodyIdleMs <= 0) return;
  // A callback hook: an async one costs every request (the ad server's too) its promise.
  app.addHook('onRequest', (request, reply, done) => {
    const { raw } = request;
    const socket = raw.socket as typeof raw.socket | undefined;
    // light-my-request's sockets have no timers; a body-less request has nothing to wait for.
    if (!raw.complete && typeof socket?.setTimeout === 'function' && hasBody(raw.headers)) {
      socket.setTimeout(bodyIdleMs);
      raw.once('end', () => {
        // Once answered, Node has set the keep-alive timeout itself: leave it.
        if (!reply.raw.writableFinished && !socket.destroyed) socket.setTimeout(app.server.timeout);
      });
    }
    done();
  });
});
