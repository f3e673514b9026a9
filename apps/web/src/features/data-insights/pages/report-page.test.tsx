import { advertiserReport, advertiserReportCsv, publisherReport, type Report } from '@ads/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEndpoint, fakeFetch, type Call } from '../../../test/fake-fetch';
import { renderPages, searchOf } from '../../../test/render';
import ReportPage from './report-page';

// The report page against a fake of the two report calls: settings go to the URL and to the call,
// totals and rows show with their changes, and the trend has a table for screen readers.

const series = (values: number[]) => values.map((impressions, i) => ({ at: `2026-11-${String(18 + i).padStart(2, '0')}T00:00:00Z`, values: { impressions, clicks: 1, ctr: 0.01, spend: 100, cpm: 300, cpc: 30 } }));

const report = (query: URLSearchParams): Report => {
  const compare = query.get('compare') === 'true';
  const dims = (query.get('dimensions') ?? '').split(',').filter(Boolean) as Report['dimensions'];
  return {
    type: 'advertiser',
    currency: 'USD',
    timeZone: query.get('timeZone') ?? 'UTC',
    granularity: 'day',
    from: query.get('from')!,
    to: query.get('to')!,
    previous: compare ? { from: '2026-11-11', to: '2026-11-17' } : null,
    dimensions: dims,
    metrics: ['impressions', 'clicks', 'ctr', 'spend', 'cpm', 'cpc'],
    series: series([100, 200, 300, 400, 500, 600, 700]),
    previousSeries: compare ? series([50, 50, 50, 50, 50, 50, 50]) : null,
    rows: dims.length
      ? [
          { keys: dims.map((d) => ({ dimension: d, id: d === 'device' ? 'mobile' : '7', label: d === 'device' ? 'mobile' : 'Spring Blend Launch' })), values: { impressions: 2000, clicks: 20, ctr: 0.01, spend: 60000, cpm: 3000, cpc: 3000 }, previous: compare ? { impressions: 1000, clicks: 20, ctr: 0.02, spend: 30000, cpm: 3000, cpc: 1500 } : null },
          { keys: dims.map((d) => ({ dimension: d, id: d === 'device' ? 'desktop' : '8', label: d === 'device' ? 'desktop' : 'Autumn Roast' })), values: { impressions: 800, clicks: 8, ctr: 0.01, spend: 24000, cpm: 3000, cpc: 3000 }, previous: compare ? { impressions: 0, clicks: 0, ctr: null, spend: 0, cpm: null, cpc: null } : null },
        ]
      : [],
    total: dims.length ? 2 : 0,
    page: 1,
    pageSize: 25,
    totals: { impressions: 2800, clicks: 28, ctr: 0.01, spend: 84000, cpm: 3000, cpc: 3000 },
    previousTotals: compare ? { impressions: 1400, clicks: 28, ctr: 0.02, spend: 42000, cpm: 3000, cpc: 1500 } : null,
  };
};

const serve = () =>
  fakeFetch({
    [advertiserReportCsv.path]: (_call: Call) => new Response('\uFEFFCampaign,Impressions\r\nTotal,2800\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    ...fakeEndpoint(advertiserReport, (_q, call) => report(call.query)),
    ...fakeEndpoint(publisherReport, (_q, call) => ({ ...report(call.query), type: 'publisher' as const })),
  });

const renderReport = (path = '/dataInsights/advertiser') =>
  renderPages({ routes: [{ path: '/dataInsights/:type', element: <ReportPage /> }], path, powers: ['insights.advertiser'] });

afterEach(() => vi.unstubAllGlobals());

describe('Advertiser Reports', () => {
  it('asks for the last 7 days by day in the reader’s time zone and shows the totals and the trend’s table', async () => {
    const server = serve();
    renderReport();
    expect(await screen.findByRole('heading', { name: 'Advertiser Reports' })).toBeTruthy();
    const totals = within(await screen.findByRole('list', { name: 'Totals' }));
    expect(totals.getByText('2,800')).toBeTruthy();
    expect(totals.getByText('$840.00')).toBeTruthy();
    const [call] = server.callsTo(advertiserReport.path);
    expect(call!.query.get('granularity')).toBe('day');
    expect(call!.query.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const days = (Date.parse(`${call!.query.get('to')}T00:00:00Z`) - Date.parse(`${call!.query.get('from')}T00:00:00Z`)) / 86_400_000 + 1;
    expect(days).toBe(7);
    // The chart's figures, for screen readers.
    const trend = within(screen.getByRole('table', { name: 'Trend of Impressions' }));
    expect(trend.getAllByRole('row')).toHaveLength(8);
    expect(trend.getByText('700')).toBeTruthy();
    expect(screen.getByText(/Choose a breakdown above/)).toBeTruthy();
  });

  it('keeps a breakdown and the comparison in the URL, and shows each row’s change', async () => {
    const server = serve();
    const { router } = renderReport('/dataInsights/advertiser?dims=campaign');
    expect(await screen.findByText('Spring Blend Launch')).toBeTruthy();
    await userEvent.click(screen.getByRole('switch', { name: 'Compare with the previous period' }));
    expect(searchOf(router)).toMatchObject({ dims: 'campaign', compare: '1' });
    expect(await screen.findByText('Compared with 2026-11-11 – 2026-11-17', { exact: false })).toBeTruthy();
    expect(server.callsTo(advertiserReport.path).at(-1)!.query.get('compare')).toBe('true');
    const totals = within(screen.getByRole('list', { name: 'Totals' }));
    expect(totals.getAllByText('+100% vs previous period').length).toBeGreaterThan(0);
    expect(totals.getAllByText('No change')).toHaveLength(2);
    const spring = screen.getByRole('row', { name: /Spring Blend Launch/ });
    // Impressions, spend and CPC doubled; the click-through rate halved; the clicks stayed.
    expect(within(spring).getAllByText('+100%')).toHaveLength(3);
    expect(within(spring).getByText('-50%')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /^Total/ })).getByText('2,800')).toBeTruthy();
  });

  it('sorts by a column through the call', async () => {
    const server = serve();
    const { router } = renderReport('/dataInsights/advertiser?dims=campaign');
    await screen.findByText('Spring Blend Launch');
    await userEvent.click(screen.getByRole('columnheader', { name: /Clicks/ }));
    expect(searchOf(router)).toMatchObject({ sort: 'clicks' });
    expect(server.callsTo(advertiserReport.path).at(-1)!.query.get('sort')).toBe('clicks');
  });

  it('exports the report shown as CSV: the same settings, every row (no page), the reader’s language', async () => {
    const server = serve();
    const made: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (made.push(blob), 'blob:report')), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderReport('/dataInsights/advertiser?dims=campaign&compare=1');
    await screen.findByText('Spring Blend Launch');
    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    const [call] = server.callsTo(advertiserReportCsv.path);
    expect(call!.query.get('dimensions')).toBe('campaign');
    expect(call!.query.get('compare')).toBe('true');
    expect(call!.query.get('language')).toBe('en-US');
    expect(call!.query.has('page')).toBe(false);
    expect(await made[0]!.text()).toBe('\uFEFFCampaign,Impressions\r\nTotal,2800\r\n');
  });
});
