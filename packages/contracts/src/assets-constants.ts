import { MAX_PAGE_SIZE } from './constants';
import { ENDPOINTS } from './endpoints';

// The asset library's limits and names, apart from the schemas in assets.ts (which use them) so
// that the pages reading them load no zod.

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Width × height (× frames) an upload may declare; larger is refused before decoding. */
export const IMAGE_MAX_PIXELS = 50_000_000;
/**
 * Width × height × channels × bytes per sample an image may need once decoded: what the server
 * holds in memory while it makes the thumbnail. 50 MP of 8-bit RGBA fits; 16-bit images of that
 * size do not (a small interlaced PNG can declare hundreds of megabytes).
 */
export const IMAGE_MAX_DECODED_BYTES = 200_000_000;
export const IMAGE_FORMATS = ['jpeg', 'png', 'gif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const IMAGE_REVIEW_STATUSES = ['unreviewed', 'approved', 'rejected'] as const;
export type ImageReviewStatus = (typeof IMAGE_REVIEW_STATUSES)[number];
export const IMAGE_SORT_FIELDS = ['name', 'createdAt', 'bytes'] as const;
export const FOLDER_NAME_MAX = 100;
export const IMAGE_NAME_MAX = 255;
export const RECYCLE_RETENTION_DAYS = 30;
export const MAX_ASSET_IDS = MAX_PAGE_SIZE;
export const RECYCLE_KINDS = ['image', 'folder', 'video'] as const;
export type RecycleKind = (typeof RECYCLE_KINDS)[number];
export const REJECTION_REASON_MAX = 500;
/** How long a signed file link stays valid, at least; links are reissued with every answer. */
export const FILE_LINK_HOURS = 12;

/** Multipart upload and file download are not JSON: their paths, for the web client. */
export const IMAGE_UPLOAD_PATH = ENDPOINTS['assets.uploadImage'].path;
export const IMAGE_FILE_PATH = ENDPOINTS['assets.imageFile'].path;
export const IMAGE_REPLACE_PATH = ENDPOINTS['assets.replaceRejectedImage'].path;
