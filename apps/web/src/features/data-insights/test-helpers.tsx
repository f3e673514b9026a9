import {
  accountOptions,
  advertiserReport,
  advertiserReportCsv,
  createSavedReport,
  deleteSavedReport,
  publisherReport,
  publisherReportCsv,
  renameSavedReport,
  savedReportList,
  savedReportRunFile,
  savedReportRuns,
  scheduleSavedReport,
  type AccountOption,
  type Power,
  type Report,
  type ReportRun,
  type SavedReport,
} from '@ads/contracts';
import { fakeEndpoint, fakeFetch, json, type Call } from '../../test/fake-fetch';
import { renderPages } from '../../test/render';
import PlatformInsightsPage from './pages/platform-insights-page';
import ReportPage from './pages/report-page';

// Data insights' fake server: the two reports (rows for whatever breakdown is asked), their CSV,
// the user's saved reports kept in memory, and the accounts' picker call.

const series = (values: number[]) => values.map((impressions, i) => ({ at: `2026-11-${String(18 + i).padStart(2, '0')}T00:00:00Z`, values: { impressions, clicks: 1, ctr: 0.01, spend: 100, cpm: 300, cpc: 30, conversions: 1, conversionRate: 1, costPerConversion: 100, conversionValue: 2000 } }));

/** An advertiser report for the query: two rows by the breakdown asked (7 Spring Blend Launch and 8 Autumn Roast; US and GB; mobile and desktop). */
export const sampleReport = (query: URLSearchParams): Report => {
  const compare = query.get('compare') === 'true';
  const dims = (query.get('dimensions') ?? '').split(',').filter(Boolean) as Report['dimensions'];
  return {
    type: 'advertiser',
    currency: 'USD',
    timeZone: query.get('timeZone') ?? 'UTC',
    granularity: 'day',
    from: query.get('from')!,
    to: query.get('to')!,
    previous: compare ? { from: '2026-11-11', to: '2026-11-17', until: null } : null,
    dimensions: dims,
    metrics: ['impressions', 'clicks', 'ctr', 'spend', 'cpm', 'cpc', 'conversions', 'conversionRate', 'costPerConversion', 'conversionValue'],
    series: series([100, 200, 300, 400, 500, 600, 700]),
    previousSeries: compare ? series([50, 50, 50, 50, 50, 50, 50]) : null,
    rows: dims.length
      ? [
          { keys: dims.map((d) => ({ dimension: d, ...(d === 'device' ? { id: 'mobile', label: 'mobile' } : d === 'region' ? { id: 'US', label: 'US' } : { id: '7', label: 'Spring Blend Launch' }) })), values: { impressions: 2000, clicks: 20, ctr: 0.01, spend: 60000, cpm: 3000, cpc: 3000, conversions: 4, conversionRate: 0.2, costPerConversion: 15000, conversionValue: 80000 }, previous: compare ? { impressions: 1000, clicks: 20, ctr: 0.02, spend: 30000, cpm: 3000, cpc: 1500, conversions: 4, conversionRate: 0.2, costPerConversion: 7500, conversionValue: 80000 } : null },
          { keys: dims.map((d) => ({ dimension: d, ...(d === 'device' ? { id: 'desktop', label: 'desktop' } : d === 'region' ? { id: 'GB', label: 'GB' } : { id: '8', label: 'Autumn Roast' }) })), values: { impressions: 800, clicks: 8, ctr: 0.01, spend: 24000, cpm: 3000, cpc: 3000, conversions: 0, conversionRate: 0, costPerConversion: null, conversionValue: 0 }, previous: compare ? { impressions: 0, clicks: 0, ctr: null, spend: 0, cpm: null, cpc: null, conversions: 0, conversionRate: null, costPerConversion: null, conversionValue: 0 } : null },
        ]
      : [],
    total: dims.length ? 2 : 0,
    page: 1,
    pageSize: 25,
    totals: { impressions: 2800, clicks: 28, ctr: 0.01, spend: 84000, cpm: 3000, cpc: 3000, conversions: 4, conversionRate: 4 / 28, costPerConversion: 21000, conversionValue: 80000 },
    previousTotals: compare ? { impressions: 1400, clicks: 28, ctr: 0.02, spend: 42000, cpm: 3000, cpc: 1500, conversions: 4, conversionRate: 4 / 28, costPerConversion: 10500, conversionValue: 80000 } : null,
  };
};

export const ACCOUNTS: AccountOption[] = [
  { id: 1, name: 'Contoso Coffee', kind: 'advertiser', status: 'active' },
  { id: 2, name: 'Fabrikam News', kind: 'publisher', status: 'active' },
  { id: 3, name: 'Fabrikam Sports', kind: 'publisher', status: 'active' },
];

