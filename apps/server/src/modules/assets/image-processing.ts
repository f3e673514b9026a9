import { ERROR_CODES, IMAGE_MAX_PIXELS, type ImageFormat } from '@ads/contracts';
import sharp, { type Metadata } from 'sharp';
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

export interface Inspected {
  format: ImageFormat;
  width: number;
  height: number;
  thumbnail: Buffer;
}

/**
 * Judges a file from its bytes: the magic number must be one of the four formats and agree with
 * what sharp reads from the header; the declared pixel count (all frames) is checked before
 * anything is decoded; then a webp thumbnail is made with the same bound enforced by sharp.
 */
export const inspectImage = async (file: string, head: Buffer): Promise<Inspected> => {
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
  let thumbnail: Buffer;
  try {
    thumbnail = await sharp(file, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw unreadable();
  }
  return { format: sniffed, width, height, thumbnail };
};
