import { randomBytes } from 'node:crypto';

// Synthetic mp4 and webm files for tests: only the structure the probe reads, plus filler media data.

const u8 = (...n: number[]) => Buffer.from(n);
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};
const latin1 = (s: string) => Buffer.from(s, 'latin1');

// ---- ISO BMFF ------------------------------------------------------------------------------

export const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), latin1(type), body]);
};
/** A box with the 64-bit size form (size field 1, then largesize). */
const largeBox = (type: string, body: Buffer) => Buffer.concat([u32(1), latin1(type), u64(16 + body.length), body]);
const fullBox = (type: string, version: number, flags: number, ...payload: Buffer[]) =>
  box(type, u8(version, (flags >> 16) & 0xff, (flags >> 8) & 0xff, flags & 0xff), ...payload);

const timed = (type: 'mvhd' | 'mdhd', version: 0 | 1, timescale: number, duration: number, tail: Buffer) =>
  version === 1
    ? fullBox(type, 1, 0, u64(0), u64(0), u32(timescale), u64(duration), tail)
    : fullBox(type, 0, 0, u32(0), u32(0), u32(timescale), u32(duration), tail);

const tkhd = (version: 0 | 1, trackId: number, width: number, height: number, duration = 0) =>
  fullBox(
    'tkhd',
    version,
    3,
    ...(version === 1 ? [u64(0), u64(0), u32(trackId), u32(0), u64(duration)] : [u32(0), u32(0), u32(trackId), u32(0), u32(duration)]),
    Buffer.alloc(8), // reserved
    Buffer.alloc(8), // layer, alternate group, volume, reserved
    Buffer.alloc(36), // matrix
    u32(width * 65536),
    u32(height * 65536),
  );

interface TrakOptions {
  id: number;
  handler: string;
  width: number;
  height: number;
  version: 0 | 1;
  entry: Buffer;
  timescale: number;
  duration: number;
  /** Where the samples (1 byte each) start in the file. */
  dataOffset: number;
  /** In the movie's timescale (ms). */
  movieDuration: number;
}
const trak = (o: TrakOptions) =>
  box(
    'trak',
    tkhd(o.version, o.id, o.width, o.height, o.movieDuration),
    box(
      'mdia',
      timed('mdhd', o.version, o.timescale, o.duration, Buffer.alloc(4)),
      fullBox('hdlr', 0, 0, u32(0), latin1(o.handler), Buffer.alloc(12), u8(0)),
      box(
        'minf',
        box(
          'stbl',
          fullBox('stsd', 0, 0, u32(1), o.entry),
          // One sample of 1 byte per 1/30 s, all in one chunk in the media data: what a prober times the track by.
          fullBox('stts', 0, 0, u32(1), u32(samples(o)), u32(Math.round(o.timescale / 30))),
          fullBox('stsc', 0, 0, u32(1), u32(1), u32(samples(o)), u32(1)),
          fullBox('stsz', 0, 0, u32(1), u32(samples(o))),
          fullBox('stco', 0, 0, u32(1), u32(o.dataOffset)),
        ),
      ),
    ),
  );
const samples = (o: { timescale: number; duration: number }) => Math.max(1, Math.round(o.duration / Math.round(o.timescale / 30)));

const visualEntry = (fourcc: string, width: number, height: number, ...children: Buffer[]) =>
  box(
    fourcc,
    Buffer.alloc(6),
    u16(1),
    Buffer.alloc(16),
    u16(width),
    u16(height),
    u32(0x00480000),
    u32(0x00480000),
    u32(0),
    u16(1),
    Buffer.alloc(32),
    u16(0x18),
    u16(0xffff),
    ...children,
  );

export interface Mp4Options {
  width?: number;
  height?: number;
  durationMs?: number;
  /** mvhd/tkhd/mdhd version. */
  version?: 0 | 1;
  fourcc?: string;
  brand?: string;
  /** The index after the media data (as cameras write it) instead of before. */
  moovAtEnd?: boolean;
  /** Bytes of filler media data (random: every file is different). */
  mdatBytes?: number;
  /** Write the media data box with a 64-bit size. */
  largeMdat?: boolean;
  /** An audio track before the video one. */
  withAudio?: boolean;
  /** Only audio: no video track. */
  audioOnly?: boolean;
  /** The movie header's duration as written (ticks of 1 ms), whatever durationMs says. */
  mvhdDuration?: number;
}

