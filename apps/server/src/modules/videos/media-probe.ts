import type { FileHandle } from 'node:fs/promises';
import { ERROR_CODES, type VideoFormat } from '@ads/contracts';
import { AppError } from '../../errors';

/**
 * Reads a video's container in plain TypeScript (no outside binary): ISO BMFF (mp4) and
 * Matroska/WebM. Only box and element headers and the few small boxes that matter are read, at
 * offsets, so a 500 MB file is never loaded into memory.
 */

export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes at `offset` (fewer at the end of the file). */
  read(offset: number, length: number): Promise<Buffer>;
}

export const bufferSource = (buf: Buffer): ByteSource => ({
  size: buf.length,
  read: async (offset, length) => buf.subarray(offset, Math.min(buf.length, offset + length)),
});

export const fileSource = async (handle: FileHandle): Promise<ByteSource> => {
  const { size } = await handle.stat();
  return {
    size,
    async read(offset, length) {
      const n = Math.max(0, Math.min(length, size - offset));
      const buf = Buffer.alloc(n);
      if (n === 0) return buf;
      const { bytesRead } = await handle.read(buf, 0, n, offset);
      return buf.subarray(0, bytesRead);
    },
  };
};

export interface VideoProbe {
  format: VideoFormat;
  mime: string;
  /** "avc1.64001f", "hvc1", "av01", "vp09", "vp8", "vp9", "av1", "h264", "hevc" …; null when unknown. */
  codec: string | null;
  width: number;
  height: number;
  durationMs: number;
}

export const typeNotAllowed = () =>
  new AppError(400, ERROR_CODES.videoTypeNotAllowed, 'Only MP4 and WebM videos can be uploaded.');
export const unreadable = (why = 'It may be damaged.') =>
  new AppError(400, ERROR_CODES.videoUnreadable, `The file could not be read as a video. ${why}`);

// Brands of the MP4 family (ISO/IEC 14496-12/14/15, DASH, CMAF); QuickTime ('qt  ') and 3GP are not mp4.
const MP4_BRANDS = new Set([
  'isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso7', 'iso8', 'iso9', 'mp41', 'mp42', 'mp71', 'avc1',
  'dash', 'msdh', 'msix', 'cmfc', 'cmf2', 'M4V ', 'M4VH', 'M4VP', 'MSNV', 'mmp4', 'f4v ', 'av01', 'hvc1',
]);

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** What the first bytes announce: an mp4-family `ftyp`, an EBML header (webm is confirmed later), or neither. */
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

export const probeVideo = async (src: ByteSource): Promise<VideoProbe> => {
  const head = await src.read(0, 256);
  const sniffed = sniffVideo(head);
  if (sniffed === 'mp4') return probeMp4(src);
  if (sniffed === 'webm') return probeWebm(src);
  throw typeNotAllowed();
};

// ---- ISO BMFF ------------------------------------------------------------------------------

const MAX_MOOV = 64 * 1024 * 1024;
const MAX_MOOF = 4 * 1024 * 1024;
const u64 = (b: Buffer, o: number) => Number(b.readBigUInt64BE(o));

interface Box {
  type: string;
  /** Payload start and end (after the header). */
  start: number;
  end: number;
}

/** The boxes between start and end of an in-memory buffer. */
const boxesIn = (b: Buffer, start: number, end: number): Box[] => {
  const out: Box[] = [];
  let pos = start;
  while (pos + 8 <= end) {
    let size = b.readUInt32BE(pos);
    const type = b.toString('latin1', pos + 4, pos + 8);
    let header = 8;
    if (size === 1) {
      if (pos + 16 > end) break;
      size = u64(b, pos + 8);
      header = 16;
    } else if (size === 0) size = end - pos;
    if (size < header || pos + size > end) throw unreadable();
    out.push({ type, start: pos + header, end: pos + size });
    pos += size;
  }
  return out;
};
const child = (b: Buffer, box: Box | undefined, type: string) =>
  box ? boxesIn(b, box.start, box.end).find((x) => x.type === type) : undefined;
