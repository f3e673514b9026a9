import { IMAGE_UPLOAD_PATH, type ErrorDetails, type Image } from '@ads/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorDetails, isApiError } from '../../shared/api-client';
import { invalidateImages } from './api';
import { precheckFile, uploadFile } from './upload';

// The upload queue: one row per file, a few files in flight at once, each with its progress and
// its outcome (done, a duplicate of an image already there, or an error).

export const PARALLEL_UPLOADS = 3;

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'duplicate' | 'error';

export interface UploadRow {
  key: string;
  file: File;
  /** Where it goes: null is the root. */
  folderId: number | null;
  status: UploadStatus;
  /** 0…100. */
  percent: number;
  image?: Image;
  existing?: ErrorDetails<'IMAGE_DUPLICATE'>['existing'];
  /** An error code (the server's, or the client's precheck) and the server's sentence. */
  errorCode?: string;
  errorDetail?: string;
}

let sequence = 0;

export function useUploads(path: string = IMAGE_UPLOAD_PATH) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<UploadRow[]>([]);
  const running = useRef(new Set<string>());
  const controllers = useRef(new Map<string, AbortController>());

  const patch = useCallback((key: string, change: Partial<UploadRow>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  }, []);

  const start = useCallback(
    async (row: UploadRow) => {
      running.current.add(row.key);
      const controller = new AbortController();
      controllers.current.set(row.key, controller);
      patch(row.key, { status: 'uploading', percent: 0 });
      try {
        const image = await uploadFile(path, { folderId: row.folderId ?? undefined }, row.file, {
          signal: controller.signal,
          // The last percent waits for the server's answer (hashing, thumbnail).
          onProgress: (fraction) => patch(row.key, { percent: Math.min(99, Math.round(fraction * 100)) }),
        });
        patch(row.key, { status: 'done', percent: 100, image });
        void invalidateImages(queryClient);
      } catch (cause) {
        if (cause instanceof DOMException && cause.name === 'AbortError') return;
        const existing = errorDetails(cause, 'IMAGE_DUPLICATE')?.existing;
        if (existing) {
          patch(row.key, { status: 'duplicate', percent: 100, existing });
        } else {
          patch(row.key, {
            status: 'error',
            errorCode: isApiError(cause) ? cause.code : 'UNKNOWN',
            errorDetail: isApiError(cause) ? cause.detail : undefined,
          });
        }
      } finally {
        running.current.delete(row.key);
        controllers.current.delete(row.key);
        // Another queued file may start now.
        setRows((current) => [...current]);
      }
    },
    [path, patch, queryClient],
  );

  // Starts queued files while fewer than PARALLEL_UPLOADS are in flight.
  useEffect(() => {
    const free = PARALLEL_UPLOADS - running.current.size;
    if (free <= 0) return;
    rows
      .filter((row) => row.status === 'queued' && !running.current.has(row.key))
      .slice(0, free)
      .forEach((row) => void start(row));
  }, [rows, start]);

  // Leaving the page cancels what is still going.
  useEffect(() => {
    const current = controllers.current;
    return () => current.forEach((controller) => controller.abort());
  }, []);

  const add = useCallback((files: readonly File[], folderId: number | null) => {
    const added = files.map<UploadRow>((file) => {
      const refused = precheckFile(file);
      sequence += 1;
      return {
        key: `upload-${sequence}`,
        file,
        folderId,
        status: refused ? 'error' : 'queued',
        percent: 0,
        errorCode: refused ?? undefined,
      };
    });
    setRows((current) => [...added, ...current]);
  }, []);

  const cancel = useCallback(
    (key: string) => {
      controllers.current.get(key)?.abort();
      setRows((current) => current.filter((row) => row.key !== key));
    },
    [],
  );

  /** Forgets the finished rows (done, duplicate, error). */
  const clearFinished = useCallback(() => {
    setRows((current) => current.filter((row) => row.status === 'queued' || row.status === 'uploading'));
  }, []);

  return { rows, add, cancel, clearFinished };
}
