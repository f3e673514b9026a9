import {
  IMAGE_FORMATS,
  IMAGE_REVIEW_STATUSES,
  IMAGE_SORT_FIELDS,
  MAX_PAGE_SIZE,
  type ImageFormat,
  type ImageListQuery,
  type ImageReviewStatus,
} from '@ads/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { oneOf, positiveInt } from '../../shared/url-params';

// The gallery's view lives in the URL query (#/assetLibrary/imageGallery?folder=3&view=list…), so
// that reload, back and a shared link keep it. Defaults are left out of the URL.

export type FolderScope = 'all' | 'root' | number;
export type SizeRange = 'small' | 'medium' | 'large';
export type SortField = (typeof IMAGE_SORT_FIELDS)[number];
export type GalleryView = 'grid' | 'list';
export type GalleryTab = 'images' | 'rejected';

export const SIZE_RANGES: Record<SizeRange, { minBytes?: number; maxBytes?: number }> = {
  small: { maxBytes: 100 * 1024 - 1 },
  medium: { minBytes: 100 * 1024, maxBytes: 1024 * 1024 - 1 },
  large: { minBytes: 1024 * 1024 },
};
export const PAGE_SIZES = [24, 48, 96] as const;

export interface GalleryState {
  folder: FolderScope;
  search: string;
  format?: ImageFormat;
  size?: SizeRange;
  status?: ImageReviewStatus;
  sort: SortField;
  order: 'asc' | 'desc';
  view: GalleryView;
  tab: GalleryTab;
  page: number;
  pageSize: number;
  /** The image whose detail drawer is open. */
  image?: number;
}

export const DEFAULT_STATE: GalleryState = {
  folder: 'all',
  search: '',
  sort: 'createdAt',
  order: 'desc',
  view: 'grid',
  tab: 'images',
  page: 1,
  pageSize: PAGE_SIZES[0],
};

/** Reads the state from a query string; anything unknown or malformed falls back to the default. */
export function parseGalleryState(params: URLSearchParams): GalleryState {
  const folderParam = params.get('folder');
  const folder: FolderScope = folderParam === 'root' ? 'root' : (positiveInt(folderParam) ?? 'all');
  return {
    folder,
    search: (params.get('q') ?? '').slice(0, 255),
    format: oneOf(IMAGE_FORMATS, params.get('format')),
    size: oneOf(Object.keys(SIZE_RANGES) as SizeRange[], params.get('size')),
    status: oneOf(IMAGE_REVIEW_STATUSES, params.get('status')),
    sort: oneOf(IMAGE_SORT_FIELDS, params.get('sort')) ?? DEFAULT_STATE.sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? DEFAULT_STATE.order,
    view: oneOf(['grid', 'list'] as const, params.get('view')) ?? DEFAULT_STATE.view,
    tab: oneOf(['images', 'rejected'] as const, params.get('tab')) ?? DEFAULT_STATE.tab,
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: Math.min(positiveInt(params.get('pageSize')) ?? DEFAULT_STATE.pageSize, MAX_PAGE_SIZE),
    image: positiveInt(params.get('image')),
  };
}

/** The query string of a state, without the defaults. */
export function serializeGalleryState(state: GalleryState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.folder !== 'all') params.set('folder', String(state.folder));
  if (state.search.trim()) params.set('q', state.search.trim());
  if (state.format) params.set('format', state.format);
  if (state.size) params.set('size', state.size);
  if (state.status) params.set('status', state.status);
  if (state.sort !== DEFAULT_STATE.sort) params.set('sort', state.sort);
  if (state.order !== DEFAULT_STATE.order) params.set('order', state.order);
  if (state.view !== DEFAULT_STATE.view) params.set('view', state.view);
  if (state.tab !== DEFAULT_STATE.tab) params.set('tab', state.tab);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_STATE.pageSize) params.set('pageSize', String(state.pageSize));
  if (state.image) params.set('image', String(state.image));
  return params;
}

/** The image list request for a state. */
export function imageListQuery(state: GalleryState): ImageListQuery {
  const query: ImageListQuery = { sort: state.sort, order: state.order, page: state.page, pageSize: state.pageSize };
  if (state.folder === 'root') query.root = 'true';
  else if (state.folder !== 'all') query.folderId = state.folder;
  if (state.search.trim()) query.search = state.search.trim();
  if (state.format) query.format = state.format;
  if (state.status) query.reviewStatus = state.status;
  if (state.size) Object.assign(query, SIZE_RANGES[state.size]);
  return query;
}

/** Changes to what is listed start again at page 1; paging, the view and the drawer do not. */
const KEEPS_PAGE: ReadonlySet<keyof GalleryState> = new Set(['page', 'pageSize', 'view', 'image']);

export function useGalleryState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseGalleryState(params), [params]);
  const update = useCallback(
    (patch: Partial<GalleryState>, { replace = false }: { replace?: boolean } = {}) => {
      setParams(
        (previous) => {
          const current = parseGalleryState(previous);
          const next = { ...current, ...patch };
          const resetsPage = (Object.keys(patch) as (keyof GalleryState)[]).some(
            (key) => !KEEPS_PAGE.has(key) && patch[key] !== current[key],
          );
          if (resetsPage && patch.page === undefined) next.page = 1;
          if (patch.pageSize !== undefined && patch.pageSize !== current.pageSize) next.page = 1;
          return serializeGalleryState(next);
        },
        { replace },
      );
    },
    [setParams],
  );
  return [state, update] as const;
}