const path = (b: Buffer, box: Box | undefined, ...types: string[]) =>
  types.reduce<Box | undefined>((at, t) => child(b, at, t), box);
const need = (b: Box | undefined, bytes: number) => {
  if (!b || b.end - b.start < bytes) throw unreadable();
  return b;
};

/** timescale and duration of an mvhd or mdhd (version 0 or 1). */
const timing = (b: Buffer, box: Box) => {
  if (b[box.start] === 1) {
    need(box, 32);
    return { timescale: b.readUInt32BE(box.start + 20), duration: u64(b, box.start + 24) };
  }
  need(box, 20);
  return { timescale: b.readUInt32BE(box.start + 12), duration: b.readUInt32BE(box.start + 16) };
};

interface Mp4Track {
  id: number;
  width: number;
  height: number;
  timescale: number;
  codec: string | null;
}

const videoTrack = (b: Buffer, moov: Box): Mp4Track | undefined => {
  for (const trak of boxesIn(b, moov.start, moov.end).filter((x) => x.type === 'trak')) {
    const hdlr = path(b, trak, 'mdia', 'hdlr');
    if (!hdlr || hdlr.end - hdlr.start < 12 || b.toString('latin1', hdlr.start + 8, hdlr.start + 12) !== 'vide') continue;
    const tkhd = need(child(b, trak, 'tkhd'), 84);
    const v1 = b[tkhd.start] === 1;
    const id = b.readUInt32BE(tkhd.start + (v1 ? 20 : 12));
    const dims = tkhd.start + (v1 ? 88 : 76);
    let width = dims + 8 <= tkhd.end ? b.readUInt32BE(dims) / 65536 : 0;
    let height = dims + 8 <= tkhd.end ? b.readUInt32BE(dims + 4) / 65536 : 0;
    const mdhd = child(b, path(b, trak, 'mdia'), 'mdhd');
    const timescale = mdhd ? timing(b, mdhd).timescale : 0;

    let codec: string | null = null;
    const stsd = path(b, trak, 'mdia', 'minf', 'stbl', 'stsd');
    if (stsd && stsd.end - stsd.start >= 16) {
      // Entries follow the full-box header and entry count; a visual sample entry has 78 bytes before its boxes.
      const entry = boxesIn(b, stsd.start + 8, stsd.end)[0];
      if (entry) {
        codec = entry.type.trim() || null;
        if (entry.end - entry.start >= 78) {
          if (!width || !height) {
            width = b.readUInt16BE(entry.start + 24);
            height = b.readUInt16BE(entry.start + 26);
          }
          const avcC = boxesIn(b, entry.start + 78, entry.end).find((x) => x.type === 'avcC');
          if (avcC && avcC.end - avcC.start >= 4 && (codec === 'avc1' || codec === 'avc3')) {
            const hex = (o: number) => b[avcC.start + o]!.toString(16).padStart(2, '0');
            codec = `${codec}.${hex(1)}${hex(2)}${hex(3)}`;
          }
        }
      }
    }
    return { id, width: Math.round(width), height: Math.round(height), timescale, codec };
  }
  return undefined;
};

