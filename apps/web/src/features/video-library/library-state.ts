import { MAX_PAGE_SIZE, VIDEO_FORMATS, VIDEO_REVIEW_STATUSES, VIDEO_SORT_FIELDS, type VideoFormat, type VideoListQuery, type VideoReviewStatus } from '@ads/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { oneOf, positiveInt } from '../../shared/url-params';

// The library's view lives in the URL query (#/videoLibrary?series=3&view=list…), so that reload,
// back and a shared link keep it. Defaults are left out of the URL.

/** All videos, the ones outside any series, one series, or the deleted ones (the library's bin). */
export type SeriesScope = 'all' | 'none' | 'bin' | number;
export type SortField = (typeof VIDEO_SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';
/** `order`: a series' videos in their order, to rearrange (only inside a series). */
export type LibraryView = 'grid' | 'list' | 'order';
export type PreviewPanel = 'play' | 'poster';

export const PAGE_SIZES = [24, 48, 96] as const;

export interface LibraryState {
  series: SeriesScope;
  search: string;
  format?: VideoFormat;
  status?: VideoReviewStatus;
  /** Absent: the scope's default (a series' own order, else newest first). */
  sort?: SortField;
  order?: SortOrder;
  view: LibraryView;
  page: number;
  pageSize: number;
  /** The video open in the player. */
  video?: number;
  panel: PreviewPanel;
}

export const DEFAULT_STATE: LibraryState = { series: 'all', search: '', view: 'grid', page: 1, pageSize: PAGE_SIZES[0], panel: 'play' };

/** The sort actually used: the one chosen, else a series' order inside a series, else newest first. */
export function effectiveSort(state: Pick<LibraryState, 'series' | 'sort' | 'order'>): { sort: SortField; order: SortOrder } {
  const inSeries = typeof state.series === 'number';
  const sort = state.sort && (state.sort !== 'position' || inSeries) ? state.sort : inSeries ? 'position' : 'createdAt';
  const order = state.sort === sort && state.order ? state.order : sort === 'position' || sort === 'name' ? 'asc' : 'desc';
  return { sort, order };
}

/** Reads the state from a query string; anything unknown or malformed falls back to the default. */
export function parseLibraryState(params: URLSearchParams): LibraryState {
  const seriesParam = params.get('series');
  const series: SeriesScope = seriesParam === 'none' || seriesParam === 'bin' ? seriesParam : (positiveInt(seriesParam) ?? 'all');
  const view = oneOf(['grid', 'list', 'order'] as const, params.get('view')) ?? DEFAULT_STATE.view;
  const sort = oneOf(VIDEO_SORT_FIELDS, params.get('sort'));
  return {
    series,
    search: (params.get('q') ?? '').slice(0, 255),
    format: oneOf(VIDEO_FORMATS, params.get('format')),
    status: oneOf(VIDEO_REVIEW_STATUSES, params.get('status')),
    sort,
    order: sort ? oneOf(['asc', 'desc'] as const, params.get('order')) : undefined,
    // Arranging needs a series.
    view: view === 'order' && typeof series !== 'number' ? 'grid' : view,
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: Math.min(positiveInt(params.get('pageSize')) ?? DEFAULT_STATE.pageSize, MAX_PAGE_SIZE),
    video: positiveInt(params.get('video')),
    panel: oneOf(['play', 'poster'] as const, params.get('panel')) ?? DEFAULT_STATE.panel,
  };
}

/** The query string of a state, without the defaults. */
export function serializeLibraryState(state: LibraryState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.series !== 'all') params.set('series', String(state.series));
  if (state.search.trim()) params.set('q', state.search.trim());
  if (state.format) params.set('format', state.format);
  if (state.status) params.set('status', state.status);
  if (state.sort) {
    params.set('sort', state.sort);
    if (state.order) params.set('order', state.order);
  }
  if (state.view !== DEFAULT_STATE.view && (state.view !== 'order' || typeof state.series === 'number')) params.set('view', state.view);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_STATE.pageSize) params.set('pageSize', String(state.pageSize));
  if (state.video) {
    params.set('video', String(state.video));
    if (state.panel !== DEFAULT_STATE.panel) params.set('panel', state.panel);
  }
  return params;
}

/** The video list request for a state. */
export function videoListQuery(state: LibraryState): VideoListQuery {
  const query: VideoListQuery = { ...effectiveSort(state), page: state.page, pageSize: state.pageSize };
  if (state.series === 'none') query.none = 'true';
  else if (typeof state.series === 'number') query.seriesId = state.series;
  if (state.search.trim()) query.search = state.search.trim();
  if (state.format) query.format = state.format;
  if (state.status) query.reviewStatus = state.status;
  return query;
}

/** Changes to what is listed start again at page 1; paging, the view and the player do not. */
const KEEPS_PAGE: ReadonlySet<keyof LibraryState> = new Set(['page', 'pageSize', 'view', 'video', 'panel']);

/** Applies a change to a state the way the page does (back to page 1 when the list changes). */
export function nextLibraryState(current: LibraryState, patch: Partial<LibraryState>): LibraryState {
  const next = { ...current, ...patch };
  const resetsPage = (Object.keys(patch) as (keyof LibraryState)[]).some((key) => !KEEPS_PAGE.has(key) && patch[key] !== current[key]);
  if ((resetsPage && patch.page === undefined) || (patch.pageSize !== undefined && patch.pageSize !== current.pageSize)) next.page = 1;
  // Another series starts with its own default order.
  if (patch.series !== undefined && patch.series !== current.series && patch.sort === undefined && current.sort === 'position') {
    next.sort = undefined;
    next.order = undefined;
  }
  if (next.view === 'order' && typeof next.series !== 'number') next.view = 'grid';
  if (!next.video) next.panel = 'play';
  return next;
}

export function useLibraryState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseLibraryState(params), [params]);
  const update = useCallback(
    (patch: Partial<LibraryState>, { replace = false }: { replace?: boolean } = {}) => {
      setParams((previous) => serializeLibraryState(nextLibraryState(parseLibraryState(previous), patch)), { replace });
    },
    [setParams],
  );
  return [state, update] as const;
}
