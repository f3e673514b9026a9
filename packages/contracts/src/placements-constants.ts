import type { AdFormat } from './campaigns-constants';
import type { AdSlotFormat } from './ad-slots-constants';

// Placements' fit rules, states, limits and sort fields, apart from the schemas in placements.ts
// (which use them) so that the pages reading them load no zod.

/** Which creative each slot format shows. */
export const SLOT_FORMAT_CREATIVE: Record<AdSlotFormat, AdFormat> = { banner: 'image', native: 'image', video: 'video' };
/**
 * How far a native or video creative's proportions may stray from the slot's (a banner's size must
 * be exact): 0.1 is 10 %.
 */
export const ASPECT_TOLERANCE = 0.1;
/** The heaviest creative a slot loads, in bytes: images by the IAB's 150 KB initial load, videos 10 MB. */
export const CREATIVE_WEIGHT_MAX: Record<AdFormat, number> = { image: 150 * 1024, video: 10 * 1024 * 1024 };

/** What fit checks, in the order pages show them. */
export const FIT_CHECKS = ['format', 'size', 'weight'] as const;
export type FitCheckKey = (typeof FIT_CHECKS)[number];

// ---- Placements -----------------------------------------------------------------------------

/** pending (waiting for the publisher) → approved | rejected; the publisher may change its mind. */
export const PLACEMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PlacementStatus = (typeof PLACEMENT_STATUSES)[number];
/** Most placements one decision takes. */
export const MAX_PLACEMENT_BATCH = 100;
export const PLACEMENT_SORT_FIELDS = ['createdAt', 'decidedAt'] as const;
/** A placement's click-through rate this many times above or below its slot's median is an outlier (placement validation). */
export const CTR_OUTLIER_FACTOR = 3;
/** Fewer impressions than this say nothing about a click-through rate. */
export const CTR_MIN_IMPRESSIONS = 100;
export const PLACEMENT_HEALTH_FLAGS = ['notServed', 'ctrHigh', 'ctrLow'] as const;
export type PlacementHealthFlag = (typeof PLACEMENT_HEALTH_FLAGS)[number];
export const CATALOGUE_SORT_FIELDS = ['name', 'floorCpmMinor', 'placements'] as const;
