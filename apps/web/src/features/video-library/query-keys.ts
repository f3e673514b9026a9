import type { VideoListQuery } from '@ads/contracts';
import { queryKeys } from '../../shared/data/query-keys';

/** Every query of the video library, under the registry's scopes. */
export const videoKeys = {
  all: queryKeys.videos,
  series: () => queryKeys.series,
  videos: () => queryKeys.videoItems,
  list: (query: VideoListQuery) => [...queryKeys.videoItems, 'list', query] as const,
  detail: (id: number) => [...queryKeys.videoItems, 'detail', id] as const,
  /** All of a series' videos in their order (the arrange view). */
  order: (seriesId: number) => [...queryKeys.videoItems, 'order', seriesId] as const,
};
