import os from 'node:os';
import { ERROR_CODES, IMAGE_MAX_DECODED_BYTES, IMAGE_MAX_PIXELS, type ImageFormat } from '@ads/contracts';
import sharp, { type Metadata, type ResizeOptions } from 'sharp';
import { AppError } from '../../errors';

export const THUMBNAIL_SIZE = 320;

export const MIME_OF: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

const typeNotAllowed = () =>
  new AppError(400, ERROR_CODES.imageTypeNotAllowed, 'Only JPG, PNG, GIF and WebP images can be uploaded.');
const unreadable = () =>
  new AppError(400, ERROR_CODES.imageUnreadable, 'The file could not be read as an image. It may be damaged.');

/** The format the first bytes announce (magic numbers), whatever the file is called. */
export const sniffFormat = (head: Buffer): ImageFormat | undefined => {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 6 && ['GIF87a', 'GIF89a'].includes(head.subarray(0, 6).toString('latin1'))) return 'gif';
  if (head.length >= 12 && head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  return undefined;
};

/** Bytes per sample of libvips' band formats (sharp's `depth`). */
const SAMPLE_BYTES: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/** What decoding one frame of the image holds in memory: width × height × channels × bytes per sample. */
export const decodedBytes = (meta: Pick<Metadata, 'width' | 'height' | 'channels' | 'depth'>): number =>
  (meta.width ?? 0) * (meta.height ?? 0) * (meta.channels ?? 4) * (SAMPLE_BYTES[meta.depth ?? ''] ?? 8);

// libvips' operation cache could keep decoded pixels alive after a request: memory is what the
// decode gate below accounts for, so nothing may outlive it.
sharp.cache(false);

/**
 * Decodes run one per core at most, and together within IMAGE_MAX_DECODED_BYTES: a decode of the
 * largest allowed image runs alone. Waiters are served in order, so a large image is not starved
 * by small ones. (An interlaced PNG is decoded whole: its bytes are really held.)
 */
export const createDecodeGate = (slots: number, budget: number) => {
  let running = 0;
  let used = 0;
  const waiting: { bytes: number; start: () => void }[] = [];
  const pump = () => {
    while (waiting.length && running < slots && (running === 0 || used + waiting[0]!.bytes <= budget)) {
      const next = waiting.shift()!;
      running++;
      used += next.bytes;
      next.start();
    }
  };
  return {
    async run<T>(bytes: number, work: () => Promise<T>): Promise<T> {
      await new Promise<void>((start) => {
        waiting.push({ bytes, start });
        pump();
      });
      try {
        return await work();
      } finally {
        running--;
        used -= bytes;
        pump();
      }
    },
    get state() {
      return { running, used, waiting: waiting.length };
    },
  };
};

export const decodeGate = createDecodeGate(Math.max(1, os.availableParallelism()), IMAGE_MAX_DECODED_BYTES);

export interface Inspected {
  format: ImageFormat;
  width: number;
  height: number;
  /** The webp rendition asked for (the thumbnail by default). */
  webp: Buffer;
}

/** How the webp rendition is made: a thumbnail (the default) or a video's poster. */
export interface Rendition {
  resize: ResizeOptions;
  quality: number;
}

export const THUMBNAIL: Rendition = {
  resize: { width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true },
  quality: 80,
};

/**
 * Judges a file from its bytes: the magic number must be one of the four formats and agree with
 * what sharp reads from the header; the declared pixel count (all frames) and the memory one frame
 * needs decoded are checked before anything is decoded; then the webp rendition is made through
 * the decode gate, with the pixel bound enforced by sharp too.
 */
export const inspectImage = async (file: string, head: Buffer, rendition: Rendition = THUMBNAIL): Promise<Inspected> => {
  const sniffed = sniffFormat(head);
  if (!sniffed) throw typeNotAllowed();
  let meta: Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (meta.format !== sniffed) throw typeNotAllowed();
  const { width, height } = meta;
  if (!width || !height) throw unreadable();
  const frames = meta.pages ?? 1;
  if (width * height > IMAGE_MAX_PIXELS || width * height * frames > IMAGE_MAX_PIXELS * 4) {
    throw new AppError(
      400,
      ERROR_CODES.imageTooLargePixels,
      `The image is too large: at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`,
    );
  }
  const bytes = decodedBytes(meta);
  if (bytes > IMAGE_MAX_DECODED_BYTES) {
    const bits = (SAMPLE_BYTES[meta.depth ?? ''] ?? 8) * 8;
    throw new AppError(
      400,
      ERROR_CODES.imageTooLargeDecoded,
      `The image needs too much memory to process (${width} × ${height}, ${meta.channels ?? '?'} channels of ${bits} bits: ` +
        `${Math.ceil(bytes / 1_000_000)} MB, at most ${IMAGE_MAX_DECODED_BYTES / 1_000_000} MB). Save it with 8 bits per channel or make it smaller.`,
    );
  }
  let webp: Buffer;
  try {
    webp = await decodeGate.run(bytes, () =>
      sharp(file, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error', sequentialRead: true })
        .rotate()
        .resize(rendition.resize)
        .webp({ quality: rendition.quality })
        .toBuffer(),
    );
  } catch {
    throw unreadable();
  }
  return { format: sniffed, width, height, webp };
};
