import { changePassword, userInfo, type UserInfo } from '@ads/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteGate } from '../../../app/router/route-gate';
import { callEndpoint } from '../../../shared/data/call-endpoint';
import { getSession } from '../../../shared/session';
import { fakeEndpoint, fakeFetch, json } from '../../../test/fake-fetch';
import { renderPages } from '../../../test/render';
import ChangePasswordPage from './change-password-page';

afterEach(() => vi.unstubAllGlobals());

const fresh: UserInfo = {
  roles: [{ name: 'Advertiser' }],
  menus: [],
  powers: [{ code: 'overview.advertiser' }],
  userBasicInfo: { email: 'new@acme.test', name: 'Nina', accountId: 1, accountName: 'Acme', accountKind: 'advertiser', mustChangePassword: false },
};

/** The page behind the real route gate, as a user who signed in with a one-time password unless told. */
function renderChange({ mustChange = true, path = '/changePassword' } = {}) {
  return renderPages({
    routes: [
      {
        path: '/',
        element: <RouteGate />,
        children: [
          { index: true, element: null },
          { path: 'changePassword', element: <ChangePasswordPage /> },
          { path: 'advertiserOverview', element: <h1>Overview page</h1> },
          { path: 'campaign/list', element: <h1>Campaigns page</h1> },
          { path: 'user/login', element: <h1>Login page</h1> },
        ],
      },
    ],
    path,
    powers: ['overview.advertiser'],
    user: { role: 'Advertiser', email: 'new@acme.test', name: 'Nina', mustChangePassword: mustChange },
  });
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('Change password', () => {
  it('is where a user with a one-time password is sent, whatever page they asked for', async () => {
    fakeFetch({});
    const { router } = renderChange({ path: '/campaign/list' });
    expect(await screen.findByRole('heading', { name: 'Choose your own password' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/changePassword');
  });

  it('checks the new password with the contract’s rules before sending', async () => {
    const server = fakeFetch({});
    renderChange();
    await userEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Please enter your current password.')).toBeTruthy();
    await userEvent.type(field('One-time password'), 'Xk7mPq2RtW9a');
    await userEvent.type(field('New password'), 'short1');
    await userEvent.type(field('Repeat the new password'), 'short2');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('At least 8 characters.')).toBeTruthy();
    expect(screen.getByText('The two passwords are not the same.')).toBeTruthy();
    await userEvent.clear(field('New password'));
    await userEvent.type(field('New password'), 'onlyletters');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Use letters and digits.')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('shows a wrong current password under its field', async () => {
    const server = fakeFetch({
      ...fakeEndpoint(changePassword, () => json(400, { errorCode: 'VALIDATION_FAILED', error: 'Invalid.', fields: { currentPassword: 'The current password is wrong.' } })),
    });
    renderChange();
    await userEvent.type(await screen.findByLabelText('One-time password'), 'wrong-one');
    await userEvent.type(field('New password'), 'MyOwn2026pw');
    await userEvent.type(field('Repeat the new password'), 'MyOwn2026pw');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is not correct.')).toBeTruthy();
    expect(server.callsTo(changePassword.path)[0]!.body).toEqual({ currentPassword: 'wrong-one', newPassword: 'MyOwn2026pw' });
    expect(document.activeElement).toBe(field('One-time password'));
  });

  it('after the change, reads the user info again and goes to the landing page', async () => {
    const server = fakeFetch({ ...fakeEndpoint(changePassword, () => ({})), ...fakeEndpoint(userInfo, () => fresh) });
    const { router } = renderChange();
    await userEvent.type(await screen.findByLabelText('One-time password'), 'Xk7mPq2RtW9a');
    await userEvent.type(field('New password'), 'MyOwn2026pw');
    await userEvent.type(field('Repeat the new password'), 'MyOwn2026pw');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { name: 'Overview page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/advertiserOverview');
    expect(server.callsTo(userInfo.path)).toHaveLength(1);
    expect(getSession()!.userInfo.userBasicInfo.mustChangePassword).toBe(false);
    expect(await screen.findByText('Your password has been changed')).toBeTruthy();
  });

  it('is open to any signed-in user, who may go back', async () => {
    fakeFetch({});
    renderChange({ mustChange: false });
    expect(await screen.findByRole('heading', { name: 'Change your password' })).toBeTruthy();
    expect(screen.getByLabelText('Current password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('comes up when any call is refused with PASSWORD_CHANGE_REQUIRED', async () => {
    fakeFetch({ '/api/Campaign/List': () => json(403, { errorCode: 'PASSWORD_CHANGE_REQUIRED', error: 'Choose your own password first.' }) });
    const { router } = renderChange({ mustChange: false, path: '/advertiserOverview' });
    expect(await screen.findByRole('heading', { name: 'Overview page' })).toBeTruthy();
    await expect(callEndpoint('campaigns.campaignList', { page: 1, pageSize: 20 } as never)).rejects.toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/changePassword'));
    expect(await screen.findByRole('heading', { name: 'Choose your own password' })).toBeTruthy();
  });
});