export const makeMp4 = (o: Mp4Options = {}) => {
  const { width = 1280, height = 720, durationMs = 5000, version = 0, fourcc = 'avc1', brand = 'isom' } = o;
  const timescale = 1000;
  const ftyp = box('ftyp', latin1(brand), u32(512), latin1(brand === 'isom' ? 'isomiso2avc1mp41' : brand));
  const avcC = box('avcC', u8(1, 0x64, 0x00, 0x1f, 0xff, 0xe0));
  const moovAt = (dataOffset: number) => {
    const video = trak({
      id: 1,
      handler: 'vide',
      width,
      height,
      version,
      timescale: 90000,
      entry: visualEntry(fourcc, width, height, ...(fourcc.startsWith('avc') ? [avcC] : [])),
      duration: Math.round(durationMs * 90),
      dataOffset,
      movieDuration: durationMs,
    });
    const audio = trak({ id: 2, handler: 'soun', width: 0, height: 0, version, timescale: 48000, entry: box('mp4a', Buffer.alloc(28)), duration: durationMs * 48, dataOffset, movieDuration: durationMs });
    return box(
      'moov',
      timed('mvhd', version, timescale, o.mvhdDuration ?? durationMs, Buffer.alloc(80)),
      ...(o.withAudio || o.audioOnly ? [audio] : []),
      ...(o.audioOnly ? [] : [video]),
    );
  };
  // The media data holds at least one byte per sample (30 a second).
  const filler = randomBytes(Math.max(o.mdatBytes ?? 64, Math.ceil((durationMs / 1000) * 30) + 1));
  const mdat = o.largeMdat ? largeBox('mdat', filler) : box('mdat', filler);
  const header = mdat.length - filler.length;
  if (o.moovAtEnd) return Buffer.concat([ftyp, mdat, moovAt(ftyp.length + header)]);
  const moov = moovAt(ftyp.length + moovAt(0).length + header);
  return Buffer.concat([ftyp, moov, mdat]);
};

/** A fragmented mp4 as MediaRecorder (Safari) writes it: no duration in the header, fragments with sample durations. */
export const makeFragmentedMp4 = (o: { width?: number; height?: number; fragments: number[][]; timescale?: number }) => {
  const { width = 640, height = 480, timescale = 90000 } = o;
  const moov = box(
    'moov',
    timed('mvhd', 0, 1000, 0, Buffer.alloc(80)),
    box(
      'trak',
      tkhd(0, 1, width, height),
      box(
        'mdia',
        timed('mdhd', 0, timescale, 0, Buffer.alloc(4)),
        fullBox('hdlr', 0, 0, u32(0), latin1('vide'), Buffer.alloc(12), u8(0)),
        box('minf', box('stbl', fullBox('stsd', 0, 0, u32(1), visualEntry('avc1', width, height)))),
      ),
    ),
    box('mvex', fullBox('trex', 0, 0, u32(1), u32(1), u32(3000), u32(0), u32(0))),
  );
  let base = 0;
  const fragments = o.fragments.map((durations, i) => {
    const moof = box(
      'moof',
      fullBox('mfhd', 0, 0, u32(i + 1)),
      box(
        'traf',
        fullBox('tfhd', 0, 0x020000, u32(1)),
        fullBox('tfdt', 1, 0, u64(base)),
        fullBox('trun', 0, 0x000100 | 0x000200, u32(durations.length), ...durations.flatMap((d) => [u32(d), u32(10)])),
      ),
    );
    base += durations.reduce((a, b) => a + b, 0);
    return Buffer.concat([moof, box('mdat', randomBytes(10 * durations.length))]);
  });
  return Buffer.concat([box('ftyp', latin1('iso5'), u32(512), latin1('iso5iso6mp41')), moov, ...fragments]);
};

// ---- Matroska / WebM ---------------------------------------------------------------------

