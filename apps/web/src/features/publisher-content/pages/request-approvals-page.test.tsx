import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../shared/i18n/i18n';
import { json } from '../../../test/fake-fetch';
import { aContentRequest, anItem, aReason, aSeries, dialogTitled, fakeContentServer, PATHS, renderApprovals, searchOf } from '../test-helpers';

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('en-US'));
});

// An antd drawer and dialogs: a few seconds each when the whole suite runs at once.
const SLOW = { timeout: 30_000 };
const LONG = { timeout: 5_000 };

const cranes = aContentRequest(1, { seriesName: 'Paper Cranes Season 1', note: 'Our first season.', version: 3 });
const spring = aContentRequest(2, {
  seriesName: 'Spring Recipes',
  kind: 'update',
  status: 'rejected',
  decidedAt: '2026-11-19T08:00:00.000Z',
  decidedBy: { id: 90, name: 'Sam Staff' },
  items: [
    anItem(21, {
      videoName: 'bad-cut.mp4',
      decision: 'rejected',
      reason: { id: 7, label: 'Misleading content', labelZh: '误导性内容' },
      note: 'The ending is cut.',
      decidedAt: '2026-11-19T08:00:00.000Z',
      decidedBy: { id: 90, name: 'Sam Staff' },
    }),
    anItem(22, { videoName: 'old.mp4', action: 'remove', decision: 'approved', decidedAt: '2026-11-19T08:00:00.000Z', decidedBy: { id: 90, name: 'Sam Staff' } }),
  ],
});
const misleading = aReason(7, 'Misleading content', '误导性内容');
const lastQuery = (server: ReturnType<typeof fakeContentServer>) => Object.fromEntries(server.callsTo(PATHS.list).at(-1)!.query);
const listQueries = (server: ReturnType<typeof fakeContentServer>) => server.callsTo(PATHS.list).map((call) => Object.fromEntries(call.query));

describe('Request Approvals: the list', SLOW, () => {
  it('opens on staff’s pending queue with its count; tabs and search live in the URL', async () => {
    const server = fakeContentServer({ requests: [cranes, spring] });
    const { router } = renderApprovals();
    expect(await screen.findByRole('heading', { name: 'Request Approvals', level: 1 })).toBeTruthy();
    const row = (await screen.findByRole('button', { name: 'Paper Cranes Season 1' }, LONG)).closest('tr')!;
    expect(within(row).getByText('Paper Cranes')).toBeTruthy();
    expect(within(row).getByText('#1 · Publish series')).toBeTruthy();
    expect(within(row).getByText('2 videos')).toBeTruthy();
    expect(within(row).getByText('0 approved · 0 rejected · 2 pending')).toBeTruthy();
    expect(within(row).getByText('by Pat')).toBeTruthy();
    expect(within(row).getByText('Pending')).toBeTruthy();
    expect(screen.queryByText('Spring Recipes')).toBeNull();
    expect(within(screen.getByRole('radio', { name: /Pending/ }).closest('label')!).getByText('1')).toBeTruthy();
    expect(listQueries(server)).toContainEqual({ status: 'pending', sort: 'submittedAt', order: 'desc', page: '1', pageSize: '20' });
    // Staff file nothing.
    expect(screen.queryByRole('button', { name: 'New request' })).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ tab: 'all' }));
    const springRow = (await screen.findByRole('button', { name: 'Spring Recipes' }, LONG)).closest('tr')!;
    expect(within(springRow).getByText('#2 · Update series')).toBeTruthy();
    expect(within(springRow).getByText('Rejected')).toBeTruthy();

    await userEvent.type(screen.getByRole('textbox', { name: 'Search requests' }), 'spring{Enter}');
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ search: 'spring' }));
    await waitFor(() => expect(screen.queryByText('Paper Cranes Season 1')).toBeNull());
    expect(searchOf(router)).toMatchObject({ q: 'spring' });
  });

  it('asks first for exactly the calls the router starts early, for staff and for a publisher', async () => {
    const { EARLY_CALLS } = await import('../../../app/router/early-calls');
    const specs = EARLY_CALLS['publisherContent/requestApprovals']!;
    const urlsFor = (role: string) => new Set(specs.filter((call) => typeof call !== 'string' && call.roles.includes(role)).map((call) => (typeof call === 'string' ? call : call.url)));
    const sent = (server: ReturnType<typeof fakeContentServer>) => new Set(server.callsTo(PATHS.list).map((call) => `${call.path}?${call.query.toString()}`));

    const staffServer = fakeContentServer({ requests: [cranes] });
    const staff = renderApprovals();
    await screen.findByText('Paper Cranes Season 1', undefined, LONG);
    expect(sent(staffServer)).toEqual(urlsFor('MsInternal'));
    staff.router.dispose();
  });

  it('shows a publisher their requests, all states first, and explains how to submit when there are none', async () => {
    const server = fakeContentServer();
    renderApprovals('', { as: 'publisher' });
    expect(await screen.findByText(/open the Video Library, choose the series’ “…” menu and Submit for publication/, undefined, LONG)).toBeTruthy();
    expect(lastQuery(server)).toEqual({ sort: 'submittedAt', order: 'desc', page: '1', pageSize: '20' });
    expect(server.callsTo(PATHS.list)).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'All' })).toHaveProperty('checked', true);
    const { EARLY_CALLS } = await import('../../../app/router/early-calls');
    const publisherCalls = EARLY_CALLS['publisherContent/requestApprovals']!.filter((call) => typeof call !== 'string' && call.roles.includes('Publisher'));
    expect(publisherCalls.map((call) => (typeof call === 'string' ? call : call.url))).toEqual(server.callsTo(PATHS.list).map((call) => `${call.path}?${call.query.toString()}`));
  });
});

