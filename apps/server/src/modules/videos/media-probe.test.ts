import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range';
import { mapMediaInfo, PROBE_LIMITS, probeVideoFile, sniffVideo, type ProbeLimits } from './media-probe';
import { box, makeFragmentedMp4, makeMp4, makeWebm } from '../../test/test-media';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
const probe = (buf: Buffer, limits?: ProbeLimits) => {
  const file = path.join(dir, `v${++n}`);
  fs.writeFileSync(file, buf);
  return probeVideoFile(file, limits);
};
const refusal = async (run: Promise<unknown>) => {
  try {
    await run;
  } catch (err) {
    return (err as { errorCode?: string }).errorCode ?? String(err);
  }
  return 'accepted';
};
const refused = (buf: Buffer, limits?: ProbeLimits) => refusal(probe(buf, limits));
/** The error code mapMediaInfo answers these tracks with, or 'accepted'. */
const code = (tracks: unknown[], live: number | null = null) => {
  try {
    mapMediaInfo(tracks, live);
  } catch (err) {
    return (err as { errorCode?: string }).errorCode;
  }
  return 'accepted';
};

describe('media probe: mp4 (MediaInfo in a worker)', () => {
  it('reads duration, size and codec', async () => {
    expect(await probe(makeMp4({ width: 1920, height: 1080, durationMs: 12_345 }))).toEqual({
      format: 'mp4',
      mime: 'video/mp4',
      codec: 'h264',
      width: 1920,
      height: 1080,
      durationMs: 12_345,
    });
  });

  it('reads version 1 headers, 64-bit boxes, moov after the media data, and skips the audio track', async () => {
    const file = makeMp4({ version: 1, moovAtEnd: true, largeMdat: true, withAudio: true, durationMs: 90_000, width: 640, height: 360, mdatBytes: 4096 });
    expect(await probe(file)).toMatchObject({ width: 640, height: 360, durationMs: 90_000, codec: 'h264' });
  });

  it('names other codecs', async () => {
    expect((await probe(makeMp4({ fourcc: 'hvc1' }))).codec).toBe('hevc');
    expect((await probe(makeMp4({ fourcc: 'av01' }))).codec).toBe('av1');
    expect((await probe(makeMp4({ fourcc: 'vp09' }))).codec).toBe('vp9');
  });

  it('times a fragmented mp4 without a duration by its fragments (MediaRecorder)', async () => {
    const file = makeFragmentedMp4({ fragments: [Array(30).fill(3000), Array(30).fill(3000)] });
    expect(await probe(file)).toMatchObject({ format: 'mp4', width: 640, height: 480, durationMs: 2000 });
  });

  it('refuses QuickTime, audio-only, files without an index and truncated ones', async () => {
    expect(await refused(makeMp4({ brand: 'qt  ' }))).toBe('VIDEO_TYPE_NOT_ALLOWED');
    expect(await refused(makeMp4({ audioOnly: true }))).toBe('VIDEO_TYPE_NOT_ALLOWED');
    const noMoov = Buffer.concat([box('ftyp', Buffer.from('isom\0\0\0\0isom', 'latin1')), box('mdat', Buffer.alloc(100))]);
    expect(await refused(noMoov)).toBe('VIDEO_UNREADABLE');
    expect(await refused(makeMp4().subarray(0, 200))).toBe('VIDEO_UNREADABLE');
  });

  it('ignores a movie header duration of 2^62 or 2^31 ms when the tracks say otherwise', async () => {
    expect((await probe(makeMp4({ version: 1, mvhdDuration: 2 ** 62 }))).durationMs).toBe(5000);
    expect((await probe(makeMp4({ mvhdDuration: 2 ** 31 }))).durationMs).toBe(5000);
  });

  it('refuses 8 MiB of empty boxes as unreadable', async () => {
    const ftyp = box('ftyp', Buffer.from('isom\0\0\0\0isom', 'latin1'));
    const free = box('free');
    const file = Buffer.concat([ftyp, ...Array.from({ length: (8 * 1024 * 1024 - ftyp.length) / free.length }, () => free)]);
    expect(await refused(file)).toBe('VIDEO_UNREADABLE');
  });
});

