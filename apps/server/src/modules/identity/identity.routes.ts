import { accountOptions, changePassword, login, logout, profile, updateProfile, userInfo } from '@ads/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint';
import type { IdentityService } from './identity.service';

export const identityRoutes = (app: FastifyInstance, identity: IdentityService) => {
  route(app, login, ({ input, request }) =>
    identity.login(input, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );
  route(app, logout, async ({ principal }) => {
    await identity.logout(principal);
    return { ok: true as const };
  });
  route(app, userInfo, ({ principal }) => identity.userInfo(principal));
  route(app, changePassword, ({ principal, input, request }) => identity.changePassword(principal, input, { ip: request.ip }));
  route(app, profile, ({ principal }) => identity.profile(principal));
  route(app, updateProfile, ({ principal, input }) => identity.updateProfile(principal, input));
  route(app, accountOptions, async ({ input }) => ({ items: await identity.accountOptions(input) }));
};
