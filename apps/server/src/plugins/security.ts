import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers and a strict Content-Security-Policy: scripts only from our origin, no
 * plugins, no framing. Styles allow 'unsafe-inline' because Ant Design writes its CSS-in-JS into
 * <style> elements at run time (docs/decisions/0001-csp-styles.md). HSTS only over HTTPS; API
 * answers are not cached.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Only over HTTPS (below): a browser that got it over plain HTTP from a LAN address would
    // refuse the console there afterwards.
    strictTransportSecurity: false,
  });
  // Callback hooks: an async one costs every request (the ad server's too) its promise.
  app.addHook('onRequest', (request, reply, done) => {
    // request.protocol believes X-Forwarded-Proto only with TRUST_PROXY.
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done();
  });
  // API answers carry tokens and account data: never stored by a browser or a proxy. Routes that
  // set their own caching (signed file links: immutable) keep it, unless they fail.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && (reply.statusCode >= 400 || !reply.hasHeader('cache-control'))) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
  await app.register(compress, { global: true, threshold: 1024 });
});
