import { campaignForecast, type ForecastRequest } from '@ads/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aDetail, aForecast, fakeCampaignServer, renderWizard } from './test-helpers';

const SLOW = { timeout: 30_000 };

const draft = (over: Parameters<typeof aDetail>[1] = {}) =>
  aDetail(5, {
    name: 'Spring launch',
    objective: 'traffic',
    dailyBudgetMinor: 5000,
    totalBudgetMinor: 100000,
    startAt: '2027-03-01T00:00:00.000Z',
    bidStrategy: 'cpm',
    maxBidMinor: 250,
    adGroups: [{ name: 'Coffee lovers', regions: ['US'], devices: ['mobile'], slotMode: 'all', slotIds: [], bidOverrideMinor: null, ads: [{ format: 'image', imageId: 9, headline: 'Fresh' }] }],
    ...over,
  });

const panel = () => screen.getByRole('region', { name: 'Forecast' });
const forecastCalls = (server: ReturnType<typeof fakeCampaignServer>) => server.callsTo(campaignForecast.path).map((call) => call.body as ForecastRequest);

describe('campaign wizard: forecast', SLOW, () => {
  it('asks once the budget and bid are filled, shows expected (low – high) a day, and asks again after a change settles', async () => {
    const server = fakeCampaignServer({ campaigns: [draft()] });
    server.answer(campaignForecast, (request) => aForecast(request.maxBidMinor >= 500 ? 2000 : 1000));
    renderWizard('/campaign/create?id=5');
    await screen.findByDisplayValue('Spring launch');
    await userEvent.click(screen.getByText('Budget & schedule'));
    await screen.findByRole('region', { name: 'Forecast' });

    expect(await within(panel()).findByText('1,000 (800 – 1,200)')).toBeTruthy();
    expect(within(panel()).getByText('10 (8 – 12)')).toBeTruthy();
    expect(within(panel()).getByText('$2.50 ($2.00 – $3.00)')).toBeTruthy();
    expect(within(panel()).getByText(/Eligible slots: 2 · matching ad requests a day: 1,500/)).toBeTruthy();
    const [first] = forecastCalls(server);
    // What decides where ads show, and nothing the ad's texts hold.
    expect(first).toMatchObject({ dailyBudgetMinor: 5000, bidStrategy: 'cpm', maxBidMinor: 250, adGroups: [{ regions: ['US'], devices: ['mobile'], slotMode: 'all', ads: [{ format: 'image', imageId: 9 }] }] });
    expect(JSON.stringify(first)).not.toContain('Fresh');

    // Typing a new bid asks once, after the typing stopped.
    const bid = screen.getByLabelText('Maximum bid (USD)');
    await userEvent.clear(bid);
    await userEvent.type(bid, '5');
    expect(await within(panel()).findByText('2,000 (1,600 – 2,400)')).toBeTruthy();
    await waitFor(() => expect(forecastCalls(server).at(-1)?.maxBidMinor).toBe(500));
    expect(forecastCalls(server).filter((r) => r.maxBidMinor === 500)).toHaveLength(1);
  });

  it('says a bid below the floor and a budget that limits delivery before submission, and waits for a bid', async () => {
    const server = fakeCampaignServer({ campaigns: [draft()] });
    server.answer(campaignForecast, () =>
      aForecast(300, {
        warnings: [
          { code: 'bidBelowFloor', minBidMinor: 150 },
          { code: 'budgetLimited', moreImpressions: 900, budgetNeededMinor: 20000 },
        ],
      }),
    );
    renderWizard('/campaign/create?id=5');
    await screen.findByDisplayValue('Spring launch');
    await userEvent.click(screen.getByText('Review'));
    await screen.findByRole('region', { name: 'Forecast' });
    expect(await within(panel()).findByText('The bid is below the floor of every slot it could show on: nothing would deliver. Bid at least $1.50.')).toBeTruthy();
    expect(within(panel()).getByText('The daily budget limits delivery: about 900 more impressions a day could be bought, for a daily budget of $200.00.')).toBeTruthy();

    await userEvent.click(screen.getAllByText('Budget & schedule')[0]!);
    await userEvent.clear(await screen.findByLabelText('Maximum bid (USD)'));
    expect(await within(panel()).findByText('Fill in the daily budget, how you bid and the maximum bid to see a forecast.')).toBeTruthy();
  });

  it('forecasts the flight to the end date, says when the total budget runs out first, and that caps are not counted', async () => {
    const server = fakeCampaignServer({ campaigns: [draft({ endAt: '2027-03-10T23:59:59.999Z', frequencyCap: { impressions: 3, period: 'day' } })] });
    server.answer(campaignForecast, () =>
      aForecast(1000, {
        flight: {
          days: 10,
          fundedDays: 4,
          impressions: { low: 3200, expected: 4000, high: 4800 },
          clicks: { low: 32, expected: 40, high: 48 },
          spendMinor: { low: 100000, expected: 100000, high: 100000 },
        },
        warnings: [{ code: 'totalBudgetEndsEarly', fundedDays: 4 }],
      }),
    );
    renderWizard('/campaign/create?id=5');
    await screen.findByDisplayValue('Spring launch');
    await userEvent.click(screen.getByText('Budget & schedule'));
    await screen.findByRole('region', { name: 'Forecast' });
    const flight = await within(panel()).findByRole('region', { name: 'Over the flight: 10 days to the end date' });
    expect(within(flight).getByText('4,000 (3,200 – 4,800)')).toBeTruthy();
    expect(within(flight).getByText('$1,000.00 ($1,000.00 – $1,000.00)')).toBeTruthy();
    expect(within(panel()).getByText('At the expected daily spend the total budget runs out after about 4 days, before the end date.')).toBeTruthy();
    expect(within(panel()).getByText(/The forecast does not count the frequency cap/)).toBeTruthy();
    expect(forecastCalls(server)[0]).toMatchObject({ startAt: '2027-03-01T00:00:00.000Z', endAt: expect.stringMatching(/^2027-03-1[01]T/) });
  });

  it('says when the forecast cannot be had', async () => {
    const server = fakeCampaignServer({ campaigns: [draft()] });
    server.handle(campaignForecast.path, () => new Response('{}', { status: 500 }));
    renderWizard('/campaign/create?id=5');
    await screen.findByDisplayValue('Spring launch');
    await userEvent.click(screen.getByText('Budget & schedule'));
    await screen.findByRole('region', { name: 'Forecast' });
    expect(await within(panel()).findByText('The forecast is not available right now.')).toBeTruthy();
  });
});
