import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { aRequest, dialogTitled, fakeRequestServer, PATHS, renderRequests, searchOf } from '../components/test-helpers';

afterEach(() => vi.unstubAllGlobals());

// An antd drawer and dialogs: a few seconds each when the whole suite runs at once.
const SLOW = { timeout: 30_000 };
const LONG = { timeout: 5_000 };

const winter = aRequest(1, { entityName: 'Winter Warmers', reason: 'The season is over.', version: 3 });
const banner = aRequest(2, {
  kind: 'adSlot.offline',
  entity: 'adSlot',
  entityName: 'Homepage banner',
  fromStatus: 'live',
  toStatus: 'offline',
  entityStatus: 'live',
  accountId: 2,
  accountName: 'Paper Cranes',
  accountKind: 'publisher',
  requestedBy: { id: 6, name: 'Pat', email: 'publisher@demo.test' },
});
const done = aRequest(3, {
  entityName: 'Spring Sale',
  status: 'rejected',
  decisionNote: 'It still has a week of budget.',
  decidedBy: { id: 90, name: 'Sam Staff', email: 'staff@demo.test' },
  decidedAt: '2026-11-19T08:00:00.000Z',
});
const direct = aRequest(4, {
  entityName: 'Old Banner',
  kind: 'adSlot.offline',
  entity: 'adSlot',
  status: 'approved',
  direct: true,
  entityStatus: 'offline',
  decidedBy: { id: 90, name: 'Sam Staff', email: 'staff@demo.test' },
  decidedAt: '2026-11-19T08:00:00.000Z',
});
const lastQuery = (server: ReturnType<typeof fakeRequestServer>) => Object.fromEntries(server.callsTo(PATHS.list).at(-1)!.query);
const listQueries = (server: ReturnType<typeof fakeRequestServer>) => server.callsTo(PATHS.list).map((call) => Object.fromEntries(call.query));

describe('Request management: the list', SLOW, () => {
  it('opens on staff’s pending queue with its count; tabs, kinds, search and sort live in the URL', async () => {
    const server = fakeRequestServer([winter, banner, done, direct]);
    const { router } = renderRequests();
    expect(await screen.findByRole('heading', { name: 'Request Management', level: 1 })).toBeTruthy();
    const row = (await screen.findByText('Winter Warmers', undefined, LONG)).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Terminate campaign' })).toBeTruthy();
    expect(within(row).getByText('Campaign · Now: Active')).toBeTruthy();
    expect(within(row).getByText('Contoso Coffee')).toBeTruthy();
    expect(within(row).getByText('by Avery')).toBeTruthy();
    expect(within(row).getByText('Pending')).toBeTruthy();
    expect(screen.getByText('Homepage banner')).toBeTruthy();
    expect(screen.queryByText('Spring Sale')).toBeNull();
    expect(screen.getByText('2 requests')).toBeTruthy();
    expect(within(screen.getByRole('radio', { name: /Pending/ }).closest('label')!).getByText('2')).toBeTruthy();
    expect(listQueries(server)).toContainEqual({ status: 'pending', sort: 'requestedAt', order: 'desc', page: '1', pageSize: '20' });

    await userEvent.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ tab: 'all' }));
    expect(await screen.findByText('Spring Sale', undefined, LONG)).toBeTruthy();
    const directRow = screen.getByText('Old Banner').closest('tr')!;
    expect(within(directRow).getByText('Direct change by staff')).toBeTruthy();
    expect(within(directRow).getByText('Approved')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Kind: Any kind' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Take ad slot offline' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ tab: 'all', kind: 'adSlot.offline' }));
    await waitFor(() => expect(screen.queryByText('Spring Sale')).toBeNull());
    expect(lastQuery(server)).toMatchObject({ kind: 'adSlot.offline' });
    await userEvent.keyboard('{Escape}');

    await userEvent.type(screen.getByRole('textbox', { name: 'Search requests' }), 'paper{Enter}');
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ search: 'paper', kind: 'adSlot.offline' }));
    await waitFor(() => expect(screen.queryByText('Old Banner')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Decided' }));
    await waitFor(() => expect(searchOf(router)).toMatchObject({ sort: 'decidedAt' }));
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ sort: 'decidedAt' }));
  });

  it('asks first for exactly the calls the router starts early', async () => {
    const { EARLY_CALLS } = await import('../../../app/router/early-calls');
    const server = fakeRequestServer([winter]);
    renderRequests();
    await screen.findByText('Winter Warmers', undefined, LONG);
    const urls = server.callsTo(PATHS.list).map((call) => `${call.path}?${call.query.toString()}`);
    const staffCalls = EARLY_CALLS['requestManagement/statusManagement']!.filter((call) => typeof call !== 'string' && call.roles.includes('MsInternal'));
    expect(new Set(urls)).toEqual(new Set(staffCalls.map((call) => (typeof call === 'string' ? call : call.url))));
  });

  it('shows a requester their account’s requests, all states first, and says how requests are made when there are none', async () => {
    const server = fakeRequestServer([]);
    renderRequests('', { as: 'advertiser' });
    expect(await screen.findByText(/Ending a campaign needs staff’s approval: open the campaign in the Campaign List and choose Request termination/, undefined, LONG)).toBeTruthy();
    expect(lastQuery(server)).toEqual({ sort: 'requestedAt', order: 'desc', page: '1', pageSize: '20' });
    // No queue count for a requester, and no account column.
    expect(server.callsTo(PATHS.list)).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'All' })).toHaveProperty('checked', true);
  });
});

