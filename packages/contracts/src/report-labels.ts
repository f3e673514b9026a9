import type { ReportDimension, ReportMetric } from './insights-constants';

// The names of a report's columns, zod-free: the dashboards (the landing page) read them too, and
// the contract modules' schemas would weigh on its first load.

export const REPORT_LANGUAGES = ['en-US', 'zh-CN'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

/**
 * The names a report's columns carry, in each language: the CSV's header (the server writes it)
 * and the pages' own texts (the web's messages read them from here).
 */
export const REPORT_LABELS: Record<ReportLanguage, { dimension: Record<ReportDimension, string>; metric: Record<ReportMetric, string>; csv: { period: string; total: string; none: string; previous: string; change: string } }> = {
  'en-US': {
    dimension: { campaign: 'Campaign', adGroup: 'Ad group', ad: 'Ad', creative: 'Creative', slot: 'Ad slot', site: 'Site or app', advertiser: 'Advertiser', region: 'Region', device: 'Device' },
    metric: { requests: 'Ad requests', impressions: 'Impressions', fillRate: 'Fill rate', clicks: 'Clicks', ctr: 'CTR', spend: 'Spend', cpm: 'CPM', cpc: 'CPC', revenue: 'Revenue', ecpm: 'eCPM' },
    csv: { period: 'Period', total: 'Total', none: '(none)', previous: '{{name}} (previous period)', change: '{{name}} change (%)' },
  },
  'zh-CN': {
    dimension: { campaign: '推广计划', adGroup: '广告组', ad: '广告', creative: '素材', slot: '广告位', site: '网站或应用', advertiser: '广告主', region: '地区', device: '设备' },
    metric: { requests: '广告请求', impressions: '展示次数', fillRate: '填充率', clicks: '点击次数', ctr: '点击率', spend: '花费', cpm: '千次展示费用', cpc: '单次点击费用', revenue: '收入', ecpm: '千次展示收入' },
    csv: { period: '时间段', total: '合计', none: '（无）', previous: '{{name}}（上一周期）', change: '{{name}}变化（%）' },
  },
};
