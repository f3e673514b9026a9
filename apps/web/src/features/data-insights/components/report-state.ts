import { DIMENSIONS_OF, METRICS_OF, REPORT_FILTER_MAX, REPORT_STATE_FIELDS, type ReportFilters, type ReportState, type ReportType } from '@ads/contracts';
import { defineUrlState, useUrlState } from '../../../shared/list/url-state';

// A report's state in the URL (#/dataInsights/advertiser?range=last30&dims=campaign&compare=1), so a
// report reloads and can be shared as it is shown, and a saved report is this query (`savedQuery`).
// The fields, the period and the call they make are contracts' report-request.ts: the server runs a
// scheduled saved report with the same definition.

export {
  activeFilters,
  DIMENSIONS_OF,
  FILTERS_OF,
  filterParams,
  METRICS_OF,
  periodOf,
  RANGE_PRESETS,
  REPORT_PAGE_SIZES,
  reportRequest,
  type EntityFilter,
  type FilterDimension,
  type RangePreset,
  type ReportFilters,
  type ReportState,
  type RequestOptions,
} from '@ads/contracts';
/** Values one filter takes (the API's limit per filter). */
export const FILTER_MAX = REPORT_FILTER_MAX;

export const reportState = defineUrlState<ReportState>({ fields: REPORT_STATE_FIELDS });

/** Every filter off (the "Clear filters" patch). */
export const NO_FILTERS: ReportFilters = { campaign: [], adGroup: [], ad: [], slot: [], advertiser: [], site: [], region: [], device: [] };

/**
 * The query a saved report keeps: the page's URL for this state, without the page number (a saved
 * report opens on its first page) and the type (kept beside it). Contracts' SAVED_REPORT_PARAMS
 * lists what it may hold.
 */
export const savedQuery = (state: ReportState): string => reportState.serialize({ ...state, page: 1, type: undefined }).toString();
export const useReportState = () => useUrlState(reportState);

/** The reader's time zone (the browser's). */
export const readerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Staff's page switching the report's type: the period, granularity, comparison and page size
 * stay, and so do the breakdowns and filters both types have (slot, region, device); what is the
 * other type's alone (its account, its records, a sort by its metric) goes, and the page is the
 * first.
 */
export function switchedType(state: ReportState, type: ReportType): ReportState {
  const dims = state.dims.filter((d) => (DIMENSIONS_OF[type] as readonly string[]).includes(d));
  const sortable = state.sort && ((METRICS_OF[type] as readonly string[]).includes(state.sort) || dims.includes(state.sort));
  return {
    ...state,
    ...NO_FILTERS,
    region: state.region,
    device: state.device,
    dims,
    sort: sortable ? state.sort : undefined,
    order: sortable ? state.order : 'desc',
    page: 1,
    accountId: undefined,
    type: type === 'advertiser' ? undefined : type,
  };
}

