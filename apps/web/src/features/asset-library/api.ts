import {
  createFolder,
  deleteFolder,
  deleteImages,
  folderTree,
  imageDetail,
  imageList,
  moveFolder,
  moveImages,
  recycleDeleteForever,
  recycleEmpty,
  recycleList,
  recycleRestore,
  rejectedImageList,
  renameFolder,
  renameImage,
  type EndpointRequest,
  type ImageListQuery,
  type RecycleKind,
} from '@ads/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api-client';
import { useSession } from '../../shared/session';
import { videoKeys } from '../video-library';

// The asset library's data: folders, images, rejected images and the recycle bin. This module is
// only imported by the library's lazy pages, so the zod contracts may be imported here.

/** Every query of the asset library. */
export const assetKeys = {
  all: ['assets'] as const,
  folders: () => [...assetKeys.all, 'folders'] as const,
  images: () => [...assetKeys.all, 'images'] as const,
  imageList: (query: ImageListQuery) => [...assetKeys.images(), 'list', query] as const,
  imageDetail: (id: number) => [...assetKeys.images(), 'detail', id] as const,
  rejected: (search: string, page: number) => [...assetKeys.images(), 'rejected', { search, page }] as const,
  recycle: () => [...assetKeys.all, 'recycle'] as const,
  recycleList: (kind: RecycleKind | undefined, page: number, pageSize: number) =>
    [...assetKeys.recycle(), 'list', { kind, page, pageSize }] as const,
};

export function useHasPower(code: string): boolean {
  return useSession()?.userInfo.powers.some((power) => power.code === code) ?? false;
}

/** Whether the signed-in user may change the library (staff read it only). */
export const useCanWriteAssets = (): boolean => useHasPower('asset.write');

export const useFolderTree = (enabled = true) =>
  useQuery({
    queryKey: assetKeys.folders(),
    queryFn: ({ signal }) => callApi(folderTree, {}, { signal }),
    enabled,
  });

export const useImageList = (query: ImageListQuery, enabled = true) =>
  useQuery({
    queryKey: assetKeys.imageList(query),
    queryFn: ({ signal }) => callApi(imageList, query, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useImageDetail = (id: number | undefined) =>
  useQuery({
    queryKey: assetKeys.imageDetail(id ?? 0),
    queryFn: ({ signal }) => callApi(imageDetail, { id: id! }, { signal }),
    enabled: id !== undefined,
    retry: false,
  });

export const useRejectedImages = (search: string, page: number, enabled = true) =>
  useQuery({
    queryKey: assetKeys.rejected(search, page),
    queryFn: ({ signal }) => callApi(rejectedImageList, { search: search || undefined, page, pageSize: 20 }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useRecycleList = (kind: RecycleKind | undefined, page: number, pageSize: number) =>
  useQuery({
    queryKey: assetKeys.recycleList(kind, page, pageSize),
    queryFn: ({ signal }) => callApi(recycleList, { kind, page, pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });

/** What a change to images makes stale: every image query, and the bin when things go in or out. */
export const invalidateImages = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: assetKeys.images() });
const invalidateEverything = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: assetKeys.all });

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: EndpointRequest<typeof createFolder>) => callApi(createFolder, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.folders() }),
  });
}

export function useRenameFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: EndpointRequest<typeof renameFolder>) => callApi(renameFolder, payload),
    // Image details name their folder.
    onSuccess: () => invalidateEverything(queryClient),
  });
}

export function useMoveFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: EndpointRequest<typeof moveFolder>) => callApi(moveFolder, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.folders() }),
  });
}

export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(deleteFolder, { id }),
    onSuccess: () => invalidateEverything(queryClient),
  });
}

export function useRenameImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: EndpointRequest<typeof renameImage>) => callApi(renameImage, payload),
    onSuccess: () => invalidateImages(queryClient),
  });
}

export function useMoveImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: EndpointRequest<typeof moveImages>) => callApi(moveImages, payload),
    onSuccess: () => invalidateImages(queryClient),
  });
}

export function useDeleteImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: EndpointRequest<typeof deleteImages>) => callApi(deleteImages, payload),
    onSuccess: () => invalidateEverything(queryClient),
  });
}

export function useRestore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: EndpointRequest<typeof recycleRestore>) => callApi(recycleRestore, payload),
    onSuccess: (result) => {
      void invalidateEverything(queryClient);
      // Restored videos are back in the video library's lists and series counts.
      if (result.restored.some((item) => item.kind === 'video')) void queryClient.invalidateQueries({ queryKey: videoKeys.all });
    },
  });
}

export function useDeleteForever() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: EndpointRequest<typeof recycleDeleteForever>) => callApi(recycleDeleteForever, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.recycle() }),
  });
}

/** Empties the bin, or the given kinds of it. */
export function useEmptyBin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kinds?: RecycleKind[]) => callApi(recycleEmpty, { kinds }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.recycle() }),
  });
}
