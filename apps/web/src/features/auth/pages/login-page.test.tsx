import type { UserInfo } from '@ads/contracts';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Navigate, RouterProvider } from '../../../shared/router/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request, setUnauthorizedHandler } from '../../../shared/api-client';
import { getSession, setSession } from '../../../shared/session';
import LoginPage from './login-page';

const userInfo: UserInfo = {
  roles: [{ name: 'Advertiser' }],
  menus: [],
  powers: [],
  userBasicInfo: { email: 'advertiser@demo.test', name: 'A', accountId: 1, accountName: 'Contoso Coffee', accountKind: 'advertiser' },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;

const renderLogin = () => {
  const router = createMemoryRouter(
    [
      { path: '/user/login', element: <LoginPage /> },
      { path: '/', element: <p>Landing</p> },
    ],
    { initialEntries: ['/user/login'] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('LoginPage', () => {
  it('has the Email and Password fields and the Sign in button', () => {
    renderLogin();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in to Ads Console');
  });

  it('applies the email rule (isEmail) on the client and does not call the server', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'Someone@Example.C');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for both fields when they are empty', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your email')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message when sign-in fails", async () => {
    fetchMock.mockResolvedValueOnce(json(400, { errorCode: 'INVALID_CREDENTIALS', error: 'The email or password is not right.' }));
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'advertiser@demo.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The email or password is not right.');
    expect(getSession()).toBeNull();
  });

  it('signs in: posts the credentials, stores the session and goes to the landing route', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { token: 'tok-9', userInfo }));
    const user = userEvent.setup();
    const router = renderLogin();
    await user.type(screen.getByLabelText('Email'), ' advertiser@demo.test ');
    await user.type(screen.getByLabelText('Password'), 'Demo@2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Landing')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/User/Login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'advertiser@demo.test', password: 'Demo@2026' });
    expect(getSession()).toEqual({ token: 'tok-9', userInfo });
  });
});

describe('LoginPage labels', () => {
  it('has exactly one element labelled "Password" (the reveal button is not)', () => {
    renderLogin();
    expect(screen.getAllByLabelText(/password/i)).toHaveLength(1);
  });
});

describe('LoginPage states', () => {
  /** The route gate's decision for "/" (decideRoute): a user without a landing page goes back to login. */
  const renderWithGate = (initial = '/user/login') => {
    const router = createMemoryRouter(
      [
        { path: '/user/login', element: <LoginPage /> },
        { path: '/', element: getSession()?.userInfo.roles[0]?.name === 'Advertiser' ? <p>Landing</p> : <Navigate to="/user/login" replace /> },
        {
          path: '/campaign/list',
          element: (
            <button type="button" onClick={() => void request('GET', '/api/Campaign/List').catch(() => {})}>
              Load
            </button>
          ),
        },
      ],
      { initialEntries: [initial] },
    );
    // As createAppRouter does: a 401 goes to login.
    setUnauthorizedHandler(() => void router.navigate('/user/login', { replace: true }));
    render(<RouterProvider router={router} />);
    return router;
  };

  it('removes the server\'s message when a later submit is stopped by the field checks', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { errorCode: 'INVALID_CREDENTIALS', error: 'The email or password is incorrect.' }));
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'advertiser@demo.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The email or password is incorrect.');
    await user.clear(screen.getByLabelText('Email'));
    await user.clear(screen.getByLabelText('Password'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your email')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([[[{ name: 'Auditor' }]], [[]]])('tells a user whose roles (%j) have no console page so, and signs them out on request', async (roles) => {
    fetchMock.mockResolvedValueOnce(json(200, { token: 'tok-r', userInfo: { ...userInfo, roles } }));
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    const user = userEvent.setup();
    const router = renderWithGate();
    await user.type(screen.getByLabelText('Email'), 'advertiser@demo.test');
    await user.type(screen.getByLabelText('Password'), 'Demo@2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('advertiser@demo.test');
    expect(alert.textContent).toContain('no role of yours has pages in this console');
    expect(router.state.location.pathname).toBe('/user/login');

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(getSession()).toBeNull();
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/User/Logout');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-r');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's message after the server ended the session, once", async () => {
    setSession('tok-old', userInfo);
    fetchMock.mockResolvedValueOnce(json(401, { errorCode: 'UNAUTHORIZED', error: 'Your session has ended. Please sign in again.' }));
    const user = userEvent.setup();
    const router = renderWithGate('/campaign/list');
    await user.click(screen.getByRole('button', { name: 'Load' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your session has ended. Please sign in again.');
    expect(router.state.location.pathname).toBe('/user/login');
    expect(getSession()).toBeNull();

    // Not shown again on the next visit of the login page.
    await act(() => router.navigate('/campaign/list'));
    expect(await screen.findByRole('button', { name: 'Load' })).toBeTruthy();
    await act(() => router.navigate('/user/login'));
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
