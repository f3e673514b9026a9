import { BID_LIMITS } from './campaigns-constants';

// Ad slots' limits, formats, states and sort fields, apart from the schemas in ad-slots.ts (which
// use them) so that the pages reading them load no zod.

export const AD_SLOT_NAME_MAX = 100;
export const PROPERTY_NAME_MAX = 100;
/** A host name (site) or a bundle id (app). */
export const PROPERTY_ID_MAX = 253;
export const AD_SLOT_CODE_MAX = 64;
/** Largest width or height of a slot, in CSS pixels. */
export const AD_SLOT_SIDE_MAX = 4000;
/** The floor, like a CPM bid, per thousand impressions: never above the highest CPM bid allowed. */
export const FLOOR_CPM_MAX_MINOR = BID_LIMITS.cpm.max;

export const AD_SLOT_PLATFORMS = ['site', 'app'] as const;
export type AdSlotPlatform = (typeof AD_SLOT_PLATFORMS)[number];
export const AD_SLOT_FORMATS = ['banner', 'native', 'video'] as const;
export type AdSlotFormat = (typeof AD_SLOT_FORMATS)[number];
export const AD_SLOT_POSITIONS = ['header', 'above_fold', 'in_content', 'sidebar', 'below_fold', 'footer', 'interstitial'] as const;
export type AdSlotPosition = (typeof AD_SLOT_POSITIONS)[number];
/** The IAB sizes most slots use; any other is a custom size. */
export const STANDARD_AD_SIZES = ['300x250', '728x90', '320x50', '300x600', '160x600', '970x250', '336x280', '320x100', '468x60', '640x360'] as const;
export const PLACEMENT_POLICIES = ['auto', 'manual'] as const;
export type PlacementPolicy = (typeof PLACEMENT_POLICIES)[number];

/**
 * draft → pending_review → approved → live (after validation) ⇄ paused; pending_review → rejected →
 * (edited) → pending_review; offline through a status request (a later issue).
 */
export const AD_SLOT_STATUSES = ['draft', 'pending_review', 'rejected', 'approved', 'live', 'paused', 'offline'] as const;
export type AdSlotStatus = (typeof AD_SLOT_STATUSES)[number];
/** The states whose slot the publisher may edit (and Submit may send to review). */
export const AD_SLOT_EDITABLE_STATUSES = ['draft', 'rejected'] as const satisfies readonly AdSlotStatus[];
export const AD_SLOT_SORT_FIELDS = ['name', 'status', 'floorCpmMinor', 'submittedAt', 'updatedAt'] as const;
export type AdSlotSortField = (typeof AD_SLOT_SORT_FIELDS)[number];

// ---- The tag and its validation -------------------------------------------------------------

/** The public delivery routes (outside /api): the tag's script, and the ad request it makes. */
export const TAG_SCRIPT_PATH = '/serve/tag.js';
export const AD_REQUEST_PATH = '/serve/ad';
/** A slot's tag counts as calling when it has called within this long. */
export const TAG_SEEN_WITHIN_HOURS = 24;

/** What validation checks, in the order the page shows them. */
export const AD_SLOT_CHECKS = ['tagSeen', 'domain', 'sizeFormat'] as const;
export type AdSlotCheckKey = (typeof AD_SLOT_CHECKS)[number];

/**
 * The snippet a publisher pastes where the slot shows (`origin`: the console's address). Apps call
 * AD_REQUEST_PATH themselves with `app=<bundle id>`.
 */
export const adSlotTag = (origin: string, slot: { tagKey: string; width: number; height: number; format: AdSlotFormat }): string =>
  [
    `<ins class="ads-console-slot" data-slot="${slot.tagKey}" data-width="${slot.width}" data-height="${slot.height}" data-format="${slot.format}"`,
    `  style="display:inline-block;width:${slot.width}px;height:${slot.height}px"></ins>`,
    `<script async src="${origin}${TAG_SCRIPT_PATH}"></script>`,
  ].join('\n');
