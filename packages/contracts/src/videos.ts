import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants';
import { defineEndpoint } from './endpoint';
import { pageOf } from './lists';
import {
  MAX_VIDEO_IDS,
  SERIES_MAX_VIDEOS,
  SERIES_NAME_MAX,
  VIDEO_FORMATS,
  VIDEO_MAX_BYTES,
  VIDEO_NAME_MAX,
  VIDEO_REVIEW_STATUSES,
  VIDEO_SORT_FIELDS,
} from './videos-constants';
import { dbId, nameSchema, queryDbId, queryDbInt, queryDbVersion, searchSchema, dbVersion } from './schema-kit';

// The video library and its series (docs/architecture.md, Video library); advertisers and
// publishers each keep their own account's videos.

const id = dbId;
const queryId = queryDbId;
/** Random, unguessable, made by the server (base64url). */
const uploadId = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'This is not a valid upload id.');

export const seriesNameSchema = nameSchema(SERIES_NAME_MAX);
export const videoNameSchema = nameSchema(VIDEO_NAME_MAX);

const ids = z
  .array(id)
  .min(1, 'Please choose at least one video.')
  .max(MAX_VIDEO_IDS, `Please choose at most ${MAX_VIDEO_IDS} videos at once.`);

// ---- Series ------------------------------------------------------------------------------

export const seriesSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Live videos in the series. */
  videoCount: z.number().int(),
  /** When its first publication was approved (publisherContent); null while never published. */
  publishedAt: z.string().nullable(),
  /** Its content request waiting for review, if any. */
  pendingContentRequestId: z.number().int().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Series = z.infer<typeof seriesSchema>;

export const seriesList = defineEndpoint('videos.seriesList', {
  summary: "The caller's series, by name, each with its number of videos",
  tag: 'Series',
  request: z.object({}),
  response: z.object({ items: z.array(seriesSchema) }),
});

export const createSeries = defineEndpoint('videos.createSeries', {
  summary: 'Creates a series; names are unique in the account (case-insensitive), a clash answers 409 NAME_TAKEN',
  tag: 'Series',
  request: z.object({ name: seriesNameSchema }),
  response: seriesSchema,
});

export const renameSeries = defineEndpoint('videos.renameSeries', {
  summary: 'Renames a series; a stale version answers 409 STALE_VERSION, a name clash 409 NAME_TAKEN',
  tag: 'Series',
  request: z.object({ id, version: dbVersion, name: seriesNameSchema }),
  response: seriesSchema,
});

export const deleteSeries = defineEndpoint('videos.deleteSeries', {
  summary: 'Deletes a series; its videos stay in the library, outside any series',
  tag: 'Series',
  request: z.object({ id }),
  response: z.object({ ok: z.literal(true), videos: z.number().int() }),
});

export const reorderSeries = defineEndpoint('videos.reorderSeries', {
  summary:
    "Sets the order of a series' videos: videoIds must be exactly its live videos, each once (else 409 SERIES_ORDER_STALE: reload and try again)",
  tag: 'Series',
  request: z.object({
    id,
    videoIds: z
      .array(id)
      .min(1, 'Please send the series\' videos.')
      .max(SERIES_MAX_VIDEOS, `A series holds at most ${SERIES_MAX_VIDEOS} videos.`)
      .refine((v) => new Set(v).size === v.length, 'Please list each video once.'),
  }),
  response: z.object({ ok: z.literal(true), videoIds: z.array(z.number().int()) }),
});

// ---- Videos ------------------------------------------------------------------------------

