import {
  advertiserOverview,
  platformAdvertiserOverview,
  platformPublisherOverview,
  publisherOverview,
  type AdvertiserOverview,
  type PublisherOverview,
} from '@ads/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEndpoint, fakeFetch, json } from '../../../test/fake-fetch';
import { renderPages } from '../../../test/render';
import AdvertiserOverviewPage from './advertiser-overview-page';
import PublisherOverviewPage from './publisher-overview-page';

// The dashboards against a fake of their calls: the KPI cards with each period's change, the
// trend's table for screen readers, the lists with their links, staff's platform view and the
// first steps of an account with nothing yet.

const ROUTES = [
  { path: '/advertiserOverview', element: <AdvertiserOverviewPage /> },
  { path: '/publisherOverview', element: <PublisherOverviewPage /> },
  { path: '*', element: <p>elsewhere</p> },
];

const trend = Array.from({ length: 30 }, (_, i) => ({
  at: new Date(Date.UTC(2026, 9, 25 + i)).toISOString().replace('.000', ''),
  values: { impressions: 100 + i, clicks: 1, ctr: 0.01, spend: 3000, requests: 400, fillRate: 0.25, revenue: 2100, ecpm: 21000, conversions: i % 3, conversionRate: i % 3, costPerConversion: i % 3 ? 3000 / (i % 3) : null, conversionValue: (i % 3) * 500 },
}));
const kpis = [
  { key: 'today' as const, days: { from: '2026-11-24', to: '2026-11-24' }, from: '2026-11-24T00:00:00Z', to: '2026-11-24T15:00:00Z', values: { impressions: 1500, clicks: 15, ctr: 0.01, spend: 45000, conversions: 3, conversionRate: 0.2, costPerConversion: 15000, conversionValue: 12000 }, previous: { impressions: 1000, clicks: 15, ctr: 0.015, spend: 45000, conversions: 2, conversionRate: 0.133333, costPerConversion: 22500, conversionValue: 8000 } },
  { key: 'yesterday' as const, days: { from: '2026-11-23', to: '2026-11-23' }, from: '', to: '', values: { impressions: 2000, clicks: 20, ctr: 0.01, spend: 60000, conversions: 0, conversionRate: 0, costPerConversion: null, conversionValue: 0 }, previous: { impressions: 4000, clicks: 0, ctr: 0, spend: 60000, conversions: 0, conversionRate: null, costPerConversion: null, conversionValue: 0 } },
  { key: 'last7' as const, days: { from: '2026-11-17', to: '2026-11-23' }, from: '', to: '', values: { impressions: 14000, clicks: 140, ctr: 0.01, spend: 420000, conversions: 7, conversionRate: 0.05, costPerConversion: 60000, conversionValue: 35000 }, previous: { impressions: 0, clicks: 0, ctr: null, spend: 0, conversions: 0, conversionRate: null, costPerConversion: null, conversionValue: 0 } },
];

const advertiser = (over: Partial<AdvertiserOverview> = {}): AdvertiserOverview => ({
  currency: 'USD',
  timeZone: 'UTC',
  asOf: '2026-11-24T15:00:00.000Z',
  started: true,
  kpis,
  trendDays: { from: '2026-10-25', to: '2026-11-23' },
  trend,
  topAccounts: null,
  reviewQueues: null,
  topCampaigns: [
    { id: 7, name: 'Spring Blend Launch', status: 'active', values: { impressions: 819, clicks: 7, ctr: 0.0085, spend: 287, conversions: 2 } },
    { id: 8, name: 'Autumn Roast', status: 'paused', values: { impressions: 90, clicks: 0, ctr: 0, spend: 27, conversions: 0 } },
  ],
  statusCounts: [
    { status: 'draft', count: 1 },
    { status: 'active', count: 2 },
  ],
  pacing: { counts: { onTrack: 0, under: 1, over: 0 }, campaigns: [{ id: 7, name: 'Spring Blend Launch', dailyBudget: 20000, spentToday: 5, expectedByNow: 12800, state: 'under' }] },
  attention: [
    { kind: 'rejected', campaignId: 9, name: 'Winter Warmers', reason: 'The offer is not on the landing page.', at: '2026-11-24T09:00:00.000Z' },
    { kind: 'idle', campaignId: 11, name: 'Cheap Beans', reason: 'floor', at: '2026-11-20T09:00:00.000Z' },
  ],
  ...over,
});

