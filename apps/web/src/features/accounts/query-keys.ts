import type { AccountListQuery } from '@ads/contracts';
import { queryKeys } from '../../shared/data/query-keys';

/** Every query of account management, under the registry's scope. */
export const accountKeys = {
  /** Lists and details: what every change to an account or one of its users makes stale. */
  all: queryKeys.accounts,
  list: (query: AccountListQuery) => [...queryKeys.accounts, 'list', query] as const,
  detail: (id: number) => [...queryKeys.accounts, 'detail', id] as const,
};
