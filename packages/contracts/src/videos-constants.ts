import { MAX_PAGE_SIZE } from './constants';
import { ENDPOINTS } from './endpoints';

// The video library's limits and names, apart from the schemas in videos.ts (which use them) so
// that the pages reading them load no zod.

/** 500 MB: the declared size and the bytes actually received are both held to it. */
export const VIDEO_MAX_BYTES = 500 * 1024 * 1024;
/** Every chunk but the last is exactly this long, so `received` always ends on a whole chunk. */
export const VIDEO_CHUNK_BYTES = 8 * 1024 * 1024;
/** An unfinished upload and its temporary files are removed this long after it started. */
export const VIDEO_UPLOAD_HOURS = 24;
/** A video's declared duration must be above 0 and at most this (24 h): beyond it the file is refused (VIDEO_INVALID). */
export const VIDEO_MAX_DURATION_MS = 24 * 3_600_000;
/** A video's declared width and height must each be 1 … this (16K) pixels (VIDEO_INVALID otherwise). */
export const VIDEO_MAX_DIMENSION = 16_384;
/** The codec name stored for a video: at most this many characters (a longer one is stored as unknown, null). */
export const VIDEO_CODEC_MAX = 32;
export const VIDEO_POSTER_MAX_BYTES = 5 * 1024 * 1024;
/** Posters are stored as webp at most this wide. */
export const VIDEO_POSTER_WIDTH = 1280;
export const VIDEO_FORMATS = ['mp4', 'webm'] as const;
export type VideoFormat = (typeof VIDEO_FORMATS)[number];
export const VIDEO_REVIEW_STATUSES = ['unreviewed', 'approved', 'rejected'] as const;
export type VideoReviewStatus = (typeof VIDEO_REVIEW_STATUSES)[number];
export const VIDEO_SORT_FIELDS = ['position', 'name', 'createdAt', 'bytes', 'duration'] as const;
export const SERIES_NAME_MAX = 100;
export const VIDEO_NAME_MAX = 255;
export const MAX_VIDEO_IDS = MAX_PAGE_SIZE;
/** Videos a series may hold (the reorder call sends them all). */
export const SERIES_MAX_VIDEOS = 1000;

/** The calls that are not JSON (raw chunk, multipart poster, file stream): their paths, for the web client. */
export const VIDEO_UPLOAD_CHUNK_PATH = ENDPOINTS['videos.uploadVideoChunk'].path;
export const VIDEO_POSTER_PATH = ENDPOINTS['videos.setVideoPoster'].path;
export const VIDEO_FILE_PATH = ENDPOINTS['videos.videoFile'].path;
