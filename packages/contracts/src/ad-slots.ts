import { z } from 'zod';
import { REVIEW_REASON_MAX } from './campaigns-constants';
import { DEVICES } from './targeting';
import { MAX_PAGE_SIZE } from './constants';
import { defineEndpoint } from './endpoint';
import { pageOf } from './lists';
import { commaListSchema, dbId, dbInt, dbVersion, nameSchema, queryDbId, queryDbInt, queryFlag, searchSchema, textSchema } from './schema-kit';
import {
  AD_SLOT_CODE_MAX,
  AD_SLOT_FORMATS,
  AD_SLOT_NAME_MAX,
  AD_SLOT_PLATFORMS,
  AD_SLOT_POSITIONS,
  AD_SLOT_SIDE_MAX,
  AD_SLOT_SORT_FIELDS,
  AD_SLOT_STATUSES,
  FLOOR_CPM_MAX_MINOR,
  PLACEMENT_POLICIES,
  PROPERTY_ID_MAX,
  PROPERTY_NAME_MAX,
  AD_SLOT_CHECKS,
  type AdSlotFormat,
} from './ad-slots-constants';

// A publisher's ad slots (docs/architecture.md, Inventory: ad slots): a place on a site or in an
// app where ads show. The publisher fills one form (Save: a draft, or an edit of a draft or
// rejected slot) and submits it; staff approve it or reject it with a reason. An approved slot goes
// live once its tag has been validated (the validation page); live ⇄ paused is the publisher's.
// Money is in integer minor units of the publisher account's currency.


const HOST_OR_BUNDLE = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
const CODE = /^[a-z0-9][a-z0-9_-]*$/;

const side = dbInt(1, AD_SLOT_SIDE_MAX);

const adSlotFields = z.object({
    platform: z.enum(AD_SLOT_PLATFORMS),
    propertyName: nameSchema(PROPERTY_NAME_MAX, 'Please name the site or app.'),
    /** The site's host name (news.example.com) or the app's bundle id (com.example.news), lower case. */
    propertyId: z
      .string()
      .trim()
      .toLowerCase()
      .max(PROPERTY_ID_MAX, 'At most 253 characters.')
      .regex(HOST_OR_BUNDLE, 'Please enter a domain like news.example.com, or a bundle id like com.example.news.'),
    name: nameSchema(AD_SLOT_NAME_MAX, 'Please name the ad slot.'),
    /** Unique among the publisher's slots; the tag names the slot by it. */
    code: z
      .string()
      .trim()
      .toLowerCase()
      .min(2, 'At least 2 characters.')
      .max(AD_SLOT_CODE_MAX, `At most ${AD_SLOT_CODE_MAX} characters.`)
      .regex(CODE, 'Use lower-case letters, digits, "-" and "_", starting with a letter or digit.'),
    position: z.enum(AD_SLOT_POSITIONS),
    format: z.enum(AD_SLOT_FORMATS),
    width: side,
    height: side,
    floorCpmMinor: dbInt(0, FLOOR_CPM_MAX_MINOR),
    placementPolicy: z.enum(PLACEMENT_POLICIES),
});

const sizeForFormat = (form: { format: AdSlotFormat; width: number; height: number }, ctx: z.RefinementCtx) => {
  // A video player narrower than 200 px shows nothing watchable.
  if (form.format === 'video' && form.width < 200) ctx.addIssue({ code: 'custom', path: ['width'], message: 'A video slot is at least 200 pixels wide.' });
};

/** The slot's form, as the publisher fills it (Save takes it whole). */
export const adSlotFormSchema = adSlotFields.superRefine(sizeForFormat);
export type AdSlotForm = z.input<typeof adSlotFormSchema>;

// ---- The tag and its validation -------------------------------------------------------------

export const adSlotCheckSchema = z.object({
  key: z.enum(AD_SLOT_CHECKS),
  passed: z.boolean(),
  /** What the tag's last call showed for this check (a time, a host or app, a size and format), if it called. */
  observed: z.string().nullable(),
});
export type AdSlotCheck = z.infer<typeof adSlotCheckSchema>;

/** An ad request (public, outside /api): the slot's tag key, the size and format the page shows, an app's bundle id. */
export const adRequestQuerySchema = z.object({
  slot: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'Not a slot key.'),
  w: z.coerce.number().int().min(1).max(AD_SLOT_SIDE_MAX),
  h: z.coerce.number().int().min(1).max(AD_SLOT_SIDE_MAX),
  f: z.enum(AD_SLOT_FORMATS),
  app: z.string().trim().toLowerCase().max(PROPERTY_ID_MAX).regex(HOST_OR_BUNDLE, 'Not a bundle id.').optional(),
  /** The visitor's region (ISO 3166-1 alpha-2) when the caller knows it (an app, the simulator); else the edge's country header. */
  r: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Not a region code.').optional(),
  /** The device when the caller knows it (an app); else judged from the User-Agent. */
  d: z.enum(DEVICES).optional(),
  /** The visitor id the tag keeps (frequency caps count per visitor). */
  v: z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/, 'Not a visitor id.').optional(),
});