describe('Request Approvals: the drawer', SLOW, () => {
  it('opens from ?request= with each video’s decision, its reason in the user’s language and note', async () => {
    fakeContentServer({ requests: [spring] });
    renderApprovals('?request=2&tab=all');
    const drawer = await dialogTitled('Update series: Spring Recipes');
    const bad = within(drawer).getByText('bad-cut.mp4').closest('li')!;
    expect(within(bad).getByText('Add')).toBeTruthy();
    expect(within(bad).getByText('Rejected')).toBeTruthy();
    expect(within(bad).getByText('Reason: Misleading content')).toBeTruthy();
    expect(within(bad).getByText('Note: The ending is cut.')).toBeTruthy();
    expect(within(bad).getByText(/by Sam Staff/)).toBeTruthy();
    const old = within(drawer).getByText('old.mp4').closest('li')!;
    expect(within(old).getByText('Remove')).toBeTruthy();
    expect(within(old).getByText('Approved')).toBeTruthy();
    // Decided: nothing to do any more.
    expect(within(drawer).queryByRole('button', { name: 'Approve all' })).toBeNull();

    await act(() => setLanguage('zh-CN'));
    expect(await within(drawer).findByText('原因：误导性内容')).toBeTruthy();
  });

  it('lets staff approve all with a note and the version', async () => {
    const server = fakeContentServer({ requests: [cranes] });
    renderApprovals('?request=1');
    const drawer = await dialogTitled('Publish series: Paper Cranes Season 1');
    expect(within(drawer).getByText('Our first season.')).toBeTruthy();
    expect(within(drawer).getByText('Kind')).toBeTruthy();
    expect(within(drawer).getByText('2 videos · 0 approved · 0 rejected · 2 pending')).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Open Content Review' }).getAttribute('href')).toBe('/publisherContent/contentReview?request=1');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Approve all' }));
    const dialog = await dialogTitled('Approve the request: Paper Cranes Season 1');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'Welcome aboard.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve all' }));
    await waitFor(() => expect(server.callsTo(PATHS.decide)).toHaveLength(1));
    expect(server.callsTo(PATHS.decide)[0]!.body).toEqual({ id: 1, version: 3, decision: 'approved', note: 'Welcome aboard.' });
    expect(await screen.findByText('Approved: Paper Cranes Season 1')).toBeTruthy();
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: 'Approve all' })).toBeNull());
    expect(within(drawer).getByText('Welcome aboard.')).toBeTruthy();
  });

  it('wants a policy reason to reject all, and sends it with the version', async () => {
    const server = fakeContentServer({ requests: [cranes], reasons: [misleading, aReason(8, 'Retired one', '', false)] });
    renderApprovals('?request=1');
    const drawer = await dialogTitled('Publish series: Paper Cranes Season 1');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Reject all' }));
    const dialog = await dialogTitled('Reject the request: Paper Cranes Season 1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject all' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Please choose a reason.');
    expect(server.callsTo(PATHS.decide)).toHaveLength(0);
    const select = within(dialog).getByRole('combobox', { name: 'Policy reason' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Misleading content' })).toBeTruthy());
    expect(within(select).queryByRole('option', { name: 'Retired one' })).toBeNull();
    await userEvent.selectOptions(select, 'Misleading content');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject all' }));
    await waitFor(() => expect(server.callsTo(PATHS.decide)).toHaveLength(1));
    expect(server.callsTo(PATHS.decide)[0]!.body).toEqual({ id: 1, version: 3, decision: 'rejected', reasonId: 7 });
    await waitFor(() => expect(within(drawer).getAllByText('Reason: Misleading content')).toHaveLength(2));
  });

  it('says when the request was decided meanwhile, and refreshes on demand', async () => {
    const server = fakeContentServer({ requests: [cranes] });
    renderApprovals('?request=1');
    const drawer = await dialogTitled('Publish series: Paper Cranes Season 1');
    Object.assign(server.find(1)!, { status: 'cancelled', version: 4, decidedAt: '2026-11-20T09:00:00.000Z' });
    server.handle(PATHS.decide, () => json(409, { errorCode: 'REQUEST_STATE', error: 'No longer pending.', status: 'cancelled' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Approve all' }));
    await userEvent.click(within(await dialogTitled('Approve the request: Paper Cranes Season 1')).getByRole('button', { name: 'Approve all' }));
    expect(await within(drawer).findByText('This request was decided or cancelled meanwhile.')).toBeTruthy();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(within(drawer).getAllByText('Cancelled').length).toBeGreaterThan(0));
    expect(within(drawer).queryByRole('button', { name: 'Approve all' })).toBeNull();
  });

  it('lets the publisher cancel a pending request after a confirmation, with the version', async () => {
    const server = fakeContentServer({ requests: [cranes] });
    renderApprovals('?request=1', { as: 'publisher' });
    const drawer = await dialogTitled('Publish series: Paper Cranes Season 1');
    expect(within(drawer).queryByRole('button', { name: 'Approve all' })).toBeNull();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Cancel request' }));
    const confirm = await dialogTitled('Cancel this request?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(server.callsTo(PATHS.cancel)).toHaveLength(1));
    expect(server.callsTo(PATHS.cancel)[0]!.body).toEqual({ id: 1, version: 3 });
    expect(await screen.findByText('Request cancelled')).toBeTruthy();
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: 'Cancel request' })).toBeNull());
  });

  it('reloads a stale request and says why', async () => {
    const server = fakeContentServer({ requests: [cranes] });
    renderApprovals('?request=1', { as: 'publisher' });
    const drawer = await dialogTitled('Publish series: Paper Cranes Season 1');
    server.find(1)!.version = 9;
    await userEvent.click(within(drawer).getByRole('button', { name: 'Cancel request' }));
    await userEvent.click(within(await dialogTitled('Cancel this request?')).getByRole('button', { name: 'Cancel request' }));
    expect(await within(drawer).findByText('Someone else changed this request meanwhile. It is shown as it is now.')).toBeTruthy();
    await waitFor(() => expect(server.callsTo(PATHS.detail).length).toBeGreaterThan(1));
  });
});

