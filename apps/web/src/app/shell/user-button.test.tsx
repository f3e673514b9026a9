import type { UserInfo } from '@ads/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../shared/router/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, setSession } from '../../shared/session';
import { Toaster } from '../../shared/ui/toaster';
import { UserButton } from './user-button';

const userInfo: UserInfo = {
  roles: [{ name: 'Advertiser' }],
  menus: [],
  powers: [],
  userBasicInfo: { email: 'advertiser@demo.test', name: 'A', accountId: 1, accountName: 'Contoso Coffee', accountKind: 'advertiser' },
};

let fetchMock: ReturnType<typeof vi.fn>;

const renderButton = () => {
  const router = createMemoryRouter(
    [
      { path: '/advertiserOverview', element: <UserButton email="advertiser@demo.test" /> },
      { path: '/user/login', element: <p>Login page</p> },
    ],
    { initialEntries: ['/advertiserOverview'] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return router;
};

beforeEach(() => {
  setSession('tok-1', userInfo);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('UserButton (logout)', () => {
  it('shows the email as the button; a click logs out, toasts "Exit successful" and goes to login', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ ok: true }), { status: 200 }));
    const router = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'advertiser@demo.test' }));
    expect(await screen.findByText('Exit successful')).toBeTruthy();
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/login');
    expect(getSession()).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/User/Logout');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
  });

  it('shows the network-error message when logout fails and keeps the session', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const router = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'advertiser@demo.test' }));
    expect(await screen.findByText('Network error, please retry')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/advertiserOverview');
    expect(getSession()?.token).toBe('tok-1');
  });
});