export const adSlotSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string(),
  /** ISO 4217: the floor's currency (the publisher's account's). */
  currency: z.string(),
  platform: z.enum(AD_SLOT_PLATFORMS),
  propertyName: z.string(),
  propertyId: z.string(),
  name: z.string(),
  code: z.string(),
  position: z.enum(AD_SLOT_POSITIONS),
  format: z.enum(AD_SLOT_FORMATS),
  width: z.number().int(),
  height: z.number().int(),
  floorCpmMinor: z.number().int(),
  placementPolicy: z.enum(PLACEMENT_POLICIES),
  status: z.enum(AD_SLOT_STATUSES),
  reviewReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** Names the slot in its tag (public). */
  tagKey: z.string(),
  /** The tag's last call, if any. */
  tagSeenAt: z.string().nullable(),
  /** The last validation ("Validate now"). */
  checks: z.array(adSlotCheckSchema).nullable(),
  checkedAt: z.string().nullable(),
  liveAt: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdSlot = z.infer<typeof adSlotSchema>;

/** One submission or decision, with who, when and why. */
export const adSlotReviewEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(['submitted', 'approved', 'rejected']),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type AdSlotReviewEntry = z.infer<typeof adSlotReviewEntrySchema>;

export const adSlotDetailSchema = adSlotSchema.extend({ reviews: z.array(adSlotReviewEntrySchema) });
export type AdSlotDetail = z.infer<typeof adSlotDetailSchema>;

// ---- Calls ----------------------------------------------------------------------------------


export const adSlotListQuerySchema = z.object({
  /** Name, code or site/app. */
  search: searchSchema(AD_SLOT_NAME_MAX).optional(),
  /** One or more statuses, comma-separated (`approved,live`). */
  status: commaListSchema(AD_SLOT_STATUSES).optional(),
  format: z.enum(AD_SLOT_FORMATS).optional(),
  /** Staff only: one publisher's slots. */
  accountId: queryDbId.optional(),
  /** Staff's queue first: slots waiting for review lead, oldest submission first. */
  queueFirst: queryFlag.optional(),
  sort: z.enum(AD_SLOT_SORT_FIELDS).default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: queryDbInt(1).default(1),
  pageSize: queryDbInt(1, MAX_PAGE_SIZE).default(20),
});
export type AdSlotListQuery = z.input<typeof adSlotListQuerySchema>;

export const adSlotList = defineEndpoint('adSlots.adSlotList', {
  summary: "Ad slots (the publisher's own, or every publisher's for staff), filtered, sorted and paged",
  tag: 'AdSlot',
  request: adSlotListQuerySchema,
  response: pageOf(adSlotSchema),
});

export const adSlotDetail = defineEndpoint('adSlots.adSlotDetail', {
  summary: 'One ad slot with its review history',
  tag: 'AdSlot',
  request: z.object({ id: queryDbId }),
  response: adSlotDetailSchema,
});

export const saveAdSlot = defineEndpoint('adSlots.saveAdSlot', {
  summary:
    'Creates a draft slot (no id) or saves a draft or rejected one (id and version); 409 STALE_VERSION, 409 AD_SLOT_STATE when it can no longer be edited, 409 NAME_TAKEN when the code is used',
  tag: 'AdSlot',
  request: adSlotFields.extend({ id: dbId.optional(), version: dbVersion.optional() }).superRefine(sizeForFormat),
  response: adSlotDetailSchema,
});

const idVersion = z.object({ id: dbId, version: dbVersion });

export const submitAdSlot = defineEndpoint('adSlots.submitAdSlot', {
  summary: 'Sends a draft or rejected slot to review (staff are told); 409 AD_SLOT_STATE otherwise',
  tag: 'AdSlot',
  request: idVersion,
  response: adSlotDetailSchema,
});

export const deleteAdSlot = defineEndpoint('adSlots.deleteAdSlot', {
  summary: 'Deletes a draft slot for good; 409 AD_SLOT_STATE for any other state',
  tag: 'AdSlot',
  request: idVersion,
  response: z.object({ ok: z.literal(true) }),
});

export const reviewAdSlot = defineEndpoint('adSlots.reviewAdSlot', {
  summary: 'Staff approve a slot waiting for review, or reject it with a reason (the publisher is told); 409 AD_SLOT_STATE when it is not waiting',
  tag: 'AdSlot',
  request: z.discriminatedUnion('decision', [
    idVersion.extend({ decision: z.literal('approve') }),
    idVersion.extend({ decision: z.literal('reject'), reason: textSchema(REVIEW_REASON_MAX, 'Please give a reason.') }),
  ]),
  response: adSlotDetailSchema,
});

export const validateAdSlot = defineEndpoint('adSlots.validateAdSlot', {
  summary:
    "Checks an approved, live or paused slot's tag from its last call (seen within 24 h, from the declared site or app, at the slot's size and format); an approved slot passing every check goes live. 409 AD_SLOT_STATE otherwise",
  tag: 'AdSlot',
  request: idVersion,
  response: adSlotDetailSchema,
});

export const pauseAdSlot = defineEndpoint('adSlots.pauseAdSlot', {
  summary: 'Stops serving a live slot; 409 AD_SLOT_STATE otherwise',
  tag: 'AdSlot',
  request: idVersion,
  response: adSlotDetailSchema,
});

export const resumeAdSlot = defineEndpoint('adSlots.resumeAdSlot', {
  summary: 'Serves a paused slot again; 409 AD_SLOT_STATE otherwise',
  tag: 'AdSlot',
  request: idVersion,
  response: adSlotDetailSchema,
});
