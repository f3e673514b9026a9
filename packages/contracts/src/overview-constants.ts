// The overview dashboards' periods, states and sizes, apart from the schemas in overview.ts
// (which use them): the dashboard is the landing page, and loads no zod.


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
