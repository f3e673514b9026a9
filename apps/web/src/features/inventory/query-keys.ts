import type { AdSlotListQuery, PlacementListQuery } from '@ads/contracts';
import { queryKeys } from '../../shared/data/query-keys';
import type { PlacementHealthQuery } from './components/placement-state';

/** Every query of the inventory area, under the registry's scope. */
export const inventoryKeys = {
  all: queryKeys.inventory,
  /** Lists and details of ad slots: what a slot's save, submit, review or delete makes stale. */
  slots: [...queryKeys.inventory, 'slots'] as const,
  slotList: (query: AdSlotListQuery) => [...queryKeys.inventory, 'slots', 'list', query] as const,
  slotDetail: (id: number) => [...queryKeys.inventory, 'slots', 'detail', id] as const,
  /** The publisher's placements (review list, advertisers, health): what a decision makes stale. */
  placements: queryKeys.placements,
  placementList: (query: PlacementListQuery) => [...queryKeys.placements, 'list', query] as const,
  placementAdvertisers: [...queryKeys.placements, 'advertisers'] as const,
  placementHealth: (query: PlacementHealthQuery) => [...queryKeys.placements, 'health', query] as const,
};
