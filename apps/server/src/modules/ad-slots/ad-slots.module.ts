import type { ModuleDeps, ServerModule } from '../module';
import { adSlotKind } from './ad-slots.repository';
import { adSlotsRoutes } from './ad-slots.routes';
import { createAdSlotsService } from './ad-slots.service';

type Deps = Parameters<typeof createAdSlotsService>[0];

/** Publishers' ad slots: form, review, tag calls, pause and resume. */
export const adSlotsModule = ({ db, now, audit, notifications, placements }: ModuleDeps & Pick<Deps, 'audit' | 'notifications' | 'placements'>) => {
  const adSlots = createAdSlotsService({ db, audit, notifications, placements, now });
  return {
    services: { adSlots },
    kinds: [adSlotKind],
    routes: (api) => adSlotsRoutes(api, adSlots),
  } satisfies ServerModule;
};
