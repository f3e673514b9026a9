import { useContractQuery } from '../../shared/data/use-contract-query';
import { overviewKeys } from './query-keys';

// The dashboards' calls.

/** The figures refresh while the page stays open. */
const REFRESH_MS = 5 * 60_000;

/** The advertiser dashboard: the account's own, or (staff) the platform's. */
export const useAdvertiserOverview = (platform: boolean, timeZone: string) =>
  useContractQuery(platform ? 'overview.platformAdvertiserOverview' : 'overview.advertiserOverview', { timeZone }, { queryKey: overviewKeys.dashboard('advertiser', platform, timeZone), refetchInterval: REFRESH_MS });

export const usePublisherOverview = (platform: boolean, timeZone: string) =>
  useContractQuery(platform ? 'overview.platformPublisherOverview' : 'overview.publisherOverview', { timeZone }, { queryKey: overviewKeys.dashboard('publisher', platform, timeZone), refetchInterval: REFRESH_MS });
