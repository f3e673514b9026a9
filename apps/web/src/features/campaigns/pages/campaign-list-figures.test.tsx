import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../shared/i18n/i18n';
import { aCampaign, fakeCampaignServer, PATHS, renderCampaigns, searchOf } from '../components/test-helpers';

afterEach(() => vi.unstubAllGlobals());

// The advertiser's list: figures for a named range with a totals row, the user's columns saved on
// the server, and bulk pause / resume.

const SLOW = { timeout: 30_000 };
const LONG = { timeout: 5_000 };

const rowOf = (name: string) => screen.getByText(name, { selector: '.list-name-link span' }).closest('tr')!;
const headers = () => [...document.querySelectorAll('.campaign-table thead th')].map((th) => th.textContent);
const totalsRow = () => document.querySelector('.campaign-table tfoot tr') as HTMLElement | null;

describe('Campaign list figures, columns and bulk actions', SLOW, () => {
  it('shows the range the figures are for, and the totals of every matching campaign, not only this page', async () => {
    // 25 campaigns, 20 a page: each with 100 impressions, 10 clicks and $1.00 spent.
    const campaigns = Array.from({ length: 25 }, (_, i) => aCampaign(i + 1, { status: 'active', impressions: 100, clicks: 10, spentMinor: 100, ctr: 0.1 }));
    const server = fakeCampaignServer({ campaigns });
    const { router } = renderCampaigns();
    await screen.findByRole('button', { name: 'Campaign 1' });

    // The range, named, with its days (the days campaigns run on are another filter).
    const select = screen.getByRole('combobox', { name: 'Figures for the period' }) as HTMLSelectElement;
    expect(select.value).toBe('last7');
    expect(select.selectedOptions[0]!.textContent).toBe('Last 7 days');
    expect(screen.getByText('Nov 20 – 26, 2026, your time zone')).toBeTruthy();

    // The totals: every campaign's (25, not 20), rates from the sums.
    const totals = within(totalsRow()!);
    expect(totals.getByText('Total')).toBeTruthy();
    expect(totals.getByText('25 campaigns')).toBeTruthy();
    expect(totals.getByText('2,500')).toBeTruthy();
    expect(totals.getByText('250')).toBeTruthy();
    expect(totals.getByText('$25.00')).toBeTruthy();
    expect(totals.getByText('10%')).toBeTruthy();

    // The conversion columns, with their definitions; clicks without conversions: a rate of 0, no cost.
    expect(headers()).toEqual(expect.arrayContaining(['Conversions', 'Conv. rate', 'Cost / conv.']));
    expect(screen.getByText('Conv. rate').getAttribute('title')).toMatch(/can pass 100 %/);
    const row = within(rowOf('Campaign 1'));
    expect(row.getByText('0%')).toBeTruthy();
    expect(row.getByText('—')).toBeTruthy();

    // Another range goes to the URL and the call, from page 1.
    await userEvent.selectOptions(select, 'last30');
    await waitFor(() => expect(searchOf(router)).toMatchObject({ range: 'last30' }));
    await waitFor(() => expect(server.callsTo(PATHS.list).at(-1)!.query.get('range')).toBe('last30'));
  });

  it('shows conversion rates as computed, past 100 % when clicks convert more than once', async () => {
    fakeCampaignServer({
      campaigns: [aCampaign(1, { name: 'Repeat buyers', status: 'active', impressions: 400, clicks: 4, spentMinor: 1_000, ...({ conversions: 6, conversionValue: 12_000 } as object) })],
    });
    renderCampaigns();
    const row = within(await waitFor(() => rowOf('Repeat buyers')));
    expect(row.getByText('6')).toBeTruthy();
    expect(row.getByText('150%')).toBeTruthy();
    expect(row.getByText('$1.67')).toBeTruthy();
  });

  it('applies the columns the user saved, and saves a change on the server', async () => {
    const server = fakeCampaignServer({ campaigns: [aCampaign(1, { status: 'active', objective: 'traffic' })], listColumns: ['objective', 'conversions'] });
    renderCampaigns();
    await screen.findByRole('button', { name: 'Campaign 1' });
    await waitFor(() => expect(headers()).toEqual(['', 'Name', 'Status', 'Objective', 'Conversions', 'Actions']));
    expect(within(rowOf('Campaign 1')).getByText('Traffic')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const group = screen.getByRole('group', { name: 'Columns shown' });
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Conversion value' }));
    await waitFor(() => expect(server.callsTo(PATHS.saveListColumns)[0]?.body).toEqual({ columns: ['objective', 'conversions', 'conversionValue'] }));
    await waitFor(() => expect(headers()).toContain('Conv. value'));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Objective' }));
    await waitFor(() => expect(headers()).not.toContain('Objective'));
    expect(server.callsTo(PATHS.saveListColumns).at(-1)!.body).toEqual({ columns: ['conversions', 'conversionValue'] });

    // Back to the defaults in one step.
    await userEvent.click(within(group).getByRole('button', { name: 'Default columns' }));
    await waitFor(() => expect(headers()).toContain('Budget'));
  });

  it('pauses the selected campaigns and says which could not be, and why', async () => {
    const server = fakeCampaignServer({
      campaigns: [aCampaign(1, { name: 'Running', status: 'active', version: 4 }), aCampaign(2, { name: 'Old idea', status: 'draft', version: 2 }), aCampaign(3, { name: 'Later', status: 'scheduled', version: 9 })],
    });
    renderCampaigns();
    await screen.findByRole('button', { name: 'Running' });
    for (const name of ['Running', 'Old idea', 'Later']) await userEvent.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
    const bar = screen.getByRole('region', { name: 'Selected campaigns' });
    expect(within(bar).getByText('3 selected')).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: /Pause/ }));
    await waitFor(() =>
      expect(server.callsTo(PATHS.bulk)[0]?.body).toEqual({
        action: 'pause',
        items: [
          { id: 1, version: 4 },
          { id: 2, version: 2 },
          { id: 3, version: 9 },
        ],
      }),
    );
    expect(await screen.findByText('2 campaigns paused; 1 could not be (its status does not allow it)', undefined, LONG)).toBeTruthy();
    // The selection is cleared, and the list asked again.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected campaigns' })).toBeNull());
    expect(server.callsTo(PATHS.list).length).toBeGreaterThan(1);
  });

  it('offers no selection to a reader', async () => {
    fakeCampaignServer({ campaigns: [aCampaign(1, { status: 'active' })] });
    renderCampaigns('/campaign/list', { powers: ['campaign.read'] });
    await screen.findByRole('button', { name: 'Campaign 1' });
    expect(screen.queryByRole('checkbox', { name: 'Select Campaign 1' })).toBeNull();
  });

  it('reads in Chinese for a zh-CN reader', async () => {
    await setLanguage('zh-CN');
    try {
      fakeCampaignServer({ campaigns: [aCampaign(1, { status: 'active', impressions: 10, clicks: 1, spentMinor: 5 })] });
      renderCampaigns();
      await screen.findByRole('button', { name: 'Campaign 1' });
      expect((screen.getByRole('combobox', { name: '数据的期间' }) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('过去 7 天');
      expect(headers()).toEqual(expect.arrayContaining(['转化次数', '转化率', '每次转化费用']));
      expect(within(totalsRow()!).getByText('总计')).toBeTruthy();
      expect(screen.getByRole('button', { name: '列' })).toBeTruthy();
    } finally {
      await setLanguage('en-US');
    }
  });
});
