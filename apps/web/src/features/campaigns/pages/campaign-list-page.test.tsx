import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../shared/i18n/i18n';
import { json } from '../../../test/fake-fetch';
import { aCampaign, aDetail, aFunnel, anAd, anAdGroup, dialogTitled, funnelSteps, fakeCampaignServer, PATHS, renderCampaigns, searchOf } from '../components/test-helpers';

afterEach(() => vi.unstubAllGlobals());

// A wide antd table with menus and dialogs: a few seconds each when the whole suite runs at once.
const SLOW = { timeout: 30_000 };
const LONG = { timeout: 5_000 };

// Found by text and class: role queries over a wide table are slow under load.
const rowOf = (name: string) => screen.getByText(name, { selector: '.list-name-link span' }).closest('tr')!;
const menuOf = async (name: string) => {
  await userEvent.click(rowOf(name).querySelector<HTMLElement>(`[aria-label="More actions for ${name}"]`)!);
  return waitFor(() => {
    const menu = [...document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) [role=menu]')].at(-1);
    if (!menu) throw new Error('no open menu');
    return menu;
  });
};
/** The statuses' field (a plain choice of several), opened: its checkboxes. */
const statusChoices = async () => {
  await userEvent.click(screen.getByRole('button', { name: /^Status: / }));
  return screen.getByRole('group', { name: 'Status' });
};
const menuLabels = async (name: string) => {
  const labels = [...(await menuOf(name)).querySelectorAll('[role=menuitem]')].map((item) => item.textContent);
  await userEvent.keyboard('{Escape}');
  return labels;
};

