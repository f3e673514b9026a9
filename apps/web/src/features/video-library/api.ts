import {
  createSeries,
  deleteSeries,
  deleteVideos,
  MAX_PAGE_SIZE,
  renameSeries,
  renameVideo,
  reorderSeries,
  seriesList,
  setVideoSeries,
  videoDetail,
  videoList,
  type Video,
  type VideoListQuery,
} from '@ads/contracts';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api-client';
import { queryKeys } from '../../shared/data/query-keys';
import { useContractMutation, useInvalidatingMutation } from '../../shared/data/use-contract-mutation';
import { useContractQuery } from '../../shared/data/use-contract-query';
import { useHasPower } from '../../shared/use-has-power';
import { videoKeys } from './query-keys';
import { uploadPoster } from './transport';

// The video library's data: series, videos, a series' order. This module is only imported by the
// library's lazy page, so the zod contracts may be imported here.

/** Whether the signed-in user may change the library (staff read it only). */
export const useCanWriteVideos = (): boolean => useHasPower('video.write');

export const useSeriesList = () => useContractQuery(seriesList, {}, { queryKey: videoKeys.series() });

export const useVideoList = (query: VideoListQuery, enabled = true) =>
  useContractQuery(videoList, query, { queryKey: videoKeys.list(query), placeholderData: keepPreviousData, enabled });

export const useVideoDetail = (id: number | undefined) =>
  useContractQuery(videoDetail, { id: id ?? 0 }, { queryKey: videoKeys.detail(id ?? 0), enabled: id !== undefined, retry: false });

/** A series' videos in their order, every page of them (a series holds at most 1000). */
export async function fetchSeriesOrder(seriesId: number, signal?: AbortSignal): Promise<Video[]> {
  const items: Video[] = [];
  for (let page = 1; ; page++) {
    const answer = await callApi(videoList, { seriesId, sort: 'position', order: 'asc', page, pageSize: MAX_PAGE_SIZE }, { signal });
    items.push(...answer.items);
    if (answer.items.length === 0 || items.length >= answer.total) return items;
  }
}

export const useSeriesOrder = (seriesId: number | undefined) =>
  useQuery({
    queryKey: videoKeys.order(seriesId ?? 0),
    queryFn: ({ signal }) => fetchSeriesOrder(seriesId!, signal),
    enabled: seriesId !== undefined,
  });

/** What a change to videos makes stale: every video query, and the series' counts (uploads call it). */
export const invalidateVideos = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: videoKeys.all });

// Series names show in video details; a video's series changes the series' counts.
export const useCreateSeries = () => useContractMutation(createSeries, { invalidates: [videoKeys.series()] });
export const useRenameSeries = () => useContractMutation(renameSeries, { invalidates: [videoKeys.all] });
export const useDeleteSeries = () => useContractMutation(deleteSeries, { toPayload: (id: number) => ({ id }), invalidates: [videoKeys.all] });

/**
 * Saves a series' new order. Optimistic: the arrange view shows it at once and goes back to the
 * order it had when the server refuses (a stale order reloads it). The grid and list show
 * positions too.
 */
export const useReorderSeries = (seriesId: number) =>
  useContractMutation(reorderSeries, {
    toPayload: (videos: Video[]) => ({ id: seriesId, videoIds: videos.map((video) => video.id) }),
    optimistic: {
      queryKey: videoKeys.order(seriesId),
      update: (_previous: Video[] | undefined, videos) => videos.map((video, index) => ({ ...video, position: index + 1 })),
    },
    invalidates: [[...videoKeys.videos(), 'list']],
  });

export const useRenameVideo = () => useContractMutation(renameVideo, { invalidates: [videoKeys.videos()] });
export const useSetVideoSeries = () => useContractMutation(setVideoSeries, { invalidates: [videoKeys.all] });

/** Deleted videos are in the recycle bin now (the Recycle Bin page, or the library's own bin view). */
export const useDeleteVideos = () => useContractMutation(deleteVideos, { invalidates: [videoKeys.all, queryKeys.recycle] });

export const useSetPoster = () =>
  useInvalidatingMutation(
    ({ video, image, fileName }: { video: Pick<Video, 'id' | 'version'>; image: Blob; fileName?: string }) => uploadPoster(video, image, fileName),
    { invalidates: [videoKeys.videos()] },
  );