const csv = (_call: Call) => new Response('\uFEFFCampaign,Impressions\r\nTotal,2800\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });

/**
 * The fake server; `saved` is the user's saved reports, changed by the calls. `previousUntil`: the
 * compared period is cut at that instant (the report's period is still going).
 */
export function serveInsights({ saved = [] as SavedReport[], runs = [] as ReportRun[], previousUntil }: { saved?: SavedReport[]; runs?: ReportRun[]; previousUntil?: string } = {}) {
  const store = [...saved];
  let nextId = Math.max(0, ...store.map((r) => r.id)) + 1;
  const at = '2026-11-24T10:00:00.000Z';
  const taken = (name: string, except?: number) => store.some((r) => r.id !== except && r.name.toLowerCase() === name.toLowerCase());
  const nameTaken = () => json(409, { errorCode: 'NAME_TAKEN', error: 'You already have a saved report with this name.', fields: { name: 'You already have a saved report with this name.' } });
  const server = fakeFetch({
    [advertiserReportCsv.path]: csv,
    [publisherReportCsv.path]: csv,
    ...fakeEndpoint(advertiserReport, (_q, call) => {
      const report = sampleReport(call.query);
      return previousUntil && report.previous ? { ...report, previous: { from: previousUntil.slice(0, 10), to: previousUntil.slice(0, 10), until: previousUntil } } : report;
    }),
    ...fakeEndpoint(publisherReport, (_q, call) => ({ ...sampleReport(call.query), type: 'publisher' as const })),
    ...fakeEndpoint(savedReportList, (q) => {
      const items = store.filter((r) => !q.type || r.type === q.type).sort((a, b) => a.name.localeCompare(b.name));
      return { items, total: items.length, page: q.page, pageSize: q.pageSize };
    }),
    ...fakeEndpoint(createSavedReport, (input) => {
      if (taken(input.name)) return nameTaken();
      const report = { id: nextId++, ...input, version: 1, createdAt: at, updatedAt: at, schedule: null, nextRunAt: null };
      store.push(report);
      return report;
    }),
    ...fakeEndpoint(renameSavedReport, (input) => {
      const report = store.find((r) => r.id === input.id);
      if (!report) return json(404, { errorCode: 'NOT_FOUND', error: 'The saved report was not found.' });
      if (taken(input.name, report.id)) return nameTaken();
      Object.assign(report, { name: input.name, version: report.version + 1 });
      return report;
    }),
    ...fakeEndpoint(deleteSavedReport, (input) => {
      const index = store.findIndex((r) => r.id === input.id);
      if (index < 0) return json(404, { errorCode: 'NOT_FOUND', error: 'The saved report was not found.' });
      store.splice(index, 1);
      return { ok: true as const };
    }),
    ...fakeEndpoint(scheduleSavedReport, (input) => {
      const report = store.find((r) => r.id === input.id);
      if (!report) return json(404, { errorCode: 'NOT_FOUND', error: 'The saved report was not found.' });
      if (report.version !== input.version) return json(409, { errorCode: 'STALE_VERSION', error: 'The saved report was changed by someone else.' });
      // A schedule's next run, as the server would say it for 2026-11-24 10:00 UTC.
      Object.assign(report, { schedule: input.schedule, nextRunAt: input.schedule ? '2026-11-25T08:00:00.000Z' : null, version: report.version + 1 });
      return report;
    }),
    ...fakeEndpoint(savedReportRuns, (q) => {
      if (!store.some((r) => r.id === q.id)) return json(404, { errorCode: 'NOT_FOUND', error: 'The saved report was not found.' });
      const items = runs.filter((r) => r.savedReportId === q.id);
      return { items, total: items.length, page: q.page, pageSize: q.pageSize };
    }),
    [savedReportRunFile.path]: (call: Call) =>
      runs.some((r) => String(r.id) === call.query.get('id'))
        ? new Response(`\uFEFFCampaign,Impressions\r\nRun ${call.query.get('id')},2800\r\n`, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } })
        : json(404, { errorCode: 'NOT_FOUND', error: 'The report run was not found.' }),
    ...fakeEndpoint(accountOptions, (q) => ({
      items: ACCOUNTS.filter((a) => (!q.kind || a.kind === q.kind) && (!q.id || a.id === q.id) && a.name.toLowerCase().includes((q.search ?? '').toLowerCase())),
    })),
  });
  return { ...server, saved: store };
}

export const savedReport = (fields: Partial<SavedReport> & Pick<SavedReport, 'id' | 'name' | 'query'>): SavedReport => ({
  type: 'advertiser',
  version: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  schedule: null,
  nextRunAt: null,
  ...fields,
});

export const reportRun = (fields: Partial<ReportRun> & Pick<ReportRun, 'id' | 'savedReportId'>): ReportRun => ({
  createdAt: '2026-11-24T08:00:00.000Z',
  from: '2026-11-17',
  to: '2026-11-23',
  timeZone: 'UTC',
  rows: 12,
  bytes: 2048,
  truncated: false,
  expiresAt: '2026-12-24T08:00:00.000Z',
  ...fields,
});

const ROUTES = [
  { path: '/dataInsights', element: <PlatformInsightsPage /> },
  { path: '/dataInsights/:type', element: <ReportPage /> },
];

/** An advertiser's (or publisher's) report page. */
export const renderReport = (path = '/dataInsights/advertiser', powers: Power[] = ['insights.advertiser']) => renderPages({ routes: ROUTES, path, powers });

/** Staff's page (both types, every account or one). */
export const renderPlatform = (path = '/dataInsights') =>
  renderPages({
    routes: ROUTES,
    path,
    powers: ['insights.advertiser', 'insights.publisher', 'insights.platform', 'account.read'],
    user: { role: 'MsInternal', email: 'staff@demo.test', accountKind: 'internal', accountName: 'Ads Platform Operations' },
  });
