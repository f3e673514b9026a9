import { advertiserReport, advertiserReportCsv, publisherReport, publisherReportCsv, type EndpointRequest, type ReportLanguage, type ReportType } from '@ads/contracts';
import { callApi } from '../../shared/api-client';
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

/** The report as CSV (every row, the totals), saved as a file by the browser. */
export async function downloadReportCsv(type: ReportType, query: ReportRequest, language: ReportLanguage) {
  const endpoint = (type === 'advertiser' ? advertiserReportCsv : publisherReportCsv) as typeof advertiserReportCsv;
  const text = await callApi(endpoint, { ...query, page: undefined, pageSize: undefined, language } as EndpointRequest<typeof advertiserReportCsv>);
  // fetch's text() drops the byte-order mark; spreadsheets need it to read UTF-8 (Chinese names).
  const blob = new Blob([`\uFEFF${String(text).replace(/^\uFEFF/, '')}`], { type: 'text/csv;charset=utf-8' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `${type}-report-${query.from}-to-${query.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
