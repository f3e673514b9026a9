import { z } from 'zod';
import { AD_FORMATS } from './campaigns';

// Delivery (PRODUCT.md §3 "Delivery"): public routes outside /api. The tag asks AD_REQUEST_PATH
// (ad-slots.ts) for an ad; the answer carries signed impression and click links, which record the
// events that every figure in the console is rolled up from.

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
