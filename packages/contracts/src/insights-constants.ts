// Data insights' report types, dimensions, metrics and limits, apart from the schemas in
// insights.ts and saved-reports.ts (which use them) so that the pages reading them load no zod.

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

/**
 * Conversions are those attributed to the account's clicks (docs/architecture.md, Conversions), at
 * the hour they were reported: conversion rate is conversions ÷ clicks, cost per conversion spend ÷
 * conversions, conversion value what the advertiser reported (its currency's minor units).
 */
export const ADVERTISER_METRICS = ['impressions', 'clicks', 'ctr', 'spend', 'cpm', 'cpc', 'conversions', 'conversionRate', 'costPerConversion', 'conversionValue'] as const;
export const PUBLISHER_METRICS = ['requests', 'impressions', 'fillRate', 'clicks', 'ctr', 'revenue', 'ecpm'] as const;
export const REPORT_METRICS = [...new Set([...ADVERTISER_METRICS, ...PUBLISHER_METRICS])] as (
  | (typeof ADVERTISER_METRICS)[number]
  | (typeof PUBLISHER_METRICS)[number]
)[];
export type ReportMetric = (typeof REPORT_METRICS)[number];
/** Metrics that are money (minor units of the report's currency) and rates (a share, 0.05 = 5 %): how pages and the CSV write them. */
export const MONEY_METRICS: readonly ReportMetric[] = ['spend', 'cpm', 'cpc', 'costPerConversion', 'conversionValue', 'revenue', 'ecpm'];
export const RATE_METRICS: readonly ReportMetric[] = ['ctr', 'fillRate', 'conversionRate'];

/** The longest period one report covers, and by the hour. */
export const REPORT_MAX_DAYS = 366;
export const REPORT_MAX_HOURLY_DAYS = 31;
export const REPORT_MAX_DIMENSIONS = 3;
/** The most saved reports one user keeps. */
export const SAVED_REPORTS_MAX = 50;
export const SAVED_REPORT_NAME_MAX = 100;
