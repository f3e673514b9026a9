import {
  MAX_PAGE_SIZE,
  VIDEO_API,
  type createSeries,
  type deleteSeries,
  type deleteVideos,
  type renameSeries,
  type renameVideo,
  type reorderSeries,
  type seriesList,
  type setVideoSeries,
  type Video,
  type videoDetail,
  type videoList,
  type VideoListQuery,
  type videoStorageUsage,
} from '@ads/contracts';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { callEndpoint, lightEndpoint } from '../../shared/data/endpoint-ref';
import { queryKeys } from '../../shared/data/query-keys';
import { useContractMutation, useInvalidatingMutation } from '../../shared/data/use-contract-mutation';
import { useContractQuery } from '../../shared/data/use-contract-query';
import { useHasPower } from '../../shared/use-has-power';
import { videoKeys } from './query-keys';
import { uploadPoster } from './transport';

// The video library's data: series, videos, a series' order. The calls name their routes zod-free
// and borrow the contracts' types only (shared/data/endpoint-ref.ts): the library's first load
// carries no schema.

const calls = {
  seriesList: lightEndpoint<typeof seriesList>(VIDEO_API.seriesList),
  createSeries: lightEndpoint<typeof createSeries>(VIDEO_API.createSeries),
  renameSeries: lightEndpoint<typeof renameSeries>(VIDEO_API.renameSeries),
  deleteSeries: lightEndpoint<typeof deleteSeries>(VIDEO_API.deleteSeries),
  reorderSeries: lightEndpoint<typeof reorderSeries>(VIDEO_API.reorderSeries),
  videoList: lightEndpoint<typeof videoList>(VIDEO_API.videoList),
  videoDetail: lightEndpoint<typeof videoDetail>(VIDEO_API.videoDetail),
  videoUsage: lightEndpoint<typeof videoStorageUsage>(VIDEO_API.videoUsage),
  renameVideo: lightEndpoint<typeof renameVideo>(VIDEO_API.renameVideo),
  setVideoSeries: lightEndpoint<typeof setVideoSeries>(VIDEO_API.setVideoSeries),
  deleteVideos: lightEndpoint<typeof deleteVideos>(VIDEO_API.deleteVideos),
};

/** Whether the signed-in user may change the library (staff read it only). */
export const useCanWriteVideos = (): boolean => useHasPower('video.write');

export const useSeriesList = () => useContractQuery(calls.seriesList, {}, { queryKey: videoKeys.series() });

export const useVideoList = (query: VideoListQuery, enabled = true) =>
  useContractQuery(calls.videoList, query, { queryKey: videoKeys.list(query), placeholderData: keepPreviousData, enabled });

/** The account's storage, for the library's usage bar. */
export const loadVideoUsage = (signal: AbortSignal) => callEndpoint(calls.videoUsage, {}, { signal });

export const useVideoDetail = (id: number | undefined) =>
  useContractQuery(calls.videoDetail, { id: id ?? 0 }, { queryKey: videoKeys.detail(id ?? 0), enabled: id !== undefined, retry: false });

/** A series' videos in their order, every page of them (a series holds at most 1000). */
export async function fetchSeriesOrder(seriesId: number, signal?: AbortSignal): Promise<Video[]> {
  const items: Video[] = [];
  for (let page = 1; ; page++) {
    const answer = await callEndpoint(calls.videoList, { seriesId, sort: 'position', order: 'asc', page, pageSize: MAX_PAGE_SIZE }, { signal });
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
export const useCreateSeries = () => useContractMutation(calls.createSeries, { invalidates: [videoKeys.series()] });
export const useRenameSeries = () => useContractMutation(calls.renameSeries, { invalidates: [videoKeys.all] });
export const useDeleteSeries = () => useContractMutation(calls.deleteSeries, { toPayload: (id: number) => ({ id }), invalidates: [videoKeys.all] });

/**
 * Saves a series' new order. Optimistic: the arrange view shows it at once and goes back to the
 * order it had when the server refuses (a stale order reloads it). The grid and list show
 * positions too.
 */
export const useReorderSeries = (seriesId: number) =>
  useContractMutation(calls.reorderSeries, {
    toPayload: (videos: Video[]) => ({ id: seriesId, videoIds: videos.map((video) => video.id) }),
    optimistic: {
      queryKey: videoKeys.order(seriesId),
      update: (_previous: Video[] | undefined, videos) => videos.map((video, index) => ({ ...video, position: index + 1 })),
    },
    invalidates: [[...videoKeys.videos(), 'list']],
  });

export const useRenameVideo = () => useContractMutation(calls.renameVideo, { invalidates: [videoKeys.videos()] });
export const useSetVideoSeries = () => useContractMutation(calls.setVideoSeries, { invalidates: [videoKeys.all] });

/** Deleted videos are in the recycle bin now (the Recycle Bin page, or the library's own bin view). */
export const useDeleteVideos = () => useContractMutation(calls.deleteVideos, { invalidates: [videoKeys.all, queryKeys.recycle] });

export const useSetPoster = () =>
  useInvalidatingMutation(
    ({ video, image, fileName }: { video: Pick<Video, 'id' | 'version'>; image: Blob; fileName?: string }) => uploadPoster(video, image, fileName),
    { invalidates: [videoKeys.videos()] },
  );
