import { queryKeys } from '../../shared/data/query-keys';

/** Every query of the dashboards, under the registry's scope. */
export const overviewKeys = {
  all: queryKeys.overview,
  dashboard: (kind: 'advertiser' | 'publisher', platform: boolean, timeZone: string) => [...queryKeys.overview, kind, platform ? 'platform' : 'own', timeZone] as const,
};