const publisher = (over: Partial<PublisherOverview> = {}): PublisherOverview => ({
  currency: 'USD',
  timeZone: 'UTC',
  asOf: '2026-11-24T15:00:00.000Z',
  started: true,
  kpis: kpis.map((k) => ({ ...k, values: { revenue: 2100, requests: 400, impressions: 100, fillRate: 0.25, ecpm: 21000, clicks: 1, ctr: 0.01 }, previous: { revenue: 2100, requests: 200, impressions: 100, fillRate: 0.5, ecpm: 21000, clicks: 1, ctr: 0.01 } })),
  trendDays: { from: '2026-10-25', to: '2026-11-23' },
  trend,
  topAccounts: null,
  reviewQueues: null,
  topSlots: [{ id: 3, name: 'Home leaderboard', status: 'live', values: { requests: 3303, impressions: 819, fillRate: 819 / 3303, revenue: 201, ecpm: 245 } }],
  statusCounts: [{ status: 'live', count: 3 }],
  pendingPlacements: { count: 1, items: [{ id: 5, campaign: 'Spring Blend Launch', advertiser: 'Contoso Coffee', slot: 'Article rectangle', since: '2026-09-24T00:00:00.000Z' }] },
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('Advertiser Overview', () => {
  it("shows today's KPIs against yesterday at this time, and each earlier period with its change", async () => {
    const server = fakeFetch(fakeEndpoint(advertiserOverview, () => advertiser()));
    renderPages({ routes: ROUTES, path: '/advertiserOverview', powers: ['overview.advertiser'] });
    const cards = within(await screen.findByRole('region', { name: 'Key figures' }));
    const impressions = within(cards.getByText('Impressions').closest('li')!);
    expect(impressions.getByText('1,500')).toBeTruthy();
    expect(impressions.getByText('+50% vs yesterday at this time')).toBeTruthy();
    expect(impressions.getByText('2,000')).toBeTruthy();
    expect(impressions.getByText('-50%')).toBeTruthy();
    // Nothing the 7 days before: no figure, said to screen readers.
    expect(impressions.getByText(/Nothing vs the 7 days before/)).toBeTruthy();
    expect(within(cards.getByText('Spend').closest('li')!).getByText('$450.00')).toBeTruthy();
    // The days each range covers, as the reports count them: past days end yesterday.
    const periods = screen.getByText(/^Today so far/).parentElement!;
    expect(within(periods).getByText('Yesterday: Nov 23, 2026')).toBeTruthy();
    expect(within(periods).getByText('Last 7 days: Nov 17 – 23, 2026')).toBeTruthy();
    expect(screen.getByText('Oct 25 – Nov 23, 2026, by day')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Top campaigns' })).getByText('By Spend, last 30 days (Oct 25 – Nov 23, 2026)')).toBeTruthy();
    // Asked in the reader's time zone.
    expect(server.callsTo(advertiserOverview.path)[0]!.query.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('shows conversions beside spend: today’s with its change, what they cost and brought, and a column of the top campaigns', async () => {
    fakeFetch(fakeEndpoint(advertiserOverview, () => advertiser()));
    renderPages({ routes: ROUTES, path: '/advertiserOverview', powers: ['overview.advertiser'] });
    const cards = within(await screen.findByRole('region', { name: 'Key figures' }));
    const card = within(cards.getByText('Conversions', { selector: '.overview-kpi-name' }).closest('li')!);
    expect(card.getByText('3', { selector: '.overview-kpi-value' }).getAttribute('title')).toBe('Conversions: those attributed to your ads’ clicks, counted when your site reported them');
    expect(card.getByText('+50% vs yesterday at this time')).toBeTruthy();
    // Cost per conversion is spend ÷ conversions: $450.00 ÷ 3.
    expect(card.getByText('$150.00 per conversion · $120.00 value')).toBeTruthy();
    // Yesterday's none, and the last 7 days' against nothing before.
    expect(card.getByText('0', { selector: '.overview-kpi-figure' })).toBeTruthy();
    expect(card.getByText('7', { selector: '.overview-kpi-figure' })).toBeTruthy();
    const top = within(screen.getByRole('region', { name: 'Top campaigns' }));
    expect(top.getByRole('columnheader', { name: 'Conversions' })).toBeTruthy();
    expect(within(top.getByRole('row', { name: /Spring Blend Launch/ })).getAllByRole('cell').at(-1)!.textContent).toBe('2');
    expect(within(top.getByRole('row', { name: /Autumn Roast/ })).getAllByRole('cell').at(-1)!.textContent).toBe('0');
    // And in the trend, one metric among the others.
    await userEvent.click(screen.getByRole('radio', { name: 'Conversions' }));
    expect(screen.getByRole('table', { name: 'Conversions, last 30 days' })).toBeTruthy();
  });

  it('says — for a cost per conversion without conversions', async () => {
    fakeFetch(fakeEndpoint(advertiserOverview, () => advertiser({ kpis: kpis.map((k) => ({ ...k, values: { ...k.values, conversions: 0, conversionRate: 0, costPerConversion: null, conversionValue: 0 } })) })));
    renderPages({ routes: ROUTES, path: '/advertiserOverview', powers: ['overview.advertiser'] });
    const cards = within(await screen.findByRole('region', { name: 'Key figures' }));
    const card = within(cards.getByText('Conversions', { selector: '.overview-kpi-name' }).closest('li')!);
    expect(card.getByText('— per conversion · $0.00 value')).toBeTruthy();
  });

  it('has the trend as a table for screen readers, switched by metric', async () => {
    fakeFetch(fakeEndpoint(advertiserOverview, () => advertiser()));
    renderPages({ routes: ROUTES, path: '/advertiserOverview', powers: ['overview.advertiser'] });
    const table = await screen.findByRole('table', { name: 'Spend, last 30 days' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    await userEvent.click(screen.getByRole('radio', { name: 'Impressions' }));
    const impressions = screen.getByRole('table', { name: 'Impressions, last 30 days' });
    expect(within(impressions).getByText('129')).toBeTruthy();
  });

  it('lists top campaigns, pacing and what needs attention with the reason, each linking to the campaign', async () => {
    fakeFetch(fakeEndpoint(advertiserOverview, () => advertiser()));
    const { router } = renderPages({ routes: ROUTES, path: '/advertiserOverview', powers: ['overview.advertiser'] });
    const top = within(await screen.findByRole('region', { name: 'Top campaigns' }));
    expect(top.getByRole('link', { name: 'Spring Blend Launch' }).getAttribute('href')).toBe('/campaign/list?campaign=7');
    const attention = within(screen.getByRole('region', { name: 'Needs attention' }));
    expect(attention.getByText('Reviewer: The offer is not on the landing page.')).toBeTruthy();
    expect(attention.getByText("Its bid is below every matching slot's floor price.")).toBeTruthy();
    const pacing = within(screen.getByRole('region', { name: 'Budget pacing today' }));
    expect(pacing.getByText('$0.05 of $200.00 · $128.00 expected by now')).toBeTruthy();
    await userEvent.click(within(screen.getByRole('region', { name: 'Campaigns by status' })).getByRole('link', { name: 'Active' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/campaign/list?status=active');
  });

  it('staff see the platform: every account, top advertisers and the review queues', async () => {
    const server = fakeFetch(
      fakeEndpoint(platformAdvertiserOverview, () =>
        advertiser({ attention: null, topAccounts: [{ id: 1, name: 'Contoso Coffee', values: { impressions: 819, spend: 287 } }], reviewQueues: [{ key: 'campaigns', count: 2, route: 'advertiserCampaign' }, { key: 'placements', count: 1, route: null }] }),
      ),
    );
    renderPages({ routes: ROUTES, path: '/advertiserOverview', powers: ['overview.advertiser', 'insights.platform'], user: { role: 'MsInternal', accountKind: 'internal' } });
    expect(within(await screen.findByRole('region', { name: 'Top advertisers' })).getByText('Contoso Coffee')).toBeTruthy();
    expect(screen.getByText(/All accounts on the platform/)).toBeTruthy();
    const queues = within(screen.getByRole('region', { name: 'Review queues' }));
    expect(queues.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/advertiserCampaign');
    expect(screen.queryByRole('region', { name: 'Needs attention' })).toBeNull();
    // Staff's campaigns page, not the advertiser's.
    expect(within(screen.getByRole('region', { name: 'Top campaigns' })).getByRole('link', { name: 'Spring Blend Launch' }).getAttribute('href')).toBe('/advertiserCampaign?campaign=7');
    expect(server.callsTo(advertiserOverview.path)).toHaveLength(0);
  });

  it('an account with nothing yet is told what to do first', async () => {
    fakeFetch(fakeEndpoint(advertiserOverview, () => advertiser({ started: false, topCampaigns: [], attention: [], pacing: { counts: { onTrack: 0, under: 0, over: 0 }, campaigns: [] } })));
    renderPages({ routes: ROUTES, path: '/advertiserOverview', powers: ['overview.advertiser'] });
    const first = within(await screen.findByRole('region', { name: 'Welcome! Create your first campaign' }));
    expect(first.getByRole('link', { name: 'Create a campaign' }).getAttribute('href')).toBe('/campaign/create');
    expect(screen.getByText('Nothing needs your attention. Well done.')).toBeTruthy();
    expect(screen.getByText('No active campaign with a daily budget.')).toBeTruthy();
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    let fail = true;
    fakeFetch({ [advertiserOverview.path]: () => (fail ? json(500, { errorCode: 'INTERNAL', error: 'boom' }) : json(200, advertiser())) });
    renderPages({ routes: ROUTES, path: '/advertiserOverview', powers: ['overview.advertiser'] });
    expect(await screen.findByText('The dashboard could not be loaded.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Top campaigns' })).toBeTruthy();
  });
});

describe('Publisher Overview', () => {
  it('shows revenue, requests, fill rate and eCPM, top slots and the placements waiting for review', async () => {
    fakeFetch(fakeEndpoint(publisherOverview, () => publisher()));
    renderPages({ routes: ROUTES, path: '/publisherOverview', powers: ['overview.publisher'], user: { accountKind: 'publisher' } });
    const requests = within((await screen.findByText('Ad requests', { selector: '.overview-kpi-name' })).closest('li')!);
    expect(requests.getAllByText('400')).toHaveLength(3);
    expect(requests.getByText('+100% vs yesterday at this time')).toBeTruthy();
    const fillRate = within(screen.getByText('Fill rate', { selector: '.overview-kpi-name' }).closest('li')!);
    expect(fillRate.getByText('-50% vs yesterday at this time')).toBeTruthy();
    // The rate is the counts said beside it divided: 100 of 400 is 25 %.
    expect(fillRate.getByText('25.00%', { selector: '.overview-kpi-value' })).toBeTruthy();
    expect(fillRate.getByText('Impressions ÷ ad requests: 100 ÷ 400')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Fill rate' }).getAttribute('title')).toBe('Fill rate: impressions ÷ ad requests');
    const top = within(screen.getByRole('region', { name: 'Top ad slots' }));
    expect(top.getByRole('link', { name: 'Home leaderboard' }).getAttribute('href')).toBe('/adSlotManagement/review?slot=3');
    const pending = within(screen.getByRole('region', { name: /Placements waiting for your review/ }));
    expect(pending.getByText('Spring Blend Launch by Contoso Coffee on Article rectangle')).toBeTruthy();
    expect(pending.getByRole('link', { name: 'Review all (1)' }).getAttribute('href')).toBe('/adPlacementManagement/review');
  });

  it('staff read the platform-wide call; a publisher with nothing yet gets first steps', async () => {
    fakeFetch(fakeEndpoint(platformPublisherOverview, () => publisher({ topAccounts: [{ id: 2, name: 'Fabrikam News', values: { revenue: 201 } }], reviewQueues: [] })));
    renderPages({ routes: ROUTES, path: '/publisherOverview', powers: ['overview.publisher', 'insights.platform'], user: { role: 'MsInternal', accountKind: 'internal' } });
    expect(within(await screen.findByRole('region', { name: 'Top publishers' })).getByText('Fabrikam News')).toBeTruthy();
  });

  it('a publisher with nothing yet is told to create an ad slot', async () => {
    fakeFetch(fakeEndpoint(publisherOverview, () => publisher({ started: false, topSlots: [], pendingPlacements: { count: 0, items: [] } })));
    renderPages({ routes: ROUTES, path: '/publisherOverview', powers: ['overview.publisher'], user: { accountKind: 'publisher' } });
    expect(within(await screen.findByRole('region', { name: 'Welcome! Create your first ad slot' })).getByRole('link', { name: 'Create an ad slot' })).toBeTruthy();
    expect(screen.getByText('No placement is waiting for review.')).toBeTruthy();
  });
});