const idBytes = (id: number) => {
  const n = id >= 0x1000000 ? 4 : id >= 0x10000 ? 3 : id >= 0x100 ? 2 : 1;
  const b = Buffer.alloc(n);
  b.writeUIntBE(id, 0, n);
  return b;
};
/** Sizes as 8-byte vints (legal, and what some muxers write); unknown: all ones. */
const sizeBytes = (n: number | null) => {
  if (n === null) return u8(0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff);
  const b = Buffer.alloc(8);
  b[0] = 0x01;
  b.writeUIntBE(n, 2, 6);
  return b;
};
export const el = (id: number, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  return Buffer.concat([idBytes(id), sizeBytes(body.length), body]);
};
const unknownSized = (id: number, ...payload: Buffer[]) => Buffer.concat([idBytes(id), sizeBytes(null), ...payload]);
const uintEl = (id: number, n: number) => {
  const bytes: number[] = [];
  for (let v = n; v > 0 || bytes.length === 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return el(id, u8(...bytes));
};
const floatEl = (id: number, f: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(f);
  return el(id, b);
};
const strEl = (id: number, s: string) => el(id, latin1(s));

export interface WebmOptions {
  width?: number;
  height?: number;
  codecId?: string;
  docType?: string;
  /** Written in Info when given (milliseconds, with the default 1 ms timecode scale). */
  durationMs?: number;
  /** Segment and clusters of unknown size, as MediaRecorder writes them. */
  unknownSizes?: boolean;
  /** Each cluster: its timecode and its blocks' relative timecodes. */
  clusters?: { timecode: number; blocks: number[] }[];
  /** Blocks' payload size (random bytes). */
  blockBytes?: number;
  /** An Opus track beside the video one; its blocks are track 2. */
  withAudio?: boolean;
  /** No video track at all. */
  audioOnly?: boolean;
  /** Info's TimecodeScale (ns per tick); 1 ms by default. */
  timecodeScale?: number;
}

export const makeWebm = (o: WebmOptions = {}) => {
  const { width = 640, height = 360, codecId = 'V_VP8', docType = 'webm', blockBytes = 32 } = o;
  const clusters = o.clusters ?? [
    { timecode: 0, blocks: [0, 33, 67] },
    { timecode: 1000, blocks: [0, 500] },
  ];
  const header = el(
    0x1a45dfa3,
    uintEl(0x4286, 1),
    uintEl(0x42f7, 1),
    uintEl(0x42f2, 4),
    uintEl(0x42f3, 8),
    strEl(0x4282, docType),
    uintEl(0x4287, 4),
    uintEl(0x4285, 2),
  );
  const info = el(
    0x1549a966,
    uintEl(0x2ad7b1, o.timecodeScale ?? 1_000_000),
    ...(o.durationMs !== undefined ? [floatEl(0x4489, o.durationMs)] : []),
    strEl(0x4d80, 'test'),
    strEl(0x5741, 'test'),
  );
  const videoTrack = el(0xae, uintEl(0xd7, 1), uintEl(0x73c5, 1), uintEl(0x83, 1), strEl(0x86, codecId), el(0xe0, uintEl(0xb0, width), uintEl(0xba, height)));
  const audioTrack = el(0xae, uintEl(0xd7, 2), uintEl(0x73c5, 2), uintEl(0x83, 2), strEl(0x86, 'A_OPUS'), el(0xe1, floatEl(0xb5, 48000), uintEl(0x9f, 2)));
  const tracks = el(0x1654ae6b, ...(o.audioOnly ? [audioTrack] : o.withAudio ? [videoTrack, audioTrack] : [videoTrack]));
  const block = (track: number, rel: number) => {
    const t = Buffer.alloc(2);
    t.writeInt16BE(rel);
    return el(0xa3, u8(0x80 | track), t, u8(0x80), randomBytes(blockBytes));
  };
  const clusterEls = clusters.map((c) => {
    const children = [uintEl(0xe7, c.timecode), ...c.blocks.flatMap((rel) => (o.withAudio ? [block(1, rel), block(2, rel)] : [block(o.audioOnly ? 2 : 1, rel)]))];
    return o.unknownSizes ? unknownSized(0x1f43b675, ...children) : el(0x1f43b675, ...children);
  });
  const body = [info, tracks, ...clusterEls];
  return Buffer.concat([header, o.unknownSizes ? unknownSized(0x18538067, ...body) : el(0x18538067, ...body)]);
};
