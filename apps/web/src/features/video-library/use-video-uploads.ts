import { formatBytes, VIDEO_MAX_BYTES, type Video } from '@ads/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from '../../shared/i18n/translate';
import { useMemo } from 'react';
import { networkErrorText } from '../../shared/format';
import { useUploadQueue, type UploadRow, type UploadSender } from '../../shared/upload/use-upload-queue';
import { invalidateVideos } from './api';
import { resumeKeyOf, runChunkedUpload, UploadInterruptedError, type ResumeStore, type UploadTransport } from './chunk-upload';
import { apiTransport, sessionResumeStore } from './transport';

// Video uploads: chunked and resumable (chunk-upload.ts), two at once, in the order picked; a
// network that keeps failing pauses the row, and Resume (or the same file picked again) continues.

export const PARALLEL_UPLOADS = 2;
export const ACCEPT_ATTRIBUTE = '.mp4,.m4v,.webm,video/mp4,video/webm';
const ACCEPTED_TYPES = ['video/mp4', 'video/webm', 'video/x-m4v'];
const ACCEPTED_EXTENSIONS = /\.(mp4|m4v|webm)$/i;

/** The client's first check; the server judges the bytes and has the last word. */
export function precheckVideo(file: File): 'VIDEO_TYPE_NOT_ALLOWED' | 'PAYLOAD_TOO_LARGE' | 'EMPTY_FILE' | null {
  const typeOk = file.type ? ACCEPTED_TYPES.includes(file.type) : ACCEPTED_EXTENSIONS.test(file.name);
  if (!typeOk) return 'VIDEO_TYPE_NOT_ALLOWED';
  if (file.size > VIDEO_MAX_BYTES) return 'PAYLOAD_TOO_LARGE';
  if (file.size === 0) return 'EMPTY_FILE';
  return null;
}

export function useVideoUploads({ transport = apiTransport, store = sessionResumeStore }: { transport?: UploadTransport; store?: ResumeStore } = {}) {
  const queryClient = useQueryClient();
  const sender = useMemo<UploadSender<Video>>(
    () => ({
      parallel: PARALLEL_UPLOADS,
      firstPhase: 'starting',
      precheck: precheckVideo,
      duplicateCode: 'VIDEO_DUPLICATE',
      send: (row, { signal, onProgress, onPhase, onUploadId }) =>
        runChunkedUpload({ file: row.file, seriesId: row.target, transport, store, signal, onUploadId, onPhase, onProgress }),
      interruptedAt: (error) => (error instanceof UploadInterruptedError ? error.received : undefined),
      discard: (row) => {
        store.remove(resumeKeyOf(row.file));
        // Best effort: an upload left behind expires on the server anyway.
        if (row.uploadId) void transport.cancel(row.uploadId).catch(() => undefined);
      },
      onDone: () => void invalidateVideos(queryClient),
    }),
    [queryClient, store, transport],
  );
  return useUploadQueue(sender);
}

export function uploadErrorText(t: TFunction, row: Pick<UploadRow<unknown>, 'errorCode' | 'errorDetail'>): string {
  const code = row.errorCode ?? 'UNKNOWN';
  const known: Record<string, string> = {
    VIDEO_TYPE_NOT_ALLOWED: t('videoLibrary.upload.errors.type'),
    PAYLOAD_TOO_LARGE: t('videoLibrary.upload.errors.tooLarge', { size: formatBytes(VIDEO_MAX_BYTES) }),
    EMPTY_FILE: t('videoLibrary.upload.errors.empty'),
    VIDEO_UNREADABLE: t('videoLibrary.upload.errors.unreadable'),
    VIDEO_INVALID: t('videoLibrary.upload.errors.invalid'),
    NOT_FOUND: t('videoLibrary.upload.errors.expired'),
    STORAGE_QUOTA_EXCEEDED: t('videoLibrary.upload.errors.quota'),
    TOO_MANY_OPEN_UPLOADS: t('videoLibrary.upload.errors.openUploads'),
    NETWORK_ERROR: networkErrorText(t),
  };
  return known[code] ?? row.errorDetail ?? t('videoLibrary.errors.generic');
}
