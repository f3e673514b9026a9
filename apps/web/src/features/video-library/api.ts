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
  type EndpointRequest,
  type Video,
  type VideoListQuery,
} from '@ads/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api-client';
import { useSession } from '../../shared/session';
import { assetKeys } from '../asset-library';
import { videoKeys } from './query-keys';
import { uploadPoster } from './transport';

// The video library's data: series, videos, a series' order. This module is only imported by the
// library's lazy page, so the zod contracts may be imported here.

const hasPower = (powers: readonly { code: string }[] | undefined, code: string) => powers?.some((power) => power.code === code) ?? false;

/** Whether the signed-in user may change the library (staff read it only). */
export const useCanWriteVideos = (): boolean => hasPower(useSession()?.userInfo.powers, 'video.write');

export const useSeriesList = () =>
  useQuery({
    queryKey: videoKeys.series(),
    queryFn: ({ signal }) => callApi(seriesList, {}, { signal }),
  });

export const useVideoList = (query: VideoListQuery, enabled = true) =>
  useQuery({
    queryKey: videoKeys.list(query),
    queryFn: ({ signal }) => callApi(videoList, query, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useVideoDetail = (id: number | undefined) =>
  useQuery({
    queryKey: videoKeys.detail(id ?? 0),
    queryFn: ({ signal }) => callApi(videoDetail, { id: id! }, { signal }),
    enabled: id !== undefined,
    retry: false,
  });

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

/** What a change to videos makes stale: every video query, and the series' counts. */
export const invalidateVideos = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: videoKeys.all });

export function useCreateSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: EndpointRequest<typeof createSeries>) => callApi(createSeries, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.series() }),
  });
}

export function useRenameSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: EndpointRequest<typeof renameSeries>) => callApi(renameSeries, payload),
    // Video details name their series.
    onSuccess: () => invalidateVideos(queryClient),
  });
}

export function useDeleteSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(deleteSeries, { id }),
    onSuccess: () => invalidateVideos(queryClient),
  });
}

/**
 * Saves a series' new order. Optimistic: the arrange view shows it at once and goes back to the
 * order it had when the server refuses (a stale order reloads it).
 */
export function useReorderSeries(seriesId: number) {
  const queryClient = useQueryClient();
  const key = videoKeys.order(seriesId);
  return useMutation({
    mutationFn: (videos: Video[]) => callApi(reorderSeries, { id: seriesId, videoIds: videos.map((video) => video.id) }),
    onMutate: async (videos) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Video[]>(key);
      queryClient.setQueryData<Video[]>(
        key,
        videos.map((video, index) => ({ ...video, position: index + 1 })),
      );
      return { previous };
    },
    onError: (_error, _videos, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: (_data, error) => {
      // The grid and list show positions too; after a refusal the arrange view reloads.
      void queryClient.invalidateQueries({ queryKey: [...videoKeys.videos(), 'list'] });
      if (error) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export function useRenameVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: EndpointRequest<typeof renameVideo>) => callApi(renameVideo, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.videos() }),
  });
}

export function useSetVideoSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: EndpointRequest<typeof setVideoSeries>) => callApi(setVideoSeries, payload),
    onSuccess: () => invalidateVideos(queryClient),
  });
}

export function useDeleteVideos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: EndpointRequest<typeof deleteVideos>) => callApi(deleteVideos, payload),
    onSuccess: () => {
      void invalidateVideos(queryClient);
      // They are in the recycle bin now (the Recycle Bin page, or the library's own bin view).
      void queryClient.invalidateQueries({ queryKey: assetKeys.recycle() });
    },
  });
}

export function useSetPoster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ video, image, fileName }: { video: Pick<Video, 'id' | 'version'>; image: Blob; fileName?: string }) =>
      uploadPoster(video, image, fileName),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.videos() }),
  });
}
