import { MAX_PAGE_SIZE } from './constants';
import { namedRangeDays, NAMED_RANGES } from './date-ranges';
import type { EndpointRequest } from './endpoint';
import type { advertiserReport } from './insights';
import {
  ADVERTISER_DIMENSIONS,
  ADVERTISER_METRICS,
  GRANULARITIES,
  PUBLISHER_DIMENSIONS,
  PUBLISHER_METRICS,
  REPORT_MAX_DIMENSIONS,
  REPORT_TYPES,
  type Granularity,
  type ReportDimension,
  type ReportMetric,
  type ReportType,
} from './insights-constants';
import { DEVICES } from './targeting';

// A report page's state in its URL query (#/dataInsights/advertiser?range=last30&dims=campaign&compare=1)
// and the report call it makes, defined once (zod-free) for the web's report page, which reads and
// writes its URL with these fields, and the server, which runs a scheduled saved report (a saved
// report is this query, contracts' SAVED_REPORT_PARAMS) exactly as the page would call it.

/** How one URL parameter reads and writes (the web's `defineUrlState` takes these as they are). */
export interface ReportStateField<T> {
  /** The query parameter (the state's key when absent). */
  param?: string;
  read: (raw: string | null) => T;
  /** The text written for a value; undefined leaves the parameter out. */
  write: (value: T) => string | undefined;
  /** Paging and views keep the page; a change to what is listed goes back to page 1. */
  keepsPage?: boolean;
}

/** The named ranges (date-ranges.ts, the dashboards' too), and custom days. */
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
export const REPORT_FILTER_MAX = 50;

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

/** The report call's query, as the client sends it. */
export type ReportRequest = EndpointRequest<typeof advertiserReport>;

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;
/** A positive whole number of at most 9 digits (an id, a page). */
const positiveInt = (raw: string | null): number | undefined => {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 ? n : undefined;
};
const choice = <T extends string>(values: readonly T[], fallback: T): ReportStateField<T> => ({
  read: (raw) => oneOf(values, raw) ?? fallback,
  write: (v) => (v === fallback ? undefined : v),
});
const day: ReportStateField<string | undefined> = { read: (raw) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined), write: (v) => v };
const list: ReportStateField<string[]> = {
  param: 'dims',
  read: (raw) => (raw ? raw.split(',').filter((v) => /^[A-Za-z]{1,20}$/.test(v)).slice(0, REPORT_MAX_DIMENSIONS) : []),
  write: (v) => (v.length ? v.join(',') : undefined),
};
const flag: ReportStateField<boolean> = { read: (raw) => raw === '1', write: (v) => (v ? '1' : undefined) };
const text: ReportStateField<string | undefined> = { read: (raw) => (raw && /^[A-Za-z]{1,20}$/.test(raw) ? raw : undefined), write: (v) => v, keepsPage: false };
/** Comma-separated values that `parse` accepts, each once, at most REPORT_FILTER_MAX. */
const values = <T>(parse: (part: string) => T | undefined): ReportStateField<T[]> => ({
  read: (raw) => [...new Set((raw ?? '').split(',').map(parse).filter((v): v is T => v !== undefined))].slice(0, REPORT_FILTER_MAX),
  write: (v) => (v.length ? v.join(',') : undefined),
});
const ids = values((v) => positiveInt(v));
const oneSite: ReportStateField<string[]> = {
  read: (raw) => (raw && raw.length <= 253 && /^[a-z0-9][a-z0-9._-]*$/i.test(raw) ? [raw.toLowerCase()] : []),
  write: (v) => v[0],
};

/** How each part of a report's state reads from and writes to its URL query. */
export const REPORT_STATE_FIELDS: { [K in keyof ReportState]-?: ReportStateField<ReportState[K]> } = {
  range: choice(RANGE_PRESETS, 'last7'),
  from: day,
  to: day,
  granularity: choice(GRANULARITIES, 'day'),
  dims: list,
  compare: flag,
  sort: text,
  order: choice(['asc', 'desc'] as const, 'desc'),
  page: { read: (raw) => positiveInt(raw) ?? 1, write: (v) => (v !== 1 ? String(v) : undefined), keepsPage: true },
  pageSize: {
    read: (raw) => Math.min(positiveInt(raw) ?? REPORT_PAGE_SIZES[0], MAX_PAGE_SIZE),
    write: (v) => (v !== REPORT_PAGE_SIZES[0] ? String(v) : undefined),
    keepsPage: true,
  },
  accountId: { read: positiveInt, write: (v) => (v ? String(v) : undefined) },
  type: { read: (raw) => oneOf(REPORT_TYPES, raw), write: (v) => v },
  campaign: ids,
  adGroup: ids,
  ad: ids,
  slot: ids,
  advertiser: ids,
  site: oneSite,
  region: values((v) => (/^[A-Z]{2}$/.test(v) ? v : undefined)),
  device: values((v) => ((DEVICES as readonly string[]).includes(v) ? v : undefined)),
};

/** What a URL query's parameters are read through (URLSearchParams is one). */
export interface QueryParams {
  get(name: string): string | null;
}

/** A URL query's parameters (`a=1&b=x%20y`, no `?`), the first of each name, as URLSearchParams reads them. */
const paramsOf = (query: string): QueryParams => {
  const found = new Map<string, string>();
  for (const pair of query.split('&')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    const [key, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    try {
      const name = decodeURIComponent(key.replaceAll('+', ' '));
      if (!found.has(name)) found.set(name, decodeURIComponent(value.replaceAll('+', ' ')));
    } catch {
      // A malformed escape reads as absent.
    }
  }
  return { get: (name) => found.get(name) ?? null };
};

/** A report's state read from a URL query (anything unknown or malformed reads as the default). */
export function readReportState(query: string | QueryParams): ReportState {
  const params = typeof query === 'string' ? paramsOf(query) : query;
  const state: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(REPORT_STATE_FIELDS) as [string, ReportStateField<unknown>][]) state[key] = field.read(params.get(field.param ?? key));
  return state as unknown as ReportState;
}

/** The filters of the type that are set, in the type's order. */
export const activeFilters = (type: ReportType, state: ReportFilters) => FILTERS_OF[type].filter((d) => state[d].length > 0);

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
