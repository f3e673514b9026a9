import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { aSlot, dialogTitled, fakeSlotServer, PATHS, renderSlots, searchOf } from '../components/test-helpers';

afterEach(() => vi.unstubAllGlobals());

// A wide antd table and a drawer: a few seconds each when the whole suite runs at once.
const SLOW = { timeout: 30_000 };
const LONG = { timeout: 5_000 };

const waiting = aSlot(11, {
  name: 'Article footer',
  status: 'pending_review',
  submittedAt: '2026-11-19T08:00:00.000Z',
  accountId: 4,
  accountName: 'Northwind Daily',
  version: 6,
});
const live = aSlot(12, { name: 'Always on', status: 'live', accountId: 5, accountName: 'Tailspin Apps' });

const reviewPanel = async () => {
  const drawer = await dialogTitled('Article footer');
  return within(await within(drawer).findByRole('region', { name: 'Review' }));
};
const listCalls = (server: ReturnType<typeof fakeSlotServer>) => server.callsTo(PATHS.list).filter((call) => call.query.get('pageSize') !== '1');

describe('Ad slots (staff)', SLOW, () => {
  it('opens on the review queue with its count and each slot’s publisher, and lists every slot on the other tab', async () => {
    const server = fakeSlotServer({ slots: [waiting, live] });
    const { router } = renderSlots('', { staff: true });
    expect(await screen.findByRole('button', { name: 'Article footer' }, LONG)).toBeTruthy();
    expect(screen.queryByText('Always on')).toBeNull();
    expect(screen.getByText('Northwind Daily')).toBeTruthy();
    expect(screen.getByText('#4')).toBeTruthy();
    expect(Object.fromEntries(listCalls(server)[0]!.query)).toMatchObject({ status: 'pending_review', queueFirst: 'true' });
    // The queue's count, asked apart.
    const count = server.callsTo(PATHS.list).find((call) => call.query.get('pageSize') === '1')!;
    expect(Object.fromEntries(count.query)).toMatchObject({ status: 'pending_review', sort: 'submittedAt', order: 'asc' });
    await waitFor(() => expect(document.querySelector('.list-tabs .kit-badge')!.textContent).toBe('1'));
    // Staff create nothing, and the queue keeps its own order.
    expect(screen.queryByRole('button', { name: /New ad slot/ })).toBeNull();
    expect(document.querySelector('.slot-table .plain-table-sorter')).toBeNull();

    await userEvent.click(screen.getByText('All ad slots'));
    await waitFor(() => expect(searchOf(router)).toEqual({ tab: 'all' }));
    expect(await screen.findByRole('button', { name: 'Always on' }, LONG)).toBeTruthy();
    const all = Object.fromEntries(listCalls(server).at(-1)!.query);
    expect(all).toMatchObject({ queueFirst: 'true' });
    expect(all.status).toBeUndefined();
    expect(document.querySelector('.slot-table .plain-table-sorter')).toBeTruthy();
  });

  it('approves a slot from its drawer; the queue refreshes and says so', async () => {
    const server = fakeSlotServer({ slots: [waiting] });
    const { router } = renderSlots('', { staff: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Article footer' }, LONG));
    await waitFor(() => expect(searchOf(router)).toEqual({ slot: '11' }));
    const panel = await reviewPanel();
    const before = server.callsTo(PATHS.list).length;
    await userEvent.click(panel.getByRole('button', { name: /Approve/ }));
    await waitFor(() => expect(server.callsTo(PATHS.review)).toHaveLength(1));
    expect(server.callsTo(PATHS.review)[0]!.body).toEqual({ id: 11, version: 6, decision: 'approve' });
    expect(await screen.findByText('“Article footer” approved', undefined, LONG)).toBeTruthy();
    await waitFor(() => expect(searchOf(router)).toEqual({}));
    expect(server.callsTo(PATHS.list).length).toBeGreaterThan(before);
    expect(await screen.findByText('Nothing is waiting for review.', undefined, LONG)).toBeTruthy();
  });

  it('rejects only with a reason, which the publisher is sent', async () => {
    const server = fakeSlotServer({ slots: [waiting] });
    const { router } = renderSlots('?slot=11', { staff: true });
    const panel = await reviewPanel();
    await userEvent.click(panel.getByRole('button', { name: /Reject…/ }));
    await userEvent.click(panel.getByRole('button', { name: /Reject ad slot/ }));
    expect(panel.getByText('Please give a reason.')).toBeTruthy();
    expect(server.callsTo(PATHS.review)).toHaveLength(0);

    await userEvent.type(panel.getByLabelText('Reason for the publisher'), '  The footer slot overlaps the page’s own links.  ');
    await userEvent.click(panel.getByRole('button', { name: /Reject ad slot/ }));
    await waitFor(() => expect(server.callsTo(PATHS.review)).toHaveLength(1));
    expect(server.callsTo(PATHS.review)[0]!.body).toEqual({ id: 11, version: 6, decision: 'reject', reason: 'The footer slot overlaps the page’s own links.' });
    expect(await screen.findByText('“Article footer” rejected; the publisher has been told why', undefined, LONG)).toBeTruthy();
    await waitFor(() => expect(searchOf(router)).toEqual({}));
  });

  it('says when the slot is no longer waiting, and refreshes', async () => {
    const server = fakeSlotServer({ slots: [waiting] });
    server.handle(PATHS.review, () => json(409, { errorCode: 'AD_SLOT_STATE', error: 'Only an ad slot waiting for review can be approved or rejected.', status: 'approved' }));
    renderSlots('?slot=11', { staff: true });
    const panel = await reviewPanel();
    const before = server.callsTo(PATHS.list).length;
    await userEvent.click(panel.getByRole('button', { name: /Approve/ }));
    expect(await screen.findByText('This ad slot is no longer waiting for review. The list has been refreshed.', undefined, LONG)).toBeTruthy();
    await waitFor(() => expect(server.callsTo(PATHS.list).length).toBeGreaterThan(before));
  });

  it('offers no review on a slot that is not waiting, nor to staff who may only read', async () => {
    fakeSlotServer({ slots: [waiting, live] });
    renderSlots('?tab=all&slot=12', { staff: true });
    const drawer = await dialogTitled('Always on');
    await within(drawer).findByText('Settings');
    expect(within(drawer).queryByRole('region', { name: 'Review' })).toBeNull();
    // Nothing that writes: no edit, submit or delete in the drawer's menu.
    expect(within(drawer).queryByRole('button', { name: /More actions/ })).toBeNull();
  });

  it('offers no review to staff who may only read', async () => {
    fakeSlotServer({ slots: [waiting] });
    renderSlots('?slot=11', { staff: true, powers: ['adslot.read'] });
    const drawer = await dialogTitled('Article footer');
    await within(drawer).findByText('Settings');
    expect(within(drawer).queryByRole('region', { name: 'Review' })).toBeNull();
  });
});
