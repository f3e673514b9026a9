import { IMAGE_FORMATS, IMAGE_REVIEW_STATUSES, IMAGE_SORT_FIELDS, type ImageFormat, type ImageListQuery, type ImageReviewStatus } from '@ads/contracts';
import { choice, defineUrlState, optionalChoice, optionalId, pageField, pageSizeField, scope, searchField, useUrlState } from '../../shared/list/url-state';

// The gallery's view in the URL query (#/assetLibrary/imageGallery?folder=3&view=list…).

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

export const galleryState = defineUrlState<GalleryState>({
  fields: {
    folder: scope(['root'], 'all'),
    search: searchField,
    format: optionalChoice(IMAGE_FORMATS),
    size: optionalChoice(Object.keys(SIZE_RANGES) as SizeRange[]),
    status: optionalChoice(IMAGE_REVIEW_STATUSES),
    sort: choice(IMAGE_SORT_FIELDS, 'createdAt'),
    order: choice(['asc', 'desc'], 'desc'),
    view: choice(['grid', 'list'], 'grid', { keepsPage: true }),
    tab: choice(['images', 'rejected'], 'images'),
    page: pageField,
    pageSize: pageSizeField(PAGE_SIZES[0]),
    image: optionalId({ keepsPage: true }),
  },
});

export const DEFAULT_STATE = galleryState.defaults;
export const parseGalleryState = galleryState.parse;
export const serializeGalleryState = galleryState.serialize;
export const useGalleryState = () => useUrlState(galleryState);

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
