import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { publicRoutes } from './auth';

/** Swagger UI's own policy; it sets a few inline styles, its scripts stay hash-pinned. */
const docsPolicy = (scriptHashes: string[], https: boolean) =>
  [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' https: data:",
    "frame-ancestors 'self'",
    "img-src 'self' data: validator.swagger.io",
    "object-src 'none'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');

/** The OpenAPI document generated from the contracts, at /api/openapi.json, browsable at /api/docs. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Ads Console API',
        version: '1.0.0',
        description:
          'Every call of the Ads Console. Errors answer {errorCode, error, fields?}. ' +
          'GET and PUT take their payload as query parameters, other methods as a JSON body.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { config: { access: { public: true } }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  await app.register(async (docs) => {
    publicRoutes(docs);
    // The docs' own policy, per request: upgrade-insecure-requests over plain HTTP would make the
    // browser fetch the page's scripts over HTTPS, which a server without TLS does not answer.
    docs.addHook('onSend', async (request, reply) => {
      reply.header('content-security-policy', docsPolicy(docs.swaggerCSP.script, request.protocol === 'https'));
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  });
});
