import { advertiserReport, campaignDetail, campaignHistory, type CampaignHistoryEntry, type Report } from '@ads/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeEndpoint, fakeFetch, json } from '../../../test/fake-fetch';
import { renderPages } from '../../../test/render';
import { aCampaign, aDetail } from '../components/test-helpers';
import CampaignViewPage from '../pages/campaign-view-page';

// The campaign page (issue 29): header and actions, figures from the advertiser report filtered to
// the campaign, tabs, and the change history read as people read it; another account's id is 404.

const routes = [
  { path: '/campaign/view', element: <CampaignViewPage /> },
  { path: '/campaign/list', element: <p>The list</p> },
];

const live = aDetail(aCampaign(7, { name: 'Winter push', status: 'active', reviewOutcome: 'approved' }));

const reportOf = (payload: { from: string; to: string; timeZone: string; granularity: Report['granularity'] }, rows: Report['rows'] = []): Report => ({
  type: 'advertiser',
  currency: 'USD',
  timeZone: payload.timeZone,
  granularity: payload.granularity,
  from: payload.from,
  to: payload.to,
  previous: null,
  dimensions: rows.length ? ['slot'] : [],
  metrics: ['impressions', 'clicks', 'ctr', 'spend', 'conversions', 'conversionValue'],
  series: [
    { at: `${payload.from}T00:00:00.000Z`, values: { impressions: 1200, clicks: 30, ctr: 0.025, spend: 4_560, conversions: 2, conversionValue: 9_000 } },
    { at: `${payload.to}T00:00:00.000Z`, values: { impressions: 34, clicks: 1, ctr: 1 / 34, spend: 100, conversions: 0, conversionValue: 0 } },
  ],
  previousSeries: null,
  rows,
  total: rows.length,
  page: 1,
  pageSize: 50,
  totals: { impressions: 1234, clicks: 31, ctr: 31 / 1234, spend: 4_660, conversions: 2, conversionValue: 9_000 },
  previousTotals: null,
});

const entries: CampaignHistoryEntry[] = [
  {
    id: '12',
    at: '2026-11-19T09:00:00.000Z',
    action: 'campaign.update',
    actor: { id: 2, name: 'Avery', email: 'advertiser@demo.test' },
    reason: null,
    currency: 'USD',
    changes: [
      { field: 'dailyBudgetMinor', adGroup: null, before: 10_000, after: 4_000 },
      { field: 'regions', adGroup: { id: 1, name: 'Group 1' }, before: [], after: ['US', 'GB'] },
      { field: 'slotIds', adGroup: { id: 1, name: 'Group 1' }, before: [], after: [31] },
    ],
    ad: null,
    rejectedAds: [],
    rejectedImages: [],
  },
  {
    id: '11',
    at: '2026-11-18T00:00:00.000Z',
    action: 'campaign.start',
    actor: null,
    reason: null,
    currency: 'USD',
    changes: [{ field: 'status', adGroup: null, before: 'scheduled', after: 'active' }],
    ad: null,
    rejectedAds: [],
    rejectedImages: [],
  },
  {
    id: '10',
    at: '2026-11-17T08:00:00.000Z',
    action: 'campaign.reject',
    actor: { id: 9, name: 'Sam Staff', email: 'staff@demo.test' },
    reason: 'Blurry image',
    currency: 'USD',
    changes: [{ field: 'status', adGroup: null, before: 'pending_review', after: 'rejected' }],
    ad: null,
    rejectedAds: [{ id: 1, headline: 'Headline 1', reason: 'Too vague' }],
    rejectedImages: [],
  },
];

