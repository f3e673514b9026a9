import type { ReportDimension, ReportMetric } from './insights-constants';
import type { NamedRange } from './date-ranges';
import type { Device } from './targeting';

// The names of a report's columns, zod-free: the dashboards (the landing page) read them too, and
// the contract modules' schemas would weigh on its first load.

export const REPORT_LANGUAGES = ['en-US', 'zh-CN'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

/**
 * The names a report's columns and enumerated values (devices) carry, in each language: the CSV's
 * header and cells (the server writes them) and the pages' own texts (the web's messages read them
 * from here). Regions are named by Intl in the same language; names and numbers stay as they are.
 */
export const REPORT_LABELS: Record<
  ReportLanguage,
  {
    dimension: Record<ReportDimension, string>;
    metric: Record<ReportMetric, string>;
    /** The named ranges' names (date-ranges.ts): the reports' picker and the dashboards say the same. */
    range: Record<NamedRange, string>;
    device: Record<Device, string>;
    /** Fill rate's one definition, and the counts it divides where it is shown (`{{impressions}}`, `{{requests}}`). */
    fillRate: { definition: string; basis: string };
    /** What a metric divides or counts, where its name alone does not say (a column's or card's title). */
    definition: Partial<Record<ReportMetric, string>>;
    csv: { period: string; total: string; none: string; previous: string; change: string };
  }
> = {
  'en-US': {
    dimension: { campaign: 'Campaign', adGroup: 'Ad group', ad: 'Ad', creative: 'Creative', slot: 'Ad slot', site: 'Site or app', advertiser: 'Advertiser', region: 'Region', device: 'Device' },
    metric: { requests: 'Ad requests', impressions: 'Impressions', fillRate: 'Fill rate', clicks: 'Clicks', ctr: 'CTR', spend: 'Spend', cpm: 'CPM', cpc: 'CPC', conversions: 'Conversions', conversionRate: 'Conversion rate', costPerConversion: 'Cost per conversion', conversionValue: 'Conversion value', revenue: 'Revenue', ecpm: 'eCPM' },
    range: { today: 'Today', yesterday: 'Yesterday', last7: 'Last 7 days', last30: 'Last 30 days', thisMonth: 'This month', lastMonth: 'Last month' },
    device: { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet' },
    fillRate: { definition: 'Fill rate: impressions ÷ ad requests', basis: 'Impressions ÷ ad requests: {{impressions}} ÷ {{requests}}' },
    definition: {
      conversions: 'Conversions: those attributed to your ads’ clicks, counted when your site reported them',
      conversionRate: 'Conversion rate: conversions ÷ clicks',
      costPerConversion: 'Cost per conversion: spend ÷ conversions',
      conversionValue: 'Conversion value: the values your site reported with its conversions',
    },
    csv: { period: 'Period', total: 'Total', none: '(none)', previous: '{{name}} (previous period)', change: '{{name}} change (%)' },
  },
  'zh-CN': {
    dimension: { campaign: '广告活动', adGroup: '广告组', ad: '广告', creative: '素材', slot: '广告位', site: '网站或应用', advertiser: '广告主', region: '地区', device: '设备' },
    metric: { requests: '广告请求', impressions: '展示次数', fillRate: '填充率', clicks: '点击次数', ctr: '点击率', spend: '花费', cpm: '千次展示费用', cpc: '单次点击费用', conversions: '转化次数', conversionRate: '转化率', costPerConversion: '每次转化费用', conversionValue: '转化价值', revenue: '收入', ecpm: '千次展示收入' },
    range: { today: '今天', yesterday: '昨天', last7: '过去 7 天', last30: '过去 30 天', thisMonth: '本月', lastMonth: '上月' },
    device: { desktop: '桌面设备', mobile: '手机', tablet: '平板' },
    fillRate: { definition: '填充率：展示次数 ÷ 广告请求', basis: '展示次数 ÷ 广告请求：{{impressions}} ÷ {{requests}}' },
    definition: {
      conversions: '转化次数：归因于您广告点击的转化，按您的网站上报的时间计入',
      conversionRate: '转化率：转化次数 ÷ 点击次数',
      costPerConversion: '每次转化费用：花费 ÷ 转化次数',
      conversionValue: '转化价值：您的网站随转化上报的价值',
    },
    csv: { period: '时间段', total: '合计', none: '（无）', previous: '{{name}}（上一周期）', change: '{{name}}变化（%）' },
  },
};
