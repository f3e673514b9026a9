import { advertiserReport, advertiserReportCsv } from '@ads/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchOf } from '../../../test/render';
import { renderReport, serveInsights } from '../test-helpers';

// The report page against a fake of the two report calls: settings go to the URL and to the call,
// totals and rows show with their changes, and the trend has a table for screen readers; filters
// go to the URL, the call and the CSV, and show as chips.

const serve = () => serveInsights();

/** An option of the open select, by its text. */
const option = (title: string) => waitFor(() => [...document.querySelectorAll<HTMLElement>(`.ant-select-item-option[title="${title}"]`)].at(-1)!);

afterEach(() => vi.unstubAllGlobals());

// Whole pages (antd, tables, the chart's table) render slowly on a busy machine.
describe('Advertiser Reports', { timeout: 30_000 }, () => {
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

  it('says the days a named range covers: "Last 7 days" ends yesterday, as on the dashboards; today is counted so far', async () => {
    // Noon UTC: the same day in every time zone the test may run in.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T12:00:00Z') });
    try {
      const server = serve();
      const { router } = renderReport('/dataInsights/advertiser?range=last7');
      expect(await screen.findByText(/^Nov 20 – 26, 2026 · /)).toBeTruthy();
      expect(server.callsTo(advertiserReport.path)[0]!.query.get('from')).toBe('2026-11-20');
      expect(server.callsTo(advertiserReport.path)[0]!.query.get('to')).toBe('2026-11-26');
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Date range' }), 'This month');
      expect(searchOf(router)).toMatchObject({ range: 'thisMonth' });
      expect(await screen.findByText(/^Nov 1 – 27, 2026, today so far · /)).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says a period still going is compared with the same hours of the one before', async () => {
    const server = serveInsights({ previousUntil: '2026-11-16T09:30:00.000Z' });
    renderReport('/dataInsights/advertiser?range=today&compare=1');
    expect(await screen.findByText(/Compared with Nov 16, 2026 up to .*: the same hours as this period so far/)).toBeTruthy();
    expect(server.callsTo(advertiserReport.path)[0]!.query.get('compare')).toBe('true');
  });

  it('changes the range, the granularity and the chart’s figure with plain controls: the URL, the call, the trend', async () => {
    const server = serve();
    const { router } = renderReport();
    const range = await screen.findByRole('combobox', { name: 'Date range' });
    await userEvent.selectOptions(range, 'Last 30 days');
    expect(searchOf(router)).toMatchObject({ range: 'last30' });
    await waitFor(() => {
      const call = server.callsTo(advertiserReport.path).at(-1)!;
      expect((Date.parse(`${call.query.get('to')}T00:00:00Z`) - Date.parse(`${call.query.get('from')}T00:00:00Z`)) / 86_400_000 + 1).toBe(30);
    });

    const granularity = screen.getByRole('radiogroup', { name: 'Granularity' });
    expect(within(granularity).getByRole('radio', { name: 'Day' })).toHaveProperty('checked', true);
    await userEvent.click(within(granularity).getByRole('radio', { name: 'Week' }));
    expect(searchOf(router)).toMatchObject({ range: 'last30', granularity: 'week' });
    await waitFor(() => expect(server.callsTo(advertiserReport.path).at(-1)!.query.get('granularity')).toBe('week'));

    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Metric shown in the chart' }), 'Spend');
    expect(await screen.findByRole('heading', { name: 'Trend of Spend' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Trend of Spend' })).toBeTruthy();
  });

  it('breaks the rows down by up to three dimensions, in the order chosen', async () => {
    const server = serve();
    const { router } = renderReport();
    await screen.findByRole('list', { name: 'Totals' });
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Break down by None' });
    await user.click(button);
    const panel = within(screen.getByRole('group', { name: 'Break down by' }));
    await user.click(panel.getByRole('checkbox', { name: 'Region' }));
    await user.click(panel.getByRole('checkbox', { name: 'Campaign' }));
    expect(searchOf(router)).toMatchObject({ dims: 'region,campaign' });
    await waitFor(() => expect(server.callsTo(advertiserReport.path).at(-1)!.query.get('dimensions')).toBe('region,campaign'));
    expect(await screen.findByRole('row', { name: /United States.*Spring Blend Launch/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Break down by Region, Campaign' })).toBeTruthy();

    // A third is the most: the others wait until one is unchecked.
    await user.click(panel.getByRole('checkbox', { name: 'Device' }));
    expect(panel.getByRole('checkbox', { name: 'Ad' })).toHaveProperty('disabled', true);
    await user.click(panel.getByRole('checkbox', { name: 'Region' }));
    expect(searchOf(router)).toMatchObject({ dims: 'campaign,device' });
    expect(panel.getByRole('checkbox', { name: 'Ad' })).toHaveProperty('disabled', false);

    // Escape closes the list and gives the focus back to its button.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Break down by' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Break down by Campaign, Device' }));
    await user.click(screen.getByRole('button', { name: 'Break down by Campaign, Device' }));
    await user.click(screen.getByRole('button', { name: 'Clear breakdown' }));
    expect(searchOf(router)).not.toHaveProperty('dims');
  });

  it('keeps a breakdown and the comparison in the URL, and shows each row’s change', async () => {
    const server = serve();
    const { router } = renderReport('/dataInsights/advertiser?dims=campaign');
    expect(await screen.findByText('Spring Blend Launch')).toBeTruthy();
    await userEvent.click(screen.getByRole('switch', { name: 'Compare with the previous period' }));
    expect(searchOf(router)).toMatchObject({ dims: 'campaign', compare: '1' });
    expect(await screen.findByText('Compared with Nov 11 – 17, 2026', { exact: false })).toBeTruthy();
    expect(server.callsTo(advertiserReport.path).at(-1)!.query.get('compare')).toBe('true');
    const totals = within(screen.getByRole('list', { name: 'Totals' }));
    expect(totals.getAllByText('+100% vs previous period').length).toBeGreaterThan(0);
    // Clicks, CPM, conversions, their rate and value.
    expect(totals.getAllByText('No change')).toHaveLength(5);
    const spring = screen.getByRole('row', { name: /Spring Blend Launch/ });
    // Impressions, spend, CPC and cost per conversion doubled; the click-through rate halved; the clicks stayed.
    expect(within(spring).getAllByText('+100%')).toHaveLength(4);
    expect(within(spring).getByText('-50%')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /^Total/ })).getByText('2,800')).toBeTruthy();
  });

  it('shows conversions, their rate, cost and value in the totals and each row; — where there is nothing to divide by', async () => {
    serve();
    renderReport('/dataInsights/advertiser?dims=campaign');
    await screen.findByText('Spring Blend Launch');
    const totals = within(screen.getByRole('list', { name: 'Totals' }));
    const card = (name: string) => within(totals.getByText(name, { selector: '.insight-kpi-name' }).closest('li')!);
    expect(card('Conversions').getByText('4')).toBeTruthy();
    // 4 conversions of 28 clicks; $840.00 spent ÷ 4.
    expect(card('Conversion rate').getByText('14.29%').getAttribute('title')).toBe('Conversion rate: conversions ÷ clicks');
    expect(card('Cost per conversion').getByText('$210.00').getAttribute('title')).toBe('Cost per conversion: spend ÷ conversions');
    expect(card('Conversion value').getByText('$800.00')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Conversions', 'Conversion rate', 'Cost per conversion', 'Conversion value']));
    const cells = (name: RegExp) => within(screen.getByRole('row', { name })).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(/Spring Blend Launch/).slice(-4)).toEqual(['4', '20.00%', '$150.00', '$800.00']);
    // No conversion: a rate of 0 over its clicks, and no cost per conversion.
    expect(cells(/Autumn Roast/).slice(-4)).toEqual(['0', '0.00%', '—', '$0.00']);
    expect(cells(/^Total/).slice(-4)).toEqual(['4', '14.29%', '$210.00', '$800.00']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Metric shown in the chart' }), 'Cost per conversion');
    expect(await screen.findByRole('table', { name: 'Trend of Cost per conversion' })).toBeTruthy();
  });

  it('opens a custom range from the URL: its days in the date picker and in the call', async () => {
    const server = serve();
    renderReport('/dataInsights/advertiser?range=custom&from=2026-11-01&to=2026-11-10');
    await screen.findByRole('list', { name: 'Totals' });
    const [call] = server.callsTo(advertiserReport.path);
    expect(call!.query.get('from')).toBe('2026-11-01');
    expect(call!.query.get('to')).toBe('2026-11-10');
    // The picker loads apart (report-view.tsx): its two fields show the range's days.
    await waitFor(() => expect([...document.querySelectorAll<HTMLInputElement>('.ant-picker-range input')].map((input) => input.value)).toEqual(['2026-11-01', '2026-11-10']));
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

  it('filters by region and campaign: in the URL, the call, the CSV and chips; chips remove one, Clear filters all', async () => {
    const server = serve();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { router } = renderReport();
    await screen.findByRole('list', { name: 'Totals' });
    // The report's own calls (a picker's or a chip's ask for impressions only).
    const reportCalls = () => server.callsTo(advertiserReport.path).filter((call) => !call.query.has('metrics'));
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = within(await screen.findByRole('region', { name: 'Filter the report' }));
    const region = panel.getByRole('combobox', { name: 'Region' });
    await user.click(region);
    await user.type(region, 'United St');
    await user.click(await option('United States'));
    expect(searchOf(router)).toMatchObject({ region: 'US' });
    await waitFor(() => expect(reportCalls().at(-1)!.query.get('region')).toBe('US'));

    // A campaign is chosen among the report's own rows by campaign, the other filters applied.
    await user.click(panel.getByRole('combobox', { name: 'Campaign' }));
    await user.click(await option('Spring Blend Launch'));
    const asked = server.callsTo(advertiserReport.path).find((call) => call.query.get('dimensions') === 'campaign' && call.query.get('pageSize') === '200')!;
    expect(asked.query.get('region')).toBe('US');
    expect(asked.query.has('campaign')).toBe(false);
    expect(searchOf(router)).toMatchObject({ region: 'US', campaign: '7' });
    await waitFor(() => expect(reportCalls().at(-1)!.query.get('campaign')).toBe('7'));
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeTruthy();

    const chips = within(screen.getByRole('group', { name: 'Filters applied' }));
    expect(chips.getByText('Region: United States')).toBeTruthy();
    expect(await chips.findByText('Campaign: Spring Blend Launch')).toBeTruthy();

    // The CSV is the same report: its filters too.
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    const [csv] = server.callsTo(advertiserReportCsv.path);
    expect(csv!.query.get('region')).toBe('US');
    expect(csv!.query.get('campaign')).toBe('7');

    await user.click(chips.getByRole('button', { name: 'Remove the filter Region: United States' }));
    expect(searchOf(router)).toEqual({ campaign: '7' });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    // The unfiltered report again (answered from the cache: it was the first shown).
    expect(searchOf(router)).toEqual({});
    expect(screen.queryByRole('group', { name: 'Filters applied' })).toBeNull();
  });

  it('reads filters from the URL and ignores what no filter of the type takes', async () => {
    const server = serve();
    renderReport('/dataInsights/advertiser?device=mobile,watch&slot=4,x&site=news.example&accountId=9');
    await screen.findByRole('list', { name: 'Totals' });
    // The report's call (the chips ask for the slot's name apart).
    const call = server.callsTo(advertiserReport.path).find((c) => !c.query.has('metrics'));
    expect(call!.query.get('device')).toBe('mobile');
    expect(call!.query.get('slot')).toBe('4');
    // A site is a publisher's filter; an account is staff's choice.
    expect(call!.query.has('site')).toBe(false);
    expect(call!.query.has('accountId')).toBe(false);
    expect(within(screen.getByRole('group', { name: 'Filters applied' })).getByText('Device: Mobile')).toBeTruthy();
  });
});
