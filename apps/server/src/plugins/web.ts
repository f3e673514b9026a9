import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@ads/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicRoutes } from './auth';

/**
 * Serves the built web app. Hashed assets are immutable; index.html is always revalidated.
 * /api/* never falls back to index.html: an unknown API path answers a JSON 404.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  const indexFile = path.join(options.root, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(async (web) => {
      publicRoutes(web);
      await web.register(fastifyStatic, {
        root: options.root,
        wildcard: false,
        index: 'index.html',
        cacheControl: false,
        setHeaders: (res, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  } else {
    app.log.warn({ root: options.root }, 'web app not built: run `npm run build` to serve the console');
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ errorCode: ERROR_CODES.notFound, error: `No such route: ${request.method} ${request.url.split('?')[0]}` });
  });
});
