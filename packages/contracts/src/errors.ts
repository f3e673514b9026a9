import { z } from 'zod';

/** Every failed call answers with this body (ARCHITECTURE.md, API conventions). */
export const errorBodySchema = z.object({
  errorCode: z.string(),
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** With UPLOAD_OFFSET_MISMATCH / UPLOAD_INCOMPLETE: the bytes the server holds (resume there). */
  received: z.number().int().optional(),
  /** With 429: seconds until the caller may try again (also sent as Retry-After). */
  retryAfterSeconds: z.number().int().optional(),
  /** With IMAGE_DUPLICATE: the image already holding the same bytes (offer it instead). */
  existing: z
    .object({ id: z.number().int(), name: z.string(), folderId: z.number().int().nullable(), inRecycleBin: z.boolean() })
    .optional(),
  /** With IMAGE_IN_USE: the draft or live ads still showing the image (named in the warning). */
  uses: z
    .array(z.object({ kind: z.string(), id: z.number().int(), name: z.string(), status: z.string(), campaignName: z.string().nullable() }))
    .optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const ERROR_CODES = {
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  validationFailed: 'VALIDATION_FAILED',
  conflict: 'CONFLICT',
  invalidCredentials: 'INVALID_CREDENTIALS',
  userDisabled: 'USER_DISABLED',
  accountNotActive: 'ACCOUNT_NOT_ACTIVE',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  rateLimited: 'RATE_LIMITED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  /** A multipart/form-data request the server cannot split into parts (no boundary). */
  multipartInvalid: 'MULTIPART_INVALID',
  internal: 'INTERNAL_ERROR',
  notificationNotFound: 'NOTIFICATION_NOT_FOUND',
  notificationUnread: 'NOTIFICATION_UNREAD',
  staleVersion: 'STALE_VERSION',
  nameTaken: 'NAME_TAKEN',
  folderMoveInvalid: 'FOLDER_MOVE_INVALID',
  imageTypeNotAllowed: 'IMAGE_TYPE_NOT_ALLOWED',
  imageTooLargePixels: 'IMAGE_TOO_LARGE_PIXELS',
  imageTooLargeDecoded: 'IMAGE_TOO_LARGE_DECODED',
  imageDimensionsChanged: 'IMAGE_DIMENSIONS_CHANGED',
  imageUnreadable: 'IMAGE_UNREADABLE',
  imageDuplicate: 'IMAGE_DUPLICATE',
  imageInUse: 'IMAGE_IN_USE',
  imageNotRejected: 'IMAGE_NOT_REJECTED',
  fileLinkExpired: 'FILE_LINK_EXPIRED',
  videoTypeNotAllowed: 'VIDEO_TYPE_NOT_ALLOWED',
  videoUnreadable: 'VIDEO_UNREADABLE',
  /** The file is a video, but what it declares (duration, size) is out of any plausible range. */
  videoInvalid: 'VIDEO_INVALID',
  videoDuplicate: 'VIDEO_DUPLICATE',
  uploadOffsetMismatch: 'UPLOAD_OFFSET_MISMATCH',
  uploadIncomplete: 'UPLOAD_INCOMPLETE',
  seriesOrderStale: 'SERIES_ORDER_STALE',
  rangeNotSatisfiable: 'RANGE_NOT_SATISFIABLE',
  /** 413: the account's stored and reserved bytes plus this file would pass STORAGE_QUOTA_MB. */
  storageQuotaExceeded: 'STORAGE_QUOTA_EXCEEDED',
  /** 409: the user already has MAX_OPEN_UPLOADS_PER_USER unfinished chunked uploads. */
  tooManyOpenUploads: 'TOO_MANY_OPEN_UPLOADS',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
