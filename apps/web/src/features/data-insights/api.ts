import type { advertiserReport, advertiserReportCsv, EndpointRequest, ReportLanguage, ReportRun, ReportType } from '@ads/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useContractMutation } from '../../shared/data/use-contract-mutation';
import { useContractQuery } from '../../shared/data/use-contract-query';
import { callEndpoint } from '../../shared/data/call-endpoint';
import { insightKeys } from './query-keys';

// Data insights' data. Only this feature's lazy pages import it.

export type ReportRequest = EndpointRequest<typeof advertiserReport>;

const reportEndpoint = (type: ReportType) => (type === 'advertiser' ? 'insights.advertiserReport' : 'insights.publisherReport') as 'insights.advertiserReport';

/** A report of either type (the two calls share their shapes); the previous answer stays while the next loads. */
export const useReport = (type: ReportType, query: ReportRequest) =>
  useContractQuery(reportEndpoint(type), query, {
    queryKey: insightKeys.report(type, query),
    placeholderData: keepPreviousData,
  });

/**
 * The values a filter offers, or the names of the chosen ones: the report's own rows by that one
 * dimension (so exactly what the caller may see, with figures in the period), asked only when
 * `enabled` (the picker is open, or chips need names).
 */
export const useFilterValues = (type: ReportType, query: ReportRequest, enabled: boolean) =>
  useContractQuery(reportEndpoint(type), query, {
    queryKey: insightKeys.filterValues(type, query),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** The report as CSV (every row, the totals), saved as a file by the browser. */
export async function downloadReportCsv(type: ReportType, query: ReportRequest, language: ReportLanguage) {
  const endpoint = (type === 'advertiser' ? 'insights.advertiserReportCsv' : 'insights.publisherReportCsv') as 'insights.advertiserReportCsv';
  const text = await callEndpoint(endpoint, { ...query, page: undefined, pageSize: undefined, language } as EndpointRequest<typeof advertiserReportCsv>);
  saveCsv(String(text), `${type}-report-${query.from}-to-${query.to}.csv`);
}

/** A CSV's text saved as a file by the browser. */
function saveCsv(text: string, fileName: string) {
  // fetch's text() drops the byte-order mark; spreadsheets need it to read UTF-8 (Chinese names).
  const blob = new Blob([`\uFEFF${text.replace(/^\uFEFF/, '')}`], { type: 'text/csv;charset=utf-8' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

// ---- Saved reports --------------------------------------------------------------------------

/** The user's saved reports of a type, or (staff's page) of every type the user may read. */
export const useSavedReports = (type: ReportType | 'all', enabled = true) =>
  useContractQuery('insights.savedReportList', type === 'all' ? {} : { type }, { queryKey: insightKeys.savedList(type), enabled });

export const useCreateSavedReport = () => useContractMutation('insights.createSavedReport', { invalidates: [insightKeys.saved] });
export const useRenameSavedReport = () => useContractMutation('insights.renameSavedReport', { invalidates: [insightKeys.saved] });
export const useDeleteSavedReport = () => useContractMutation('insights.deleteSavedReport', { toPayload: (id: number) => ({ id }), invalidates: [insightKeys.saved] });

// ---- Schedules and their runs ---------------------------------------------------------------

export const useScheduleSavedReport = () => useContractMutation('insights.scheduleSavedReport', { invalidates: [insightKeys.saved] });

/** A saved report's runs, newest first (kept 30 days). */
export const useReportRuns = (id: number, enabled = true) => useContractQuery('insights.savedReportRuns', { id }, { queryKey: insightKeys.runs(id), enabled });

/** A run's CSV, saved as a file by the browser. */
export async function downloadRunCsv(run: Pick<ReportRun, 'id' | 'from' | 'to'>, type: ReportType) {
  const text = await callEndpoint('insights.savedReportRunFile', { id: run.id });
  saveCsv(String(text), `${type}-report-${run.from}-to-${run.to}.csv`);
}
