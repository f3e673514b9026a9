import { formatBytes, IMAGE_MAX_BYTES, IMAGE_UPLOAD_PATH, type Image } from '@ads/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from '../../shared/i18n/translate';
import { useMemo } from 'react';
import { networkErrorText } from '../../shared/format';
import { useUploadQueue, type UploadRow, type UploadSender } from '../../shared/upload/use-upload-queue';
import { sendWithProgress } from '../../shared/xhr-send';
import { invalidateImages } from './api';

// Image uploads: the client's first check of a file, then one multipart POST with progress.

export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const ACCEPT_ATTRIBUTE = '.jpg,.jpeg,.png,.gif,.webp,image/jpeg,image/png,image/gif,image/webp';
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|gif|webp)$/i;
export const PARALLEL_UPLOADS = 3;

/** The client's first check; the server judges the bytes and has the last word. */
export function precheckFile(file: File): 'IMAGE_TYPE_NOT_ALLOWED' | 'PAYLOAD_TOO_LARGE' | null {
  const typeOk = file.type ? (ACCEPTED_TYPES as readonly string[]).includes(file.type) : ACCEPTED_EXTENSIONS.test(file.name);
  if (!typeOk) return 'IMAGE_TYPE_NOT_ALLOWED';
  if (file.size > IMAGE_MAX_BYTES) return 'PAYLOAD_TOO_LARGE';
  return null;
}

export interface UploadOptions {
  /** 0…1 of the request body sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** POSTs one file as multipart/form-data (part "file") to `path` with the query; answers the image. */
export async function uploadFile(path: string, query: Record<string, string | number | undefined>, file: File, options: UploadOptions = {}): Promise<Image> {
  const form = new FormData();
  form.append('file', file, file.name);
  const image = await sendWithProgress<Image>({
    method: 'POST',
    path,
    query,
    body: form,
    signal: options.signal,
    onProgress: (loaded, total) => {
      if (total > 0) options.onProgress?.(loaded / total);
    },
  });
  options.onProgress?.(1);
  return image;
}

/** The upload queue of the gallery: three files at once, the newest on top. */
export function useImageUploads() {
  const queryClient = useQueryClient();
  const sender = useMemo<UploadSender<Image>>(
    () => ({
      parallel: PARALLEL_UPLOADS,
      firstPhase: 'uploading',
      newestFirst: true,
      precheck: precheckFile,
      duplicateCode: 'IMAGE_DUPLICATE',
      send: (row, { signal, onProgress }) =>
        uploadFile(IMAGE_UPLOAD_PATH, { folderId: row.target ?? undefined }, row.file, {
          signal,
          // The last percent waits for the server's answer (hashing, thumbnail).
          onProgress: (fraction) => onProgress(Math.min(0.99, fraction) * row.file.size),
        }),
      onDone: () => void invalidateImages(queryClient),
    }),
    [queryClient],
  );
  return useUploadQueue(sender);
}

export function uploadErrorText(t: TFunction, row: Pick<UploadRow<unknown>, 'errorCode' | 'errorDetail'>): string {
  const code = row.errorCode ?? 'UNKNOWN';
  const known: Record<string, string> = {
    IMAGE_TYPE_NOT_ALLOWED: t('assetLibrary.upload.errors.type'),
    PAYLOAD_TOO_LARGE: t('assetLibrary.upload.errors.tooLarge', { size: formatBytes(IMAGE_MAX_BYTES) }),
    IMAGE_TOO_LARGE_PIXELS: t('assetLibrary.upload.errors.pixels'),
    IMAGE_TOO_LARGE_DECODED: t('assetLibrary.upload.errors.decoded'),
    IMAGE_UNREADABLE: t('assetLibrary.upload.errors.unreadable'),
    STORAGE_QUOTA_EXCEEDED: t('assetLibrary.upload.errors.quota'),
    NETWORK_ERROR: networkErrorText(t),
  };
  return known[code] ?? row.errorDetail ?? t('assetLibrary.errors.generic');
}
