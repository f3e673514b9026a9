import type { ReportType } from '@ads/contracts';
import type { ReportRequest } from './api';
import { queryKeys } from '../../shared/data/query-keys';

/** Every query of data insights, under the registry's scope. */
export const insightKeys = {
  all: queryKeys.insights,
  report: (type: ReportType, query: ReportRequest) => [...queryKeys.insights, 'report', type, query] as const,
};
