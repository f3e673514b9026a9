import type { AccountKind, ReportType } from '@ads/contracts';
import type { ReportRequest } from './api';
import { queryKeys } from '../../shared/data/query-keys';

/** Every query of data insights, under the registry's scope. */
export const insightKeys = {
  all: queryKeys.insights,
  report: (type: ReportType, query: ReportRequest) => [...queryKeys.insights, 'report', type, query] as const,
  /** The values a filter offers (a report by that dimension), and the names of those chosen. */
  filterValues: (type: ReportType, query: ReportRequest) => [...queryKeys.insights, 'values', type, query] as const,
  /** The user's saved reports (every type: a save or a delete refetches them all). */
  saved: [...queryKeys.insights, 'saved'] as const,
  savedList: (type: ReportType | 'all') => [...queryKeys.insights, 'saved', type] as const,
  /** A saved report's runs (under `saved`: a change to the schedule refetches them). */
  runs: (id: number) => [...queryKeys.insights, 'saved', 'runs', id] as const,
  /** Staff's account picker. */
  accounts: (kind: AccountKind, search: string, id?: number) => [...queryKeys.insights, 'accounts', kind, search, id ?? null] as const,
};
