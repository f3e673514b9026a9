import { VIDEO_MAX_BYTES, type ErrorBody, type Video } from '@ads/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../shared/api-client';
import { invalidateVideos } from './api';
import { isAbortError, resumeKeyOf, runChunkedUpload, UploadInterruptedError, type ResumeStore, type UploadTransport } from './chunk-upload';
import { apiTransport, sessionResumeStore } from './transport';

// The upload queue: one row per file, two in flight at once, each with its progress, speed, and
// pause / resume / cancel; then its outcome (done, a duplicate of a video already there, or an error).

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

export type UploadRowStatus = 'queued' | 'starting' | 'uploading' | 'reconnecting' | 'completing' | 'paused' | 'done' | 'duplicate' | 'error';
export const ACTIVE_STATUSES: ReadonlySet<UploadRowStatus> = new Set(['queued', 'starting', 'uploading', 'reconnecting', 'completing']);

export interface UploadRow {
  key: string;
  file: File;
  seriesId: number | null;
  status: UploadRowStatus;
  /** Bytes on the server (or on their way). */
  sent: number;
  /** Bytes per second, over the last seconds; undefined until measured. */
  speed?: number;
  uploadId?: string;
  video?: Video;
  existing?: NonNullable<ErrorBody['existing']>;
  errorCode?: string;
  errorDetail?: string;
}

let sequence = 0;

interface Sample {
  at: number;
  sent: number;
}

export function useVideoUploads({ transport = apiTransport, store = sessionResumeStore }: { transport?: UploadTransport; store?: ResumeStore } = {}) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<UploadRow[]>([]);
  const running = useRef(new Set<string>());
  const controllers = useRef(new Map<string, AbortController>());
  const samples = useRef(new Map<string, Sample[]>());
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  }, [rows]);

  const patch = useCallback((key: string, change: Partial<UploadRow>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  }, []);

  const measure = useCallback((key: string, sent: number): number | undefined => {
    const now = performance.now();
    const list = (samples.current.get(key) ?? []).filter((sample) => now - sample.at < 5_000);
    list.push({ at: now, sent });
    samples.current.set(key, list);
    const first = list[0]!;
    const seconds = (now - first.at) / 1000;
    return seconds >= 0.5 && sent > first.sent ? (sent - first.sent) / seconds : undefined;
  }, []);

  const start = useCallback(
    async (row: UploadRow) => {
      running.current.add(row.key);
      const controller = new AbortController();
      controllers.current.set(row.key, controller);
      samples.current.delete(row.key);
      patch(row.key, { status: 'starting', errorCode: undefined, errorDetail: undefined, speed: undefined });
      try {
        const video = await runChunkedUpload({
          file: row.file,
          seriesId: row.seriesId,
          transport,
          store,
          signal: controller.signal,
          onUploadId: (uploadId) => patch(row.key, { uploadId }),
          onPhase: (phase) => patch(row.key, { status: phase }),
          onProgress: (sent) => patch(row.key, { sent, speed: measure(row.key, sent) }),
        });
        patch(row.key, { status: 'done', sent: row.file.size, video });
        void invalidateVideos(queryClient);
      } catch (cause) {
        if (isAbortError(cause)) return; // paused or cancelled: the one who stopped it set the row
        if (cause instanceof UploadInterruptedError) {
          patch(row.key, { status: 'paused', sent: cause.received, errorCode: 'NETWORK_ERROR' });
          return;
        }
        const body = isApiError(cause) ? (cause.data as ErrorBody | undefined) : undefined;
        if (isApiError(cause) && cause.code === 'VIDEO_DUPLICATE' && body?.existing) {
          patch(row.key, { status: 'duplicate', existing: body.existing });
        } else {
          patch(row.key, {
            status: 'error',
            errorCode: isApiError(cause) ? cause.code : 'UNKNOWN',
            errorDetail: isApiError(cause) ? cause.detail : undefined,
          });
        }
      } finally {
        running.current.delete(row.key);
        if (controllers.current.get(row.key) === controller) controllers.current.delete(row.key);
        // Another queued file may start now.
        setRows((current) => [...current]);
      }
    },
    [measure, patch, queryClient, store, transport],
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

  // Leaving the page stops what is still going; the server keeps it, and picking the same file
  // again (even after a reload) continues it.
  useEffect(() => {
    const current = controllers.current;
    return () => current.forEach((controller) => controller.abort());
  }, []);

  const add = useCallback((files: readonly File[], seriesId: number | null) => {
    const added = files.map<UploadRow>((file) => {
      const refused = precheckVideo(file);
      sequence += 1;
      return { key: `video-upload-${sequence}`, file, seriesId, status: refused ? 'error' : 'queued', sent: 0, errorCode: refused ?? undefined };
    });
    // In the order they were picked, after those already listed.
    setRows((current) => [...current, ...added]);
  }, []);

  const pause = useCallback(
    (key: string) => {
      controllers.current.get(key)?.abort();
      controllers.current.delete(key);
      patch(key, { status: 'paused', speed: undefined, errorCode: undefined });
    },
    [patch],
  );

  const resume = useCallback((key: string) => patch(key, { status: 'queued', errorCode: undefined, errorDetail: undefined }), [patch]);

  /** Stops an upload and drops what the server received; a finished row is only dismissed. */
  const cancel = useCallback(
    (key: string) => {
      controllers.current.get(key)?.abort();
      controllers.current.delete(key);
      const row = rowsRef.current.find((item) => item.key === key);
      if (row && row.status !== 'done' && row.status !== 'duplicate' && row.status !== 'error') {
        store.remove(resumeKeyOf(row.file));
        // Best effort: an upload left behind expires on the server anyway.
        if (row.uploadId) void transport.cancel(row.uploadId).catch(() => undefined);
      }
      setRows((current) => current.filter((item) => item.key !== key));
    },
    [store, transport],
  );

  /** Forgets the finished rows (done, duplicate, error). */
  const clearFinished = useCallback(() => {
    setRows((current) => current.filter((row) => ACTIVE_STATUSES.has(row.status) || row.status === 'paused'));
  }, []);

  return { rows, add, pause, resume, cancel, clearFinished };
}
