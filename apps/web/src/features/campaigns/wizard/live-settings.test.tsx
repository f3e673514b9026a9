import { updateCampaignSettings } from '@ads/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { aDetail, fakeCampaignServer, renderWizard } from './test-helpers';

// The wizard opened on a live campaign edits its settings (issue 29): one form, only what changed
// is sent, the server's field errors land under their fields, a stale version says so.

const SLOW = { timeout: 30_000 };
const UPDATE = updateCampaignSettings.path;

const live = (status: 'active' | 'scheduled' = 'active') =>
  aDetail(
    7,
    {
      name: 'Summer sale',
      objective: 'traffic',
      dailyBudgetMinor: 10_000,
      totalBudgetMinor: 100_000,
      startAt: '2026-10-01T00:00:00.000Z',
      bidStrategy: 'cpm',
      maxBidMinor: 300,
      adGroups: [
        {
          id: 70,
          name: 'Everyone',
          regions: ['US'],
          ads: [{ id: 71, format: 'image', imageId: 9, headline: 'Sale', description: 'Now.', landingUrl: 'https://shop.example.com' }],
        },
      ],
    },
    { status, spentMinor: 4_250, version: 3 },
  );

describe('live campaign settings', () => {
  it('shows what may change, sends only what changed and stays on the page', SLOW, async () => {
    const server = fakeCampaignServer({ campaigns: [live()] });
    server.answer(updateCampaignSettings, (request) => {
      expect(request).toEqual({ id: 7, version: 3, dailyBudgetMinor: 5_000, adGroups: [{ id: 70, bidOverrideMinor: 450 }] });
      return { ...live(), dailyBudgetMinor: 5_000, version: 4 };
    });
    renderWizard('/campaign/create?id=7');
    expect(await screen.findByRole('heading', { name: 'Edit campaign settings' })).toBeTruthy();
    expect(screen.getByText(/This campaign is active: changes apply to delivery as soon as you save them/)).toBeTruthy();
    // The objective and the start date stay; the spend is said beside the total budget.
    expect((screen.getByRole('radio', { name: /Traffic/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Start date') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Spent so far: $42.50 (the total budget cannot be lower).')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add ad group/ })).toBeNull();

    const daily = screen.getByLabelText('Daily budget (USD)');
    await userEvent.clear(daily);
    await userEvent.type(daily, '50');
    const override = screen.getByLabelText('Bid for this group (USD, optional)');
    await userEvent.type(override, '4.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved: delivery uses them now.')).toBeTruthy();
    expect(server.callsTo(UPDATE)).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Edit campaign settings' })).toBeTruthy();
  });

  it("puts the server's field errors under their fields, and says a stale version with a way to reload", SLOW, async () => {
    const server = fakeCampaignServer({ campaigns: [live()] });
    let calls = 0;
    server.answer(updateCampaignSettings, () =>
      ++calls === 1
        ? json(400, {
            errorCode: 'VALIDATION_FAILED',
            error: 'Please correct the highlighted fields.',
            fields: { totalBudgetMinor: 'The total budget cannot be less than what the campaign has already spent (4250 cents).' },
          })
        : json(409, { errorCode: 'STALE_VERSION', error: 'The campaign was changed by someone else.' }),
    );
    renderWizard('/campaign/create?id=7');
    const total = await screen.findByLabelText('Total budget (USD)');
    await userEvent.clear(total);
    await userEvent.type(total, '100');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The total budget cannot be less than what the campaign has already spent ($42.50).')).toBeTruthy();
    expect(document.querySelector('[data-field-error="totalBudgetMinor"]')).toBeTruthy();

    await userEvent.clear(total);
    await userEvent.type(total, '2000');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findAllByText(/Someone else changed this campaign since you opened it. Reload it to see their changes, then make yours again./)).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /Reload/ })).toBeTruthy();
  });

  it('lets a scheduled campaign move its start date', SLOW, async () => {
    fakeCampaignServer({ campaigns: [live('scheduled')] });
    renderWizard('/campaign/create?id=7');
    const start = (await screen.findByLabelText('Start date')) as HTMLInputElement;
    expect(start.disabled).toBe(false);
    expect(screen.getByText(/This campaign is scheduled/)).toBeTruthy();
  });
});
