import type { AdSlotListQuery } from '@ads/contracts';
import { queryKeys } from '../../shared/data/query-keys';

/** Every query of the ad slots area, under the registry's scope. */
export const adSlotKeys = {
  all: queryKeys.adSlots,
  /** Lists and details of ad slots: what a slot's save, submit, review or delete makes stale. */
  slots: [...queryKeys.adSlots, 'slots'] as const,
  slotList: (query: AdSlotListQuery) => [...queryKeys.adSlots, 'slots', 'list', query] as const,
  slotDetail: (id: number) => [...queryKeys.adSlots, 'slots', 'detail', id] as const,
};
