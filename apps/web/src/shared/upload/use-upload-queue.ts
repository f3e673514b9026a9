import type { ErrorDetails } from '@ads/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorDetails, isApiError } from '../api-client';

// The upload queue of a library: one row per file, a few in flight at once, each with its progress
// (and speed), then its outcome: done, a duplicate of something already there, or an error. What
// goes over the wire is the sender's: images send one multipart request, videos send chunks that
// can pause, resume after a reload, and stop when the network keeps failing.

export type UploadStatus = 'queued' | 'starting' | 'uploading' | 'reconnecting' | 'completing' | 'paused' | 'done' | 'duplicate' | 'error';
export type UploadPhase = 'starting' | 'uploading' | 'reconnecting' | 'completing';
export const ACTIVE_STATUSES: ReadonlySet<UploadStatus> = new Set(['queued', 'starting', 'uploading', 'reconnecting', 'completing']);
/** Still going, or paused: not finished. */
export const isLive = (status: UploadStatus) => ACTIVE_STATUSES.has(status) || status === 'paused';

export type ExistingItem = ErrorDetails<'IMAGE_DUPLICATE'>['existing'];

export interface UploadRow<T> {
  key: string;
  file: File;
  /** Where it goes (a folder, a series); null is the top. */
  target: number | null;
  status: UploadStatus;
  /** Bytes on the server (or on their way). */
  sent: number;
  /** Bytes per second, over the last seconds; undefined until measured. */
  speed?: number;
  /** The server's id of a resumable upload. */
  uploadId?: string;
  result?: T;
  existing?: ExistingItem;
  /** An error code (the server's, or the client's precheck) and the server's sentence. */
  errorCode?: string;
  errorDetail?: string;
}

export interface SendListener {
  /** File bytes sent so far. */
  onProgress: (sent: number) => void;
  onPhase: (phase: UploadPhase) => void;
  onUploadId: (uploadId: string) => void;
  signal: AbortSignal;
}

export interface UploadSender<T> {
  /** How many files go at once. */
  parallel: number;
  /** The phase a row shows as soon as it starts. */
  firstPhase: UploadPhase;
  /** New rows go on top (else after the others, in the order picked). */
  newestFirst?: boolean;
  /** The client's first check (an error code), or null; the server has the last word. */
  precheck: (file: File) => string | null;
  send: (row: UploadRow<T>, listener: SendListener) => Promise<T>;
  /** The error code of a duplicate (its body carries `existing`). */
  duplicateCode: 'IMAGE_DUPLICATE' | 'VIDEO_DUPLICATE';
  /** Where an upload stopped by a failing network can resume (it is paused there), else undefined. */
  interruptedAt?: (error: unknown) => number | undefined;
  /** Drops what the server holds of an unfinished upload that is cancelled. */
  discard?: (row: UploadRow<T>) => void;
  /** After an upload is done (refresh the lists). */
  onDone?: (result: T) => void;
}

interface Sample {
  at: number;
  sent: number;
}

let sequence = 0;
const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export function useUploadQueue<T>(sender: UploadSender<T>) {
  const [rows, setRows] = useState<UploadRow<T>[]>([]);
  const running = useRef(new Set<string>());
  const controllers = useRef(new Map<string, AbortController>());
  const samples = useRef(new Map<string, Sample[]>());
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  }, [rows]);

  const patch = useCallback((key: string, change: Partial<UploadRow<T>>) => {
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
    async (row: UploadRow<T>) => {
      running.current.add(row.key);
      const controller = new AbortController();
      controllers.current.set(row.key, controller);
      samples.current.delete(row.key);
      patch(row.key, { status: sender.firstPhase, errorCode: undefined, errorDetail: undefined, speed: undefined });
      try {
        const result = await sender.send(row, {
          signal: controller.signal,
          onUploadId: (uploadId) => patch(row.key, { uploadId }),
          onPhase: (phase) => patch(row.key, { status: phase }),
          onProgress: (sent) => patch(row.key, { sent, speed: measure(row.key, sent) }),
        });
        patch(row.key, { status: 'done', sent: row.file.size, result });
        sender.onDone?.(result);
      } catch (cause) {
        if (isAbort(cause)) return; // paused or cancelled: the one who stopped it set the row
        const resumeAt = sender.interruptedAt?.(cause);
        if (resumeAt !== undefined) {
          patch(row.key, { status: 'paused', sent: resumeAt, errorCode: 'NETWORK_ERROR' });
          return;
        }
        const existing = errorDetails(cause, sender.duplicateCode)?.existing;
        if (existing) {
          patch(row.key, { status: 'duplicate', existing });
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
    [measure, patch, sender],
  );

  // Starts queued files while fewer than `parallel` are in flight.
  useEffect(() => {
    const free = sender.parallel - running.current.size;
    if (free <= 0) return;
    rows
      .filter((row) => row.status === 'queued' && !running.current.has(row.key))
      .slice(0, free)
      .forEach((row) => void start(row));
  }, [rows, sender.parallel, start]);

  // Leaving the page stops what is still going (a resumable upload continues when the same file is
  // picked again, even after a reload).
  useEffect(() => {
    const current = controllers.current;
    return () => current.forEach((controller) => controller.abort());
  }, []);

  const add = useCallback(
    (files: readonly File[], target: number | null) => {
      const added = files.map<UploadRow<T>>((file) => {
        const refused = sender.precheck(file);
        sequence += 1;
        return { key: `upload-${sequence}`, file, target, status: refused ? 'error' : 'queued', sent: 0, errorCode: refused ?? undefined };
      });
      setRows((current) => (sender.newestFirst ? [...added, ...current] : [...current, ...added]));
    },
    [sender],
  );

  const stop = (key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
  };

  const pause = useCallback(
    (key: string) => {
      stop(key);
      patch(key, { status: 'paused', speed: undefined, errorCode: undefined });
    },
    [patch],
  );

  const resume = useCallback((key: string) => patch(key, { status: 'queued', errorCode: undefined, errorDetail: undefined }), [patch]);

  /** Stops an upload and drops what the server received; a finished row is only dismissed. */
  const cancel = useCallback(
    (key: string) => {
      stop(key);
      const row = rowsRef.current.find((item) => item.key === key);
      if (row && isLive(row.status)) sender.discard?.(row);
      setRows((current) => current.filter((item) => item.key !== key));
    },
    [sender],
  );

  /** Forgets the finished rows (done, duplicate, error). */
  const clearFinished = useCallback(() => setRows((current) => current.filter((row) => isLive(row.status))), []);

  return { rows, add, pause, resume, cancel, clearFinished };
}

export type UploadQueue<T> = ReturnType<typeof useUploadQueue<T>>;
