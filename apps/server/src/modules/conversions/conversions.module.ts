import type { ModuleDeps, ServerModule } from '../module';
import { createClickIds } from './click-ids';
import { conversionsApiRoutes, conversionsRoutes } from './conversions.routes';
import { createConversionsService } from './conversions.service';

type Deps = Parameters<typeof createConversionsService>[0];

/** Conversion tracking: the advertiser's tag, the public pixel and postback, attribution to clicks. */
export const conversionsModule = ({ db, now, audit, secret }: ModuleDeps & Pick<Deps, 'audit'> & { secret: string }) => {
  const conversions = createConversionsService({ db, audit, clickIds: createClickIds(secret), now });
  return {
    services: { conversions },
    routes: (api) => conversionsApiRoutes(api, conversions),
    publicRoutes: (app) => conversionsRoutes(app, conversions),
    jobs: [
      // A conversion reported before its click was written waits for it here.
      { name: 'conversions.attribute', intervalMs: 10_000, firstAfterMs: 10_000, run: () => conversions.attributePending() },
    ],
  } satisfies ServerModule;
};
