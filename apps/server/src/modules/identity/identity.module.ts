import type { Config } from '../../config';
import type { AuditService } from '../audit/audit.service';
import type { ModuleDeps, ServerModule } from '../module';
import { identityRoutes } from './identity.routes';
import { createIdentityService } from './identity.service';

/** Sign-in, sessions, accounts, users and roles; its `authenticate` backs the auth plugin. */
export const identityModule = ({ db, config, audit, now }: ModuleDeps & { config: Config; audit: Pick<AuditService, 'record'> }) => {
  const identity = createIdentityService({ db, config, audit, now });
  return {
    services: { identity },
    routes: (api) => identityRoutes(api, identity),
  } satisfies ServerModule;
};
