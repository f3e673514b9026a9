import { advertiserReport, createSavedReport, deleteSavedReport, publisherReport, renameSavedReport } from '@ads/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchOf } from '../../../test/render';
import { renderPlatform, renderReport, savedReport, serveInsights } from '../test-helpers';

// Saved reports from the report page's head: saving the settings shown under a name, the list of
// the user's own, reopening one (the page goes to its settings) and deleting it.

afterEach(() => vi.unstubAllGlobals());

/** The report's own calls (a filter's picker or chips ask for impressions only). */
const reportCalls = (server: ReturnType<typeof serveInsights>, path: string = advertiserReport.path) => server.callsTo(path).filter((call) => !call.query.has('metrics'));

/**
 * The dialog open, checked by its title (antd names its dialogs by an id that is the same for
 * every antd element in tests, so the accessible name cannot be trusted here).
 */
const dialogTitled = async (title: string) => {
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(within(dialog).getAllByText(title).length).toBeGreaterThan(0));
  return within(dialog);
};

const openList = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'Saved reports' }));
  return within(await screen.findByRole('region', { name: 'Saved reports' }));
};

// Whole pages (antd, tables, the chart's table) render slowly on a busy machine.
describe('Saved reports', { timeout: 30_000 }, () => {
  it('saves the settings shown under a name (the page’s query, without the page); a name in use is said under the field', async () => {
    const server = serveInsights({ saved: [savedReport({ id: 1, name: 'Weekly', query: 'range=last7' })] });
    renderReport('/dataInsights/advertiser?range=last30&dims=campaign&region=US&page=2');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save report' }));
    const dialog = await dialogTitled('Save this report');
    await user.type(dialog.getByLabelText('Name'), 'weekly');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    // The server refuses the name: said under the field, the dialog stays.
    expect(await dialog.findByText('You already have a saved report with this name.')).toBeTruthy();

    await user.clear(dialog.getByLabelText('Name'));
    await user.type(dialog.getByLabelText('Name'), '  US campaigns, last 30 days ');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved “US campaigns, last 30 days”. Open it again from Saved reports.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo(createSavedReport.path).map((call) => call.body)).toEqual([
      { type: 'advertiser', name: 'weekly', query: 'range=last30&dims=campaign&region=US' },
      { type: 'advertiser', name: 'US campaigns, last 30 days', query: 'range=last30&dims=campaign&region=US' },
    ]);

    // It is in the list, marked as the one shown.
    const list = await openList(user);
    const shown = await list.findByRole('button', { name: 'Open “US campaigns, last 30 days”' });
    expect(shown.getAttribute('aria-current')).toBe('page');
    expect(list.getByText('2 of 50')).toBeTruthy();
  });

  it('refuses a name with direction marks before calling, in the dialog', async () => {
    const server = serveInsights();
    renderReport();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save report' }));
    const dialog = await dialogTitled('Save this report');
    await user.type(dialog.getByLabelText('Name'), 'report\u202Etxt');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(/text-direction marks/)).toBeTruthy();
    expect(server.callsTo(createSavedReport.path)).toHaveLength(0);
  });

  it('reopens a saved report: the page goes to its settings and asks for that report', async () => {
    const server = serveInsights({
      saved: [
        savedReport({ id: 1, name: 'Regions, last 30 days', query: 'range=last30&dims=region&device=mobile' }),
        savedReport({ id: 2, name: 'Campaigns compared', query: 'dims=campaign&compare=1' }),
      ],
    });
    const { router } = renderReport('/dataInsights/advertiser?granularity=week');
    const user = userEvent.setup();
    const list = await openList(user);
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Campaigns compared', 'Regions, last 30 days']);
    // The list loads when first asked for; the focus stays on the button that asked.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Saved reports', expanded: true }));
    await user.click(list.getByRole('button', { name: 'Open “Regions, last 30 days”' }));

    expect(router.state.location.pathname).toBe('/dataInsights/advertiser');
    expect(searchOf(router)).toEqual({ range: 'last30', dims: 'region', device: 'mobile' });
    await waitFor(() => expect(reportCalls(server).at(-1)!.query.get('dimensions')).toBe('region'));
    const call = reportCalls(server).at(-1)!;
    expect(call.query.get('device')).toBe('mobile');
    expect(call.query.get('granularity')).toBe('day');
    const days = (Date.parse(`${call.query.get('to')}T00:00:00Z`) - Date.parse(`${call.query.get('from')}T00:00:00Z`)) / 86_400_000 + 1;
    expect(days).toBe(30);
    expect(within(screen.getByRole('group', { name: 'Filters applied' })).getByText('Device: Mobile')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Saved reports' })).toBeNull();
  });

  it('renames and deletes a saved report (after confirming); the list then says there are none', async () => {
    const server = serveInsights({ saved: [savedReport({ id: 4, name: 'Devices', query: 'dims=device' })] });
    renderReport();
    const user = userEvent.setup();

    let list = await openList(user);
    await user.click(await list.findByRole('button', { name: 'Rename “Devices”' }));
    const dialog = await dialogTitled('Rename “Devices”');
    await user.clear(dialog.getByLabelText('Name'));
    await user.type(dialog.getByLabelText('Name'), 'Devices by week');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Renamed to “Devices by week”.')).toBeTruthy();
    expect(server.callsTo(renameSavedReport.path).map((call) => call.body)).toEqual([{ id: 4, version: 1, name: 'Devices by week' }]);

    list = await openList(user);
    await user.click(await list.findByRole('button', { name: 'Delete “Devices by week”' }));
    const confirm = await dialogTitled('Delete the saved report “Devices by week”?');
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted “Devices by week”.')).toBeTruthy();
    expect(server.callsTo(deleteSavedReport.path).map((call) => call.body)).toEqual([{ id: 4 }]);

    list = await openList(user);
    expect(await list.findByText('No saved reports yet. Set up a report, then choose Save report to keep it here.')).toBeTruthy();
  });

  it('staff’s list holds both types, and a publisher report opens on staff’s page with its type and account', async () => {
    const server = serveInsights({
      saved: [
        savedReport({ id: 1, name: 'Every advertiser', query: 'dims=campaign' }),
        savedReport({ id: 2, type: 'publisher', name: 'Fabrikam slots', query: 'accountId=2&dims=slot' }),
      ],
    });
    const { router } = renderPlatform('/dataInsights');
    const user = userEvent.setup();
    const list = await openList(user);
    const items = await list.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Every advertiserAdvertisers', 'Fabrikam slotsPublishers']);
    await user.click(list.getByRole('button', { name: 'Open “Fabrikam slots”' }));

    expect(router.state.location.pathname).toBe('/dataInsights');
    expect(searchOf(router)).toEqual({ type: 'publisher', accountId: '2', dims: 'slot' });
    await waitFor(() => expect(reportCalls(server, publisherReport.path)).toHaveLength(1));
    expect(reportCalls(server, publisherReport.path)[0]!.query.get('accountId')).toBe('2');
    expect(await screen.findByText('Fabrikam News')).toBeTruthy();
  });
});