describe('Request Approvals: a new request', SLOW, () => {
  const season2 = aSeries(300, 'Season Two');
  const season1 = aSeries(100, 'Paper Cranes Season 1', { pendingContentRequestId: 1 });
  const empty = aSeries(400, 'Empty Series', { videoCount: 0 });

  it('previews the chosen series and submits it with a note, then opens the new request', async () => {
    const server = fakeContentServer({
      series: [season2, empty],
      previews: { 300: { kind: 'publish', add: [{ videoId: 31, videoName: 'pilot.mp4' }, { videoId: 32, videoName: 'second.mp4' }], remove: [] } },
    });
    const { router } = renderApprovals('', { as: 'publisher' });
    await userEvent.click(await screen.findByRole('button', { name: 'New request' }, LONG));
    const dialog = await dialogTitled('New publication request');
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect(submit).toHaveProperty('disabled', true);
    await userEvent.selectOptions(await within(dialog).findByRole('combobox', { name: 'Series' }), 'Season Two');
    expect(await within(dialog).findByText('2 videos to publish')).toBeTruthy();
    expect(within(dialog).getByText('pilot.mp4')).toBeTruthy();
    expect(within(dialog).getByText('The series is not published yet: its videos are sent for review.')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note to staff (optional)' }), 'Season two is ready.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.callsTo(PATHS.submit)).toHaveLength(1));
    expect(server.callsTo(PATHS.submit)[0]!.body).toEqual({ seriesId: 300, note: 'Season two is ready.' });
    expect(await screen.findByText('Submitted for review: Season Two')).toBeTruthy();
    await waitFor(() => expect(searchOf(router)).toEqual({ request: '500' }));
    expect(await dialogTitled('Publish series: Season Two')).toBeTruthy();
  });

  it('says when there is nothing to submit, and links the pending request of a series', async () => {
    const server = fakeContentServer({ requests: [cranes], series: [season1, empty] });
    const { router } = renderApprovals('', { as: 'publisher' });
    await userEvent.click(await screen.findByRole('button', { name: 'New request' }, LONG));
    const dialog = await dialogTitled('New publication request');
    const select = await within(dialog).findByRole('combobox', { name: 'Series' });
    await userEvent.selectOptions(select, 'Empty Series');
    expect(await within(dialog).findByText(/Nothing to submit/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', true);

    await userEvent.selectOptions(select, 'Paper Cranes Season 1');
    expect(await within(dialog).findByText('This series has a pending request already.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open the pending request' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ request: '1' }));
    expect(server.callsTo(PATHS.submit)).toHaveLength(0);
  });

  it('answers a 409 NOTHING_TO_SUBMIT or CONTENT_REQUEST_PENDING met on submitting', async () => {
    const server = fakeContentServer({
      series: [season2],
      previews: { 300: { kind: 'update', add: [], remove: [{ videoId: 31, videoName: 'pilot.mp4' }] } },
    });
    renderApprovals('', { as: 'publisher' });
    await userEvent.click(await screen.findByRole('button', { name: 'New request' }, LONG));
    const dialog = await dialogTitled('New publication request');
    await userEvent.selectOptions(await within(dialog).findByRole('combobox', { name: 'Series' }), 'Season Two');
    expect(await within(dialog).findByText('1 video to take out of publication')).toBeTruthy();
    expect(within(dialog).getByText('The series is published: these changes since are sent for review.')).toBeTruthy();
    // Someone filed one from another tab meanwhile.
    server.handle(PATHS.submit, () => json(409, { errorCode: 'CONTENT_REQUEST_PENDING', error: 'Pending already.', requestId: 42 }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('This series has a pending request already.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Open the pending request' })).toBeTruthy();
  });
});
