import zlib from 'node:zlib';

// Images for tests and the bench that sharp would take seconds and hundreds of megabytes to make.

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
  return Buffer.concat([head, data, crc]);
};

/** Adam7's seven passes: first column/row and step of each. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * A valid, black, Adam7-interlaced PNG of 16 bits per channel (RGB by default). It compresses to
 * a few hundred KB however large it is, but decoding it holds width × height × channels × 2 bytes:
 * 7000 × 7000 RGB is ~380 KB on disk and 294 MB decoded (the worst case).
 */
export const interlaced16BitPng = async (width = 7000, height = 7000, channels: 3 | 4 = 3, tag = ''): Promise<Buffer> => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 16; // bit depth
  ihdr[9] = channels === 3 ? 2 : 6; // RGB or RGBA
  ihdr[12] = 1; // Adam7
  // Each pass is rows of (filter byte + pixels), all zero.
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  for (const [x0, y0, dx, dy] of ADAM7) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (!w || !h) continue;
    const row = Buffer.alloc(1 + w * channels * 2);
    for (let y = 0; y < h; y++) deflate.write(row);
  }
  // The rows share one buffer: the queued writes hold references, not copies.
  await new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject).end());
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.concat(out)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return tag ? tagPng(png, tag) : png;
};

/** The same PNG with a text chunk added before IEND: other bytes (another hash), the same image. */
export const tagPng = (png: Buffer, tag: string): Buffer => {
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), chunk('tEXt', Buffer.from(`Comment\0${tag}`, 'latin1')), png.subarray(iend)]);
};
