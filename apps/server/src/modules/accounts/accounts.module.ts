import type { ModuleDeps, ServerModule } from '../module';
import { accountsRoutes } from './accounts.routes';
import { createAccountsService } from './accounts.service';

type Deps = Parameters<typeof createAccountsService>[0];

/** Staff's account management: accounts, their users, states, one-time passwords. */
export const accountsModule = ({
  db,
  now,
  audit,
  identity,
  notifications,
  recordDirectChange,
}: ModuleDeps & Pick<Deps, 'audit' | 'identity' | 'notifications' | 'recordDirectChange'>) => {
  const accounts = createAccountsService({ db, audit, identity, notifications, recordDirectChange, now });
  return {
    services: { accounts },
    routes: (api) => accountsRoutes(api, accounts),
  } satisfies ServerModule;
};
