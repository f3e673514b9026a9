import {
  ASSET_API,
  type createFolder,
  type deleteFolder,
  type deleteImages,
  type folderTree,
  type imageDetail,
  type imageList,
  type ImageListQuery,
  type imageStorageUsage,
  type moveFolder,
  type moveImages,
  type RecycleKind,
  type recycleDeleteForever,
  type recycleEmpty,
  type recycleList,
  type recycleRestore,
  type rejectedImageList,
  type renameFolder,
  type renameImage,
} from '@ads/contracts';
import { keepPreviousData, type QueryClient } from '@tanstack/react-query';
import { callEndpoint, lightEndpoint } from '../../shared/data/endpoint-ref';
import { queryKeys } from '../../shared/data/query-keys';
import { useContractMutation } from '../../shared/data/use-contract-mutation';
import { useContractQuery } from '../../shared/data/use-contract-query';
import { useHasPower } from '../../shared/use-has-power';

// The asset library's data: folders, images, rejected images and the recycle bin. The calls name
// their routes zod-free and borrow the contracts' types only (shared/data/endpoint-ref.ts): the
// gallery's and the bin's first load carry no schema.

const calls = {
  folderTree: lightEndpoint<typeof folderTree>(ASSET_API.folderTree),
  createFolder: lightEndpoint<typeof createFolder>(ASSET_API.createFolder),
  renameFolder: lightEndpoint<typeof renameFolder>(ASSET_API.renameFolder),
  moveFolder: lightEndpoint<typeof moveFolder>(ASSET_API.moveFolder),
  deleteFolder: lightEndpoint<typeof deleteFolder>(ASSET_API.deleteFolder),
  imageList: lightEndpoint<typeof imageList>(ASSET_API.imageList),
  imageDetail: lightEndpoint<typeof imageDetail>(ASSET_API.imageDetail),
  imageUsage: lightEndpoint<typeof imageStorageUsage>(ASSET_API.imageUsage),
  renameImage: lightEndpoint<typeof renameImage>(ASSET_API.renameImage),
  moveImages: lightEndpoint<typeof moveImages>(ASSET_API.moveImages),
  deleteImages: lightEndpoint<typeof deleteImages>(ASSET_API.deleteImages),
  recycleList: lightEndpoint<typeof recycleList>(ASSET_API.recycleList),
  recycleRestore: lightEndpoint<typeof recycleRestore>(ASSET_API.recycleRestore),
  recycleDeleteForever: lightEndpoint<typeof recycleDeleteForever>(ASSET_API.recycleDeleteForever),
  recycleEmpty: lightEndpoint<typeof recycleEmpty>(ASSET_API.recycleEmpty),
  rejectedImageList: lightEndpoint<typeof rejectedImageList>(ASSET_API.rejectedImageList),
};

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

export const useFolderTree = (enabled = true) => useContractQuery(calls.folderTree, {}, { queryKey: assetKeys.folders(), enabled });

export const useImageList = (query: ImageListQuery, enabled = true) =>
  useContractQuery(calls.imageList, query, { queryKey: assetKeys.imageList(query), placeholderData: keepPreviousData, enabled });

/** The account's storage, for the gallery's usage bar. */
export const loadImageUsage = (signal: AbortSignal) => callEndpoint(calls.imageUsage, {}, { signal });

export const useImageDetail = (id: number | undefined) =>
  useContractQuery(calls.imageDetail, { id: id ?? 0 }, { queryKey: assetKeys.imageDetail(id ?? 0), enabled: id !== undefined, retry: false });

export const useRejectedImages = (search: string, page: number, enabled = true) =>
  useContractQuery(
    calls.rejectedImageList,
    { search: search || undefined, page, pageSize: 20 },
    { queryKey: assetKeys.rejected(search, page), placeholderData: keepPreviousData, enabled },
  );

export const useRecycleList = (kind: RecycleKind | undefined, page: number, pageSize: number) =>
  useContractQuery(calls.recycleList, { kind, page, pageSize }, { queryKey: assetKeys.recycleList(kind, page, pageSize), placeholderData: keepPreviousData });

/** What a change to images makes stale: every image query (uploads call it). */
export const invalidateImages = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: assetKeys.images() });

// Folder names show in image details, and deletions fill the bin: those change everything.
export const useCreateFolder = () => useContractMutation(calls.createFolder, { invalidates: [assetKeys.folders()] });
export const useRenameFolder = () => useContractMutation(calls.renameFolder, { invalidates: [assetKeys.all] });
export const useMoveFolder = () => useContractMutation(calls.moveFolder, { invalidates: [assetKeys.folders()] });
export const useDeleteFolder = () => useContractMutation(calls.deleteFolder, { toPayload: (id: number) => ({ id }), invalidates: [assetKeys.all] });
export const useRenameImage = () => useContractMutation(calls.renameImage, { invalidates: [assetKeys.images()] });
export const useMoveImages = () => useContractMutation(calls.moveImages, { invalidates: [assetKeys.images()] });
export const useDeleteImages = () => useContractMutation(calls.deleteImages, { invalidates: [assetKeys.all] });

/** Restored videos are back in the video library's lists and series counts. */
export const useRestore = () =>
  useContractMutation(calls.recycleRestore, {
    invalidates: (result) => (result.restored.some((item) => item.kind === 'video') ? [assetKeys.all, queryKeys.videos] : [assetKeys.all]),
  });

export const useDeleteForever = () => useContractMutation(calls.recycleDeleteForever, { invalidates: [assetKeys.recycle()] });

/** Empties the bin, or the given kinds of it. */
export const useEmptyBin = () => useContractMutation(calls.recycleEmpty, { toPayload: (kinds?: RecycleKind[]) => ({ kinds }), invalidates: [assetKeys.recycle()] });
