import { z } from 'zod';
import { AD_FORMATS } from './campaigns-constants';
import { defineEndpoint } from './endpoint';
import { queryDbId } from './schema-kit';

// Delivery (docs/architecture.md, Delivery): public routes outside /api. The tag asks
// AD_REQUEST_PATH (ad-slots.ts) for an ad; the answer carries signed impression and click links,
// which record the events that every figure in the console is rolled up from.

/** The impression pixel and the click redirect; `t` is the signed token of one decision. */
export const IMPRESSION_PATH = '/serve/i';
export const CLICK_PATH = '/serve/c';
/** An impression counts when its link is used within this long of the decision. */
export const IMPRESSION_LINK_MINUTES = 60;
/** A click counts (and is charged) within this long of the decision; later it still leads to the landing page. */
export const CLICK_LINK_HOURS = 24;
/** The publisher's share of what advertisers pay for impressions and clicks on its slots. */
export const PUBLISHER_REVENUE_SHARE = 0.7;
/**
 * Money below one minor unit: an impression at a CPM bid of 250 minor units costs 0.25 of a minor
 * unit, so events and rollups count thousandths of a minor unit ("milli"); 1 minor = 1000 milli.
 */
export const MILLI_PER_MINOR = 1000;

export const trackingQuerySchema = z.object({ t: z.string().min(1).max(200).regex(/^[A-Za-z0-9_-]+$/) });

/** What the tag shows: the creative, its size, and the links that record the impression and the click. */
export const servedAdSchema = z.object({
  kind: z.enum(AD_FORMATS),
  src: z.string(),
  /** A video's poster (shown until it plays). */
  poster: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  headline: z.string().nullable(),
  description: z.string().nullable(),
  impressionUrl: z.string(),
  clickUrl: z.string(),
});
export type ServedAd = z.infer<typeof servedAdSchema>;
/** "No ad": nothing is eligible for this request. */
export const adAnswerSchema = z.object({ ad: servedAdSchema.nullable() });
export type AdAnswer = z.infer<typeof adAnswerSchema>;

// ---- Why isn't it delivering? ---------------------------------------------------------------

/**
 * The slots an ad gets through, step by step (each step counts the live slots that pass it and
 * every step before): the ad group targets the slot → the creative fits it (format, size, weight)
 * → the bid meets its floor → the advertiser has not disapproved it → its publisher approved the
 * placement. Computed with the rules ad decisions apply.
 */
export const FUNNEL_STEPS = ['targeted', 'fit', 'floor', 'allowed', 'approved'] as const;
export type FunnelStepKey = (typeof FUNNEL_STEPS)[number];
/** The campaign's own rules, checked now: its status, schedule, hours, total and daily budget. */
export const SERVING_CHECKS = ['status', 'schedule', 'hours', 'totalBudget', 'dailyBudget'] as const;
export type ServingCheckKey = (typeof SERVING_CHECKS)[number];
/** `newBudgetReached`: the daily budget was lowered today to what today has already spent (or less). */
export const SERVING_CHECK_REASONS = ['notActive', 'notStarted', 'ended', 'outsideHours', 'spent', 'spentToday', 'newBudgetReached', 'aheadOfPace'] as const;

/** The window of the funnel's invalid traffic: this many days back from now, from the start of that UTC hour. */
export const INVALID_TRAFFIC_DAYS = 30;

const funnelStepSchema = z.object({ key: z.enum(FUNNEL_STEPS), count: z.number().int() });
export type FunnelStep = z.infer<typeof funnelStepSchema>;

export const deliveryFunnelSchema = z.object({
  campaignId: z.number().int(),
  currency: z.string(),
  /** Live slots on the platform: where every funnel starts. */
  liveSlots: z.number().int(),
  checks: z.array(
    z.object({
      key: z.enum(SERVING_CHECKS),
      passed: z.boolean(),
      reason: z.enum(SERVING_CHECK_REASONS).nullable(),
      /** The start (not started) or the end (ended). */
      at: z.string().nullable(),
    }),
  ),
  /** Distinct slots where any of the campaign's ads reaches each step. */
  steps: z.array(funnelStepSchema),
  ads: z.array(
    z.object({
      id: z.number().int(),
      headline: z.string().nullable(),
      steps: z.array(funnelStepSchema),
      /** Placements waiting for the publishers' review, and rejected ones (the last step's losses). */
      pending: z.number().int(),
      rejected: z.number().int(),
      /** The bid (the campaign's strategy, minor units) that would meet the lowest floor it misses; null when none is missed. */
      bidToMeetFloor: z.number().int().nullable(),
      /** Its image or video is in the recycle bin: it fits no slot until it is restored. */
      creativeDeleted: z.boolean(),
    }),
  ),
  /** Every campaign check passes and some ad has an approved placement: it can win requests now. */
  serving: z.boolean(),
  /**
   * Impressions and clicks on the campaign's placements filtered as invalid traffic since `since`
   * (INVALID_TRAFFIC_DAYS): counted apart and never charged (bots and scripted clients, clicks
   * without their impression, repeated clicks, clicks past an address's hourly rate). With the valid
   * ones of the same window, so a share can be told.
   */
  invalidTraffic: z.object({
    impressions: z.number().int(),
    clicks: z.number().int(),
    validImpressions: z.number().int(),
    validClicks: z.number().int(),
    /** ISO: the first UTC hour counted. */
    since: z.string(),
  }),
});
export type DeliveryFunnel = z.infer<typeof deliveryFunnelSchema>;

export const campaignDelivery = defineEndpoint('delivery.campaignDelivery', {
  summary: "Why a campaign is or isn't delivering: its checks now and each ad's eligibility funnel",
  tag: 'Campaign',
  request: z.object({ id: queryDbId }),
  response: deliveryFunnelSchema,
});
