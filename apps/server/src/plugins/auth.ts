import { ENDPOINTS, ERROR_CODES, type Access } from '@ads/contracts';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden } from '../errors';
import type { Principal } from '../principal';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: public, any signed-in user, or holders of a power. */
    access?: Access;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

export interface AuthPluginOptions {
  authenticate(token: string | undefined): Promise<Principal>;
}

const bearer = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
};

/** What a user signed in with a one-time password may call until they choose their own. */
const WHILE_PASSWORD_CHANGE = new Set(
  (['identity.userInfo', 'identity.changePassword', 'identity.logout'] as const).map((key) => `${ENDPOINTS[key].method} ${ENDPOINTS[key].path}`),
);

const passwordChangeRequired = () =>
  new AppError(403, ERROR_CODES.passwordChangeRequired, 'Please choose a new password before you continue.');

/**
 * Resolves the caller for every route that is not public and checks the route's power.
 * Every route must declare `config.access`; the app refuses to start otherwise.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  // Checked once all onRoute hooks have run: a child context may still declare access (publicRoutes).
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const undeclared = routes.filter((r) => !r.config?.access).map((r) => `${String(r.method)} ${r.url}`);
    if (undeclared.length > 0) {
      throw new Error(`Routes without an access declaration (config.access): ${undeclared.join(', ')}`);
    }
  });

  const resolve = async (request: FastifyRequest, access: Exclude<Access, { public: true }>) => {
    request.principal = await options.authenticate(bearer(request));
    if (request.principal.mustChangePassword && !WHILE_PASSWORD_CHANGE.has(`${request.method} ${request.routeOptions.url}`)) {
      throw passwordChangeRequired();
    }
    if ('power' in access && !request.principal.powers.has(access.power)) throw forbidden();
  };
  // A callback hook, so that a public route (the ad server's) passes without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config?.access;
    // No route matched (404 handler) or a public route: nothing to resolve.
    if (!access || 'public' in access) return done();
    resolve(request, access).then(() => done(), done);
  });
});

/** Marks the routes a third-party plugin registers (static files, API docs) as public. */
export const publicRoutes = (app: FastifyInstance) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    route.config = { ...route.config, access: route.config?.access ?? { public: true } };
  });
};
