import type { ModuleDeps, ServerModule } from '../module';
import { notificationsRoutes } from './notifications.routes';
import { createNotificationsService } from './notifications.service';

type Deps = Parameters<typeof createNotificationsService>[0];

/** notify() for every module, the Action Center's calls, staff announcements. */
export const notificationsModule = ({ db, audit, menusOf, now }: ModuleDeps & Pick<Deps, 'audit' | 'menusOf'>) => {
  const notifications = createNotificationsService({ db, audit, menusOf, now });
  return {
    services: { notifications },
    routes: (api) => notificationsRoutes(api, notifications),
  } satisfies ServerModule;
};
