import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { renderPages } from '../../../test/render';
import { EntityStatusRequests, RequestStatusChangeButton } from '../index';
import { aRequest, dialogTitled, fakeRequestServer, PATHS, REQUESTER_POWERS, searchOf, STAFF_POWERS } from './test-helpers';

afterEach(() => vi.unstubAllGlobals());

const SLOW = { timeout: 30_000 };
const LONG = { timeout: 5_000 };
const REQUESTS = '/requestManagement/statusManagement';

function renderHere(element: ReactNode, { staff = false, publisher = false } = {}) {
  return renderPages({
    routes: [
      { path: '/here', element },
      { path: REQUESTS, element: <p>Request page</p> },
    ],
    path: '/here',
    powers: staff ? STAFF_POWERS : REQUESTER_POWERS,
    user: staff
      ? { role: 'MsInternal', accountKind: 'internal', accountId: 9 }
      : publisher
        ? { role: 'Publisher', accountKind: 'publisher', accountId: 2 }
        : {},
  });
}

describe('Filing a status change request', SLOW, () => {
  it('checks the reason by the contract’s rules before sending, then files it', async () => {
    const server = fakeRequestServer([]);
    const onDone = vi.fn();
    renderHere(
      <RequestStatusChangeButton kind="account.close" entityId={1} entityName="Contoso Coffee" onDone={onDone}>
        Close my account
      </RequestStatusChangeButton>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close my account' }));
    const dialog = await dialogTitled('Close account: Contoso Coffee');
    expect(within(dialog).getByText(/Staff review your request first\./)).toBeTruthy();
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Please give a reason.');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(reason, 'bad\u0000char');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'The text contains characters that cannot be stored (such as NUL).');
    expect(server.callsTo(PATHS.create)).toHaveLength(0);

    await userEvent.clear(reason);
    await userEvent.type(reason, '  We are moving on.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(server.callsTo(PATHS.create)).toHaveLength(1));
    expect(server.callsTo(PATHS.create)[0]!.body).toEqual({ kind: 'account.close', entityId: 1, reason: 'We are moving on.' });
    expect(await screen.findByText('Request sent: Close account — Contoso Coffee')).toBeTruthy();
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ kind: 'account.close', status: 'pending' }));
  });

  it('shows the server’s field message under the reason', async () => {
    const server = fakeRequestServer([]);
    server.handle(PATHS.create, () => json(400, { errorCode: 'VALIDATION_FAILED', error: 'Invalid.', fields: { reason: 'Please use at most 500 characters.' } }));
    renderHere(
      <RequestStatusChangeButton kind="account.close" entityId={1} entityName="Contoso Coffee">
        Close my account
      </RequestStatusChangeButton>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close my account' }));
    const dialog = await dialogTitled('Close account: Contoso Coffee');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Why');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Please use at most 500 characters.');
  });

  it('answers a pending one with a link to it', async () => {
    fakeRequestServer([aRequest(7, { kind: 'account.close', entity: 'account', entityId: 1 })]);
    const { router } = renderHere(
      <RequestStatusChangeButton kind="account.close" entityId={1} entityName="Contoso Coffee">
        Close my account
      </RequestStatusChangeButton>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close my account' }));
    const dialog = await dialogTitled('Close account: Contoso Coffee');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('A request is pending already.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('link', { name: 'Open the pending request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(REQUESTS));
    expect(searchOf(router)).toEqual({ request: '7' });
  });
});

describe('A campaign’s and a slot’s requests in their drawers', SLOW, () => {
  it('offers an advertiser Request termination, and shows a pending one instead of a second', async () => {
    const server = fakeRequestServer([aRequest(3, { entityId: 40, entityName: 'Winter', requestedAt: '2026-11-18T09:30:00.000Z' })]);
    renderHere(
      <>
        <EntityStatusRequests entity="campaign" entityId={40} entityName="Winter" entityStatus="active" />
        <EntityStatusRequests entity="campaign" entityId={41} entityName="Summer" entityStatus="paused" />
        <EntityStatusRequests entity="campaign" entityId={42} entityName="Draft one" entityStatus="draft" />
      </>,
    );
    expect(await screen.findByText(/Terminate campaign requested on .* — pending review/, undefined, LONG)).toBeTruthy();
    const buttons = await screen.findAllByRole('button', { name: 'Request termination' });
    expect(buttons).toHaveLength(2);
    await waitFor(() => expect(buttons[0]).toHaveProperty('disabled', true));
    await waitFor(() => expect(buttons[1]).toHaveProperty('disabled', false));
    expect(screen.getByRole('link', { name: 'Open the request' }).getAttribute('href')).toBe(`${REQUESTS}?request=3`);
    // Asked per entity, pending only; a draft asks nothing.
    expect(server.callsTo(PATHS.list).map((call) => call.query.get('entityId'))).toEqual(['40', '41']);
    expect(Object.fromEntries(server.callsTo(PATHS.list)[0]!.query)).toMatchObject({ entity: 'campaign', entityId: '40', status: 'pending' });

    await userEvent.click(buttons[1]!);
    const dialog = await dialogTitled('Terminate campaign: Summer');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Season over');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(server.callsTo(PATHS.create)).toHaveLength(1));
    // The drawer's pending list is refetched: the new request shows and the button is disabled.
    await waitFor(() => expect(screen.getAllByText(/Terminate campaign requested on/)).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Request termination' })[1]).toHaveProperty('disabled', true));
  });

  it('offers a publisher the way offline or back online by the slot’s status', async () => {
    fakeRequestServer([]);
    renderHere(
      <>
        <EntityStatusRequests entity="adSlot" entityId={1} entityName="Live slot" entityStatus="live" />
        <EntityStatusRequests entity="adSlot" entityId={2} entityName="Offline slot" entityStatus="offline" />
      </>,
      { publisher: true },
    );
    expect(await screen.findByRole('button', { name: 'Request to take offline' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request to bring back online' })).toBeTruthy();
  });

  it('lets staff make the change at once, after saying it applies now', async () => {
    const server = fakeRequestServer([], { staff: true });
    renderHere(<EntityStatusRequests entity="adSlot" entityId={2} entityName="Homepage banner" entityStatus="live" />, { staff: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Take offline' }));
    const dialog = await dialogTitled('Take ad slot offline: Homepage banner');
    expect(within(dialog).getByText('This applies now, without review, and is recorded as your approved request.')).toBeTruthy();
    expect(within(dialog).queryByText(/Staff review/)).toBeNull();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Broken page');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply now' }));
    await waitFor(() => expect(server.callsTo(PATHS.create)).toHaveLength(1));
    expect(server.callsTo(PATHS.create)[0]!.body).toEqual({ kind: 'adSlot.offline', entityId: 2, reason: 'Broken page' });
    expect(await screen.findByText('Done: Take ad slot offline — Homepage banner')).toBeTruthy();
  });
});
