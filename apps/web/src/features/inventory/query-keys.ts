import type { AdSlotListQuery } from '@ads/contracts';
import { queryKeys } from '../../shared/data/query-keys';

/** Every query of the inventory area, under the registry's scope. */
export const inventoryKeys = {
  all: queryKeys.inventory,
  /** Lists and details of ad slots: what a slot's save, submit, review or delete makes stale. */
  slots: [...queryKeys.inventory, 'slots'] as const,
  slotList: (query: AdSlotListQuery) => [...queryKeys.inventory, 'slots', 'list', query] as const,
  slotDetail: (id: number) => [...queryKeys.inventory, 'slots', 'detail', id] as const,
};
