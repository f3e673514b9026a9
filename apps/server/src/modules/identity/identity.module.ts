import type { Config } from '../../config';
import type { ModuleDeps, ServerModule } from '../module';
import { identityRoutes } from './identity.routes';
import { createIdentityService } from './identity.service';

/** Sign-in, sessions, accounts, users and roles; its `authenticate` backs the auth plugin. */
export const identityModule = ({ db, config, now }: ModuleDeps & { config: Config }) => {
  const identity = createIdentityService({ db, config, now });
  return {
    services: { identity },
    routes: (api) => identityRoutes(api, identity),
  } satisfies ServerModule;
};
