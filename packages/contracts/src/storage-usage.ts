import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { queryDbId } from './schema-kit';

/**
 * An account's storage: what counts against its quota (images and videos, the recycle bin
 * included, plus the bytes reserved by unfinished chunked video uploads) and the caller's own
 * unfinished uploads against their cap.
 */
export const storageUsageSchema = z.object({
  accountId: z.number().int(),
  /** Everything that counts: imageBytes + videoBytes + reservedBytes. */
  usedBytes: z.number().int(),
  quotaBytes: z.number().int(),
  imageBytes: z.number().int(),
  videoBytes: z.number().int(),
  /** The part of imageBytes and videoBytes in the recycle bin (it still takes space until purged). */
  recycleBinBytes: z.number().int(),
  /** Declared sizes of the account's unfinished chunked uploads. */
  reservedBytes: z.number().int(),
  /** The caller's unfinished chunked uploads, and how many one user may have at once. */
  openUploads: z.number().int(),
  maxOpenUploads: z.number().int(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

const usageRequest = z.object({
  /** Staff only (internal accounts): another account's usage; anyone else gets 404 for a foreign id. */
  accountId: queryDbId.optional(),
});

export const imageStorageUsage = defineEndpoint('storageUsage.imageStorageUsage', {
  summary: "The account's storage used and allowed (images, videos, recycle bin, unfinished uploads)",
  tag: 'Image',
  request: usageRequest,
  response: storageUsageSchema,
});

export const videoStorageUsage = defineEndpoint('storageUsage.videoStorageUsage', {
  summary: "The account's storage used and allowed (images, videos, recycle bin, unfinished uploads)",
  tag: 'Video',
  request: usageRequest,
  response: storageUsageSchema,
});
