// Data insights' paths and constants, zod-free: the report page's first load (and the dashboards)
// read them, and the contract modules' schemas would weigh on it. insights.ts and saved-reports.ts
// use these.

export const INSIGHTS_API = {
  advertiserReport: { method: 'GET', path: '/api/DataInsights/AdvertiserReport' },
  publisherReport: { method: 'GET', path: '/api/DataInsights/PublisherReport' },
  advertiserReportCsv: { method: 'GET', path: '/api/DataInsights/AdvertiserReport/Csv' },
  publisherReportCsv: { method: 'GET', path: '/api/DataInsights/PublisherReport/Csv' },
  savedReportList: { method: 'GET', path: '/api/DataInsights/SavedReport/List' },
  createSavedReport: { method: 'POST', path: '/api/DataInsights/SavedReport/Create' },
  renameSavedReport: { method: 'POST', path: '/api/DataInsights/SavedReport/Rename' },
  deleteSavedReport: { method: 'POST', path: '/api/DataInsights/SavedReport/Delete' },
} as const;

export const REPORT_TYPES = ['advertiser', 'publisher'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const GRANULARITIES = ['hour', 'day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export const ADVERTISER_DIMENSIONS = ['campaign', 'adGroup', 'ad', 'creative', 'slot', 'region', 'device'] as const;
export const PUBLISHER_DIMENSIONS = ['slot', 'site', 'advertiser', 'region', 'device'] as const;
export const REPORT_DIMENSIONS = [...new Set([...ADVERTISER_DIMENSIONS, ...PUBLISHER_DIMENSIONS])] as (
  | (typeof ADVERTISER_DIMENSIONS)[number]
  | (typeof PUBLISHER_DIMENSIONS)[number]
)[];
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

export const ADVERTISER_METRICS = ['impressions', 'clicks', 'ctr', 'spend', 'cpm', 'cpc'] as const;
export const PUBLISHER_METRICS = ['requests', 'impressions', 'fillRate', 'clicks', 'ctr', 'revenue', 'ecpm'] as const;
export const REPORT_METRICS = [...new Set([...ADVERTISER_METRICS, ...PUBLISHER_METRICS])] as (
  | (typeof ADVERTISER_METRICS)[number]
  | (typeof PUBLISHER_METRICS)[number]
)[];
export type ReportMetric = (typeof REPORT_METRICS)[number];

/** The longest period one report covers, and by the hour. */
export const REPORT_MAX_DAYS = 366;
export const REPORT_MAX_HOURLY_DAYS = 31;
export const REPORT_MAX_DIMENSIONS = 3;
/** The most saved reports one user keeps. */
export const SAVED_REPORTS_MAX = 50;
export const SAVED_REPORT_NAME_MAX = 100;
