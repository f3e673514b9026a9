import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@ads/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicRoutes } from './auth';

/**
 * Serves the built web app. Hashed assets are immutable; index.html is always revalidated.
 * /api/* never falls back to index.html: an unknown API path answers a JSON 404, and neither does a
 * missing file under /assets/ (a browser asking for a script must not get a page).
 * Files are looked up on each request (wildcard), so a rebuild is served without a restart.
 * The build writes `.br` (Brotli, maximum quality) and `.gz` beside each text file; they are sent
 * as they are to a browser that accepts them (`Vary: accept-encoding`), so nothing is compressed per request.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  const indexFile = path.join(options.root, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(async (web) => {
      publicRoutes(web);
      await web.register(fastifyStatic, {
        root: options.root,
        wildcard: true,
        index: 'index.html',
        preCompressed: true,
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
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // The not-found handler lives outside the static plugin's scope: no reply.sendFile here.
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(fs.createReadStream(indexFile));
    }
    return reply.status(404).send({ errorCode: ERROR_CODES.notFound, error: `No such route: ${request.method} ${request.url.split('?')[0]}` });
  });
});
