import type { Video, VideoUpload } from '@ads/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api-client';
import { resumeKeyOf, runChunkedUpload, UploadInterruptedError, type ChunkInput, type ResumeStore, type UploadTransport } from './chunk-upload';

// The resumable uploader against a fake server: it holds `received`, stores whole chunks sent for
// that offset only, and can be told to drop the connection or to disagree about the offset.

const CHUNK = 10;

const fileOf = (size: number, name = 'clip.webm') => new File([new Uint8Array(size).map((_, i) => i % 251)], name, { type: 'video/webm', lastModified: 1_700_000_000_000 });

const networkError = () => new ApiError({ code: 'NETWORK_ERROR', message: 'no response' });
const httpError = (statusCode: number, code: string, data: Record<string, unknown> = {}) =>
  new ApiError({ code, message: code, statusCode, detail: code, data: { errorCode: code, error: code, ...data } });

class FakeServer implements UploadTransport {
  uploads = new Map<string, VideoUpload & { bytes: number; data: Uint8Array }>();
  log: string[] = [];
  /** Queued failures for the next chunk calls: 'network' or an ApiError. */
  chunkFailures: (ApiError | 'network-after-store')[] = [];
  statusFailures: ApiError[] = [];
  cancelled: string[] = [];
  private next = 1;

  start = vi.fn(async (input: { name: string; bytes: number; seriesId: number | null }) => {
    const uploadId = `upload-${String(this.next++).padStart(20, '0')}`;
    const upload = { uploadId, name: input.name, bytes: input.bytes, received: 0, chunkSize: CHUNK, seriesId: input.seriesId, expiresAt: '', data: new Uint8Array(input.bytes) };
    this.uploads.set(uploadId, upload);
    this.log.push(`start ${input.bytes}`);
    return this.view(upload);
  });

  status = vi.fn(async (uploadId: string) => {
    this.log.push(`status`);
    const failure = this.statusFailures.shift();
    if (failure) throw failure;
    const upload = this.uploads.get(uploadId);
    if (!upload) throw httpError(404, 'NOT_FOUND');
    return this.view(upload);
  });

  chunk = vi.fn(async ({ uploadId, offset, body, onProgress }: ChunkInput) => {
    this.log.push(`chunk ${offset}`);
    const upload = this.uploads.get(uploadId)!;
    const failure = this.chunkFailures.shift();
    if (failure instanceof ApiError) throw failure;
    if (offset !== upload.received) throw httpError(409, 'UPLOAD_OFFSET_MISMATCH', { received: upload.received });
    const bytes = new Uint8Array(await body.arrayBuffer());
    onProgress(bytes.length / 2);
    upload.data.set(bytes, offset);
    upload.received = offset + bytes.length;
    // The server stored it, but the answer never arrived.
    if (failure === 'network-after-store') throw networkError();
    onProgress(bytes.length);
    return this.view(upload);
  });

  complete = vi.fn(async (uploadId: string) => {
    this.log.push('complete');
    const upload = this.uploads.get(uploadId)!;
    if (upload.received !== upload.bytes) throw httpError(409, 'UPLOAD_INCOMPLETE');
    this.uploads.delete(uploadId);
    return { id: 99, name: upload.name, bytes: upload.bytes } as Video;
  });

  cancel = vi.fn(async (uploadId: string) => {
    this.cancelled.push(uploadId);
    this.uploads.delete(uploadId);
  });

  private view = ({ data: _data, ...upload }: VideoUpload & { data: Uint8Array }): VideoUpload => ({ ...upload });
}

const memoryStore = (): ResumeStore & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return { map, get: (key) => map.get(key) ?? null, set: (key, value) => void map.set(key, value), remove: (key) => void map.delete(key) };
};

const noSleep = vi.fn(async () => {});

