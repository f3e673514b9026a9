import type { VideoListQuery } from '@ads/contracts';

// Its own module so that the recycle bin (features/asset-library) can refresh the video library
// after a restore without importing the library's data hooks.

/** Every query of the video library. */
export const videoKeys = {
  all: ['videos'] as const,
  series: () => [...videoKeys.all, 'series'] as const,
  videos: () => [...videoKeys.all, 'video'] as const,
  list: (query: VideoListQuery) => [...videoKeys.videos(), 'list', query] as const,
  detail: (id: number) => [...videoKeys.videos(), 'detail', id] as const,
  /** All of a series' videos in their order (the arrange view). */
  order: (seriesId: number) => [...videoKeys.videos(), 'order', seriesId] as const,
};
