import type { ImageListQuery, RecycleKind, VideoListQuery } from '@ads/contracts';

// One registry of every query key. Features build their queries from it and a mutation names
// what it makes stale from it, so one feature refreshes another's lists (a restore from the bin
// brings videos back) without importing that feature. Keys are prefixes of each other: invalidating
// `queryKeys.assets.images()` reaches every list, detail and count of images. Types only here:
// the bell on every page builds its keys from this module.

const assets = {
  all: ['assets'] as const,
  folders: () => [...assets.all, 'folders'] as const,
  images: () => [...assets.all, 'images'] as const,
  imageList: (query: ImageListQuery) => [...assets.images(), 'list', query] as const,
  imageDetail: (id: number) => [...assets.images(), 'detail', id] as const,
  rejected: (search: string, page: number) => [...assets.images(), 'rejected', { search, page }] as const,
  /** The recycle bin: images, folders and videos (the Recycle Bin page and the video library's bin). */
  recycle: () => [...assets.all, 'recycle'] as const,
  recycleList: (kind: RecycleKind | undefined, page: number, pageSize: number) => [...assets.recycle(), 'list', { kind, page, pageSize }] as const,
};

const videos = {
  all: ['videos'] as const,
  series: () => [...videos.all, 'series'] as const,
  videos: () => [...videos.all, 'video'] as const,
  list: (query: VideoListQuery) => [...videos.videos(), 'list', query] as const,
  detail: (id: number) => [...videos.videos(), 'detail', id] as const,
  /** All of a series' videos in their order (the arrange view). */
  order: (seriesId: number) => [...videos.videos(), 'order', seriesId] as const,
};

const notifications = {
  all: ['notifications'] as const,
  lists: () => [...notifications.all, 'list'] as const,
  /** The poll: `{}` is the caller's newest page (seed §7). */
  list: () => [...notifications.lists(), {}] as const,
  /** Accounts offered by the announcement form's audience picker. */
  audienceAccounts: (search: string) => [...notifications.all, 'audienceAccounts', search] as const,
};

export const queryKeys = { assets, videos, notifications };
