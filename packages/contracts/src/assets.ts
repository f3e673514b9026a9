import { z } from 'zod';
import {
  FOLDER_NAME_MAX,
  IMAGE_FORMATS,
  IMAGE_NAME_MAX,
  IMAGE_REVIEW_STATUSES,
  IMAGE_SORT_FIELDS,
  MAX_ASSET_IDS,
  RECYCLE_KINDS,
} from './assets-constants';
import { MAX_PAGE_SIZE } from './constants';
import { defineEndpoint } from './endpoint';
import { pageOf } from './lists';
import { DB_INT_MAX, dbId, nameSchema, queryDbId, queryDbInt, queryDbVersion, searchSchema, dbVersion } from './schema-kit';

// The image gallery, its folders and the recycle bin (docs/architecture.md, Asset library).

const id = dbId;
const queryId = queryDbId;

export const folderNameSchema = nameSchema(FOLDER_NAME_MAX);
export const imageNameSchema = nameSchema(IMAGE_NAME_MAX);

const ids = z
  .array(id)
  .min(1, 'Please choose at least one item.')
  .max(MAX_ASSET_IDS, `Please choose at most ${MAX_ASSET_IDS} items at once.`);

const page = {
  page: queryDbInt(1, 100_000).default(1),
  pageSize: queryDbInt(1, MAX_PAGE_SIZE).default(50),
};

// ---- Folders -----------------------------------------------------------------------------

export const folderSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Folder = z.infer<typeof folderSchema>;

export const folderTree = defineEndpoint('assets.folderTree', {
  summary: "The caller's live folders (flat, each with its parentId; the web builds the tree), by name",
  tag: 'Folder',
  request: z.object({}),
  response: z.object({ items: z.array(folderSchema) }),
});

export const createFolder = defineEndpoint('assets.createFolder', {
  summary: 'Creates a folder at the root (parentId null) or inside one; names are unique among siblings',
  tag: 'Folder',
  request: z.object({ name: folderNameSchema, parentId: id.nullable().default(null) }),
  response: folderSchema,
});

export const renameFolder = defineEndpoint('assets.renameFolder', {
  summary: 'Renames a folder; a stale version answers 409',
  tag: 'Folder',
  request: z.object({ id, version: dbVersion, name: folderNameSchema }),
  response: folderSchema,
});

export const moveFolder = defineEndpoint('assets.moveFolder', {
  summary: 'Moves a folder under another (or to the root); not into itself or a descendant (409)',
  tag: 'Folder',
  request: z.object({ id, version: dbVersion, parentId: id.nullable() }),
  response: folderSchema,
});

export const deleteFolder = defineEndpoint('assets.deleteFolder', {
  summary: 'Moves a folder, its subfolders and their images to the recycle bin together',
  tag: 'Folder',
  request: z.object({ id }),
  response: z.object({ ok: z.literal(true), folders: z.number().int(), images: z.number().int() }),
});

// ---- Images ------------------------------------------------------------------------------

export const imageSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  folderId: z.number().int().nullable(),
  name: z.string(),
  format: z.enum(IMAGE_FORMATS),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  sha256: z.string(),
  reviewStatus: z.enum(IMAGE_REVIEW_STATUSES),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Signed links to the bytes, usable as they are in <img src> and <a href>: given only to callers
   * who may read the image, valid for FILE_LINK_HOURS at least, stable within that time (cacheable).
   */
  thumbnailUrl: z.string(),
  url: z.string(),
  downloadUrl: z.string(),
});
export type Image = z.infer<typeof imageSchema>;

/**
 * The rejection a rejected image's status stands on (its latest, not resolved by a replacement):
 * why, when and in which campaign's review. Shown where the image is chosen again (the wizard's
 * picker) and to staff reviewing an ad that shows it.
 */
