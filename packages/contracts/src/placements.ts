import { z } from 'zod';
import { AD_FORMATS, REVIEW_REASON_MAX } from './campaigns-constants';
import { AD_SLOT_FORMATS, AD_SLOT_NAME_MAX, AD_SLOT_PLATFORMS, AD_SLOT_POSITIONS, AD_SLOT_STATUSES } from './ad-slots-constants';
import { MAX_PAGE_SIZE } from './constants';
import { defineEndpoint } from './endpoint';
import { pageOf } from './lists';
import { commaListSchema, dbId, dbVersion, queryDbId, queryDbInt, searchSchema, textSchema } from './schema-kit';
import {
  CATALOGUE_SORT_FIELDS,
  FIT_CHECKS,
  MAX_PLACEMENT_BATCH,
  PLACEMENT_HEALTH_FLAGS,
  PLACEMENT_SORT_FIELDS,
  PLACEMENT_STATUSES,
} from './placements-constants';

// Placements (docs/architecture.md, Inventory: placements): an approved ad × a live slot where the
// creative fits the slot, the ad's group targets the slot (or every eligible slot) and the
// advertiser has not disapproved it. The server keeps them current when any side changes; the
// publisher approves or rejects them (a slot with the auto policy approves at once). The
// advertiser's side: the catalogue of live slots to approve or disapprove for its account, which of
// its ads fit which slots, and what was disapproved or rejected.

// ---- What fits a slot (the rules: placements-constants.ts) ----------------------------------

const creativeSchema = z.object({
  kind: z.enum(AD_FORMATS),
  id: z.number().int(),
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  /** A thumbnail (image) or poster (video), signed; null when there is none. */
  previewUrl: z.string().nullable(),
  /** The image file or the video stream, signed. */
  url: z.string(),
});
export type PlacementCreative = z.infer<typeof creativeSchema>;

const slotRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  format: z.enum(AD_SLOT_FORMATS),
  width: z.number().int(),
  height: z.number().int(),
  propertyName: z.string(),
  status: z.enum(AD_SLOT_STATUSES),
});

const adRefSchema = z.object({
  id: z.number().int(),
  headline: z.string().nullable(),
  description: z.string().nullable(),
  landingUrl: z.string().nullable(),
  campaign: z.object({ id: z.number().int(), name: z.string() }),
  creative: creativeSchema.nullable(),
});

const decisionSchema = z.object({
  status: z.enum(PLACEMENT_STATUSES),
  reason: z.string().nullable(),
  /** When the publisher (or its auto policy) decided; null while pending. */
  decidedAt: z.string().nullable(),
  /** Who decided; null for the auto policy or while pending. */
  decidedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});

export const placementSchema = decisionSchema.extend({
  id: z.number().int(),
  slot: slotRefSchema,
  advertiser: z.object({ id: z.number().int(), name: z.string() }),
  ad: adRefSchema,
  createdAt: z.string(),
  version: z.number().int(),
});
export type Placement = z.infer<typeof placementSchema>;