describe('media probe: webm', () => {
  it('reads Duration, size and codec when the header has them', async () => {
    expect(await probe(makeWebm({ durationMs: 4321.5, codecId: 'V_VP9', width: 1280, height: 720 }))).toEqual({
      format: 'webm',
      mime: 'video/webm',
      codec: 'vp9',
      width: 1280,
      height: 720,
      durationMs: 4322,
    });
  });

  it('times a MediaRecorder file (no Duration, unknown sizes) by its last block', async () => {
    const file = makeWebm({
      unknownSizes: true,
      withAudio: true,
      clusters: [
        { timecode: 0, blocks: [0, 33, 66] },
        { timecode: 1000, blocks: [0, 400] },
        { timecode: 2000, blocks: [0, 500, 967] },
      ],
    });
    expect(await probe(file)).toMatchObject({ codec: 'vp8', width: 640, height: 360, durationMs: 2967 });
  });

  it('times known-size clusters too, and names AV1', async () => {
    const file = makeWebm({ codecId: 'V_AV1', clusters: [{ timecode: 0, blocks: [0] }, { timecode: 5000, blocks: [0, 1234] }] });
    expect(await probe(file)).toMatchObject({ codec: 'av1', durationMs: 6234 });
  });

  it('reads the demo clips, which Chromium recorded', async () => {
    const media = path.resolve(import.meta.dirname, '../../demo/media');
    for (const name of fs.readdirSync(media)) {
      const found = await probeVideoFile(path.join(media, name));
      expect(found, name).toMatchObject({ format: 'webm', codec: 'vp8', width: 640, height: 360 });
      expect(found.durationMs, name).toBeGreaterThan(1000);
      expect(found.durationMs, name).toBeLessThan(10_000);
    }
  });

  it('refuses Matroska that is not WebM, audio only, a file without any timing and a truncated one', async () => {
    expect(await refused(makeWebm({ docType: 'matroska', durationMs: 1000 }))).toBe('VIDEO_TYPE_NOT_ALLOWED');
    expect(await refused(makeWebm({ audioOnly: true, durationMs: 1000 }))).toBe('VIDEO_TYPE_NOT_ALLOWED');
    expect(await refused(makeWebm({ clusters: [] }))).toBe('VIDEO_UNREADABLE');
    expect(await refused(makeWebm({ durationMs: 1000 }).subarray(0, 30))).toBe('VIDEO_UNREADABLE');
  });

  it('refuses absurd declared values (VIDEO_INVALID) and stores hostile codec names as plain bounded text', async () => {
    expect(await refused(makeWebm({ durationMs: 1e300 }))).toBe('VIDEO_INVALID');
    expect(await refused(makeWebm({ durationMs: 1000, timecodeScale: 2 ** 60 }))).toBe('VIDEO_INVALID');
    expect(await refused(makeWebm({ durationMs: 1000, width: 2 ** 40 }))).toBe('VIDEO_INVALID');
    expect((await probe(makeWebm({ durationMs: 1000, codecId: '__proto__' }))).codec).toBe('__proto__');
    expect((await probe(makeWebm({ durationMs: 1000, codecId: 'constructor' }))).codec).toBe('constructor');
    expect((await probe(makeWebm({ durationMs: 1000, codecId: `V_${'X'.repeat(100_000)}` }))).codec).toBeNull();
  });
});

describe('media probe: limits', () => {
  it('gives up (unreadable) when the worker is out of time, reads or memory', async () => {
    const file = makeWebm({ durationMs: 1000 });
    expect(await refused(file, { ...PROBE_LIMITS, timeoutMs: 1 })).toBe('VIDEO_UNREADABLE');
    expect(await refused(file, { ...PROBE_LIMITS, maxReadBytes: 16 })).toBe('VIDEO_UNREADABLE');
    // A 4 MB codec name makes MediaInfo grow its WebAssembly memory by ~37 MB (from ~34 MB): fine
    // within the budget, refused past 48 MB.
    const greedy = makeWebm({ durationMs: 1000, codecId: `V_${'X'.repeat(4_000_000)}` });
    expect(await refused(greedy)).toBe('accepted');
    expect(await refused(greedy, { ...PROBE_LIMITS, maxWasmBytes: 48 * 1024 * 1024 })).toBe('VIDEO_UNREADABLE');
  });
});