describe('Request management: the drawer', SLOW, () => {
  it('opens from ?request= and shows everything; staff approve with a note and the version', async () => {
    const server = fakeRequestServer([winter]);
    renderRequests('?request=1');
    const drawer = await dialogTitled('Terminate campaign: Winter Warmers');
    expect(within(drawer).getByText('The season is over.')).toBeTruthy();
    expect(within(drawer).getByText('Active → Ended')).toBeTruthy();
    expect(within(drawer).getByText('Contoso Coffee')).toBeTruthy();
    expect(within(drawer).getByText(/by Avery/)).toBeTruthy();

    await userEvent.click(within(drawer).getByRole('button', { name: 'Approve' }));
    const dialog = await dialogTitled('Approve: Terminate campaign');
    expect(within(dialog).getByText('This applies the change to Winter Warmers now: Active → Ended.')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'Agreed.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(server.callsTo(PATHS.approve)).toHaveLength(1));
    expect(server.callsTo(PATHS.approve)[0]!.body).toEqual({ id: 1, version: 3, note: 'Agreed.' });
    expect(await screen.findByText('Approved: Terminate campaign — Winter Warmers')).toBeTruthy();
    await waitFor(() => expect(within(drawer).getByText('Agreed.')).toBeTruthy());
    expect(within(drawer).getByText(/by Sam Staff/)).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('wants a reason to reject, within the contract, and sends it with the version', async () => {
    const server = fakeRequestServer([winter]);
    renderRequests('?request=1');
    const drawer = await dialogTitled('Terminate campaign: Winter Warmers');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Reject' }));
    const dialog = await dialogTitled('Reject: Terminate campaign');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Please give a reason.');
    expect(server.callsTo(PATHS.reject)).toHaveLength(0);
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason.getAttribute('maxlength')).toBe('500');
    await userEvent.type(reason, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Please give a reason.');
    await userEvent.type(reason, 'Still has budget.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(server.callsTo(PATHS.reject)).toHaveLength(1));
    expect(server.callsTo(PATHS.reject)[0]!.body).toEqual({ id: 1, version: 3, reason: 'Still has budget.' });
    await waitFor(() => expect(within(drawer).getByText('Reason for rejection')).toBeTruthy());
    expect(within(drawer).getByText('Still has budget.')).toBeTruthy();
  });

  it('says when the request was decided meanwhile, and refreshes on demand', async () => {
    const server = fakeRequestServer([winter]);
    renderRequests('?request=1');
    const drawer = await dialogTitled('Terminate campaign: Winter Warmers');
    // Someone else cancelled it after the drawer loaded.
    Object.assign(server.find(1)!, { status: 'cancelled', version: 4, decidedAt: '2026-11-20T09:00:00.000Z' });
    server.handle(PATHS.approve, () => json(409, { errorCode: 'REQUEST_STATE', error: 'No longer pending.', status: 'cancelled' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Approve' }));
    await userEvent.click(within(await dialogTitled('Approve: Terminate campaign')).getByRole('button', { name: 'Approve' }));
    expect(await within(drawer).findByText('This request was decided or cancelled meanwhile.')).toBeTruthy();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(within(drawer).getAllByText('Cancelled').length).toBeGreaterThan(0));
    expect(within(drawer).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('says the entity changed meanwhile and nothing was applied', async () => {
    const server = fakeRequestServer([banner]);
    renderRequests('?request=2');
    const drawer = await dialogTitled('Take ad slot offline: Homepage banner');
    server.handle(PATHS.approve, () => json(409, { errorCode: 'AD_SLOT_STATE', error: 'The slot is not live.', status: 'paused' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Approve' }));
    await userEvent.click(within(await dialogTitled('Approve: Take ad slot offline')).getByRole('button', { name: 'Approve' }));
    expect(await within(drawer).findByText('The ad slot changed meanwhile: it is now Paused; nothing was applied.')).toBeTruthy();
  });

  it('lets the requester cancel a pending request after a confirmation, with the version', async () => {
    const server = fakeRequestServer([winter, done]);
    renderRequests('?request=1', { as: 'advertiser' });
    const drawer = await dialogTitled('Terminate campaign: Winter Warmers');
    expect(within(drawer).queryByRole('button', { name: 'Approve' })).toBeNull();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Cancel request' }));
    const confirm = await dialogTitled('Cancel this request?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(server.callsTo(PATHS.cancel)).toHaveLength(1));
    expect(server.callsTo(PATHS.cancel)[0]!.body).toEqual({ id: 1, version: 3 });
    expect(await screen.findByText('Request cancelled')).toBeTruthy();
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: 'Cancel request' })).toBeNull());
  });

  it('reloads a stale request and says why', async () => {
    const server = fakeRequestServer([winter]);
    renderRequests('?request=1', { as: 'advertiser' });
    const drawer = await dialogTitled('Terminate campaign: Winter Warmers');
    server.find(1)!.version = 9;
    await userEvent.click(within(drawer).getByRole('button', { name: 'Cancel request' }));
    await userEvent.click(within(await dialogTitled('Cancel this request?')).getByRole('button', { name: 'Cancel request' }));
    expect(await within(drawer).findByText('Someone else changed this request meanwhile. It is shown as it is now.')).toBeTruthy();
    await waitFor(() => expect(server.callsTo(PATHS.detail).length).toBeGreaterThan(1));
  });

  it('shows a rejection’s reason and a direct change as such', async () => {
    fakeRequestServer([done, direct]);
    renderRequests('?request=4&tab=all');
    const drawer = await dialogTitled('Take ad slot offline: Old Banner');
    expect(within(drawer).getAllByText('Direct change by staff').length).toBeGreaterThan(0);
    expect(within(drawer).getByText('A staff member made this change directly; it was applied when it was made.')).toBeTruthy();
  });
});
