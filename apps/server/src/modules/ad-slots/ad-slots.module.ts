import type { ModuleDeps, ServerModule } from '../module';
import { adSlotKind } from './ad-slots.repository';
import { adSlotsRoutes } from './ad-slots.routes';
import { createAdSlotsService } from './ad-slots.service';

type Deps = Parameters<typeof createAdSlotsService>[0];

/** Publishers' ad slots: form, review, tag calls, pause and resume. */
export const adSlotsModule = ({ db, now, audit, notifications, placements, onError }: ModuleDeps & Pick<Deps, 'audit' | 'notifications' | 'placements' | 'onError'>) => {
  const adSlots = createAdSlotsService({ db, audit, notifications, placements, now, onError });
  return {
    services: { adSlots },
    kinds: [adSlotKind],
    routes: (api) => adSlotsRoutes(api, adSlots),
    // The tag calls still waiting, before the database closes.
    stop: () => adSlots.keepTagCalls(),
  } satisfies ServerModule;
};