describe('Campaign list', SLOW, () => {
  it('shows each campaign with its budget in its currency, figures, dates and review outcome', async () => {
    const server = fakeCampaignServer({
      campaigns: [
        aCampaign(1, { name: 'Spring sale', status: 'active', spentMinor: 12_345, impressions: 12_000, clicks: 240, ctr: 0.02, reviewOutcome: 'approved', endAt: '2027-01-31T00:00:00.000Z' }),
        aCampaign(2, { name: 'Tokyo launch', currency: 'JPY', dailyBudgetMinor: 5_000, totalBudgetMinor: 150_000, objective: 'awareness' }),
      ],
      // Every column (the objective, the dates and the review are the user's to add).
      listColumns: ['objective', 'budget', 'spend', 'impressions', 'clicks', 'ctr', 'dates', 'review'],
    });
    renderCampaigns();
    const spring = within(await waitFor(() => rowOf('Spring sale')));
    expect(spring.getByText('Active')).toBeTruthy();
    expect(spring.getByText('Traffic')).toBeTruthy();
    expect(spring.getByText('$50.00 / day')).toBeTruthy();
    expect(spring.getByText('$1,500.00 total')).toBeTruthy();
    expect(spring.getByText('$123.45')).toBeTruthy();
    expect(spring.getByText('12,000')).toBeTruthy();
    expect(spring.getByText('240')).toBeTruthy();
    expect(spring.getByText('2%')).toBeTruthy();
    expect(spring.getByText('Dec 1, 2026')).toBeTruthy();
    expect(spring.getByText('until Jan 31, 2027')).toBeTruthy();
    expect(spring.getByText('Approved')).toBeTruthy();
    // Yen have no minor unit: 5,000 minor units are ¥5,000.
    const tokyo = within(rowOf('Tokyo launch'));
    expect(tokyo.getByText('¥5,000 / day')).toBeTruthy();
    expect(tokyo.getByText('Awareness')).toBeTruthy();
    expect(tokyo.getByText('Not submitted')).toBeTruthy();
    expect(screen.getAllByText('2 campaigns').length).toBeGreaterThan(0);
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(Object.fromEntries(server.callsTo(PATHS.list)[0]!.query)).toEqual({ sort: 'updatedAt', order: 'desc', page: '1', pageSize: '20', range: 'last7', timeZone });
  });

  it('asks first for exactly the call the router starts early', async () => {
    const { EARLY_CALLS } = await import('../../../app/router/early-calls');
    const server = fakeCampaignServer({ campaigns: [aCampaign(1)] });
    renderCampaigns();
    await screen.findByRole('button', { name: 'Campaign 1' });
    const [first] = server.callsTo(PATHS.list);
    const [columns] = server.callsTo(PATHS.listColumns);
    // `{timeZone}` stands for the browser's, encoded as the API client encodes it.
    const zone = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(EARLY_CALLS['campaign/list']!.map((call) => (typeof call === 'string' ? call : { ...call, url: call.url.replace('{timeZone}', zone) }))).toEqual([
      { url: `${first!.path}?${first!.query.toString()}`, roles: ['Advertiser'] },
      { url: columns!.path, roles: ['Advertiser'] },
    ]);
  });

  it('reads filters, sort and page from the URL, and writes changes back from page 1', async () => {
    const campaigns = Array.from({ length: 25 }, (_, index) => aCampaign(index + 1, { status: index % 2 ? 'active' : 'paused' }));
    const server = fakeCampaignServer({ campaigns });
    const { router } = renderCampaigns('/campaign/list?status=active,paused&from=2026-12-01&to=2026-12-31&sort=name&order=asc&page=2&q=Camp');
    await screen.findByRole('button', { name: 'Campaign 25' });
    expect(Object.fromEntries(server.callsTo(PATHS.list)[0]!.query)).toEqual({
      sort: 'name',
      order: 'asc',
      page: '2',
      pageSize: '20',
      search: 'Camp',
      status: 'active,paused',
      from: '2026-12-01',
      to: '2026-12-31',
      range: 'last7',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });

    // A column's sort asks the server and goes back to page 1.
    await userEvent.click(screen.getAllByText('Clicks').find((element) => element.closest('th'))!);
    await waitFor(() => expect(searchOf(router)).toMatchObject({ sort: 'clicks' }));
    expect(searchOf(router).page).toBeUndefined();
    await waitFor(() => expect(server.callsTo(PATHS.list).at(-1)!.query.get('sort')).toBe('clicks'));

    // The pager.
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: '2' }));
    await waitFor(() => expect(searchOf(router)).toMatchObject({ page: '2' }));
    await waitFor(() => expect(server.callsTo(PATHS.list).at(-1)!.query.get('page')).toBe('2'));

    // Removing a status from the filter: page 1 again, the request follows.
    expect(screen.getByRole('button', { name: 'Status: Active, Paused' })).toBeTruthy();
    await userEvent.click(within(await statusChoices()).getByRole('checkbox', { name: 'Active' }));
    await waitFor(() => expect(searchOf(router).status).toBe('paused'));
    expect(searchOf(router).page).toBeUndefined();
    await waitFor(() => expect(server.callsTo(PATHS.list).at(-1)!.query.get('status')).toBe('paused'));
  });

  it('opens a campaign from its row’s menu, the menu and the drawer loading on the first press', async () => {
    const detail = aDetail(aCampaign(3, { name: 'Winter push' }));
    fakeCampaignServer({ campaigns: [detail], details: { 3: detail } });
    const { router } = renderCampaigns();
    await screen.findByRole('button', { name: 'Winter push' });
    expect(document.querySelector('.campaign-drawer')).toBeNull();
    await userEvent.click(within(await menuOf('Winter push')).getByText('View details'));
    await waitFor(() => expect(searchOf(router)).toEqual({ campaign: '3' }));
    const drawer = await dialogTitled('Winter push');
    expect(await within(drawer).findByText('Settings')).toBeTruthy();
    // The drawer's own menu leaves out what opened it.
    await userEvent.click(within(drawer).getByRole('button', { name: 'More actions for Winter push' }));
    const menu = await waitFor(() => {
      const open = [...document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) [role=menu]')].at(-1);
      if (!open) throw new Error('no open menu');
      return open;
    });
    expect([...menu.querySelectorAll('[role=menuitem]')].map((item) => item.textContent)).toEqual(['Edit', 'Submit for review', 'Duplicate', 'Delete draft']);
  });

  it('shows why a campaign was rejected when its review tag is pointed at', async () => {
    fakeCampaignServer({
      campaigns: [aCampaign(2, { name: 'Winter push', status: 'rejected', reviewOutcome: 'rejected', reviewReason: 'Two ads break the policy.' })],
      listColumns: ['budget', 'review'],
    });
    renderCampaigns();
    // The review column's tag (the status column says Rejected too).
    const tag = (await waitFor(() => rowOf('Winter push'))).querySelector<HTMLElement>('.review-reason-tip')!;
    expect(tag.textContent).toBe('Rejected');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.hover(tag);
    expect((await screen.findByRole('tooltip', undefined, LONG)).textContent).toBe('Two ads break the policy.');
  });

  it('searches by name after a pause', async () => {
    const server = fakeCampaignServer({ campaigns: [aCampaign(1, { name: 'Alpha' }), aCampaign(2, { name: 'Beta' })] });
    const { router } = renderCampaigns();
    await screen.findByRole('button', { name: 'Alpha' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Search campaigns by name' }), 'Beta');
    await waitFor(() => expect(searchOf(router)).toEqual({ q: 'Beta' }));
    await waitFor(() => expect(server.callsTo(PATHS.list).at(-1)!.query.get('search')).toBe('Beta'));
    await waitFor(() => expect(screen.queryByText('Alpha')).toBeNull());
  });

  it('filters by status from the status menu', async () => {
    const server = fakeCampaignServer({ campaigns: [aCampaign(1, { status: 'paused' })] });
    const { router } = renderCampaigns();
    await screen.findByRole('button', { name: 'Campaign 1' });
    await userEvent.click(within(await statusChoices()).getByRole('checkbox', { name: 'Paused' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ status: 'paused' }));
    await waitFor(() => expect(server.callsTo(PATHS.list).at(-1)!.query.get('status')).toBe('paused'));
  });

  it('offers only what each state allows', async () => {
    fakeCampaignServer({
      campaigns: [
        aCampaign(1, { name: 'A draft', status: 'draft' }),
        aCampaign(2, { name: 'A rejected one', status: 'rejected', reviewOutcome: 'rejected' }),
        aCampaign(3, { name: 'In review', status: 'pending_review', reviewOutcome: 'pending' }),
        aCampaign(4, { name: 'Scheduled', status: 'scheduled' }),
        aCampaign(5, { name: 'Running', status: 'active' }),
        aCampaign(6, { name: 'On hold', status: 'paused' }),
        aCampaign(7, { name: 'Over', status: 'ended' }),
      ],
    });
    renderCampaigns();
    await screen.findByRole('button', { name: 'A draft' });
    expect(await menuLabels('A draft')).toEqual(['View details', 'Edit', 'Submit for review', 'Duplicate', 'Delete draft']);
    expect(await menuLabels('A rejected one')).toEqual(['View details', 'Edit', 'Submit for review', 'Duplicate']);
    expect(await menuLabels('In review')).toEqual(['View details', 'Duplicate']);
    expect(await menuLabels('Scheduled')).toEqual(['View details', 'Edit settings', 'Pause', 'Duplicate']);
    expect(await menuLabels('Running')).toEqual(['View details', 'Edit settings', 'Pause', 'Duplicate']);
    expect(await menuLabels('On hold')).toEqual(['View details', 'Edit settings', 'Resume', 'Duplicate']);
    expect(await menuLabels('Over')).toEqual(['View details', 'Duplicate']);
  });

  it('offers nothing that writes to a reader, nor a Create button', async () => {
    fakeCampaignServer({ campaigns: [aCampaign(1, { name: 'A draft' })] });
    renderCampaigns('/campaign/list', { powers: ['campaign.read'] });
    await screen.findByRole('button', { name: 'A draft' });
    expect(await menuLabels('A draft')).toEqual(['View details']);
    expect(screen.queryByRole('button', { name: /Create campaign/ })).toBeNull();
  });

  it('deletes a draft only after a confirmation', async () => {
    const server = fakeCampaignServer({ campaigns: [aCampaign(1, { name: 'Old idea', version: 4 })] });
    renderCampaigns();
    await screen.findByRole('button', { name: 'Old idea' });
    await userEvent.click(within(await menuOf('Old idea')).getByText('Delete draft'));
    let dialog = await dialogTitled('Delete the draft “Old idea”?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo(PATHS.remove)).toHaveLength(0);

    await userEvent.click(within(await menuOf('Old idea')).getByText('Delete draft'));
    dialog = await dialogTitled('Delete the draft “Old idea”?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(server.callsTo(PATHS.remove)).toHaveLength(1));
    expect(server.callsTo(PATHS.remove)[0]!.body).toEqual({ id: 1, version: 4 });
    expect(await screen.findByText('Draft “Old idea” deleted', undefined, LONG)).toBeTruthy();
  });

  it('pauses, resumes and duplicates with the row’s version', async () => {
    const server = fakeCampaignServer({ campaigns: [aCampaign(1, { name: 'Running', status: 'active', version: 7 }), aCampaign(2, { name: 'On hold', status: 'paused', version: 2 })] });
    renderCampaigns();
    await screen.findByRole('button', { name: 'Running' });
    await userEvent.click(within(await menuOf('Running')).getByText('Pause'));
    await waitFor(() => expect(server.callsTo(PATHS.pause)[0]?.body).toEqual({ id: 1, version: 7 }));
    expect(await screen.findByText('“Running” is paused', undefined, LONG)).toBeTruthy();
    await userEvent.click(within(await menuOf('On hold')).getByText('Resume'));
    await waitFor(() => expect(server.callsTo(PATHS.resume)[0]?.body).toEqual({ id: 2, version: 2 }));
    await userEvent.click(within(await menuOf('On hold')).getByText('Duplicate'));
    expect(await screen.findByText('Draft “On hold (copy)” created', undefined, LONG)).toBeTruthy();
    expect(server.callsTo(PATHS.duplicate)[0]!.body).toEqual({ id: 2 });
  });

  it('says what a submit is missing and offers to open the wizard', async () => {
    const server = fakeCampaignServer({ campaigns: [aCampaign(5, { name: 'Half done', version: 2 })] });
    server.handle(PATHS.submit, () =>
      json(400, {
        errorCode: 'VALIDATION_FAILED',
        error: 'The campaign is not complete.',
        fields: { objective: 'Please choose an objective.', 'adGroups.0.ads.0.headline': 'Please enter a headline.' },
      }),
    );
    const { router } = renderCampaigns();
    await screen.findByRole('button', { name: 'Half done' });
    await userEvent.click(within(await menuOf('Half done')).getByText('Submit for review'));
    const dialog = await dialogTitled('“Half done” is not ready for review');
    expect(within(dialog).getByText('Please choose an objective.')).toBeTruthy();
    expect(within(dialog).getByText('Please enter a headline.')).toBeTruthy();
    expect(server.callsTo(PATHS.submit)[0]!.body).toEqual({ id: 5, version: 2 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open in the editor' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/create'));
    expect(searchOf(router)).toEqual({ id: '5' });
  });

  it('explains a stale version and refreshes the list', async () => {
    const server = fakeCampaignServer({ campaigns: [aCampaign(1, { name: 'Running', status: 'active' })] });
    server.handle(PATHS.pause, () => json(409, { errorCode: 'STALE_VERSION', error: 'The campaign was changed by someone else.' }));
    renderCampaigns();
    await screen.findByRole('button', { name: 'Running' });
    const before = server.callsTo(PATHS.list).length;
    await userEvent.click(within(await menuOf('Running')).getByText('Pause'));
    expect(await screen.findByText(/This campaign was changed meanwhile. The list now shows it as it is/, undefined, LONG)).toBeTruthy();
    await waitFor(() => expect(server.callsTo(PATHS.list).length).toBeGreaterThan(before));
  });

  it('tells a new account what to do first, and Create goes to the wizard', async () => {
    fakeCampaignServer({ campaigns: [] });
    const { router } = renderCampaigns();
    expect(await screen.findByText(/No campaigns yet. Upload images or videos/, undefined, LONG)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Create your first campaign/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/create'));
  });

  it('offers to clear filters that match nothing', async () => {
    fakeCampaignServer({ campaigns: [aCampaign(1)] });
    const { router } = renderCampaigns('/campaign/list?status=ended');
    expect(await screen.findByText('No campaigns match these filters.', undefined, LONG)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Clear filters/ }));
    await waitFor(() => expect(searchOf(router)).toEqual({}));
    expect(await screen.findByRole('button', { name: 'Campaign 1' })).toBeTruthy();
  });
});

describe('Campaign drawer', SLOW, () => {
  const detail = aDetail(aCampaign(3, { name: 'Winter push', status: 'rejected', reviewOutcome: 'rejected', reviewReason: 'Two ads break the policy.' }), {
    dayparting: [
      { day: 1, fromHour: 9, toHour: 17 },
      { day: 2, fromHour: 9, toHour: 17 },
    ],
    frequencyCap: { impressions: 3, period: 'day' },
    adGroups: [
      anAdGroup(1, [
        anAd(1, { headline: 'Hot cocoa', reviewOutcome: 'rejected', reviewReason: 'Misleading claim.' }),
        anAd(2, {
          headline: 'Winter film',
          format: 'video',
          imageId: null,
          videoId: 50,
          creative: { kind: 'video', id: 50, name: 'winter.mp4', width: 1280, height: 720, previewUrl: '/poster', url: '/stream', reviewStatus: 'unreviewed', inRecycleBin: false },
        }),
      ], {
        name: 'North America',
        slotMode: 'chosen',
        slotIds: [4, 9],
        slots: [
          { id: 4, name: 'Home leaderboard', publisherName: 'Fabrikam News' },
          { id: 9, name: 'Sports rectangle', publisherName: 'Fabrikam News' },
        ],
      }),
    ],
    reviews: [
      { id: 1, action: 'submitted', actor: { id: 7, name: 'Avery Advertiser' }, reason: null, ads: [], images: [], at: '2026-11-20T09:00:00.000Z' },
      {
        id: 2,
        action: 'rejected',
        actor: { id: 9, name: 'Sam Staff' },
        reason: 'Two ads break the policy.',
        ads: [{ id: 1, headline: 'Hot cocoa', reason: 'Misleading claim.' }],
        images: [{ id: 101, name: 'banner-1.png', reason: 'Blurry text.' }],
        at: '2026-11-21T09:00:00.000Z',
      },
    ],
  });

  it("explains delivery: the failing checks, the slots left at each step and what each ad should change", async () => {
    const active = aDetail(aCampaign(5, { name: 'Spring blend', status: 'active', bidStrategy: 'cpm', maxBidMinor: 300 }), {
      adGroups: [anAdGroup(1, [anAd(1, { headline: 'Fresh roast' }), anAd(2, { headline: 'Cold brew' }), anAd(3, { headline: 'Iced latte' })])],
    });
    const funnel = aFunnel(5, {
      liveSlots: 12,
      checks: [
        { key: 'status', passed: true, reason: null, at: null },
        { key: 'schedule', passed: true, reason: null, at: null },
        { key: 'hours', passed: false, reason: 'outsideHours', at: null },
        { key: 'totalBudget', passed: true, reason: null, at: null },
        { key: 'dailyBudget', passed: true, reason: null, at: null },
      ],
      steps: funnelSteps(4, 4, 3, 2, 1),
      ads: [
        {
          id: 1,
          headline: 'Fresh roast',
          steps: funnelSteps(4, 4, 3, 2, 1),
          pending: 1,
          rejected: 0,
          bidToMeetFloor: 900,
          creativeDeleted: false,
        },
        { id: 2, headline: 'Cold brew', steps: funnelSteps(4, 4, 4, 4, 4), pending: 0, rejected: 0, bidToMeetFloor: null, creativeDeleted: false },
        // Its image is in the recycle bin: it fits nothing, and restoring it is the fix.
        { id: 3, headline: 'Iced latte', steps: funnelSteps(4, 0, 0, 0, 0), pending: 0, rejected: 0, bidToMeetFloor: null, creativeDeleted: true },
      ],
      invalidTraffic: { impressions: 12, clicks: 3, validImpressions: 588, validClicks: 57, since: '2026-10-21T10:00:00.000Z' },
    });
    fakeCampaignServer({ campaigns: [active], details: { 5: active }, funnels: { 5: funnel } });
    renderCampaigns('/campaign/list?campaign=5');
    const drawer = await dialogTitled('Spring blend');
    const section = within(within(drawer).getByRole('region', { name: 'Delivery' }));
    expect(await section.findByText('Not delivering now')).toBeTruthy();
    expect(section.getAllByText('Outside its dayparting hours now (UTC).')).toHaveLength(2);
    const steps = within(section.getByRole('table'));
    expect(steps.getByText('Of 12 live slots on the platform, how many each step leaves.')).toBeTruthy();
    expect(steps.getByRole('row', { name: 'Bid meets floor 3' })).toBeTruthy();
    expect(steps.getByRole('row', { name: 'Publisher approved 1' })).toBeTruthy();
    expect(section.getByText('Slots: 4 → 4 → 3 → 2 → 1')).toBeTruthy();
    expect(section.getByText('The bid is under the floor of 1 slot. Bid at least $9.00 to meet the lowest.')).toBeTruthy();
    expect(section.getByRole('link', { name: 'Restore in Disapproved placements' }).getAttribute('href')).toBe('/advAdSlotManagement/disapprovedPlacement');
    expect(section.getByText("1 placement waits for the publisher's review.")).toBeTruthy();
    expect(section.getByText('Eligible on every slot it targets.')).toBeTruthy();
    const binned = within(section.getByText('Iced latte').closest('li')!);
    expect(binned.getByText(/^Its image or video is in the recycle bin/)).toBeTruthy();
    expect(binned.getByRole('link', { name: 'Restore in Recycle Bin' }).getAttribute('href')).toBe('/assetLibrary/recycleBin');
    expect(binned.queryByText(/does not fit/)).toBeNull();
    // Invalid traffic filtered, each with its share of all received, and what counts as invalid.
    expect(section.getByText('Invalid traffic filtered in the last 30 days: 12 impressions (2%), 3 clicks (5%) — not charged.')).toBeTruthy();
    const help = section.getByRole('img', { name: /^Invalid traffic is counted apart and never charged: bots and scripted clients, clicks without their impression, repeated clicks/ });
    expect(help.getAttribute('aria-label')).toContain('since Oct 21, 2026.');
    await userEvent.hover(help);
    expect((await screen.findByRole('tooltip')).textContent).toContain('too many clicks from one address in an hour');
  });

  it('says nothing of invalid traffic when none was filtered', async () => {
    const active = aDetail(aCampaign(5, { name: 'Spring blend', status: 'active' }));
    fakeCampaignServer({ campaigns: [active], details: { 5: active }, funnels: { 5: aFunnel(5, { invalidTraffic: { impressions: 0, clicks: 0, validImpressions: 900, validClicks: 20, since: '2026-10-21T10:00:00.000Z' } }) } });
    renderCampaigns('/campaign/list?campaign=5');
    const section = within(within(await dialogTitled('Spring blend')).getByRole('region', { name: 'Delivery' }));
    expect(await section.findByText('Slots at each step')).toBeTruthy();
    expect(section.queryByText(/Invalid traffic/)).toBeNull();
  });

  it('says the invalid traffic filtered in Chinese for a zh-CN reader', async () => {
    const active = aDetail(aCampaign(5, { name: 'Spring blend', status: 'active' }));
    const invalidTraffic = { impressions: 1_234, clicks: 1, validImpressions: 60_466, validClicks: 199, since: '2026-10-21T10:00:00.000Z' };
    fakeCampaignServer({ campaigns: [active], details: { 5: active }, funnels: { 5: aFunnel(5, { invalidTraffic }) } });
    await act(() => setLanguage('zh-CN'));
    try {
      renderCampaigns('/campaign/list?campaign=5');
      const section = within(within(await dialogTitled('Spring blend')).getByRole('region', { name: '投放' }));
      expect(await section.findByText('过去 30 天已过滤无效流量：1,234 次展示（2%）、1 次点击（0.5%），均未计费。')).toBeTruthy();
      expect(section.getByRole('img', { name: /^无效流量单独统计，从不计费：机器人和脚本客户端/ })).toBeTruthy();
    } finally {
      await act(() => setLanguage('en-US'));
    }
  });

  it('opens from ?campaign=N with settings, ad groups with their ads, and the review history', async () => {
    fakeCampaignServer({ campaigns: [detail], details: { 3: detail } });
    renderCampaigns('/campaign/list?campaign=3');
    const drawer = await dialogTitled('Winter push');
    await within(drawer).findByText('Settings');
    expect(within(drawer).getByText('Mon 09:00–17:00, Tue 09:00–17:00')).toBeTruthy();
    expect(within(drawer).getByText('3 impressions per person a day')).toBeTruthy();
    expect(within(drawer).getByText('CPC, at most $1.20')).toBeTruthy();
    expect(within(drawer).getByText('$50.00 / day · $1,500.00 total')).toBeTruthy();
    // The group's targeting and its ads.
    const group = within(within(drawer).getByRole('article', { name: 'North America' }));
    expect(group.getByText('United States, Canada')).toBeTruthy();
    expect(group.getByText('Mobile')).toBeTruthy();
    expect(group.getByText('2 chosen slots: Home leaderboard (Fabrikam News), Sports rectangle (Fabrikam News)')).toBeTruthy();
    expect(group.getByText('Hot cocoa')).toBeTruthy();
    expect(group.getByText('Rejected: Misleading claim.')).toBeTruthy();
    expect(group.getByRole('link', { name: 'https://www.example.com/offer-1' })).toBeTruthy();
    expect(group.getByRole('button', { name: 'Enlarge banner-1.png' })).toBeTruthy();
    // The history, newest first, with the reasons per ad and per image.
    expect(within(drawer).getByText('by Sam Staff')).toBeTruthy();
    expect(within(drawer).getByText('Ad “Hot cocoa”: Misleading claim.')).toBeTruthy();
    expect(within(drawer).getByText('Image “banner-1.png”: Blurry text.')).toBeTruthy();
    const entries = within(drawer).getAllByText(/^(Submitted|Rejected)$/).map((tag) => tag.textContent);
    expect(entries.indexOf('Rejected')).toBeLessThan(entries.indexOf('Submitted'));
  });

  it('plays a video ad from its poster', async () => {
    fakeCampaignServer({ campaigns: [detail], details: { 3: detail } });
    renderCampaigns('/campaign/list?campaign=3');
    const drawer = await dialogTitled('Winter push');
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Play winter.mp4' }));
    const player = await dialogTitled('winter.mp4');
    expect(player.querySelector('video')!.getAttribute('src')).toBe('/stream');
  });

  it('opens by clicking a name and closes back to the list URL', async () => {
    fakeCampaignServer({ campaigns: [detail], details: { 3: detail } });
    const { router } = renderCampaigns();
    await userEvent.click(await screen.findByRole('button', { name: 'Winter push' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ campaign: '3' }));
    const drawer = await dialogTitled('Winter push');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(searchOf(router)).toEqual({}));
  });

  it('says so when the campaign is gone', async () => {
    fakeCampaignServer({ campaigns: [] });
    renderCampaigns('/campaign/list?campaign=77');
    expect(await screen.findByText('This campaign no longer exists or you cannot see it.', undefined, LONG)).toBeTruthy();
  });
});
