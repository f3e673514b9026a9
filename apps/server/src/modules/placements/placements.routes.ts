import {
  decidePlacements,
  disapprovedSlots,
  disapproveSlots,
  placementAdvertisers,
  placementHealth,
  placementList,
  rejectedPlacements,
  restoreSlots,
  slotCatalogue,
  slotFit,
} from '@ads/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint';
import type { PlacementsService } from './placements.service';

export const placementsRoutes = (app: FastifyInstance, placements: PlacementsService) => {
  route(app, placementList, ({ principal, input }) => placements.list(principal, input));
  route(app, placementAdvertisers, ({ principal }) => placements.advertisers(principal));
  route(app, decidePlacements, ({ principal, input }) => placements.decide(principal, input));
  route(app, placementHealth, ({ principal, input }) => placements.health(principal, input));
  route(app, slotCatalogue, ({ principal, input }) => placements.catalogue(principal, input));
  route(app, disapproveSlots, ({ principal, input }) => placements.disapprove(principal, input));
  route(app, restoreSlots, ({ principal, input }) => placements.restore(principal, input));
  route(app, slotFit, ({ principal, input }) => placements.fit(principal, input));
  route(app, disapprovedSlots, ({ principal, input }) => placements.disapproved(principal, input));
  route(app, rejectedPlacements, ({ principal, input }) => placements.rejected(principal, input));
};
