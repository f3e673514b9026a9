import { z } from 'zod';

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
  /** 409: the user already keeps SAVED_REPORTS_MAX saved reports. */
  tooManySavedReports: 'TOO_MANY_SAVED_REPORTS',
  /** 409: the campaign's state does not allow this (an illegal transition, editing a live campaign). */
  campaignState: 'CAMPAIGN_STATE',
  /** 409: the ad slot's state does not allow this (an illegal transition, editing a slot in review). */
  adSlotState: 'AD_SLOT_STATE',
  /** 409: the account's state does not allow this (an illegal transition, editing a closed account). */
  accountState: 'ACCOUNT_STATE',
  /** 409: staff cannot disable, or reset the password of, their own user here. */
  selfChange: 'SELF_CHANGE',
  /** 409: the last active staff user cannot be disabled. */
  lastStaff: 'LAST_STAFF',
  /** 403: signed in with a one-time password; only ChangePassword, Info and Logout answer until it is replaced. */
  passwordChangeRequired: 'PASSWORD_CHANGE_REQUIRED',
  /** 409: a request of this kind for this entity is pending already (details name it). */
  statusChangePending: 'STATUS_CHANGE_PENDING',
  /** 409: the request is no longer pending (decided or cancelled meanwhile). */
  requestState: 'REQUEST_STATE',
  /** 409: the series has a pending content request already (details name it). */
  contentRequestPending: 'CONTENT_REQUEST_PENDING',
  /** 409: the series has nothing to publish or take out since its last publication. */
  nothingToSubmit: 'NOTHING_TO_SUBMIT',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The item that already holds the same bytes (offer it instead). */
const existingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The image's folder, or the video's series. */
  folderId: z.number().int().nullable(),
  inRecycleBin: z.boolean(),
});
/** The draft or live ads still showing an image (named in the warning). */
const usesSchema = z.array(
  z.object({ kind: z.string(), id: z.number().int(), name: z.string(), status: z.string(), campaignName: z.string().nullable() }),
);
/** The bytes of a chunked upload the server holds: resume there. */
const received = z.number().int();

/**
 * The extra fields an error code carries, declared once: the server's AppError takes them typed by
 * its code, the body schema below is derived from them and the web reads them with `errorDetails`.
 * They travel at the top level of the body, beside errorCode and error. Adding an error with
 * details is one line here.
 */
export const ERROR_DETAILS = {
  IMAGE_DUPLICATE: z.object({ existing: existingSchema }),
  VIDEO_DUPLICATE: z.object({ existing: existingSchema }),
  IMAGE_IN_USE: z.object({ uses: usesSchema }),
  IMAGE_DIMENSIONS_CHANGED: z.object({ uses: usesSchema }),
  UPLOAD_OFFSET_MISMATCH: z.object({ received }),
  UPLOAD_INCOMPLETE: z.object({ received }),
  /** A chunk cut short says where the upload stands. */
  VALIDATION_FAILED: z.object({ received: received.optional() }),
  /** Seconds until the caller may try again (also sent as Retry-After). */
  TOO_MANY_ATTEMPTS: z.object({ retryAfterSeconds: z.number().int() }),
  /** The campaign's state now (reload to see why). */
  CAMPAIGN_STATE: z.object({ status: z.string() }),
  /** The slot's state now. */
  AD_SLOT_STATE: z.object({ status: z.string() }),
  /** The account's state now. */
  ACCOUNT_STATE: z.object({ status: z.string() }),
  /** Why the account's users cannot sign in: its state (a suspended one may ask to be reactivated). */
  ACCOUNT_NOT_ACTIVE: z.object({ status: z.string() }),
  /** The pending request of the same kind for the same entity. */
  STATUS_CHANGE_PENDING: z.object({ requestId: z.number().int() }),
  /** The request's state now. */
  REQUEST_STATE: z.object({ status: z.string() }),
  CONTENT_REQUEST_PENDING: z.object({ requestId: z.number().int() }),
} as const satisfies Partial<Record<ErrorCode, z.ZodObject>>;

export type DetailedErrorCode = keyof typeof ERROR_DETAILS;
/** The details of one code (for example `ErrorDetails<'IMAGE_DUPLICATE'>` is `{existing}`). */
export type ErrorDetails<C extends DetailedErrorCode> = z.infer<(typeof ERROR_DETAILS)[C]>;

// Every field any code declares, optional: one body schema for every failure.
type AnyDetails = { [C in DetailedErrorCode]: ErrorDetails<C> }[DetailedErrorCode];
type KeysOfUnion<T> = T extends unknown ? keyof T : never;
type DetailFields = { [K in KeysOfUnion<AnyDetails>]: Exclude<AnyDetails extends infer D ? (D extends Record<K, infer V> ? V : never) : never, undefined> };
const allDetailFields = Object.fromEntries(
  Object.values(ERROR_DETAILS).flatMap((schema) => Object.entries(schema.shape).map(([key, field]) => [key, (field as z.ZodType).optional()])),
) as { [K in keyof DetailFields]: z.ZodOptional<z.ZodType<DetailFields[K]>> };

/** Every failed call answers with this body (docs/architecture.md, API conventions). */
export const errorBodySchema = z.object({
  errorCode: z.string(),
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  ...allDetailFields,
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
