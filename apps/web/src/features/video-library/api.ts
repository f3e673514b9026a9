import { MAX_PAGE_SIZE, type Video, type VideoListQuery } from '@ads/contracts';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/data/call-endpoint';
import { useContractMutation, useInvalidatingMutation } from '../../shared/data/use-contract-mutation';
import { useContractQuery } from '../../shared/data/use-contract-query';
import { useHasPower } from '../../shared/use-has-power';
import { videoKeys } from './query-keys';
import { uploadPoster } from './transport';

// The video library's data: series, videos, a series' order.

/** Whether the signed-in user may change the library (staff read it only). */
export const useCanWriteVideos = (): boolean => useHasPower('video.write');

export const useSeriesList = () => useContractQuery('videos.seriesList', {}, { queryKey: videoKeys.series() });

export const useVideoList = (query: VideoListQuery, enabled = true) =>
  useContractQuery('videos.videoList', query, { queryKey: videoKeys.list(query), placeholderData: keepPreviousData, enabled });

/** The account's storage, for the library's usage bar. */
export const loadVideoUsage = (signal: AbortSignal) => callEndpoint('storageUsage.videoStorageUsage', {}, { signal });

export const useVideoDetail = (id: number | undefined) =>
  useContractQuery('videos.videoDetail', { id: id ?? 0 }, { queryKey: videoKeys.detail(id ?? 0), enabled: id !== undefined, retry: false });

/** A series' videos in their order, every page of them (a series holds at most 1000). */
export async function fetchSeriesOrder(seriesId: number, signal?: AbortSignal): Promise<Video[]> {
  const items: Video[] = [];
  for (let page = 1; ; page++) {
    const answer = await callEndpoint('videos.videoList', { seriesId, sort: 'position', order: 'asc', page, pageSize: MAX_PAGE_SIZE }, { signal });
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
export const useCreateSeries = () => useContractMutation('videos.createSeries', { invalidates: [videoKeys.series()] });
export const useRenameSeries = () => useContractMutation('videos.renameSeries', { invalidates: [videoKeys.all] });
export const useDeleteSeries = () => useContractMutation('videos.deleteSeries', { toPayload: (id: number) => ({ id }), invalidates: [videoKeys.all] });

/**
 * Saves a series' new order. Optimistic: the arrange view shows it at once and goes back to the
 * order it had when the server refuses (a stale order reloads it). The grid and list show
 * positions too.
 */
export const useReorderSeries = (seriesId: number) =>
  useContractMutation('videos.reorderSeries', {
    toPayload: (videos: Video[]) => ({ id: seriesId, videoIds: videos.map((video) => video.id) }),
    optimistic: {
      queryKey: videoKeys.order(seriesId),
      update: (_previous: Video[] | undefined, videos) => videos.map((video, index) => ({ ...video, position: index + 1 })),
    },
    invalidates: [[...videoKeys.videos(), 'list']],
  });

export const useRenameVideo = () => useContractMutation('videos.renameVideo', { changes: ['video'] });
export const useSetVideoSeries = () => useContractMutation('videos.setVideoSeries', { invalidates: [videoKeys.all] });

/** Deleted videos are in the recycle bin now (the Recycle Bin page, or the library's own bin view). */
export const useDeleteVideos = () => useContractMutation('videos.deleteVideos', { invalidates: [videoKeys.all], changes: ['video'] });

export const useSetPoster = () =>
  useInvalidatingMutation(
    ({ video, image, fileName }: { video: Pick<Video, 'id' | 'version'>; image: Blob; fileName?: string }) => uploadPoster(video, image, fileName),
    { invalidates: [videoKeys.videos()] },
  );
