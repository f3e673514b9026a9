import { savedReportRunFile, savedReportRuns, scheduleSavedReport } from '@ads/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchOf } from '../../../test/render';
import { readerTimeZone } from '../components/report-state';
import { renderPlatform, renderReport, reportRun, savedReport, serveInsights } from '../test-helpers';

// A saved report's schedule and runs: scheduled from the saved reports' list (the reader's time
// zone, said), its next run shown, its runs listed with their CSV; the Action Center's link
// (`?runs=<id>`) opens the same drawer.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const drawer = async () => within(await screen.findByRole('dialog'));

describe('Scheduled reports', { timeout: 30_000 }, () => {
  it('schedules a saved report from the list: daily at an hour of the reader’s time zone, then shows its next run', async () => {
    const server = serveInsights({ saved: [savedReport({ id: 1, name: 'Weekly', query: 'range=last7' })] });
    const { router } = renderReport('/dataInsights/advertiser?range=last30');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Saved reports' }));
    const list = within(await screen.findByRole('region', { name: 'Saved reports' }));
    await user.click(await list.findByRole('button', { name: 'Schedule and runs of “Weekly”' }));
    expect(searchOf(router)).toEqual({ range: 'last30', runs: '1' });

    const panel = await drawer();
    expect(await panel.findByText('Schedule: Weekly')).toBeTruthy();
    expect(panel.getByText('Not scheduled: it runs only when you open it.')).toBeTruthy();
    expect(panel.getByText('No runs yet.')).toBeTruthy();
    await user.selectOptions(panel.getByRole('combobox', { name: 'Runs' }), 'daily');
    await user.selectOptions(panel.getByRole('combobox', { name: 'At' }), '9');
    expect(panel.getByText(new RegExp(`^Time zone: ${readerTimeZone()}\\.`))).toBeTruthy();
    await user.click(panel.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText('“Weekly” is scheduled. Each run lands in the Action Center.')).toBeTruthy();
    expect(server.callsTo(scheduleSavedReport.path).map((call) => call.body)).toEqual([{ id: 1, version: 1, schedule: { frequency: 'daily', hour: 9, timeZone: readerTimeZone() } }]);
    expect(await panel.findByText(/^Next run: .+\(.+\)\.$/)).toBeTruthy();

    // The list marks it scheduled; stopping it is choosing "Not scheduled".
    await user.selectOptions(panel.getByRole('combobox', { name: 'Runs' }), 'off');
    await user.click(panel.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText('“Weekly” no longer runs by itself.')).toBeTruthy();
    expect(server.callsTo(scheduleSavedReport.path).at(-1)!.body).toEqual({ id: 1, version: 2, schedule: null });
  });

  it('says when the report of a link no longer exists', async () => {
    serveInsights({ saved: [savedReport({ id: 2, type: 'publisher', name: 'Fabrikam slots', query: 'dims=slot' })] });
    renderReport('/dataInsights/advertiser?runs=99');
    expect(await (await drawer()).findByText('This saved report no longer exists.')).toBeTruthy();
  });

  it('opens a publisher report’s runs on staff’s page', async () => {
    serveInsights({ saved: [savedReport({ id: 2, type: 'publisher', name: 'Fabrikam slots', query: 'dims=slot' })] });
    renderPlatform('/dataInsights?runs=2');
    expect(await (await drawer()).findByText('Schedule: Fabrikam slots')).toBeTruthy();
  });

  it('opens on the Action Center’s link and downloads a run’s CSV', async () => {
    const made: Blob[] = [];
    // A URL of its own (the real one is left as it is: test files share the environment).
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: vi.fn((blob: Blob) => (made.push(blob), 'blob:run')), revokeObjectURL: vi.fn() }));
    // The link's click would navigate the shared document away.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const server = serveInsights({
      saved: [savedReport({ id: 3, name: 'Campaigns', query: 'dims=campaign', schedule: { frequency: 'weekly', timeZone: 'Asia/Shanghai', hour: 8 }, nextRunAt: '2026-11-30T00:00:00.000Z' })],
      runs: [reportRun({ id: 41, savedReportId: 3, from: '2026-11-16', to: '2026-11-22', rows: 2, bytes: 1536, timeZone: 'Asia/Shanghai' })],
    });
    renderReport('/dataInsights/advertiser?runs=3');
    const user = userEvent.setup();
    const panel = await drawer();
    expect(await panel.findByText('Schedule: Campaigns')).toBeTruthy();
    expect((panel.getByRole('combobox', { name: 'Runs' }) as HTMLSelectElement).value).toBe('weekly');
    expect(panel.getByText(/^Next run: .*\(Asia\/Shanghai\)\.$/)).toBeTruthy();
    expect(await panel.findByText('2026-11-16 to 2026-11-22')).toBeTruthy();
    expect(panel.getByText(/2 rows · 1.5 KB/)).toBeTruthy();
    expect(server.callsTo(savedReportRuns.path).map((call) => call.query.get('id'))).toEqual(['3']);

    await user.click(panel.getByRole('button', { name: 'Download the CSV of 2026-11-16 to 2026-11-22' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(made).toHaveLength(1);
    expect(server.callsTo(savedReportRunFile.path).map((call) => call.query.get('id'))).toEqual(['41']);
    expect(await made[0]!.text()).toBe('\uFEFFCampaign,Impressions\r\nRun 41,2800\r\n');
  });
});
