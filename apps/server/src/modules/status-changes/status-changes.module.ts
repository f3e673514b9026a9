import type { ModuleDeps, ServerModule } from '../module';
import { statusChangeKind } from './status-changes.repository';
import { statusChangesRoutes } from './status-changes.routes';
import { createStatusChangesService } from './status-changes.service';

type Deps = Parameters<typeof createStatusChangesService>[0];

/** Status change requests: filed by the entity's account, decided (and applied) by staff. */
export const statusChangesModule = ({
  db,
  now,
  audit,
  notifications,
  identity,
  placements,
  appliers,
}: ModuleDeps & Pick<Deps, 'audit' | 'notifications' | 'identity' | 'placements' | 'appliers'>) => {
  const statusChanges = createStatusChangesService({ db, audit, notifications, identity, placements, appliers, now });
  return {
    services: { statusChanges },
    kinds: [statusChangeKind],
    routes: (api) => statusChangesRoutes(api, statusChanges),
  } satisfies ServerModule;
};
