import type { StatusChangeListQuery } from '@ads/contracts';
import { queryKeys } from '../../shared/data/query-keys';

/** Every query of request management, under the registry's scope. */
export const requestKeys = {
  /** Lists, details and an entity's pending request: what every filing or decision makes stale. */
  all: queryKeys.statusChanges,
  list: (query: StatusChangeListQuery) => [...queryKeys.statusChanges, 'list', query] as const,
  detail: (id: number) => [...queryKeys.statusChanges, 'detail', id] as const,
};
