import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import mediaInfoFactory from 'mediainfo.js';

/**
 * Runs MediaInfo (MediaInfoLib compiled to WebAssembly, fuzzed upstream) on one file, in a worker
 * thread that media-probe.ts starts with a heap limit and terminates after a time limit. This file
 * only feeds it bytes within a budget and answers its tracks; the mapping (and every check of the
 * values) happens in media-probe.ts, whose ProbeJob and ProbeAnswer describe the messages.
 *
 * Plain JavaScript on purpose: the same file runs from the sources (tests, tsx) and beside the
 * bundle (scripts/build-server.mjs copies it), and a worker's entry does not go through tsx.
 */

/** @type {{ file: string, maxReadBytes: number, maxWasmBytes: number }} */
const job = workerData;

// WebAssembly memory lives outside the V8 heap: refuse growth past the budget. Emscripten's
// growMemory catches the error, malloc fails, and MediaInfo gives up on the file.
const grow = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function (delta) {
  if (this.buffer.byteLength + delta * 65536 > job.maxWasmBytes) throw new RangeError('video probe: memory budget exceeded');
  return grow.call(this, delta);
};

/** @typedef {(offset: number, length: number) => Promise<Buffer>} Read */

// ---- WebM live recordings ------------------------------------------------------------------
// MediaRecorder writes no Duration (MediaInfo and ffprobe both answer none): the end of the last
// block stands for it. A flat walk of element headers: into Segment, Info, Cluster and BlockGroup,
// over everything else by its size. Bounded by the element count and the worker's limits.

const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const DESCEND = new Set([0x1549a966 /* Info */, 0x1f43b675 /* Cluster */, 0xa0 /* BlockGroup */]);
const TIMECODE_SCALE = 0x2ad7b1;
const CLUSTER = 0x1f43b675;
const CLUSTER_TIMECODE = 0xe7;
const BLOCKS = new Set([0xa3 /* SimpleBlock */, 0xa1 /* Block */]);
const BLOCK_DURATION = 0x9b;
const MAX_ELEMENTS = 2_000_000;

/** A variable-size integer at `o`: the marker bit kept for ids, dropped for sizes (all ones: unknown). */
/** @param {Buffer} b @param {number} o @param {boolean} keepMarker */
const vint = (b, o, keepMarker) => {
  const first = b[o];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (o + length > b.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + b[o + i];
    if (b[o + i] !== 0xff) allOnes = false;
  }
  return { length, value, unknown: !keepMarker && allOnes };
};

/** @param {Buffer} b */
const uint = (b) => b.reduce((v, byte) => v * 256 + byte, 0);

/** @param {Read} read @param {number} size @returns {Promise<number | null>} */
const webmLiveEndMs = async (read, size) => {
  let at = 0;
  let win = Buffer.alloc(0);
  /** @param {number} offset @param {number} length */
  const bytes = async (offset, length) => {
    if (offset < at || offset + length > at + win.length) {
      at = offset;
      win = await read(offset, Math.max(length, 1024 * 1024));
    }
    return win.subarray(offset - at, offset - at + length);
  };
  /** @param {number} offset */
  const header = async (offset) => {
    const b = await bytes(offset, 12);
    const id = vint(b, 0, true);
    const len = id && vint(b, id.length, false);
    if (!id || !len) return undefined;
    return { id: id.value, size: len.unknown ? null : len.value, data: offset + id.length + len.length };
  };

  const ebml = await header(0);
  if (!ebml || ebml.id !== EBML || ebml.size === null) return null;
  const segment = await header(ebml.data + ebml.size);
  if (!segment || segment.id !== SEGMENT) return null;
  const end = segment.size === null ? size : Math.min(size, segment.data + segment.size);
  let scale = 1_000_000; // ns per tick, TimecodeScale's default
  let clusterTime = 0;
  let blockTime = -1;
  let last = -1;
  let pos = segment.data;
  for (let n = 0; pos < end; n++) {
    if (n > MAX_ELEMENTS) return null;
    const e = await header(pos);
    if (!e) break; // a truncated tail: keep what was read
    if (e.id === CLUSTER || (DESCEND.has(e.id) && e.size !== null)) {
      pos = e.data; // unknown-size clusters (live recordings) end where the next one starts
      continue;
    }
    if (e.size === null) return null;
    if (e.id === TIMECODE_SCALE && e.size <= 8) scale = uint(await bytes(e.data, e.size));
    else if (e.id === CLUSTER_TIMECODE && e.size <= 8) clusterTime = uint(await bytes(e.data, e.size));
    else if (BLOCKS.has(e.id)) {
      // Track number (a vint), then the time relative to the cluster (signed 16 bits).
      const b = await bytes(e.data, Math.min(e.size, 12));
      const track = vint(b, 0, false);
      if (track && track.length + 2 <= b.length) {
        blockTime = clusterTime + b.readInt16BE(track.length);
        last = Math.max(last, blockTime);
      }
    } else if (e.id === BLOCK_DURATION && e.size <= 8 && blockTime >= 0) {
      last = Math.max(last, blockTime + uint(await bytes(e.data, e.size)));
    }
    pos = e.data + e.size;
  }
  return last > 0 && scale > 0 ? (last * scale) / 1_000_000 : null;
};

// ---- The job -------------------------------------------------------------------------------

/** @param {any} track */
const hasDuration = (track) => typeof track?.Duration === 'number' && track.Duration > 0;

const run = async () => {
  const handle = await fs.promises.open(job.file, 'r');
  try {
    const { size } = await handle.stat();
    let budget = job.maxReadBytes;
    /** @type {Read} */
    const read = async (offset, length) => {
      const n = Math.max(0, Math.min(length, size - offset, budget));
      budget -= n;
      const buf = Buffer.alloc(n);
      if (n === 0) return buf;
      const { bytesRead } = await handle.read(buf, 0, n, offset);
      return buf.subarray(0, bytesRead);
    };
    const mediainfo = await mediaInfoFactory({ format: 'object' });
    const result = await mediainfo.analyzeData(size, (length, offset) => read(offset, length));
    mediainfo.close();
    const tracks = Array.isArray(result.media?.track) ? result.media.track : [];
    const general = tracks.find((t) => t?.['@type'] === 'General');
    let liveEndMs = null;
    if (general?.Format === 'WebM' && !tracks.some(hasDuration)) {
      // The walk reads block headers through the whole file: its own budget, the file's size.
      budget = size;
      liveEndMs = await webmLiveEndMs(read, size);
    }
    return { ok: true, tracks, liveEndMs };
  } finally {
    await handle.close();
  }
};

run().then(
  (answer) => parentPort?.postMessage(answer),
  (err) => parentPort?.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) }),
);