describe('media probe: mapping MediaInfo', () => {
  const general = { '@type': 'General', Format: 'WebM', Duration: 2.5 };
  const video = { '@type': 'Video', Format: 'VP9', Width: 1280, Height: 720 };

  it('maps the container, the codec, the size and the duration', () => {
    expect(mapMediaInfo([general, video])).toEqual({ format: 'webm', mime: 'video/webm', codec: 'vp9', width: 1280, height: 720, durationMs: 2500 });
    expect(mapMediaInfo([{ ...general, Format: 'MPEG-4', Duration: undefined }, { ...video, Format: 'AVC', Duration: 1.5 }])).toMatchObject({
      format: 'mp4',
      codec: 'h264',
      durationMs: 1500,
    });
    expect(mapMediaInfo([{ ...general, Duration: undefined }, video], 3210.4).durationMs).toBe(3210);
  });

  it('looks codecs up without touching prototypes, and bounds their names', () => {
    const codec = (Format: unknown) => mapMediaInfo([general, { ...video, Format }]).codec;
    expect(codec('constructor')).toBe('constructor');
    expect(codec('toString')).toBe('tostring');
    expect(codec('hasOwnProperty')).toBe('hasownproperty');
    expect(codec('x'.repeat(33))).toBeNull();
    expect(codec('<script>')).toBeNull();
    expect(codec({ toString: () => 'AVC' })).toBeNull();
    expect(codec(undefined)).toBeNull();
    // Fields inherited from a prototype are not the file's.
    const inherited = Object.assign(Object.create({ Width: 640, Height: 360 }) as object, { '@type': 'Video', Format: 'VP8' });
    expect(code([general, inherited])).toBe('VIDEO_UNREADABLE');
  });

  it('refuses durations and sizes out of range', () => {
    for (const Duration of [1e300, 2 ** 62 / 1000, 2 ** 31, 24 * 3600 + 1]) expect(code([{ ...general, Duration }, video]), String(Duration)).toBe('VIDEO_INVALID');
    expect(code([{ ...general, Duration: 24 * 3600 }, video])).toBe('accepted');
    expect(code([{ ...general, Duration: 0.0001 }, video])).toBe('VIDEO_INVALID');
    expect(code([{ ...general, Duration: undefined }, video])).toBe('VIDEO_UNREADABLE');
    expect(code([{ ...general, Duration: undefined }, video], 1e300)).toBe('VIDEO_INVALID');
    expect(code([{ ...general, Duration: 'NaN' }, video])).toBe('VIDEO_UNREADABLE');
    for (const Width of [0, -1, 2 ** 40, 16_385, 1.5]) expect(code([general, { ...video, Width }]), String(Width)).toBe('VIDEO_INVALID');
    expect(code([general, { ...video, Width: 16_384, Height: 16_384 }])).toBe('accepted');
    expect(code([general, { ...video, Width: undefined }])).toBe('VIDEO_UNREADABLE');
  });

  it('refuses other containers, streams without video and answers without a container', () => {
    expect(code([{ ...general, Format: 'Matroska' }, video])).toBe('VIDEO_TYPE_NOT_ALLOWED');
    expect(code([{ ...general, Format: 'MPEG-4', Format_Profile: 'QuickTime' }, video])).toBe('VIDEO_TYPE_NOT_ALLOWED');
    expect(code([general, { '@type': 'Audio', Format: 'Opus' }])).toBe('VIDEO_TYPE_NOT_ALLOWED');
    expect(code([general])).toBe('VIDEO_UNREADABLE');
    expect(code([])).toBe('VIDEO_UNREADABLE');
    expect(code([null, 'x', 42, [general]])).toBe('VIDEO_UNREADABLE');
  });
});

describe('media probe: the first bytes', () => {
  it('tells mp4 and webm from anything else', () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512)]);
    const mp3 = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(400)]);
    for (const file of [exe, mp3, Buffer.from('just some text'), Buffer.alloc(0), makeMp4({ brand: 'qt  ' })]) expect(sniffVideo(file)).toBeUndefined();
    expect(sniffVideo(makeMp4())).toBe('mp4');
    expect(sniffVideo(makeWebm())).toBe('webm');
  });
});

describe('byte ranges', () => {
  it('parses one range; several or malformed ones mean the whole file', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-1,5-6', 1000)).toBeUndefined();
    expect(parseByteRange('items=0-1', 1000)).toBeUndefined();
    expect(parseByteRange('bytes=50-10', 1000)).toBeUndefined();
    expect(parseByteRange(undefined, 1000)).toBeUndefined();
  });
});
