import type { ImageListQuery, RecycleKind } from '@ads/contracts';
import { keepPreviousData, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/data/call-endpoint';
import { queryKeys } from '../../shared/data/query-keys';
import { useContractMutation } from '../../shared/data/use-contract-mutation';
import { useContractQuery } from '../../shared/data/use-contract-query';
import { useHasPower } from '../../shared/use-has-power';

// The asset library's data: folders, images, rejected images and the recycle bin.

export { useHasPower };

/** Every query of the asset library, under the registry's scopes. */
export const assetKeys = {
  all: queryKeys.assets,
  folders: () => queryKeys.folders,
  images: () => queryKeys.images,
  imageList: (query: ImageListQuery) => [...queryKeys.images, 'list', query] as const,
  imageDetail: (id: number) => [...queryKeys.images, 'detail', id] as const,
  rejected: (search: string, page: number) => [...queryKeys.images, 'rejected', { search, page }] as const,
  recycle: () => queryKeys.recycle,
  recycleList: (kind: RecycleKind | undefined, page: number, pageSize: number) => [...queryKeys.recycle, 'list', { kind, page, pageSize }] as const,
};

/** Whether the signed-in user may change the library (staff read it only). */
export const useCanWriteAssets = (): boolean => useHasPower('asset.write');

export const useFolderTree = (enabled = true) => useContractQuery('assets.folderTree', {}, { queryKey: assetKeys.folders(), enabled });

export const useImageList = (query: ImageListQuery, enabled = true) =>
  useContractQuery('assets.imageList', query, { queryKey: assetKeys.imageList(query), placeholderData: keepPreviousData, enabled });

/** The account's storage, for the gallery's usage bar. */
export const loadImageUsage = (signal: AbortSignal) => callEndpoint('storageUsage.imageStorageUsage', {}, { signal });

export const useImageDetail = (id: number | undefined) =>
  useContractQuery('assets.imageDetail', { id: id ?? 0 }, { queryKey: assetKeys.imageDetail(id ?? 0), enabled: id !== undefined, retry: false });

export const useRejectedImages = (search: string, page: number, enabled = true) =>
  useContractQuery(
    'assets.rejectedImageList',
    { search: search || undefined, page, pageSize: 20 },
    { queryKey: assetKeys.rejected(search, page), placeholderData: keepPreviousData, enabled },
  );

export const useRecycleList = (kind: RecycleKind | undefined, page: number, pageSize: number) =>
  useContractQuery('assets.recycleList', { kind, page, pageSize }, { queryKey: assetKeys.recycleList(kind, page, pageSize), placeholderData: keepPreviousData });

/** What a change to images makes stale: every image query (uploads call it). */
export const invalidateImages = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: assetKeys.images() });

// Folder names show in image details, and deletions fill the bin: those change everything.
export const useCreateFolder = () => useContractMutation('assets.createFolder', { invalidates: [assetKeys.folders()] });
export const useRenameFolder = () => useContractMutation('assets.renameFolder', { invalidates: [assetKeys.all] });
export const useMoveFolder = () => useContractMutation('assets.moveFolder', { invalidates: [assetKeys.folders()] });
export const useDeleteFolder = () => useContractMutation('assets.deleteFolder', { toPayload: (id: number) => ({ id }), invalidates: [assetKeys.all], changes: ['image'] });
export const useRenameImage = () => useContractMutation('assets.renameImage', { changes: ['image'] });
export const useMoveImages = () => useContractMutation('assets.moveImages', { invalidates: [assetKeys.images()] });
export const useDeleteImages = () => useContractMutation('assets.deleteImages', { invalidates: [assetKeys.all], changes: ['image'] });

/** Restored videos are back in the video library's lists and series counts. */
export const useRestore = () =>
  useContractMutation('assets.recycleRestore', {
    invalidates: (result) => (result.restored.some((item) => item.kind === 'video') ? [assetKeys.all, queryKeys.videos] : [assetKeys.all]),
    changes: ['image', 'video'],
  });

export const useDeleteForever = () => useContractMutation('assets.recycleDeleteForever', { invalidates: [assetKeys.recycle()] });

/** Empties the bin, or the given kinds of it. */
export const useEmptyBin = () => useContractMutation('assets.recycleEmpty', { toPayload: (kinds?: RecycleKind[]) => ({ kinds }), invalidates: [assetKeys.recycle()] });
