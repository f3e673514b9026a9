// The overview dashboards' periods, states and sizes, apart from the schemas in overview.ts
// (which use them): the dashboard is the landing page, and loads no zod.
import type { NamedRange } from './date-ranges';

/**
 * The KPI cards' periods, named ranges as the reports define them (date-ranges.ts): today so far
 * (against yesterday up to the same time), yesterday, the 7 days before today.
 */
export const OVERVIEW_PERIODS = ['today', 'yesterday', 'last7'] as const satisfies readonly NamedRange[];
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];
/** The trend's and the top lists' range: the 30 days before today, as the report's "Last 30 days". */
export const OVERVIEW_TREND_RANGE: NamedRange = 'last30';
/** Rows of each top list. */
export const OVERVIEW_TOP = 5;

export const PACING_STATES = ['onTrack', 'under', 'over'] as const;
export type PacingState = (typeof PACING_STATES)[number];

/** Staff's review queues on the dashboards. */
export const REVIEW_QUEUES = ['campaigns', 'adSlots', 'placements'] as const;
export type ReviewQueue = (typeof REVIEW_QUEUES)[number];
