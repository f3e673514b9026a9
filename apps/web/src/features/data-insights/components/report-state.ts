import {
  ADVERTISER_DIMENSIONS,
  ADVERTISER_METRICS,
  DEVICES,
  GRANULARITIES,
  NAMED_RANGES,
  namedRangeDays,
  PUBLISHER_DIMENSIONS,
  PUBLISHER_METRICS,
  REPORT_MAX_DIMENSIONS,
  REPORT_TYPES,
  type Granularity,
  type ReportDimension,
  type ReportMetric,
  type ReportType,
} from '@ads/contracts';
import { choice, defineUrlState, optionalChoice, optionalId, pageField, pageSizeField, useUrlState, type Field } from '../../../shared/list/url-state';
import { positiveInt } from '../../../shared/url-params';
import type { ReportRequest } from '../api';

// A report's state in the URL (#/dataInsights/advertiser?range=last30&dims=campaign&compare=1), so a
// report reloads and can be shared as it is shown, and a saved report is this query (`savedQuery`).

/** The named ranges (contracts' date-ranges.ts, the dashboards' too), and custom days. */
export const RANGE_PRESETS = [...NAMED_RANGES, 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const REPORT_PAGE_SIZES = [25, 50, 100] as const;

export const DIMENSIONS_OF: Record<ReportType, readonly ReportDimension[]> = { advertiser: ADVERTISER_DIMENSIONS, publisher: PUBLISHER_DIMENSIONS };
export const METRICS_OF: Record<ReportType, readonly ReportMetric[]> = { advertiser: ADVERTISER_METRICS, publisher: PUBLISHER_METRICS };

/** The dimensions a report of each type is filtered by on the page (ids, except site, region and device). */
export const FILTERS_OF = {
  advertiser: ['campaign', 'adGroup', 'ad', 'slot', 'region', 'device'],
  publisher: ['slot', 'site', 'advertiser', 'region', 'device'],
} as const satisfies Record<ReportType, readonly ReportDimension[]>;
export type FilterDimension = (typeof FILTERS_OF)[ReportType][number];
/** Filters whose values are records (their names come from the report's rows). */
export type EntityFilter = Exclude<FilterDimension, 'region' | 'device'>;
/** Values one filter takes (the API's limit per filter). */
export const FILTER_MAX = 50;

export interface ReportFilters {
  campaign: number[];
  adGroup: number[];
  ad: number[];
  slot: number[];
  advertiser: number[];
  /** A site or app (its domain or bundle id): the API takes one. */
  site: string[];
  region: string[];
  device: string[];
}

export interface ReportState extends ReportFilters {
  range: RangePreset;
  /** Custom range's days (YYYY-MM-DD). */
  from?: string;
  to?: string;
  granularity: Granularity;
  dims: string[];
  compare: boolean;
  sort?: string;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
  /** Staff: one account's figures (of the report's type); none: every account's. */
  accountId?: number;
  /** Staff's page: the report's type (the others have it in the path); kept so that changes keep it. */
  type?: ReportType;
}

const day: Field<string | undefined> = { read: (raw) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined), write: (v) => v };
const list: Field<string[]> = {
  read: (raw) => (raw ? raw.split(',').filter((v) => /^[A-Za-z]{1,20}$/.test(v)).slice(0, REPORT_MAX_DIMENSIONS) : []),
  write: (v) => (v.length ? v.join(',') : undefined),
};
const flag: Field<boolean> = { read: (raw) => raw === '1', write: (v) => (v ? '1' : undefined) };
const text: Field<string | undefined> = { read: (raw) => (raw && /^[A-Za-z]{1,20}$/.test(raw) ? raw : undefined), write: (v) => v, keepsPage: false };
/** Comma-separated values that `valid` accepts, each once, at most FILTER_MAX. */
const values = <T>(parse: (part: string) => T | undefined): Field<T[]> => ({
  read: (raw) => [...new Set((raw ?? '').split(',').map(parse).filter((v): v is T => v !== undefined))].slice(0, FILTER_MAX),
  write: (v) => (v.length ? v.join(',') : undefined),
});
const ids = values(positiveInt);
const oneSite: Field<string[]> = {
  read: (raw) => (raw && raw.length <= 253 && /^[a-z0-9][a-z0-9._-]*$/i.test(raw) ? [raw.toLowerCase()] : []),
  write: (v) => v[0],
};

export const reportState = defineUrlState<ReportState>({
  fields: {
    range: choice(RANGE_PRESETS, 'last7'),
    from: day,
    to: day,
    granularity: choice(GRANULARITIES, 'day'),
    dims: { ...list, param: 'dims' },
    compare: flag,
    sort: text,
    order: choice(['asc', 'desc'] as const, 'desc'),
    page: pageField,
    pageSize: pageSizeField(REPORT_PAGE_SIZES[0]),
    accountId: optionalId(),
    type: optionalChoice(REPORT_TYPES),
    campaign: ids,
    adGroup: ids,
    ad: ids,
    slot: ids,
    advertiser: ids,
    site: oneSite,
    region: values((v) => (/^[A-Z]{2}$/.test(v) ? v : undefined)),
    device: values((v) => (DEVICES as readonly string[]).includes(v) ? v : undefined),
  },
});

/** Every filter off (the "Clear filters" patch). */
export const NO_FILTERS: ReportFilters = { campaign: [], adGroup: [], ad: [], slot: [], advertiser: [], site: [], region: [], device: [] };

/** The filters of the type that are set, in the type's order. */
export const activeFilters = (type: ReportType, state: ReportFilters) => FILTERS_OF[type].filter((d) => state[d].length > 0);

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

/** The first and last day of a named range (or the custom days), in `timeZone`. */
export function periodOf(state: Pick<ReportState, 'range' | 'from' | 'to'>, timeZone: string, now = new Date()): { from: string; to: string } {
  if (state.range !== 'custom') return namedRangeDays(state.range, timeZone, now);
  if (state.from && state.to && state.from <= state.to) return { from: state.from, to: state.to };
  return namedRangeDays('last7', timeZone, now);
}

/** The filters of a state as the call takes them: the type's own, comma-separated. */
export function filterParams(type: ReportType, state: ReportFilters, except?: FilterDimension): Partial<ReportRequest> {
  const out: Record<string, string> = {};
  for (const d of activeFilters(type, state)) if (d !== except) out[d] = state[d].join(',');
  return out as Partial<ReportRequest>;
}

export interface RequestOptions {
  /** Staff's page: the account picked (none: every account). */
  platform?: boolean;
  now?: Date;
}

/** The call for a state: the type's own dimensions and filters only, every metric, the page; staff's account. */
export function reportRequest(type: ReportType, state: ReportState, timeZone: string, { platform = false, now = new Date() }: RequestOptions = {}): ReportRequest {
  const dims = state.dims.filter((d) => (DIMENSIONS_OF[type] as readonly string[]).includes(d));
  const sortable = state.sort && ((METRICS_OF[type] as readonly string[]).includes(state.sort) || dims.includes(state.sort)) ? state.sort : undefined;
  return {
    ...periodOf(state, timeZone, now),
    timeZone,
    granularity: state.granularity,
    ...(dims.length ? { dimensions: dims.join(',') } : {}),
    ...(state.compare ? { compare: 'true' } : {}),
    ...filterParams(type, state),
    ...(platform && state.accountId ? { accountId: state.accountId } : {}),
    ...(sortable ? { sort: sortable, order: state.order } : {}),
    page: state.page,
    pageSize: state.pageSize,
  } as ReportRequest;
}
