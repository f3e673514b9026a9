import { z } from 'zod';
import { AD_SLOT_STATUSES } from './ad-slots-constants';
import { CAMPAIGN_STATUSES } from './campaigns-constants';
import { FUNNEL_STEPS, SERVING_CHECK_REASONS } from './delivery';
import { OVERVIEW_PERIODS, PACING_STATES, REVIEW_QUEUES } from './overview-constants';
import { defineEndpoint } from './endpoint';
import { reportValuesSchema, timeZoneSchema } from './insights';

// The overview dashboards (docs/architecture.md, Overview dashboards): where each role lands.
// Figures come from the reports' own code over the same rollups and the same named ranges
// (date-ranges.ts), so a dashboard and a report of the same range agree. Days are the reader's
// (`timeZone`).

const overviewQuery = z.object({ timeZone: timeZoneSchema.default('UTC') });

/** Days (YYYY-MM-DD, inclusive) of the reader's time zone: what a named range covers. */
const daysSchema = z.object({ from: z.string(), to: z.string() });

const kpiPeriodSchema = z.object({
  /** A named range (date-ranges.ts), the report's own. */
  key: z.enum(OVERVIEW_PERIODS),
  days: daysSchema,
  /** The instants counted, [from, to): today's ends now. */
  from: z.string(),
  to: z.string(),
  values: reportValuesSchema,
  /** The same metrics over the period compared with: as many days before, up to the same time while this one is going. */
  previous: reportValuesSchema,
});

const trendSchema = z.array(z.object({ at: z.string(), values: reportValuesSchema }));

const overviewBase = {
  /** ISO 4217 of the money, or null when the accounts covered use several. */
  currency: z.string().nullable(),
  timeZone: z.string(),
  asOf: z.string(),
  /** The account has something of this kind (campaigns, slots): without it the page shows what to do first. */
  started: z.boolean(),
  kpis: z.array(kpiPeriodSchema),
  /** The trend's and the top lists' days: OVERVIEW_TREND_RANGE ("Last 30 days", as the report's). */
  trendDays: daysSchema,
  trend: trendSchema,
  /** Staff: the accounts with the most money over the trend's days. */
  topAccounts: z.array(z.object({ id: z.number().int(), name: z.string(), values: reportValuesSchema })).nullable(),
  /** Staff: what waits in each review queue (`route`: where it is worked; null when publishers work it). */
  reviewQueues: z
    .array(z.object({ key: z.enum(REVIEW_QUEUES), count: z.number().int(), route: z.string().nullable() }))
    .nullable(),
};

/** Why an active campaign showed no impressions lately: a failed check, the funnel step no slot gets past, or it loses every auction. */
export const IDLE_REASONS = [...SERVING_CHECK_REASONS, ...FUNNEL_STEPS, 'notWinning'] as const;
export type IdleReason = (typeof IDLE_REASONS)[number];

export const advertiserOverviewSchema = z.object({
  ...overviewBase,
  topCampaigns: z.array(
    z.object({ id: z.number().int(), name: z.string(), status: z.enum(CAMPAIGN_STATUSES), values: reportValuesSchema }),
  ),
  /** Every status, with zero counts. */
  statusCounts: z.array(z.object({ status: z.enum(CAMPAIGN_STATUSES), count: z.number().int() })),
  /**
   * Active campaigns with a daily budget: today's spend (the UTC day, as pacing keeps it) against
   * the share of the day's serving hours gone by. Counts of every one; the furthest off pace listed.
   */
  pacing: z.object({
    counts: z.object({ onTrack: z.number().int(), under: z.number().int(), over: z.number().int() }),
    campaigns: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        dailyBudget: z.number(),
        spentToday: z.number(),
        expectedByNow: z.number(),
        state: z.enum(PACING_STATES),
      }),
    ),
  }),
  /** The advertiser's to-dos (null for staff): rejected campaigns, drafts, and active ones not delivering with the reason. */
  attention: z
    .array(
      z.object({
        kind: z.enum(['rejected', 'draft', 'idle']),
        campaignId: z.number().int(),
        name: z.string(),
        /** rejected: the reviewer's reason; idle: an IDLE_REASONS key. */
        reason: z.string().nullable(),
        at: z.string(),
      }),
    )
    .nullable(),
});
export type AdvertiserOverview = z.infer<typeof advertiserOverviewSchema>;

export const publisherOverviewSchema = z.object({
  ...overviewBase,
  topSlots: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.enum(AD_SLOT_STATUSES), values: reportValuesSchema })),
  statusCounts: z.array(z.object({ status: z.enum(AD_SLOT_STATUSES), count: z.number().int() })),
  /** Placements waiting for the publisher's review: how many, and the oldest few. */
  pendingPlacements: z.object({
    count: z.number().int(),
    items: z.array(z.object({ id: z.number().int(), campaign: z.string(), advertiser: z.string(), slot: z.string(), since: z.string() })),
  }),
});
export type PublisherOverview = z.infer<typeof publisherOverviewSchema>;

export const advertiserOverview = defineEndpoint('overview.advertiserOverview', {
  summary: "The advertiser's dashboard: KPIs with change, a 30-day trend, top campaigns, statuses, pacing and what needs attention",
  tag: 'Overview',
  request: overviewQuery,
  response: advertiserOverviewSchema,
});

export const publisherOverview = defineEndpoint('overview.publisherOverview', {
  summary: "The publisher's dashboard: KPIs with change, a 30-day trend, top slots, slot statuses and placements to review",
  tag: 'Overview',
  request: overviewQuery,
  response: publisherOverviewSchema,
});

export const platformAdvertiserOverview = defineEndpoint('overview.platformAdvertiserOverview', {
  summary: 'Staff: the advertiser dashboard over every account, with the top advertisers and the review queues',
  tag: 'Overview',
  request: overviewQuery,
  response: advertiserOverviewSchema,
});

export const platformPublisherOverview = defineEndpoint('overview.platformPublisherOverview', {
  summary: 'Staff: the publisher dashboard over every account, with the top publishers and the review queues',
  tag: 'Overview',
  request: overviewQuery,
  response: publisherOverviewSchema,
});
