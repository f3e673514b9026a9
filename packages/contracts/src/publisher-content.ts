import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants';
import { defineEndpoint } from './endpoint';
import { pageOf } from './lists';
import { commaListSchema, dbId, dbVersion, nameSchema, queryDbId, queryDbInt, queryFlag, searchSchema, textSchema } from './schema-kit';
import {
  CONTENT_ITEM_ACTIONS,
  CONTENT_ITEM_DECISIONS,
  CONTENT_NOTE_MAX,
  CONTENT_REQUEST_KINDS,
  CONTENT_REQUEST_STATES,
  POLICY_REASON_LABEL_MAX,
} from './publisher-content-constants';
import { VIDEO_FORMATS } from './videos-constants';

// ---- Publisher content (publisherContent/requestApprovals, publisherContent/contentReview) -----
// A publisher asks for a series of its video library to be published — or, once published, for its
// changes (videos added to it since, videos taken out of it) — as a request. Staff review each video
// of a pending request (contentReview) with a policy reason from a list they keep, or decide the
// request as a whole (requestApprovals). A request is approved when all its videos are (the series and
// its videos are then published, the videos taken out unpublished), rejected when all are decided and
// any is rejected (the reasons passed on to the publisher).

const personSchema = z.object({ id: z.number().int(), name: z.string() });

export const policyReasonSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  /** The zh-CN label; empty when none (the English one shows). */
  labelZh: z.string(),
  active: z.boolean(),
  version: z.number().int(),
});
export type PolicyReason = z.infer<typeof policyReasonSchema>;

export const contentItemSchema = z.object({
  videoId: z.number().int(),
  videoName: z.string(),
  action: z.enum(CONTENT_ITEM_ACTIONS),
  decision: z.enum(CONTENT_ITEM_DECISIONS),
  /** The policy reason of a rejection (its labels as they were when chosen), and staff's note. */
  reason: z.object({ id: z.number().int(), label: z.string(), labelZh: z.string() }).nullable(),
  note: z.string().nullable(),
  decidedBy: personSchema.nullable(),
  decidedAt: z.string().nullable(),
  /** The video as it is now; null once it was deleted for good. */
  video: z
    .object({
      format: z.enum(VIDEO_FORMATS),
      width: z.number().int(),
      height: z.number().int(),
      durationMs: z.number().int(),
      /** Signed links (see FILE_LINK_HOURS). */
      url: z.string(),
      posterUrl: z.string().nullable(),
      inRecycleBin: z.boolean(),
    })
    .nullable(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

export const contentRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONTENT_REQUEST_KINDS),
  seriesId: z.number().int(),
  seriesName: z.string(),
  accountId: z.number().int(),
  accountName: z.string(),
  status: z.enum(CONTENT_REQUEST_STATES),
  note: z.string().nullable(),
  counts: z.object({ total: z.number().int(), approved: z.number().int(), rejected: z.number().int(), pending: z.number().int() }),
  submittedBy: personSchema,
  submittedAt: z.string(),
  decidedBy: personSchema.nullable(),
  decidedAt: z.string().nullable(),
  /** Staff's note on a decision of the whole request. */
  decisionNote: z.string().nullable(),
  version: z.number().int(),
});
export type ContentRequest = z.infer<typeof contentRequestSchema>;

export const contentRequestDetailSchema = contentRequestSchema.extend({ items: z.array(contentItemSchema) });
export type ContentRequestDetail = z.infer<typeof contentRequestDetailSchema>;

