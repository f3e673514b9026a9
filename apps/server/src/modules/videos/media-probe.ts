import { Worker } from 'node:worker_threads';
import { ERROR_CODES, VIDEO_CODEC_MAX, VIDEO_MAX_DIMENSION, VIDEO_MAX_DURATION_MS, type VideoFormat } from '@ads/contracts';
import { AppError } from '../../errors';

/**
 * What a video file is, as MediaInfo reads it (probe-worker.ts, in a worker thread with time and
 * memory limits), mapped here to the few fields the library keeps, each checked and bounded.
 */

export interface VideoProbe {
  format: VideoFormat;
  mime: string;
  /** "h264", "hevc", "vp8", "vp9", "av1", or the format MediaInfo names (bounded); null when unknown. */
  codec: string | null;
  width: number;
  height: number;
  durationMs: number;
}

export const typeNotAllowed = () =>
  new AppError(400, ERROR_CODES.videoTypeNotAllowed, 'Only MP4 and WebM videos can be uploaded.');
export const unreadable = (why = 'It may be damaged.') =>
  new AppError(400, ERROR_CODES.videoUnreadable, `The file could not be read as a video. ${why}`);
const invalid = (what: string) => new AppError(400, ERROR_CODES.videoInvalid, `The file declares ${what}, which no video has.`);

// Brands of the MP4 family (ISO/IEC 14496-12/14/15, DASH, CMAF); QuickTime ('qt  ') and 3GP are not mp4.
const MP4_BRANDS = new Set([
  'isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso7', 'iso8', 'iso9', 'mp41', 'mp42', 'mp71', 'avc1',
  'dash', 'msdh', 'msix', 'cmfc', 'cmf2', 'M4V ', 'M4VH', 'M4VP', 'MSNV', 'mmp4', 'f4v ', 'av01', 'hvc1',
]);

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** What the first bytes announce (an mp4-family `ftyp`, an EBML header) or neither: the first chunk's quick check. */
export const sniffVideo = (head: Buffer): VideoFormat | undefined => {
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const size = head.readUInt32BE(0);
    const end = Math.min(head.length, size >= 16 ? size : 16);
    for (let o = 8; o + 4 <= end; o += 4) {
      if (o === 12) continue; // minor_version
      if (MP4_BRANDS.has(head.toString('latin1', o, o + 4))) return 'mp4';
    }
    return undefined;
  }
  if (head.length >= 4 && head.subarray(0, 4).equals(EBML_MAGIC)) return 'webm';
  return undefined;
};

// ---- Mapping MediaInfo's answer ------------------------------------------------------------

type Track = Record<string, unknown>;
/** An own field only: a track's keys come from the file, so never reach a prototype. */
const field = (track: Track | undefined, key: string): unknown => (track && Object.hasOwn(track, key) ? track[key] : undefined);
const text = (track: Track | undefined, key: string) => {
  const v = field(track, key);
  return typeof v === 'string' ? v : undefined;
};
const number = (track: Track | undefined, key: string) => {
  const v = field(track, key);
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) ? Number(v) : undefined;
  return n !== undefined && Number.isFinite(n) ? n : undefined;
};

const CODECS = new Map([
  ['AVC', 'h264'],
  ['HEVC', 'hevc'],
  ['VVC', 'vvc'],
  ['VP8', 'vp8'],
  ['VP9', 'vp9'],
  ['AV1', 'av1'],
  ['MPEG-4 Visual', 'mp4v'],
]);

/** MediaInfo's format name for the video stream: the common ones by a fixed name, others as it says when short and plain. */
const codecOf = (video: Track) => {
  const format = text(video, 'Format');
  if (format === undefined) return null;
  const known = CODECS.get(format);
  if (known) return known;
  const plain = format.trim();
  return plain.length > 0 && plain.length <= VIDEO_CODEC_MAX && /^[\w .+/-]+$/.test(plain) ? plain.toLowerCase() : null;
};

/**
 * The library's fields from MediaInfo's tracks. `liveEndMs` is the end of the last block of a WebM
 * without a Duration (MediaRecorder's). Refuses what is not mp4/webm video, and any duration or
 * size out of range (VIDEO_INVALID), before anything is stored.
 */