export const imageRejectionSchema = z.object({
  reason: z.string().nullable(),
  at: z.string(),
  campaign: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type ImageRejection = z.infer<typeof imageRejectionSchema>;

/**
 * An image as the list answers it: with its standing rejection (null unless `reviewStatus` is
 * rejected; the server always sends it, optional only so an Image stands for a list item).
 */
export const imageListItemSchema = imageSchema.extend({ rejection: imageRejectionSchema.nullable().optional() });
export type ImageListItem = z.infer<typeof imageListItemSchema>;

export const imageReviewSchema = z.object({
  id: z.number().int(),
  decision: z.enum(['approved', 'rejected']),
  reason: z.string().nullable(),
  reviewer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  campaign: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  at: z.string(),
  /** A rejection is resolved when the image was replaced after it. */
  resolvedAt: z.string().nullable(),
});
export type ImageReview = z.infer<typeof imageReviewSchema>;

/** A draft or live ad showing the image (the campaigns module reports them). */
export const imageUseSchema = z.object({
  kind: z.string(),
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  campaignName: z.string().nullable(),
});
export type ImageUse = z.infer<typeof imageUseSchema>;

/** A file the image had before a replacement (the image shows the newest). */
export const imageReplacementSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  uploadedAt: z.string(),
  replacedAt: z.string(),
  replacedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type ImageReplacement = z.infer<typeof imageReplacementSchema>;

export const imageDetailSchema = imageSchema.extend({
  folderName: z.string().nullable(),
  uploadedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  inRecycleBin: z.boolean(),
  reviews: z.array(imageReviewSchema),
  /** The files it had before, newest replacement first. */
  replacements: z.array(imageReplacementSchema),
  usedBy: z.array(imageUseSchema),
});
export type ImageDetail = z.infer<typeof imageDetailSchema>;

export const imageListQuerySchema = z.object({
  search: searchSchema(IMAGE_NAME_MAX).optional(),
  /** A folder's images; absent means every folder. Use `root=true` for the images at the root. */
  folderId: queryId.optional(),
  root: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  format: z.enum(IMAGE_FORMATS).optional(),
  minBytes: queryDbInt(0, DB_INT_MAX).optional(),
  maxBytes: queryDbInt(0, DB_INT_MAX).optional(),
  reviewStatus: z.enum(IMAGE_REVIEW_STATUSES).optional(),
  /** Staff only: one account's images (staff read every account's; others always their own). */
  accountId: queryId.optional(),
  sort: z.enum(IMAGE_SORT_FIELDS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  ...page,
});
export type ImageListQuery = z.input<typeof imageListQuerySchema>;

export const imageList = defineEndpoint('assets.imageList', {
  summary: 'Images (not in the recycle bin), filtered, sorted and paged',
  tag: 'Image',
  request: imageListQuerySchema,
  response: pageOf(imageListItemSchema),
});

export const imageDetail = defineEndpoint('assets.imageDetail', {
  summary: 'One image with its folder, uploader, review history and the ads using it',
  tag: 'Image',
  request: z.object({ id: queryId }),
  response: imageDetailSchema,
});

/**
 * `POST /api/Image/Upload`: multipart/form-data with one `file` part (at most IMAGE_MAX_BYTES);
 * the folder comes as `?folderId=` (or a `folderId` field sent before the file). Answers the image;
 * 400 IMAGE_TYPE_NOT_ALLOWED / IMAGE_TOO_LARGE_PIXELS / IMAGE_UNREADABLE, 413 PAYLOAD_TOO_LARGE,
 * 409 IMAGE_DUPLICATE with `existing`.
 */
export const uploadImage = defineEndpoint('assets.uploadImage', {
  summary: 'Uploads one image (multipart/form-data, field "file"); jpg, png, gif or webp judged from the bytes',
  tag: 'Image',
  request: z.object({ folderId: queryId.optional() }),
  response: imageSchema,
});

/**
 * `GET /api/Image/File?id=&variant=&download=&exp=&sig=`: the bytes, not JSON. The link is signed by
 * the server for a caller who may read the image (imageSchema's urls); a wrong or foreign signature
 * answers 404, an expired one 403 FILE_LINK_EXPIRED.
 */
export const imageFileQuerySchema = z.object({
  id: queryId,
  variant: z.enum(['original', 'thumbnail']).default('original'),
  download: z.enum(['0', '1']).default('0'),
  exp: queryDbInt(1, Number.MAX_SAFE_INTEGER),
  sig: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
});
export const imageFile = defineEndpoint('assets.imageFile', {
  summary: 'The image file or its thumbnail (webp) through a signed link; download=1 sends it as an attachment with its name',
  tag: 'Image',
  request: imageFileQuerySchema,
  response: z.unknown(),
});

export const renameImage = defineEndpoint('assets.renameImage', {
  summary: 'Renames an image; a stale version answers 409',
  tag: 'Image',
  request: z.object({ id, version: dbVersion, name: imageNameSchema }),
  response: imageSchema,
});

export const moveImages = defineEndpoint('assets.moveImages', {
  summary: 'Moves images to a folder (or the root, folderId null); any id not the caller\'s answers 404, nothing moves',
  tag: 'Image',
  request: z.object({ ids, folderId: id.nullable() }),
  response: z.object({ ok: z.literal(true), changed: z.number().int() }),
});

export const deleteImages = defineEndpoint('assets.deleteImages', {
  summary:
    'Moves images to the recycle bin; any id not the caller\'s answers 404, nothing is deleted. An image a draft or live ad uses answers 409 IMAGE_IN_USE naming the uses, unless confirmInUse is true',
  tag: 'Image',
  request: z.object({ ids, confirmInUse: z.boolean().default(false) }),
  response: z.object({ ok: z.literal(true), changed: z.number().int() }),
});

// ---- Recycle bin -------------------------------------------------------------------------

export const recycleItemSchema = z.object({
  kind: z.enum(RECYCLE_KINDS),
  id: z.number().int(),
  name: z.string(),
  deletedAt: z.string(),
  deletedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Where it was: the original folder (null: the root); `originalFolderName` null when that folder is gone for good. */
  originalFolderId: z.number().int().nullable(),
  originalFolderName: z.string().nullable(),
  /**
   * Where a restore puts it, from the top: the folders (a video's series) down to its original
   * place; empty for the root (or outside any series). Folders still in the bin come back with it.
   */
  returnsTo: z.array(z.object({ id: z.number().int(), name: z.string(), inRecycleBin: z.boolean() })),
  /** Whole days before it is purged (RECYCLE_RETENTION_DAYS after deletion); 0 on the last day. */
  daysLeft: z.number().int(),
  /** Images and videos. */
  bytes: z.number().int().nullable(),
  /** Images and videos (a video's poster, when it has one): a signed link. */
  thumbnailUrl: z.string().nullable(),
  /** Folders only: what was deleted with it. */
  contains: z.object({ folders: z.number().int(), images: z.number().int() }).nullable(),
});
export type RecycleItem = z.infer<typeof recycleItemSchema>;

const recycleRef = z.object({ kind: z.enum(RECYCLE_KINDS), id });
const recycleRefs = z
  .array(recycleRef)
  .min(1, 'Please choose at least one item.')
  .max(MAX_ASSET_IDS, `Please choose at most ${MAX_ASSET_IDS} items at once.`);

export const recycleList = defineEndpoint('assets.recycleList', {
  summary: "The account's recycle bin, most recently deleted first",
  tag: 'Recycle',
  // Images and folders need asset.*, videos video.* (publishers keep videos only): the service narrows.
  request: z.object({ kind: z.enum(RECYCLE_KINDS).optional(), ...page }),
  response: pageOf(recycleItemSchema),
});

export const recycleRestore = defineEndpoint('assets.recycleRestore', {
  summary:
    'Restores items to their original folder, bringing back the folders above it that are in the bin (the root when it is gone for good); a name clash gets a " (1)" suffix',
  tag: 'Recycle',
  request: z.object({ items: recycleRefs }),
  response: z.object({
    ok: z.literal(true),
    restored: z.array(z.object({ kind: z.enum(RECYCLE_KINDS), id: z.number().int(), name: z.string(), folderId: z.number().int().nullable() })),
  }),
});

export const recycleDeleteForever = defineEndpoint('assets.recycleDeleteForever', {
  summary: 'Deletes items of the bin for good (a folder with what was deleted with it), and their files',
  tag: 'Recycle',
  request: z.object({ items: recycleRefs }),
  response: z.object({ ok: z.literal(true), folders: z.number().int(), images: z.number().int(), videos: z.number().int() }),
});

export const recycleEmpty = defineEndpoint('assets.recycleEmpty', {
  summary: "Deletes everything in the account's recycle bin for good (or only the kinds given), and the files nothing else uses",
  tag: 'Recycle',
  request: z.object({ kinds: z.array(z.enum(RECYCLE_KINDS)).min(1).max(RECYCLE_KINDS.length).optional() }),
  response: z.object({ ok: z.literal(true), folders: z.number().int(), images: z.number().int(), videos: z.number().int() }),
});

// ---- Rejected images ---------------------------------------------------------------------

export const rejectedImageSchema = z.object({
  image: imageSchema,
  /** The latest unresolved rejection. */
  review: imageReviewSchema,
});
export type RejectedImage = z.infer<typeof rejectedImageSchema>;

export const rejectedImageList = defineEndpoint('assets.rejectedImageList', {
  summary: "The account's images whose latest review rejected them, with reason, reviewer, campaign and time, newest first",
  tag: 'RejectedImage',
  request: z.object({ search: searchSchema(IMAGE_NAME_MAX).optional(), ...page }),
  response: pageOf(rejectedImageSchema),
});

/**
 * `POST /api/RejectedImage/Replace?id=&version=[&confirmDimensions=1]`: multipart like the upload.
 * The new file takes the rejected image's place (same id, folder and uses; the new file's name
 * unless another image of the folder has it, and its upload date); the replaced file stays in the
 * history and the review starts over as unreviewed. A file of other dimensions answers 409
 * IMAGE_DIMENSIONS_CHANGED with the ads it would no longer fit (`uses`) until confirmDimensions=1.
 */
export const replaceRejectedImage = defineEndpoint('assets.replaceRejectedImage', {
  summary:
    "Replaces a rejected image's file (multipart/form-data, field \"file\"); it keeps its id and returns to unreviewed. Other dimensions answer 409 IMAGE_DIMENSIONS_CHANGED with the uses until confirmDimensions=1",
  tag: 'RejectedImage',
  request: z.object({ id: queryId, version: queryDbVersion, confirmDimensions: z.literal('1').optional() }),
  response: imageSchema,
});