export const contentRequestList = defineEndpoint('publisherContent.contentRequestList', {
  summary: "Content requests: the caller's account's (publisher) or every account's (staff), filtered, sorted and paged",
  tag: 'PublisherContent',
  request: z.object({
    status: commaListSchema(CONTENT_REQUEST_STATES).optional(),
    /** Staff: one account's. */
    accountId: queryDbId.optional(),
    seriesId: queryDbId.optional(),
    /** The series' or the account's name contains it. */
    search: searchSchema(100).optional(),
    sort: z.enum(['submittedAt', 'decidedAt']).default('submittedAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
    page: queryDbInt(1).default(1),
    pageSize: queryDbInt(1, MAX_PAGE_SIZE).default(20),
  }),
  response: pageOf(contentRequestSchema),
});

export const contentRequestDetail = defineEndpoint('publisherContent.contentRequestDetail', {
  summary: "One request with its videos (404 for another account's)",
  tag: 'PublisherContent',
  request: z.object({ id: queryDbId }),
  response: contentRequestDetailSchema,
});

/** What a series would send now: its videos not yet published, and published ones taken out of it. */
export const contentPreview = defineEndpoint('publisherContent.contentPreview', {
  summary: "What submitting the series would ask for now (publisher); the series' pending request, if any",
  tag: 'PublisherContent',
  request: z.object({ seriesId: queryDbId }),
  response: z.object({
    kind: z.enum(CONTENT_REQUEST_KINDS),
    add: z.array(z.object({ videoId: z.number().int(), videoName: z.string() })),
    remove: z.array(z.object({ videoId: z.number().int(), videoName: z.string() })),
    pendingRequestId: z.number().int().nullable(),
  }),
});

export const submitContentRequest = defineEndpoint('publisherContent.submitContentRequest', {
  summary:
    "Files a request for the series' unpublished changes (publisher); 409 CONTENT_REQUEST_PENDING naming the pending one, 409 NOTHING_TO_SUBMIT when nothing changed since its publication (or the series is empty)",
  tag: 'PublisherContent',
  request: z.object({ seriesId: dbId, note: textSchema(CONTENT_NOTE_MAX).optional() }),
  response: contentRequestDetailSchema,
});

export const cancelContentRequest = defineEndpoint('publisherContent.cancelContentRequest', {
  summary: 'Cancels a pending request of the caller\'s account; 409 STALE_VERSION, 409 REQUEST_STATE',
  tag: 'PublisherContent',
  request: z.object({ id: dbId, version: dbVersion }),
  response: contentRequestDetailSchema,
});

/** Staff decide a request as a whole: every pending video gets the decision (a rejection needs a reason). */
export const decideContentRequest = defineEndpoint('publisherContent.decideContentRequest', {
  summary:
    'Approves (publishing) or rejects a pending request as a whole (staff); a rejection names a policy reason; 409 STALE_VERSION, 409 REQUEST_STATE',
  tag: 'PublisherContent',
  request: z.object({
    id: dbId,
    version: dbVersion,
    decision: z.enum(['approved', 'rejected']),
    reasonId: dbId.optional(),
    note: textSchema(CONTENT_NOTE_MAX).optional(),
  }),
  response: contentRequestDetailSchema,
});

export const contentReviewQueue = defineEndpoint('publisherContent.contentReviewQueue', {
  summary: 'The videos of pending requests still to decide, oldest request first (staff)',
  tag: 'PublisherContent',
  request: z.object({
    accountId: queryDbId.optional(),
    /** The video's, series' or account's name contains it. */
    search: searchSchema(100).optional(),
    page: queryDbInt(1).default(1),
    pageSize: queryDbInt(1, MAX_PAGE_SIZE).default(20),
  }),
  response: pageOf(
    contentItemSchema.extend({
      requestId: z.number().int(),
      requestVersion: z.number().int(),
      kind: z.enum(CONTENT_REQUEST_KINDS),
      seriesId: z.number().int(),
      seriesName: z.string(),
      accountId: z.number().int(),
      accountName: z.string(),
      submittedAt: z.string(),
    }),
  ),
});

export const decideContentItem = defineEndpoint('publisherContent.decideContentItem', {
  summary:
    "Approves or rejects one video of a pending request (staff; a rejection names a policy reason); the request is decided once all its videos are; 409 STALE_VERSION (the request's version), 409 REQUEST_STATE",
  tag: 'PublisherContent',
  request: z.object({
    requestId: dbId,
    version: dbVersion,
    videoId: dbId,
    decision: z.enum(['approved', 'rejected']),
    reasonId: dbId.optional(),
    note: textSchema(CONTENT_NOTE_MAX).optional(),
  }),
  response: contentRequestDetailSchema,
});

export const policyReasons = defineEndpoint('publisherContent.policyReasons', {
  summary: 'The policy reasons staff reject content with (active ones, or all with `all=true`)',
  tag: 'PublisherContent',
  request: z.object({ all: queryFlag.optional() }),
  response: z.object({ items: z.array(policyReasonSchema) }),
});

export const savePolicyReason = defineEndpoint('publisherContent.savePolicyReason', {
  summary: 'Adds a policy reason, or changes or retires one (staff); 409 STALE_VERSION, 409 NAME_TAKEN for a label in use',
  tag: 'PublisherContent',
  request: z.object({
    id: dbId.optional(),
    version: dbVersion.optional(),
    label: nameSchema(POLICY_REASON_LABEL_MAX, 'Please enter the reason.'),
    labelZh: nameSchema(POLICY_REASON_LABEL_MAX).or(z.literal('')).default(''),
    active: z.boolean().default(true),
  }),
  response: policyReasonSchema,
});
