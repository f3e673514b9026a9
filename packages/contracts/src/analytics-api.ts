// The overview dashboards' paths and constants, zod-free: the dashboard is the landing page, and the
// contract modules (with their schemas) would weigh on its first load. analytics.ts uses these.

export const ANALYTICS_API = {
  advertiser: { method: 'GET', path: '/api/analytics/AdvertiserOverview' },
  publisher: { method: 'GET', path: '/api/analytics/PublisherOverview' },
  platformAdvertiser: { method: 'GET', path: '/api/platformanalytics/AdvertiserOverview' },
  platformPublisher: { method: 'GET', path: '/api/platformanalytics/PublisherOverview' },
} as const;

/** The KPI cards' periods: today so far (against yesterday up to the same time), yesterday, the 7 days before today. */
export const OVERVIEW_PERIODS = ['today', 'yesterday', 'last7Days'] as const;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];
/** The trend's days, today included. */
export const OVERVIEW_TREND_DAYS = 30;
/** Rows of each top list. */
export const OVERVIEW_TOP = 5;

export const PACING_STATES = ['onTrack', 'under', 'over'] as const;
export type PacingState = (typeof PACING_STATES)[number];

/** Staff's review queues on the dashboards. */
export const REVIEW_QUEUES = ['campaigns', 'adSlots', 'placements'] as const;
export type ReviewQueue = (typeof REVIEW_QUEUES)[number];