describe('the chunked video uploader', () => {
  it('sends the file in whole chunks from 0, reports progress, completes and forgets the upload id', async () => {
    const server = new FakeServer();
    const store = memoryStore();
    const file = fileOf(25);
    const progress: number[] = [];
    const phases: string[] = [];
    const video = await runChunkedUpload({ file, seriesId: 4, transport: server, store, sleep: noSleep, onProgress: (sent) => progress.push(sent), onPhase: (phase) => phases.push(phase) });

    expect(video.id).toBe(99);
    expect(server.start).toHaveBeenCalledWith({ name: 'clip.webm', bytes: 25, seriesId: 4 }, expect.anything());
    expect(server.log).toEqual(['start 25', 'chunk 0', 'chunk 10', 'chunk 20', 'complete']);
    expect(progress.at(-1)).toBe(25);
    expect(progress).toContain(5); // half of the first chunk on its way
    expect(phases).toEqual(['starting', 'uploading', 'uploading', 'uploading', 'completing']);
    expect(store.map.size).toBe(0);
  });

  it('continues from the `received` a 409 UPLOAD_OFFSET_MISMATCH carries', async () => {
    const server = new FakeServer();
    const file = fileOf(30);
    // A chunk stored by an earlier attempt whose answer was lost: the server is ahead of the client.
    server.chunkFailures.push('network-after-store');
    server.statusFailures.push(networkError()); // and Status cannot be reached at first either
    const video = await runChunkedUpload({ file, seriesId: null, transport: server, sleep: noSleep, retryDelays: [1, 1, 1] });
    expect(video.id).toBe(99);
    // chunk 0 stored but unanswered → Status fails → chunk 0 again → 409 with received 10 → chunk 10…
    expect(server.log).toEqual(['start 30', 'chunk 0', 'status', 'chunk 0', 'chunk 10', 'chunk 20', 'complete']);
  });

  it('after a network error waits, asks Status where to resume, and goes on from there ("Reconnecting…")', async () => {
    const server = new FakeServer();
    const file = fileOf(30);
    const phases: string[] = [];
    server.chunkFailures.push(undefined as never, networkError(), networkError());
    const sleep = vi.fn(async (_ms: number) => {});
    await runChunkedUpload({ file, seriesId: null, transport: server, sleep, retryDelays: [100, 200, 400], onPhase: (phase) => phases.push(phase) });
    expect(server.log).toEqual(['start 30', 'chunk 0', 'chunk 10', 'status', 'chunk 10', 'status', 'chunk 10', 'chunk 20', 'complete']);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([100, 200]);
    expect(phases.filter((phase) => phase === 'reconnecting')).toHaveLength(2);
  });

  it('stops with UploadInterruptedError past the last retry, and the same file resumes later with the remembered id', async () => {
    const server = new FakeServer();
    const store = memoryStore();
    const file = fileOf(30);
    server.chunkFailures.push(undefined as never, networkError(), networkError(), networkError());
    const failure = await runChunkedUpload({ file, seriesId: null, transport: server, store, sleep: noSleep, retryDelays: [1, 1] }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UploadInterruptedError);
    expect((failure as UploadInterruptedError).received).toBe(10);
    expect(store.get(resumeKeyOf(file))).toBe('upload-00000000000000000001');

    // Picked again (say after a reload): Status, then on from byte 10; no second Start.
    server.log = [];
    const again = fileOf(30);
    const video = await runChunkedUpload({ file: again, seriesId: null, transport: server, store, sleep: noSleep });
    expect(video.id).toBe(99);
    expect(server.log).toEqual(['status', 'chunk 10', 'chunk 20', 'complete']);
    expect(server.start).toHaveBeenCalledTimes(1);
    expect(store.map.size).toBe(0);
  });

  it('starts afresh when the remembered upload has expired on the server', async () => {
    const server = new FakeServer();
    const store = memoryStore();
    const file = fileOf(12);
    store.set(resumeKeyOf(file), 'upload-gone-0000000000000');
    await runChunkedUpload({ file, seriesId: null, transport: server, store, sleep: noSleep });
    expect(server.log).toEqual(['status', 'start 12', 'chunk 0', 'chunk 10', 'complete']);
  });

  it('is stopped by its signal (pause or cancel) and leaves the upload resumable', async () => {
    const server = new FakeServer();
    const store = memoryStore();
    const file = fileOf(30);
    const controller = new AbortController();
    server.chunk.mockImplementation(async ({ offset }: ChunkInput) => {
      server.log.push(`chunk ${offset}`);
      controller.abort();
      throw new DOMException('stopped', 'AbortError');
    });
    const failure = await runChunkedUpload({ file, seriesId: null, transport: server, store, signal: controller.signal, sleep: noSleep }).catch((error: unknown) => error);
    expect((failure as DOMException).name).toBe('AbortError');
    expect(server.log).toEqual(['start 30', 'chunk 0']);
    expect(store.get(resumeKeyOf(file))).not.toBeNull();
  });

  it('ends for good on a refusal (type, duplicate) and forgets the upload id', async () => {
    const server = new FakeServer();
    const store = memoryStore();
    const file = fileOf(12);
    server.complete.mockRejectedValueOnce(httpError(409, 'VIDEO_DUPLICATE', { existing: { id: 5, name: 'old.webm', folderId: null, inRecycleBin: false } }));
    const failure = await runChunkedUpload({ file, seriesId: null, transport: server, store, sleep: noSleep }).catch((error: unknown) => error);
    expect((failure as ApiError).code).toBe('VIDEO_DUPLICATE');
    expect(store.map.size).toBe(0);

    server.chunkFailures.push(httpError(400, 'VIDEO_TYPE_NOT_ALLOWED'));
    const refused = await runChunkedUpload({ file: fileOf(12, 'fake.mp4'), seriesId: null, transport: server, store, sleep: noSleep }).catch((error: unknown) => error);
    expect((refused as ApiError).code).toBe('VIDEO_TYPE_NOT_ALLOWED');
    expect(store.map.size).toBe(0);
  });
});