/** Fragmented files (MediaRecorder in Safari) may say no duration: the end of the last fragment of the track. */
const fragmentsEnd = async (src: ByteSource, moofs: [number, number][], b: Buffer, moov: Box, track: Mp4Track) => {
  let defaultDuration = 0;
  const mvex = child(b, moov, 'mvex');
  for (const trex of mvex ? boxesIn(b, mvex.start, mvex.end) : []) {
    if (trex.type === 'trex' && trex.end - trex.start >= 16 && b.readUInt32BE(trex.start + 4) === track.id) {
      defaultDuration = b.readUInt32BE(trex.start + 12);
    }
  }
  let end = 0;
  let running = 0;
  for (const [offset, size] of moofs) {
    const m = await src.read(offset, size);
    for (const traf of boxesIn(m, 0, m.length).filter((x) => x.type === 'traf')) {
      const tfhd = need(child(m, traf, 'tfhd'), 8);
      if (m.readUInt32BE(tfhd.start + 4) !== track.id) continue;
      const tfhdFlags = m.readUInt32BE(tfhd.start) & 0xffffff;
      let o = tfhd.start + 8 + (tfhdFlags & 0x1 ? 8 : 0) + (tfhdFlags & 0x2 ? 4 : 0);
      const sampleDuration = tfhdFlags & 0x8 ? m.readUInt32BE(o) : defaultDuration;
      const tfdt = child(m, traf, 'tfdt');
      let t = tfdt ? (m[tfdt.start] === 1 ? u64(m, tfdt.start + 4) : m.readUInt32BE(tfdt.start + 4)) : running;
      for (const trun of boxesIn(m, traf.start, traf.end).filter((x) => x.type === 'trun')) {
        const flags = m.readUInt32BE(trun.start) & 0xffffff;
        const count = m.readUInt32BE(trun.start + 4);
        o = trun.start + 8 + (flags & 0x1 ? 4 : 0) + (flags & 0x4 ? 4 : 0);
        const per = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length * 4;
        if (o + count * per > trun.end) throw unreadable();
        if (flags & 0x100) {
          for (let i = 0; i < count; i++, o += per) t += m.readUInt32BE(o);
        } else t += count * sampleDuration;
      }
      running = t;
      end = Math.max(end, t);
    }
  }
  return end;
};

const probeMp4 = async (src: ByteSource): Promise<VideoProbe> => {
  let moovAt: [number, number] | undefined;
  const moofs: [number, number][] = [];
  // Walk the top-level boxes by their headers only: moov may come first or after the media data.
  for (let pos = 0; pos + 8 <= src.size; ) {
    const h = await src.read(pos, 16);
    if (h.length < 8) break;
    let size = h.readUInt32BE(0);
    const type = h.toString('latin1', 4, 8);
    let header = 8;
    if (size === 1) {
      if (h.length < 16) throw unreadable();
      size = u64(h, 8);
      header = 16;
    } else if (size === 0) size = src.size - pos;
    if (size < header) throw unreadable();
    if (type === 'moov') moovAt = [pos + header, size - header];
    if (type === 'moof' && size <= MAX_MOOF) moofs.push([pos + header, size - header]);
    pos += size;
  }
  if (!moovAt) throw unreadable('Its index (moov) is missing.');
  if (moovAt[1] > MAX_MOOV || moovAt[0] + moovAt[1] > src.size) throw unreadable();
  const b = await src.read(moovAt[0], moovAt[1]);
  const moov: Box = { type: 'moov', start: 0, end: b.length };
  const mvhd = need(child(b, moov, 'mvhd'), 20);
  const movie = timing(b, mvhd);
  const track = videoTrack(b, moov);
  if (!track) throw typeNotAllowed();
  if (!track.width || !track.height) throw unreadable();

  let durationMs = movie.timescale ? (movie.duration / movie.timescale) * 1000 : 0;
  const mehd = path(b, moov, 'mvex', 'mehd');
  if (!durationMs && mehd && movie.timescale) {
    const d = b[mehd.start] === 1 ? u64(b, mehd.start + 4) : b.readUInt32BE(mehd.start + 4);
    durationMs = (d / movie.timescale) * 1000;
  }
  if (!durationMs && moofs.length && track.timescale && child(b, moov, 'mvex')) {
    durationMs = ((await fragmentsEnd(src, moofs, b, moov, track)) / track.timescale) * 1000;
  }
  // 0xffffffff (all ones) means "unknown" in version 0 headers.
  if (!durationMs || !Number.isFinite(durationMs) || movie.duration === 0xffffffff) throw unreadable('Its duration is unknown.');
  return { format: 'mp4', mime: 'video/mp4', codec: track.codec, width: track.width, height: track.height, durationMs: Math.round(durationMs) };
};

// ---- Matroska / WebM -----------------------------------------------------------------------

const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  codecId: 0x86,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  blockDuration: 0x9b,
} as const;
/** Top-level elements: one of these ends an unknown-size Cluster. */
const SEGMENT_CHILDREN = new Set([0x114d9b74, 0x1549a966, 0x1654ae6b, 0x1f43b675, 0x1c53bb6b, 0x1941a469, 0x1043a770, 0x1254c367]);

