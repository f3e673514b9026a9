import { z } from 'zod';
import { BID_LIMITS, BID_STRATEGIES, BUDGET_MAX_MINOR } from './campaigns-constants';
import { campaignDocumentSchema } from './campaigns';
import { defineEndpoint } from './endpoint';
import { dbId, dbInt } from './schema-kit';

// The wizard's forecast (docs/architecture.md, Forecast): what a campaign as the wizard holds it
// would deliver a day, from the eligible slots' real request volume over the last FORECAST_DAYS full
// days, less what competing campaigns that outbid it took there, within what its daily budget buys.

/** The full days of history a forecast reads. */
export const FORECAST_DAYS = 14;

/**
 * Why a forecast says a campaign will deliver less than it could (or nothing):
 * - noEligibleSlot: no live slot its targeting, ads and currency allow;
 * - bidBelowFloor: the bid is below every eligible slot's floor (`minBidMinor`: the lowest floor);
 * - outbid: campaigns bidding more take most of the matching requests (`minBidMinor`: a bid that would win most);
 * - budgetLimited: the daily budget is spent early in the day (`moreImpressions` more could be bought,
 *   for `budgetNeededMinor` a day);
 * - budgetTooLow: the daily budget does not buy one impression (or click) at the bid;
 * - totalBudgetEndsEarly: at the expected daily spend the total budget runs out after `fundedDays`
 *   days, before the end date.
 */
export const FORECAST_WARNINGS = ['noEligibleSlot', 'bidBelowFloor', 'outbid', 'budgetLimited', 'budgetTooLow', 'totalBudgetEndsEarly'] as const;
export type ForecastWarningCode = (typeof FORECAST_WARNINGS)[number];

/** What the wizard holds: the campaign document (its ads' creatives by id), with what a forecast needs filled. */
export const forecastRequestSchema = campaignDocumentSchema.extend({
  /** A campaign being edited: its own past delivery is not competition. */
  campaignId: dbId.optional(),
  dailyBudgetMinor: dbInt(1, BUDGET_MAX_MINOR),
  bidStrategy: z.enum(BID_STRATEGIES),
  maxBidMinor: dbInt(1, BID_LIMITS.cpm.max),
});
export type ForecastRequest = z.input<typeof forecastRequestSchema>;

/** A daily figure and the range it is sure of (see FORECAST_DAYS: the 10th–90th percentile of the days). */
export const forecastRangeSchema = z.object({ low: z.number(), expected: z.number(), high: z.number() });
export type ForecastRange = z.infer<typeof forecastRangeSchema>;

export const forecastWarningSchema = z.object({
  code: z.enum(FORECAST_WARNINGS),
  minBidMinor: z.number().int().optional(),
  moreImpressions: z.number().int().optional(),
  budgetNeededMinor: z.number().int().optional(),
  fundedDays: z.number().int().optional(),
});
export type ForecastWarning = z.infer<typeof forecastWarningSchema>;

export const forecastSchema = z.object({
  currency: z.string(),
  days: z.number().int(),
  /** Live slots the campaign could show on (targeting, fit, currency and floor met). */
  eligibleSlots: z.number().int(),
  /** Slots its targeting and ads allow before the floor is judged. */
  matchingSlots: z.number().int(),
  /** Valid ad requests a day on the eligible slots that match the regions, devices and hours. */
  dailyRequests: z.number().int(),
  impressions: forecastRangeSchema,
  clicks: forecastRangeSchema,
  spendMinor: forecastRangeSchema,
  /**
   * The whole flight, from the start (or today, when it has started) to the end date: `days` it
   * serves (null without an end date), `fundedDays` the total budget lasts at the expected daily
   * spend (null when nothing would be spent), and the figures over the days it serves and is funded
   * for (each range's day figure × those days, spend within the total budget). Null when neither
   * an end date nor a total budget bounds it.
   */
  flight: z
    .object({
      days: z.number().int().nullable(),
      fundedDays: z.number().int().nullable(),
      impressions: forecastRangeSchema,
      clicks: forecastRangeSchema,
      spendMinor: forecastRangeSchema,
    })
    .nullable(),
  warnings: z.array(forecastWarningSchema),
});
export type CampaignForecast = z.infer<typeof forecastSchema>;

export const campaignForecast = defineEndpoint('forecast.campaignForecast', {
  summary:
    "Daily impressions, clicks and spend a campaign as the wizard holds it would get (expected, and the 10th–90th percentile of the last 14 days), from the eligible slots' request volume and the competing campaigns' bids, with warnings (no eligible slot, bid below floor, outbid, budget limits delivery, budget too low). 404 for a creative or campaign not the caller's",
  tag: 'Forecast',
  request: forecastRequestSchema,
  response: forecastSchema,
});
