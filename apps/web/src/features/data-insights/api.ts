import { advertiserReport, publisherReport, type EndpointRequest, type ReportType } from '@ads/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useContractQuery } from '../../shared/data/use-contract-query';
import { insightKeys } from './query-keys';

// Data insights' data. Only this feature's lazy pages import it.

export type ReportRequest = EndpointRequest<typeof advertiserReport>;

/** A report of either type (the two calls share their shapes); the previous answer stays while the next loads. */
export const useReport = (type: ReportType, query: ReportRequest) =>
  useContractQuery((type === 'advertiser' ? advertiserReport : publisherReport) as typeof advertiserReport, query, {
    queryKey: insightKeys.report(type, query),
    placeholderData: keepPreviousData,
  });
