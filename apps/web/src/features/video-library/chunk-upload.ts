import type { Video, VideoUpload } from '@ads/contracts';
import { errorDetails, isApiError } from '../../shared/api-client';

// The resumable upload of one video, as a pure module: it only talks to a transport (the API in
// the page, a fake in tests) and to a small key-value store that remembers the upload id, so that
// picking the same file again after a reload continues where it stopped.
//
// Start (or ask Status of a remembered upload) → PUT each chunk at `received` → Complete.
// - 409 UPLOAD_OFFSET_MISMATCH carries `received`: continue from there.
// - A network failure (or 5xx): wait, ask Status where to resume, try again with a growing delay;
//   past the last delay the upload stops with UploadInterruptedError (the UI offers Resume).
// - Anything else (400 type, 404 expired, 409 duplicate, 413) ends it for good.

export interface ChunkInput {
  uploadId: string;
  offset: number;
  body: Blob;
  /** Bytes of this chunk sent so far. */
  onProgress: (loaded: number) => void;
  signal: AbortSignal;
}

export interface UploadTransport {
  start(input: { name: string; bytes: number; seriesId: number | null }, signal: AbortSignal): Promise<VideoUpload>;
  status(uploadId: string, signal: AbortSignal): Promise<VideoUpload>;
  chunk(input: ChunkInput): Promise<VideoUpload>;
  complete(uploadId: string, signal: AbortSignal): Promise<Video>;
  cancel(uploadId: string): Promise<void>;
}

/** Where upload ids are remembered (sessionStorage in the page). */
export interface ResumeStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export type UploadPhase = 'starting' | 'uploading' | 'reconnecting' | 'completing';

export interface UploadListener {
  /** Bytes the server holds plus what is on the way in the current chunk. */
  onProgress?: (sent: number, total: number) => void;
  onPhase?: (phase: UploadPhase) => void;
  /** The upload id, as soon as it is known (to cancel it, or resume it later). */
  onUploadId?: (uploadId: string) => void;
}

export interface FileLike {
  name: string;
  size: number;
  lastModified: number;
  slice(start: number, end: number): Blob;
}

export interface ChunkUploadOptions extends UploadListener {
  file: FileLike;
  seriesId: number | null;
  transport: UploadTransport;
  store?: ResumeStore;
  signal?: AbortSignal;
  /** Waits before each retry after a network failure, in ms; one retry per entry. */
  retryDelays?: readonly number[];
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export const DEFAULT_RETRY_DELAYS = [1_000, 2_000, 4_000, 8_000, 15_000] as const;
export const RESUME_KEY_PREFIX = 'video-upload:';

/** The same file (name, size, last change) picked again finds its upload. */
export const resumeKeyOf = (file: Pick<FileLike, 'name' | 'size' | 'lastModified'>) =>
  `${RESUME_KEY_PREFIX}${file.name}:${file.size}:${file.lastModified}`;

/** The network kept failing: the upload can be resumed later (same upload id). */
export class UploadInterruptedError extends Error {
  constructor(readonly uploadId: string, readonly received: number, override readonly cause: unknown) {
    super('The upload was interrupted');
    this.name = 'UploadInterruptedError';
  }
}

const abortError = () => new DOMException('The upload was stopped', 'AbortError');
export const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

/** A failure worth retrying: no answer at all, or the server's own trouble. */
export const isTransient = (error: unknown) =>
  isApiError(error) && (error.code === 'NETWORK_ERROR' || (error.statusCode !== undefined && error.statusCode >= 500));

const receivedOf = (error: unknown): number | undefined => {
  const received = errorDetails(error, 'UPLOAD_OFFSET_MISMATCH')?.received;
  return typeof received === 'number' ? received : undefined;
};

const isGone = (error: unknown) => isApiError(error) && error.statusCode === 404;

/** Uploads one file in chunks, resuming what is already on the server; answers the new video. */
export async function runChunkedUpload(options: ChunkUploadOptions): Promise<Video> {
  const { file, transport, store, onProgress, onPhase, onUploadId } = options;
  const signal = options.signal ?? new AbortController().signal;
  const delays = options.retryDelays ?? DEFAULT_RETRY_DELAYS;
  const sleep = options.sleep ?? defaultSleep;
  const key = resumeKeyOf(file);
  const check = () => {
    if (signal.aborted) throw abortError();
  };

  /** Runs `call`, retrying network failures after the delays; `beforeRetry` may re-sync first. */
  const withRetries = async <T>(call: () => Promise<T>, uploadId: string, received: () => number, beforeRetry?: () => Promise<void>) => {
    for (let attempt = 0; ; attempt++) {
      check();
      try {
        return await call();
      } catch (error) {
        if (isAbortError(error) || signal.aborted) throw abortError();
        if (!isTransient(error)) throw error;
        if (attempt >= delays.length) throw new UploadInterruptedError(uploadId, received(), error);
        onPhase?.('reconnecting');
        await sleep(delays[attempt]!, signal);
        if (beforeRetry) {
          try {
            await beforeRetry();
          } catch (syncError) {
            if (isAbortError(syncError) || signal.aborted) throw abortError();
            // Still offline: the next attempt (or the last error) tells.
            if (!isTransient(syncError)) throw syncError;
          }
        }
      }
    }
  };

  // 1. The upload: a remembered one that the server still holds, else a new one.
  onPhase?.('starting');
  let upload: VideoUpload | undefined;
  const remembered = store?.get(key);
  if (remembered) {
    try {
      upload = await withRetries(() => transport.status(remembered, signal), remembered, () => 0);
      if (upload.bytes !== file.size) upload = undefined;
    } catch (error) {
      if (isGone(error)) store?.remove(key);
      else throw error;
    }
  }
  upload ??= await withRetries(() => transport.start({ name: file.name, bytes: file.size, seriesId: options.seriesId }, signal), '', () => 0);
  const { uploadId, chunkSize } = upload;
  store?.set(key, uploadId);
  onUploadId?.(uploadId);

  // 2. The chunks, from where the server stands.
  let received = upload.received;
  const forget = (error: unknown) => {
    // Refused for good (type, size, expired, duplicate): the server has dropped it too.
    if (!isTransient(error) && !(error instanceof UploadInterruptedError) && !isAbortError(error)) store?.remove(key);
  };
  try {
    onProgress?.(received, file.size);
    let stalled = 0;
    while (received < file.size) {
      onPhase?.('uploading');
      const offset = received;
      try {
        const answer = await withRetries(
          () =>
            transport.chunk({
              uploadId,
              offset: received,
              body: file.slice(received, Math.min(received + chunkSize, file.size)),
              onProgress: (loaded) => onProgress?.(received + loaded, file.size),
              signal,
            }),
          uploadId,
          () => received,
          async () => {
            received = (await transport.status(uploadId, signal)).received;
            onProgress?.(received, file.size);
          },
        );
        received = answer.received;
      } catch (error) {
        const resumeAt = receivedOf(error);
        if (resumeAt === undefined) throw error;
        received = resumeAt;
      }
      // The server did not move on (a racing chunk, say): a few times is fine, for ever is not.
      stalled = received === offset ? stalled + 1 : 0;
      if (stalled > 3) throw new UploadInterruptedError(uploadId, received, new Error('The upload does not move on'));
      onProgress?.(received, file.size);
    }

    // 3. Done: the server joins, checks and records the video.
    onPhase?.('completing');
    const video = await withRetries(() => transport.complete(uploadId, signal), uploadId, () => received);
    store?.remove(key);
    return video;
  } catch (error) {
    forget(error);
    throw error;
  }
}
