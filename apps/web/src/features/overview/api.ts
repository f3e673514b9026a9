import { ANALYTICS_API, type advertiserOverview, type platformAdvertiserOverview, type platformPublisherOverview, type publisherOverview } from '@ads/contracts';
import { useContractQuery } from '../../shared/data/use-contract-query';
import { lightEndpoint } from '../../shared/data/endpoint-ref';
import { overviewKeys } from './query-keys';

// The dashboards' calls. The dashboard is the landing page: its calls name their routes zod-free
// and borrow the contracts' types only (shared/data/endpoint-ref.ts).

const calls = {
  advertiser: lightEndpoint<typeof advertiserOverview>(ANALYTICS_API.advertiser),
  publisher: lightEndpoint<typeof publisherOverview>(ANALYTICS_API.publisher),
  platformAdvertiser: lightEndpoint<typeof platformAdvertiserOverview>(ANALYTICS_API.platformAdvertiser),
  platformPublisher: lightEndpoint<typeof platformPublisherOverview>(ANALYTICS_API.platformPublisher),
};

/** The figures refresh while the page stays open. */
const REFRESH_MS = 5 * 60_000;

/** The advertiser dashboard: the account's own, or (staff) the platform's. */
export const useAdvertiserOverview = (platform: boolean, timeZone: string) =>
  useContractQuery(platform ? calls.platformAdvertiser : calls.advertiser, { timeZone }, { queryKey: overviewKeys.dashboard('advertiser', platform, timeZone), refetchInterval: REFRESH_MS });

export const usePublisherOverview = (platform: boolean, timeZone: string) =>
  useContractQuery(platform ? calls.platformPublisher : calls.publisher, { timeZone }, { queryKey: overviewKeys.dashboard('publisher', platform, timeZone), refetchInterval: REFRESH_MS });