interface Element {
  id: number;
  /** null: unknown size (live recordings: up to the parent's end or the next higher-level element). */
  size: number | null;
  dataStart: number;
}

/** A variable-size integer at `o`: its length and value (the marker bit kept for ids, dropped for sizes). */
const vint = (b: Buffer, o: number, keepMarker: boolean) => {
  const first = b[o];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (o + length > b.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + b[o + i]!;
    if (b[o + i] !== 0xff) allOnes = false;
  }
  return { length, value, unknown: !keepMarker && allOnes };
};

/** Element headers of an in-memory buffer (Info, Tracks and what they hold are small). */
const elementsIn = (b: Buffer, start: number, end: number) => {
  const out: { id: number; start: number; end: number }[] = [];
  for (let pos = start; pos < end; ) {
    const id = vint(b, pos, true);
    const size = id && vint(b, pos + id.length, false);
    if (!id || !size || size.unknown) throw unreadable();
    const dataStart = pos + id.length + size.length;
    if (dataStart + size.value > end) throw unreadable();
    out.push({ id: id.value, start: dataStart, end: dataStart + size.value });
    pos = dataStart + size.value;
  }
  return out;
};
const uint = (b: Buffer, e: { start: number; end: number }) => {
  let v = 0;
  for (let i = e.start; i < e.end; i++) v = v * 256 + b[i]!;
  return v;
};

/** Reads through a file in windows, so walking many small headers costs few reads. */
const windowed = (src: ByteSource, windowSize = 1024 * 1024) => {
  let at = 0;
  let win: Buffer = Buffer.alloc(0);
  const bytes = async (offset: number, length: number) => {
    if (offset < at || offset + length > at + win.length) {
      at = offset;
      win = await src.read(offset, Math.max(length, windowSize));
    }
    return win.subarray(offset - at, offset - at + length);
  };
  const header = async (offset: number): Promise<Element | undefined> => {
    const b = await bytes(offset, 12);
    const id = vint(b, 0, true);
    const size = id && vint(b, id.length, false);
    if (!id || !size) return undefined;
    return { id: id.value, size: size.unknown ? null : size.value, dataStart: offset + id.length + size.length };
  };
  return { bytes, header };
};

const MATROSKA_CODECS: Record<string, string> = {
  V_VP8: 'vp8',
  V_VP9: 'vp9',
  V_AV1: 'av1',
  'V_MPEG4/ISO/AVC': 'h264',
  'V_MPEGH/ISO/HEVC': 'hevc',
};

