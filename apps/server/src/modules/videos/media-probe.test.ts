import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range';
import { bufferSource, fileSource, probeVideo, sniffVideo } from './media-probe';
import { box, makeFragmentedMp4, makeMp4, makeWebm } from './test-media';

const probe = (buf: Buffer) => probeVideo(bufferSource(buf));
const refused = async (buf: Buffer) => {
  try {
    await probe(buf);
  } catch (err) {
    return (err as { errorCode?: string }).errorCode;
  }
  return 'accepted';
};

describe('media probe: mp4', () => {
  it('reads duration, size and the avc1 codec string (version 0 headers)', async () => {
    expect(await probe(makeMp4({ width: 1920, height: 1080, durationMs: 12_345 }))).toEqual({
      format: 'mp4',
      mime: 'video/mp4',
      codec: 'avc1.64001f',
      width: 1920,
      height: 1080,
      durationMs: 12_345,
    });
  });

  it('reads version 1 headers, 64-bit boxes, moov after the media data, and skips the audio track', async () => {
    const file = makeMp4({ version: 1, moovAtEnd: true, largeMdat: true, withAudio: true, durationMs: 90_000, width: 640, height: 360, mdatBytes: 4096 });
    expect(await probe(file)).toMatchObject({ width: 640, height: 360, durationMs: 90_000, codec: 'avc1.64001f' });
  });

  it('names other codecs by their sample entry', async () => {
    expect((await probe(makeMp4({ fourcc: 'hvc1' }))).codec).toBe('hvc1');
    expect((await probe(makeMp4({ fourcc: 'av01' }))).codec).toBe('av01');
    expect((await probe(makeMp4({ fourcc: 'vp09' }))).codec).toBe('vp09');
  });

  it('reads a file from disk at offsets (moov at the end of a larger file)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-'));
    try {
      const file = path.join(dir, 'v.mp4');
      fs.writeFileSync(file, makeMp4({ moovAtEnd: true, mdatBytes: 3 * 1024 * 1024, durationMs: 61_000 }));
      const handle = await fs.promises.open(file, 'r');
      try {
        expect((await probeVideo(await fileSource(handle))).durationMs).toBe(61_000);
      } finally {
        await handle.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sums the fragments of a fragmented mp4 without a duration (MediaRecorder)', async () => {
    // 90 kHz: two fragments of 30 frames of 3000 ticks each = 2 s.
    const file = makeFragmentedMp4({ fragments: [Array(30).fill(3000), Array(30).fill(3000)] });
    expect(await probe(file)).toMatchObject({ format: 'mp4', width: 640, height: 480, durationMs: 2000 });
  });

  it('refuses QuickTime, audio-only and files without an index', async () => {
    expect(await refused(makeMp4({ brand: 'qt  ' }))).toBe('VIDEO_TYPE_NOT_ALLOWED');
    expect(await refused(makeMp4({ audioOnly: true }))).toBe('VIDEO_TYPE_NOT_ALLOWED');
    const noMoov = Buffer.concat([box('ftyp', Buffer.from('isom\0\0\0\0isom', 'latin1')), box('mdat', Buffer.alloc(100))]);
    expect(await refused(noMoov)).toBe('VIDEO_UNREADABLE');
    const truncated = makeMp4().subarray(0, 200);
    expect(await refused(truncated)).toBe('VIDEO_UNREADABLE');
    expect(await refused(makeMp4({ durationMs: 0 }))).toBe('VIDEO_UNREADABLE');
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

  it('computes the duration of a MediaRecorder file (no Duration, unknown sizes) from the last block', async () => {
    const file = makeWebm({
      unknownSizes: true,
      withAudio: true,
      codecId: 'V_VP8',
      clusters: [
        { timecode: 0, blocks: [0, 33, 66] },
        { timecode: 1000, blocks: [0, 400] },
        { timecode: 2000, blocks: [0, 500, 967] },
      ],
    });
    expect(await probe(file)).toMatchObject({ codec: 'vp8', width: 640, height: 360, durationMs: 2967 });
  });

  it('computes it from known-size clusters too, and names AV1', async () => {
    const file = makeWebm({ codecId: 'V_AV1', clusters: [{ timecode: 0, blocks: [0] }, { timecode: 5000, blocks: [0, 1234] }] });
    expect(await probe(file)).toMatchObject({ codec: 'av1', durationMs: 6234 });
  });

  it('refuses Matroska that is not WebM, audio only, and a file without any timing', async () => {
    expect(await refused(makeWebm({ docType: 'matroska', durationMs: 1000 }))).toBe('VIDEO_TYPE_NOT_ALLOWED');
    expect(await refused(makeWebm({ audioOnly: true, durationMs: 1000 }))).toBe('VIDEO_TYPE_NOT_ALLOWED');
    expect(await refused(makeWebm({ clusters: [] }))).toBe('VIDEO_UNREADABLE');
    expect(await refused(makeWebm({ durationMs: 1000 }).subarray(0, 30))).toBe('VIDEO_UNREADABLE');
  });
});

describe('media probe: anything else', () => {
  it('refuses by the bytes, whatever the name', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512)]);
    const mp3 = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(400)]);
    for (const file of [exe, mp3, Buffer.from('just some text'), Buffer.alloc(0)]) {
      expect(await refused(file)).toBe('VIDEO_TYPE_NOT_ALLOWED');
      expect(sniffVideo(file)).toBeUndefined();
    }
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
