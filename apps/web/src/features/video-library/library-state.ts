import { VIDEO_FORMATS, VIDEO_REVIEW_STATUSES, VIDEO_SORT_FIELDS, type VideoFormat, type VideoListQuery, type VideoReviewStatus } from '@ads/contracts';
import { choice, defineUrlState, optionalChoice, optionalId, pageField, pageSizeField, scope, searchField, useUrlState } from '../../shared/list/url-state';

// The library's view in the URL query (#/videoLibrary?series=3&view=list…).

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

/** The sort actually used: the one chosen, else a series' order inside a series, else newest first. */
export function effectiveSort(state: Pick<LibraryState, 'series' | 'sort' | 'order'>): { sort: SortField; order: SortOrder } {
  const inSeries = typeof state.series === 'number';
  const sort = state.sort && (state.sort !== 'position' || inSeries) ? state.sort : inSeries ? 'position' : 'createdAt';
  const order = state.sort === sort && state.order ? state.order : sort === 'position' || sort === 'name' ? 'asc' : 'desc';
  return { sort, order };
}

export const libraryState = defineUrlState<LibraryState>({
  fields: {
    series: scope(['none', 'bin'], 'all'),
    search: searchField,
    format: optionalChoice(VIDEO_FORMATS),
    status: optionalChoice(VIDEO_REVIEW_STATUSES),
    sort: optionalChoice(VIDEO_SORT_FIELDS),
    order: optionalChoice(['asc', 'desc']),
    view: choice(['grid', 'list', 'order'], 'grid', { keepsPage: true }),
    page: pageField,
    pageSize: pageSizeField(PAGE_SIZES[0]),
    video: optionalId({ keepsPage: true }),
    panel: choice(['play', 'poster'], 'play', { keepsPage: true }),
  },
  normalize: (state, previous, patch) => {
    const next = { ...state };
    // Another series starts with its own default order.
    if (previous && patch?.series !== undefined && patch.series !== previous.series && patch.sort === undefined && previous.sort === 'position') next.sort = undefined;
    // An order only goes with a chosen sort; arranging needs a series; the panel goes with the player.
    if (!next.sort) next.order = undefined;
    if (next.view === 'order' && typeof next.series !== 'number') next.view = 'grid';
    if (!next.video) next.panel = 'play';
    return next;
  },
});

export const DEFAULT_STATE = libraryState.defaults;
export const parseLibraryState = libraryState.parse;
export const serializeLibraryState = libraryState.serialize;
export const nextLibraryState = libraryState.next;
export const useLibraryState = () => useUrlState(libraryState);

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