export const mapMediaInfo = (tracks: unknown[], liveEndMs: number | null = null): VideoProbe => {
  const all = tracks.filter((t): t is Track => typeof t === 'object' && t !== null && !Array.isArray(t));
  const general = all.find((t) => field(t, '@type') === 'General');
  const video = all.find((t) => field(t, '@type') === 'Video');
  const container = text(general, 'Format');
  let format: VideoFormat;
  if (container === 'MPEG-4' && text(general, 'Format_Profile') !== 'QuickTime') format = 'mp4';
  else if (container === 'WebM') format = 'webm';
  else if (container === undefined) throw unreadable();
  else throw typeNotAllowed();
  // A container without any stream is damaged (or not a video at all); one with streams but no video is audio.
  if (!video) throw all.length > 1 ? typeNotAllowed() : unreadable();

  const width = number(video, 'Width');
  const height = number(video, 'Height');
  if (width === undefined || height === undefined) throw unreadable('Its picture size is missing.');
  for (const d of [width, height]) {
    if (!Number.isInteger(d) || d < 1 || d > VIDEO_MAX_DIMENSION) throw invalid(`a picture of ${width}×${height} pixels`);
  }

  const seconds = number(general, 'Duration') ?? number(video, 'Duration');
  const durationMs = seconds !== undefined && seconds > 0 ? seconds * 1000 : liveEndMs;
  if (durationMs === null || !Number.isFinite(durationMs) || durationMs <= 0) {
    if (durationMs !== null && !Number.isFinite(durationMs)) throw invalid('an endless duration');
    throw unreadable('Its duration is unknown.');
  }
  if (Math.round(durationMs) < 1 || durationMs > VIDEO_MAX_DURATION_MS) throw invalid(`a duration of ${Math.round(durationMs / 1000)} s`);

  return {
    format,
    mime: format === 'mp4' ? 'video/mp4' : 'video/webm',
    codec: codecOf(video),
    width,
    height,
    durationMs: Math.round(durationMs),
  };
};

// ---- Running the prober --------------------------------------------------------------------

export interface ProbeLimits {
  /** The worker is terminated after this long: the file is then refused as unreadable. */
  timeoutMs: number;
  /** Bytes MediaInfo may read (it seeks over media data; headers and a few frames are enough). */
  maxReadBytes: number;
  /** The worker's JavaScript heap (MB) and MediaInfo's WebAssembly memory (bytes). */
  maxHeapMb: number;
  maxWasmBytes: number;
}

export const PROBE_LIMITS: ProbeLimits = {
  timeoutMs: 30_000,
  maxReadBytes: 64 * 1024 * 1024,
  maxHeapMb: 64,
  maxWasmBytes: 256 * 1024 * 1024,
};

/** What probe-worker.mjs is given, and answers. */
interface ProbeJob {
  file: string;
  maxReadBytes: number;
  maxWasmBytes: number;
}
type ProbeAnswer = { ok: true; tracks: unknown[]; liveEndMs: number | null } | { ok: false; error: string };

// The same plain-JavaScript worker from the sources and beside the bundle (build-server.mjs copies it).
const WORKER = new URL('./probe-worker.mjs', import.meta.url);

// At most two probes at once: each worker may hold its heap and WebAssembly budget.
const MAX_RUNNING = 2;
let running = 0;
const waiting: (() => void)[] = [];
const slot = async () => {
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
};

const runWorker = (job: ProbeJob, limits: ProbeLimits) =>
  new Promise<ProbeAnswer>((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(() => settle(() => resolve({ ok: false, error: 'time limit' })), limits.timeoutMs);
    worker.once('message', (answer: ProbeAnswer) => settle(() => resolve(answer)));
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() => (err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve({ ok: false, error: err.message }) : reject(err))),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`video probe worker exited with ${code} before answering`))));
  });

/** Probes a file on disk: its format, codec, picture size and duration, or a 400 saying why not. */
export const probeVideoFile = async (file: string, limits: ProbeLimits = PROBE_LIMITS): Promise<VideoProbe> => {
  const release = await slot();
  try {
    const answer = await runWorker({ file, maxReadBytes: limits.maxReadBytes, maxWasmBytes: limits.maxWasmBytes }, limits);
    if (!answer.ok) throw unreadable();
    return mapMediaInfo(answer.tracks, answer.liveEndMs);
  } finally {
    release();
  }
};