const probeWebm = async (src: ByteSource): Promise<VideoProbe> => {
  const r = windowed(src);
  const ebml = await r.header(0);
  if (!ebml || ebml.id !== ID.ebml || ebml.size === null || ebml.size > 4096) throw unreadable();
  const eh = await r.bytes(ebml.dataStart, ebml.size);
  const docType = elementsIn(eh, 0, eh.length).find((e) => e.id === ID.docType);
  // Matroska in general (mkv) is not accepted: only its WebM profile.
  if (!docType || eh.toString('latin1', docType.start, docType.end).replace(/\0+$/, '') !== 'webm') throw typeNotAllowed();

  const segment = await r.header(ebml.dataStart + ebml.size);
  if (!segment || segment.id !== ID.segment) throw unreadable();
  const segmentEnd = segment.size === null ? src.size : Math.min(src.size, segment.dataStart + segment.size);

  let scale = 1_000_000; // ns per tick (TimecodeScale's default)
  let duration: number | undefined;
  let seenInfo = false;
  let video: { codec: string | null; width: number; height: number } | undefined;
  let lastTick = -1;

  /** Walks one cluster (possibly of unknown size) and answers where the next element starts. */
  const walkCluster = async (cluster: Element): Promise<number> => {
    const end = cluster.size === null ? segmentEnd : Math.min(segmentEnd, cluster.dataStart + cluster.size);
    let clusterTime = 0;
    let pos = cluster.dataStart;
    while (pos < end) {
      const e = await r.header(pos);
      if (!e) return segmentEnd; // a truncated tail: keep what was read
      if (cluster.size === null && SEGMENT_CHILDREN.has(e.id)) return pos;
      if (e.size === null) throw unreadable();
      if (e.id === ID.timecode) clusterTime = uint(await r.bytes(e.dataStart, e.size), { start: 0, end: e.size });
      else if (e.id === ID.simpleBlock || e.id === ID.blockGroup) {
        let block: Element | undefined = e;
        let blockDuration = 0;
        if (e.id === ID.blockGroup) {
          block = undefined;
          for (let g = e.dataStart; g < e.dataStart + e.size; ) {
            const c = await r.header(g);
            if (!c || c.size === null) break;
            if (c.id === ID.block) block = c;
            if (c.id === ID.blockDuration) blockDuration = uint(await r.bytes(c.dataStart, c.size), { start: 0, end: c.size });
            g = c.dataStart + c.size;
          }
        }
        if (block && block.size !== null) {
          // Track number (a vint), then the time relative to the cluster (signed 16 bits).
          const bb = await r.bytes(block.dataStart, Math.min(block.size, 12));
          const track = vint(bb, 0, false);
          if (track && track.length + 2 <= bb.length) {
            lastTick = Math.max(lastTick, clusterTime + bb.readInt16BE(track.length) + blockDuration);
          }
        }
      }
      pos = e.dataStart + e.size;
    }
    return end;
  };

  for (let pos = segment.dataStart; pos < segmentEnd; ) {
    const e = await r.header(pos);
    if (!e) break;
    if (e.id === ID.cluster) {
      // With the header read and a declared duration, the media data need not be read.
      if (seenInfo && video && duration !== undefined) break;
      pos = await walkCluster(e);
      continue;
    }
    if (e.size === null) throw unreadable();
    if (e.id === ID.info || e.id === ID.tracks) {
      if (e.size > 4 * 1024 * 1024) throw unreadable();
      const b = await r.bytes(e.dataStart, e.size);
      if (e.id === ID.info) {
        seenInfo = true;
        for (const c of elementsIn(b, 0, b.length)) {
          if (c.id === ID.timecodeScale) scale = uint(b, c) || scale;
          if (c.id === ID.duration) {
            const len = c.end - c.start;
            const value = len === 4 ? b.readFloatBE(c.start) : len === 8 ? b.readDoubleBE(c.start) : NaN;
            if (Number.isFinite(value) && value > 0) duration = value;
          }
        }
      } else {
        for (const entry of elementsIn(b, 0, b.length).filter((c) => c.id === ID.trackEntry)) {
          const fields = elementsIn(b, entry.start, entry.end);
          if (uint(b, fields.find((f) => f.id === ID.trackType) ?? { start: 0, end: 0 }) !== 1 || video) continue;
          const codecEl = fields.find((f) => f.id === ID.codecId);
          const codecId = codecEl ? b.toString('latin1', codecEl.start, codecEl.end).replace(/\0+$/, '') : '';
          const v = fields.find((f) => f.id === ID.video);
          const dims = v ? elementsIn(b, v.start, v.end) : [];
          const dim = (id: number) => {
            const d = dims.find((x) => x.id === id);
            return d ? uint(b, d) : 0;
          };
          video = {
            codec: codecId ? (MATROSKA_CODECS[codecId] ?? codecId.toLowerCase()) : null,
            width: dim(ID.pixelWidth),
            height: dim(ID.pixelHeight),
          };
        }
      }
    }
    pos = e.dataStart + e.size;
  }

  if (!video) throw typeNotAllowed();
  if (!video.width || !video.height) throw unreadable();
  // Live recordings (MediaRecorder) carry no Duration: the last block's time stands for it.
  const ticks = duration ?? (lastTick >= 0 ? lastTick : undefined);
  if (ticks === undefined) throw unreadable('Its duration is unknown.');
  const durationMs = Math.round((ticks * scale) / 1_000_000);
  return { format: 'webm', mime: 'video/webm', ...video, durationMs };
};