function server() {
  const calls = { reports: [] as Record<string, unknown>[] };
  const fetch = fakeFetch({
    ...fakeEndpoint(campaignDetail, ({ id }) => (id === 7 ? live : json(404, { errorCode: 'NOT_FOUND', error: 'The campaign was not found.' }))),
    ...fakeEndpoint(advertiserReport, (payload) => {
      calls.reports.push(payload);
      return reportOf(payload, payload.dimensions?.includes('slot') ? [{ keys: [{ dimension: 'slot', id: '31', label: 'Home top banner' }], values: { impressions: 1234, clicks: 31, ctr: 31 / 1234, spend: 4_660, conversions: 2, conversionValue: 9_000 }, previous: null }] : []);
    }),
    ...fakeEndpoint(campaignHistory, ({ id, page, pageSize }) => ({ items: id === 7 ? entries : [], total: 3, page, pageSize, slots: [{ id: 31, name: 'Home top banner' }] })),
  });
  return { fetch, calls };
}

describe('the campaign page', () => {
  it("shows the campaign, its figures by day from the report filtered to it, and its actions", async () => {
    const { calls } = server();
    renderPages({ routes, path: '/campaign/view?id=7&range=last7', powers: ['campaign.read', 'campaign.write', 'insights.advertiser'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Winter push' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Pause/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Edit settings/ })).toBeTruthy();
    const totals = await screen.findByRole('list', { name: 'Totals for the range' });
    expect(within(totals).getByText('1,234')).toBeTruthy();
    expect(within(totals).getByText('$46.60')).toBeTruthy();
    const table = screen.getAllByRole('region', { name: 'By day' }).at(-1)!;
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('row', { name: /Total/ }).textContent).toContain('$90.00');
    expect(calls.reports[0]).toMatchObject({ campaign: [7], granularity: 'day' });
    expect((screen.getByRole('combobox', { name: 'Date range' }) as HTMLSelectElement).value).toBe('last7');
  });

  it('reads the change history: who, when, each field before → after, the platform as System', async () => {
    server();
    renderPages({ routes, path: '/campaign/view?id=7&tab=history', powers: ['campaign.read', 'insights.advertiser'] });
    const history = await screen.findByRole('list', { name: 'Changes, newest first' });
    const items = within(history).getAllByRole('listitem').filter((item) => item.classList.contains('campaign-history-entry'));
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('Settings changed');
    expect(items[0]!.textContent).toContain('Avery (advertiser@demo.test)');
    expect(items[0]!.textContent).toContain('Daily budget$100.00 → $40.00');
    expect(items[0]!.textContent).toContain('Ad group “Group 1” · RegionsAll regions → United States, United Kingdom');
    expect(items[0]!.textContent).toContain('Chosen ad slotsNone → Home top banner');
    expect(items[1]!.textContent).toContain('by System');
    expect(items[1]!.textContent).toContain('Scheduled → Active');
    expect(items[2]!.textContent).toContain('Reason: Blurry image');
    expect(items[2]!.textContent).toContain('Ad “Headline 1”: Too vague');
  });

  it('shows the placements tab from the report by slot', async () => {
    const { calls } = server();
    renderPages({ routes, path: '/campaign/view?id=7', powers: ['campaign.read', 'insights.advertiser'] });
    await userEvent.click(await screen.findByRole('tab', { name: 'Placements' }));
    expect(await screen.findByRole('rowheader', { name: 'Home top banner' })).toBeTruthy();
    await waitFor(() => expect(calls.reports.some((r) => (r.dimensions as string[] | undefined)?.includes('slot'))).toBe(true));
  });

  it("answers another account's or an unknown campaign with the not-found state", async () => {
    server();
    renderPages({ routes, path: '/campaign/view?id=8', powers: ['campaign.read', 'insights.advertiser'] });
    expect(await screen.findByText('This campaign does not exist, or it is not yours to see.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to campaigns' })).toBeTruthy();
  });

  it('shows the not-found state for a missing id without calling', async () => {
    const { fetch } = server();
    renderPages({ routes, path: '/campaign/view', powers: ['campaign.read'] });
    expect(await screen.findByText('This campaign does not exist, or it is not yours to see.')).toBeTruthy();
    expect(fetch.callsTo(campaignDetail.path)).toHaveLength(0);
  });
});
