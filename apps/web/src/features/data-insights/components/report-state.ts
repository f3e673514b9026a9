import {
  ADVERTISER_DIMENSIONS,
  ADVERTISER_METRICS,
  GRANULARITIES,
  PUBLISHER_DIMENSIONS,
  PUBLISHER_METRICS,
  REPORT_MAX_DIMENSIONS,
  type Granularity,
  type ReportDimension,
  type ReportMetric,
  type ReportType,
} from '@ads/contracts';
import { choice, defineUrlState, pageField, pageSizeField, useUrlState, type Field } from '../../../shared/list/url-state';
import type { ReportRequest } from '../api';

// A report's state in the URL (#/dataInsights/advertiser?range=last30&dims=campaign&compare=1), so a
// report reloads and can be shared as it is shown.

export const RANGE_PRESETS = ['today', 'yesterday', 'last7', 'last30', 'thisMonth', 'lastMonth', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const REPORT_PAGE_SIZES = [25, 50, 100] as const;

export const DIMENSIONS_OF: Record<ReportType, readonly ReportDimension[]> = { advertiser: ADVERTISER_DIMENSIONS, publisher: PUBLISHER_DIMENSIONS };
export const METRICS_OF: Record<ReportType, readonly ReportMetric[]> = { advertiser: ADVERTISER_METRICS, publisher: PUBLISHER_METRICS };

export interface ReportState {
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
}

const day: Field<string | undefined> = { read: (raw) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined), write: (v) => v };
const list: Field<string[]> = {
  read: (raw) => (raw ? raw.split(',').filter((v) => /^[A-Za-z]{1,20}$/.test(v)).slice(0, REPORT_MAX_DIMENSIONS) : []),
  write: (v) => (v.length ? v.join(',') : undefined),
};
const flag: Field<boolean> = { read: (raw) => raw === '1', write: (v) => (v ? '1' : undefined) };
const text: Field<string | undefined> = { read: (raw) => (raw && /^[A-Za-z]{1,20}$/.test(raw) ? raw : undefined), write: (v) => v, keepsPage: false };

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
  },
});
export const useReportState = () => useUrlState(reportState);

/** The reader's time zone (the browser's). */
export const readerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A day in `timeZone`, `offset` days from today. */
const dayIn = (timeZone: string, now: Date, offset = 0) => {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + offset)).toISOString().slice(0, 10);
};

/** The first and last day of a preset (or the custom days), in `timeZone`. */
export function periodOf(state: Pick<ReportState, 'range' | 'from' | 'to'>, timeZone: string, now = new Date()): { from: string; to: string } {
  const today = dayIn(timeZone, now);
  switch (state.range) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: dayIn(timeZone, now, -1), to: dayIn(timeZone, now, -1) };
    case 'last30':
      return { from: dayIn(timeZone, now, -29), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'lastMonth': {
      const first = new Date(`${today.slice(0, 8)}01T00:00:00Z`);
      const last = new Date(first.getTime() - 86_400_000).toISOString().slice(0, 10);
      return { from: `${last.slice(0, 8)}01`, to: last };
    }
    case 'custom':
      if (state.from && state.to && state.from <= state.to) return { from: state.from, to: state.to };
      return { from: dayIn(timeZone, now, -6), to: today };
    default:
      return { from: dayIn(timeZone, now, -6), to: today };
  }
}

/** The call for a state: the type's own dimensions only, every metric, the page. */
export function reportRequest(type: ReportType, state: ReportState, timeZone: string, now = new Date()): ReportRequest {
  const dims = state.dims.filter((d) => (DIMENSIONS_OF[type] as readonly string[]).includes(d));
  const sortable = state.sort && ((METRICS_OF[type] as readonly string[]).includes(state.sort) || dims.includes(state.sort)) ? state.sort : undefined;
  return {
    ...periodOf(state, timeZone, now),
    timeZone,
    granularity: state.granularity,
    ...(dims.length ? { dimensions: dims.join(',') } : {}),
    ...(state.compare ? { compare: 'true' } : {}),
    ...(sortable ? { sort: sortable, order: state.order } : {}),
    page: state.page,
    pageSize: state.pageSize,
  } as ReportRequest;
}
