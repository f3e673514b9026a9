import { accountOptions, advertiserReport, publisherReport } from '@ads/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchOf } from '../../../test/render';
import { renderPlatform, serveInsights } from '../test-helpers';

// Staff's page: either type, every account's figures or one account's, picked by name.

afterEach(() => vi.unstubAllGlobals());

const reportCalls = (server: ReturnType<typeof serveInsights>, path: string) => server.callsTo(path).filter((call) => !call.query.has('metrics'));
const option = (title: string) => waitFor(() => [...document.querySelectorAll<HTMLElement>(`.ant-select-item-option[title="${title}"]`)].at(-1)!);

// Whole pages (antd, tables, the chart's table) render slowly on a busy machine.
describe('Staff’s data insights', { timeout: 30_000 }, () => {
  it('picks one account of the report’s type by name: in the URL and the report’s call; All accounts again drops it', async () => {
    const server = serveInsights();
    const { router } = renderPlatform('/dataInsights?type=publisher&campaign=3&slot=9&device=mobile');
    await screen.findByRole('list', { name: 'Totals' });
    expect(reportCalls(server, publisherReport.path)[0]!.query.has('accountId')).toBe(false);
    const user = userEvent.setup();

    // The picker loads with antd, after the page's first view.
    const picker = await screen.findByRole('combobox', { name: 'Account' });
    await user.click(picker);
    await user.type(picker, 'Fabrikam');
    await waitFor(() => expect(server.callsTo(accountOptions.path).some((call) => call.query.get('search') === 'Fabrikam' && call.query.get('kind') === 'publisher')).toBe(true));
    await user.click(await option('Fabrikam News'));

    // Another account's records are no filter: the slot goes, the device stays; the type is kept.
    expect(searchOf(router)).toEqual({ type: 'publisher', accountId: '2', device: 'mobile' });
    await waitFor(() => expect(reportCalls(server, publisherReport.path).at(-1)!.query.get('accountId')).toBe('2'));
    expect(reportCalls(server, publisherReport.path).at(-1)!.query.get('device')).toBe('mobile');
    expect(within(picker.closest('.ant-select')!).getByText('Fabrikam News')).toBeTruthy();

    await user.click(picker);
    await user.click(await option('All accounts'));
    expect(searchOf(router)).toEqual({ type: 'publisher', device: 'mobile' });
  });

  it('switches between the two report types with a plain radio group, keeping the date range and what both types have', async () => {
    const server = serveInsights();
    const { router } = renderPlatform('/dataInsights?range=custom&from=2026-10-01&to=2026-10-31&granularity=week&compare=1&dims=campaign,region&sort=spend&campaign=7&accountId=5&device=mobile&page=2');
    await screen.findByRole('list', { name: 'Totals' });
    const types = screen.getByRole('radiogroup', { name: 'Report type' });
    expect((within(types).getByRole('radio', { name: 'Advertisers' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(types).getByText('Publishers'));
    // The advertiser's account, campaign, breakdown and sort are the other type's alone: they go.
    expect(searchOf(router)).toEqual({ type: 'publisher', range: 'custom', from: '2026-10-01', to: '2026-10-31', granularity: 'week', compare: '1', dims: 'region', device: 'mobile' });
    await waitFor(() => expect(reportCalls(server, publisherReport.path)).not.toHaveLength(0));
    expect(reportCalls(server, publisherReport.path).at(-1)!.query.get('from')).toBe('2026-10-01');
    expect(reportCalls(server, publisherReport.path).at(-1)!.query.get('to')).toBe('2026-10-31');
    expect((within(types).getByRole('radio', { name: 'Publishers' }) as HTMLInputElement).checked).toBe(true);

    // And back: still the same period.
    await userEvent.click(within(types).getByText('Advertisers'));
    expect(searchOf(router)).toEqual({ range: 'custom', from: '2026-10-01', to: '2026-10-31', granularity: 'week', compare: '1', dims: 'region', device: 'mobile' });
    await waitFor(() => expect(reportCalls(server, advertiserReport.path).at(-1)!.query.get('to')).toBe('2026-10-31'));
  });

  it('keeps a named range across the types', async () => {
    serveInsights();
    const { router } = renderPlatform('/dataInsights?type=publisher&range=last30');
    await screen.findByRole('list', { name: 'Totals' });
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Report type' })).getByText('Advertisers'));
    expect(searchOf(router)).toEqual({ range: 'last30' });
  });

  it('opened on an account, names it (asked by id) and keeps the type when settings change', async () => {
    const server = serveInsights();
    const { router } = renderPlatform('/dataInsights?type=publisher&accountId=3');
    await screen.findByRole('list', { name: 'Totals' });
    await waitFor(() => expect(server.callsTo(accountOptions.path).some((call) => call.query.get('id') === '3')).toBe(true));
    expect(await within(screen.getByRole('combobox', { name: 'Account' }).closest('.ant-select')!).findByText('Fabrikam Sports')).toBeTruthy();
    expect(reportCalls(server, publisherReport.path)[0]!.query.get('accountId')).toBe('3');

    await userEvent.click(screen.getByRole('switch', { name: 'Compare with the previous period' }));
    expect(searchOf(router)).toEqual({ type: 'publisher', accountId: '3', compare: '1' });
    await waitFor(() => expect(reportCalls(server, publisherReport.path).at(-1)!.query.get('compare')).toBe('true'));
    expect(server.callsTo(advertiserReport.path)).toHaveLength(0);
  });
});