export const placementListQuerySchema = z.object({
  /** Headline, campaign or advertiser. */
  search: searchSchema(AD_SLOT_NAME_MAX).optional(),
  status: commaListSchema(PLACEMENT_STATUSES).optional(),
  slot: queryDbId.optional(),
  advertiser: queryDbId.optional(),
  sort: z.enum(PLACEMENT_SORT_FIELDS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: queryDbInt(1).default(1),
  pageSize: queryDbInt(1, MAX_PAGE_SIZE).default(20),
});
export type PlacementListQuery = z.input<typeof placementListQuerySchema>;

export const placementList = defineEndpoint('placements.placementList', {
  summary: "The ads that would appear on the publisher's own slots (current placements), filtered and paged",
  tag: 'Placement',
  request: placementListQuerySchema,
  response: pageOf(placementSchema),
});

export const placementAdvertisers = defineEndpoint('placements.placementAdvertisers', {
  summary: "The advertisers with placements on the publisher's slots (the list's filter)",
  tag: 'Placement',
  request: z.object({}),
  response: z.object({ items: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
});

export const decidePlacements = defineEndpoint('placements.decidePlacements', {
  summary:
    'Approves placements on own slots, or rejects them with a reason (their advertisers are told), all or none: 409 STALE_VERSION when any changed since it was read',
  tag: 'Placement',
  request: z.discriminatedUnion('decision', [
    z.object({ decision: z.literal('approve'), items: z.array(z.object({ id: dbId, version: dbVersion })).min(1).max(MAX_PLACEMENT_BATCH) }),
    z.object({
      decision: z.literal('reject'),
      items: z.array(z.object({ id: dbId, version: dbVersion })).min(1).max(MAX_PLACEMENT_BATCH),
      reason: textSchema(REVIEW_REASON_MAX, 'Please give a reason.'),
    }),
  ]),
  response: z.object({ items: z.array(placementSchema) }),
});


export const placementHealthSchema = z.object({
  id: z.number().int(),
  slot: slotRefSchema,
  advertiser: z.object({ id: z.number().int(), name: z.string() }),
  ad: adRefSchema,
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** clicks ÷ impressions; null without impressions. */
  ctr: z.number().nullable(),
  /** The median click-through rate of the slot's placements over the same hours (with CTR_MIN_IMPRESSIONS), which outliers are judged against. */
  slotCtr: z.number().nullable(),
  flag: z.enum(PLACEMENT_HEALTH_FLAGS).nullable(),
});
export type PlacementHealth = z.infer<typeof placementHealthSchema>;

export const placementHealth = defineEndpoint('placements.placementHealth', {
  summary: "Approved placements on the publisher's live slots with their last 24 hours: impressions, clicks, click-through rate and outliers",
  tag: 'Placement',
  request: z.object({
    slot: queryDbId.optional(),
    flagged: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
    page: queryDbInt(1).default(1),
    pageSize: queryDbInt(1, MAX_PAGE_SIZE).default(20),
  }),
  response: pageOf(placementHealthSchema).extend({
    summary: z.object({ live: z.number().int(), served: z.number().int(), flagged: z.number().int(), impressions: z.number().int(), clicks: z.number().int() }),
  }),
});

// ---- The advertiser's side ------------------------------------------------------------------

export const slotDisapprovalSchema = z.object({
  reason: z.string(),
  at: z.string(),
  by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});

export const catalogueSlotSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  publisher: z.object({ id: z.number().int(), name: z.string() }),
  platform: z.enum(AD_SLOT_PLATFORMS),
  propertyName: z.string(),
  propertyId: z.string(),
  position: z.enum(AD_SLOT_POSITIONS),
  format: z.enum(AD_SLOT_FORMATS),
  width: z.number().int(),
  height: z.number().int(),
  floorCpmMinor: z.number().int(),
  /** The floor's currency (the publisher's). */
  currency: z.string(),
  /** The caller's current placements on the slot. */
  placements: z.number().int(),
  /** Ad requests the slot's tag made in the last 24 hours, bots apart (its daily volume). */
  dailyRequests: z.number().int(),
  /** Set when the caller's account disapproved the slot. */
  disapproval: slotDisapprovalSchema.nullable(),
});
export type CatalogueSlot = z.infer<typeof catalogueSlotSchema>;


export const slotCatalogue = defineEndpoint('placements.slotCatalogue', {
  summary: "Every publisher's live slots, with the advertiser's placements on each and its disapprovals",
  tag: 'Placement',
  request: z.object({
    /** Slot, site or app, or publisher. */
    search: searchSchema(AD_SLOT_NAME_MAX).optional(),
    format: z.enum(AD_SLOT_FORMATS).optional(),
    /** `728x90` */
    size: z.string().regex(/^\d{1,4}x\d{1,4}$/, 'A size like 300x250.').optional(),
    state: z.enum(['allowed', 'disapproved']).optional(),
    sort: z.enum(CATALOGUE_SORT_FIELDS).default('name'),
    order: z.enum(['asc', 'desc']).default('asc'),
    page: queryDbInt(1).default(1),
    pageSize: queryDbInt(1, MAX_PAGE_SIZE).default(20),
  }),
  response: pageOf(catalogueSlotSchema),
});

const slotIds = z.array(dbId).min(1).max(MAX_PLACEMENT_BATCH);

export const disapproveSlots = defineEndpoint('placements.disapproveSlots', {
  summary: "Disapproves live slots for the advertiser's account, with a reason: none of its ads shows on them",
  tag: 'Placement',
  request: z.object({ slotIds, reason: textSchema(REVIEW_REASON_MAX, 'Please give a reason.') }),
  response: z.object({ items: z.array(catalogueSlotSchema) }),
});

export const restoreSlots = defineEndpoint('placements.restoreSlots', {
  summary: "Approves slots the advertiser's account had disapproved: its ads may show on them again",
  tag: 'Placement',
  request: z.object({ slotIds }),
  response: z.object({ restored: z.number().int() }),
});

export const fitCheckSchema = z.object({
  key: z.enum(FIT_CHECKS),
  passed: z.boolean(),
});

export const slotFitSchema = z.object({
  ad: adRefSchema,
  slot: slotRefSchema.extend({ publisher: z.object({ id: z.number().int(), name: z.string() }) }),
  fits: z.boolean(),
  checks: z.array(fitCheckSchema),
});
export type SlotFit = z.infer<typeof slotFitSchema>;

export const slotFit = defineEndpoint('placements.slotFit', {
  summary: "The advertiser's approved ads × the live slots each may show on: whether the creative fits (format, size, file weight)",
  tag: 'Placement',
  request: z.object({
    fits: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
    campaign: queryDbId.optional(),
    slot: queryDbId.optional(),
    page: queryDbInt(1).default(1),
    pageSize: queryDbInt(1, MAX_PAGE_SIZE).default(20),
  }),
  response: pageOf(slotFitSchema).extend({ summary: z.object({ fits: z.number().int(), misfits: z.number().int() }) }),
});

export const disapprovedSlotSchema = catalogueSlotSchema.extend({ status: z.enum(AD_SLOT_STATUSES), disapproval: slotDisapprovalSchema });

export const disapprovedSlots = defineEndpoint('placements.disapprovedSlots', {
  summary: "The slots the advertiser's account disapproved, newest first",
  tag: 'Placement',
  request: z.object({ page: queryDbInt(1).default(1), pageSize: queryDbInt(1, MAX_PAGE_SIZE).default(20) }),
  response: pageOf(disapprovedSlotSchema),
});

export const rejectedPlacementSchema = placementSchema.extend({ publisher: z.object({ id: z.number().int(), name: z.string() }) });
export type RejectedPlacement = z.infer<typeof rejectedPlacementSchema>;

export const rejectedPlacements = defineEndpoint('placements.rejectedPlacements', {
  summary: "The advertiser's placements that publishers rejected, with reason, who and when, newest first",
  tag: 'Placement',
  request: z.object({ page: queryDbInt(1).default(1), pageSize: queryDbInt(1, MAX_PAGE_SIZE).default(20) }),
  response: pageOf(rejectedPlacementSchema),
});