export const videoSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  seriesId: z.number().int().nullable(),
  /** Place in its series (1 first); null outside any series. */
  position: z.number().int().nullable(),
  name: z.string(),
  format: z.enum(VIDEO_FORMATS),
  mime: z.string(),
  /** Read from the file: "avc1.64001f", "hvc1", "av01", "vp8", "vp9", "av1", "h264" …; null when the file does not say. */
  codec: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  durationMs: z.number().int(),
  bytes: z.number().int(),
  sha256: z.string(),
  reviewStatus: z.enum(VIDEO_REVIEW_STATUSES),
  /** Published with its series (publisherContent) since; null when not published. */
  publishedAt: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Signed links (see FILE_LINK_HOURS): usable as they are in <video src>, <img src> and <a href>. */
  url: z.string(),
  downloadUrl: z.string(),
  posterUrl: z.string().nullable(),
});
export type Video = z.infer<typeof videoSchema>;

export const videoDetailSchema = videoSchema.extend({
  seriesName: z.string().nullable(),
  uploadedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type VideoDetail = z.infer<typeof videoDetailSchema>;

export const videoListQuerySchema = z.object({
  search: searchSchema(VIDEO_NAME_MAX).optional(),
  /** One series' videos; absent means all. `none=true`: the videos outside any series. */
  seriesId: queryId.optional(),
  none: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  format: z.enum(VIDEO_FORMATS).optional(),
  reviewStatus: z.enum(VIDEO_REVIEW_STATUSES).optional(),
  /** Staff only: one account's videos (staff read every account's; others always their own). */
  accountId: queryId.optional(),
  /** Default: the series order when filtered by a series, else newest first. */
  sort: z.enum(VIDEO_SORT_FIELDS).optional(),
  /** Default: asc for position and name, desc otherwise. */
  order: z.enum(['asc', 'desc']).optional(),
  page: queryDbInt(1, 100_000).default(1),
  pageSize: queryDbInt(1, MAX_PAGE_SIZE).default(50),
});
export type VideoListQuery = z.input<typeof videoListQuerySchema>;

export const videoList = defineEndpoint('videos.videoList', {
  summary: 'Videos (not in the recycle bin), filtered, sorted and paged',
  tag: 'Video',
  request: videoListQuerySchema,
  response: pageOf(videoSchema),
});

export const videoDetail = defineEndpoint('videos.videoDetail', {
  summary: 'One video with its series and uploader',
  tag: 'Video',
  request: z.object({ id: queryId }),
  response: videoDetailSchema,
});

export const renameVideo = defineEndpoint('videos.renameVideo', {
  summary: 'Renames a video; a stale version answers 409',
  tag: 'Video',
  request: z.object({ id, version: dbVersion, name: videoNameSchema }),
  response: videoSchema,
});

export const setVideoSeries = defineEndpoint('videos.setVideoSeries', {
  summary:
    "Puts videos at the end of a series (in the order given), or outside any series (seriesId null); any id not the caller's answers 404, nothing changes",
  tag: 'Video',
  request: z.object({ ids, seriesId: id.nullable() }),
  response: z.object({ ok: z.literal(true), changed: z.number().int() }),
});

export const deleteVideos = defineEndpoint('videos.deleteVideos', {
  summary: "Moves videos to the recycle bin (they remember their series); any id not the caller's answers 404, nothing is deleted",
  tag: 'Video',
  request: z.object({ ids }),
  response: z.object({ ok: z.literal(true), changed: z.number().int() }),
});

// ---- Chunked upload ------------------------------------------------------------------------
// Start → PUT each chunk at `received` → (dropped? ask Status, resume at `received`) → Complete.

export const videoUploadSchema = z.object({
  uploadId: z.string(),
  name: z.string(),
  bytes: z.number().int(),
  /** Bytes stored so far: always a whole number of chunks (or all of them); send the next chunk at this offset. */
  received: z.number().int(),
  chunkSize: z.number().int(),
  seriesId: z.number().int().nullable(),
  expiresAt: z.string(),
});
export type VideoUpload = z.infer<typeof videoUploadSchema>;

export const startVideoUpload = defineEndpoint('videos.startVideoUpload', {
  summary: `Starts a resumable upload of one mp4 or webm file (at most ${VIDEO_MAX_BYTES / 1024 / 1024} MB: 413 PAYLOAD_TOO_LARGE past it)`,
  tag: 'Video',
  request: z.object({
    /** The user's file name: shown and used for downloads, never for storage. */
    name: z.string({ error: 'Please send the file name.' }).max(1000, 'The file name is too long (at most 1000 characters).'),
    bytes: z
      .number({ error: 'Please send the file size in bytes.' })
      .int('Please send the file size in whole bytes.')
      .positive('The file is empty.'),
    seriesId: id.nullable().default(null),
  }),
  response: videoUploadSchema,
});

/**
 * `PUT /api/Video/UploadChunk?uploadId=&offset=` with a raw `application/octet-stream` body:
 * `min(chunkSize, bytes − offset)` bytes exactly. An offset other than `received` answers 409
 * UPLOAD_OFFSET_MISMATCH with `received` in the body; a cut-off chunk is discarded whole.
 * The first chunk must already look like mp4 or webm (400 VIDEO_TYPE_NOT_ALLOWED).
 */
export const uploadVideoChunk = defineEndpoint('videos.uploadVideoChunk', {
  summary: 'Stores one chunk (raw application/octet-stream body) at the offset the server holds (received)',
  tag: 'Video',
  request: z.object({ uploadId, offset: queryDbInt(0) }),
  response: videoUploadSchema,
});

export const videoUploadStatus = defineEndpoint('videos.videoUploadStatus', {
  summary: 'Where an upload stands (to resume after a dropped connection)',
  tag: 'Video',
  request: z.object({ uploadId }),
  response: videoUploadSchema,
});

export const completeVideoUpload = defineEndpoint('videos.completeVideoUpload', {
  summary:
    'Finishes an upload: judged by its bytes (mp4 or webm, else 400 VIDEO_TYPE_NOT_ALLOWED / VIDEO_UNREADABLE), metadata read from the file (a duration or size out of range: 400 VIDEO_INVALID); an exact duplicate answers 409 VIDEO_DUPLICATE with `existing`',
  tag: 'Video',
  request: z.object({ uploadId }),
  response: videoSchema,
});

export const cancelVideoUpload = defineEndpoint('videos.cancelVideoUpload', {
  summary: 'Abandons an upload and removes what was received',
  tag: 'Video',
  request: z.object({ uploadId }),
  response: z.object({ ok: z.literal(true) }),
});

// ---- Poster and file -----------------------------------------------------------------------

/**
 * `POST /api/Video/Poster?id=&version=`: multipart/form-data with one `file` part, a jpeg, png or
 * webp (judged by its bytes) of at most VIDEO_POSTER_MAX_BYTES; stored as webp at most
 * VIDEO_POSTER_WIDTH wide. Replaces the poster the video had.
 */
export const setVideoPoster = defineEndpoint('videos.setVideoPoster', {
  summary: 'Sets or replaces the poster image (multipart/form-data, field "file": jpg, png or webp, e.g. a frame captured in the browser)',
  tag: 'Video',
  request: z.object({ id: queryId, version: queryDbVersion }),
  response: videoSchema,
});

/**
 * `GET /api/Video/File?id=&variant=&download=&exp=&sig=`: the bytes through a signed link (the
 * video's urls). Honours `Range` (206, 416). A wrong or foreign signature answers 404, an expired
 * one 403 FILE_LINK_EXPIRED.
 */
export const videoFileQuerySchema = z.object({
  id: queryId,
  variant: z.enum(['video', 'poster']).default('video'),
  download: z.enum(['0', '1']).default('0'),
  /** Posters: which poster (a replaced poster gets a new link, so immutable caching stays right). */
  v: z.string().regex(/^[0-9a-f]{1,64}$/).optional(),
  exp: queryDbInt(1, Number.MAX_SAFE_INTEGER),
  sig: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
});
export const videoFile = defineEndpoint('videos.videoFile', {
  summary: 'The video file (with HTTP Range) or its poster (webp) through a signed link; download=1 sends it as an attachment with its name',
  tag: 'Video',
  request: videoFileQuerySchema,
  response: z.unknown(),
});
