import { forgotPassword, login, requestReactivation } from '@ads/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../../shared/router/router';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeEndpoint, fakeFetch, json } from '../../../test/fake-fetch';
import i18next from '../../../shared/i18n/translate';
import { initI18n } from '../../../shared/i18n/i18n';
import LoginPage from './login-page';

// The sign-in page's forgot-password and reactivation forms (each its own lazily loaded chunk).

const renderLogin = () => {
  const router = createMemoryRouter(
    [
      { path: '/user/login', element: <LoginPage /> },
      { path: '/', element: <p>Landing</p> },
    ],
    { initialEntries: ['/user/login'] },
  );
  render(<RouterProvider router={router} />);
};

const LOGIN = '/api/User/Login';
const SUSPENDED = { errorCode: 'ACCOUNT_NOT_ACTIVE', error: 'This account is suspended. Please contact your account manager.', status: 'suspended' };
const PENDING = { errorCode: 'ACCOUNT_NOT_ACTIVE', error: 'This account has not been activated yet. Please contact your account manager.', status: 'pending' };

afterEach(async () => {
  await initI18n('en-US');
});

describe('Forgot password', () => {
  it('opens from the sign-in form with its valid email, and answers neutrally', async () => {
    const net = fakeFetch({ ...fakeEndpoint(forgotPassword, () => ({ ok: true as const })) });
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Email'), ' someone@example.com ');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const email = await screen.findByLabelText('Email');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Forgot your password?');
    expect((email as HTMLInputElement).value).toBe('someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Request a new password' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(
      'If an account uses someone@example.com, our team will send you a new password. They will contact you at that address.',
    );
    expect(net.callsTo(forgotPassword.path).map((call) => call.body)).toEqual([{ email: 'someone@example.com' }]);
    // Back to sign-in: the form kept what was typed.
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('someone@example.com');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in to Ads Console');
  });

  it('does not prefill an invalid email, and checks the email before calling', async () => {
    const net = fakeFetch({});
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const email = (await screen.findByRole('textbox', { name: 'Email' })) as HTMLInputElement;
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Forgot your password?'));
    expect(email.value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Request a new password' }));
    expect(await screen.findByText('Please enter your email')).toBeTruthy();
    await user.type(email, 'x@y');
    await user.click(screen.getByRole('button', { name: 'Request a new password' }));
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(net.calls).toHaveLength(0);
  });

  it('shows the time to wait when asked too often (429)', async () => {
    fakeFetch({
      [forgotPassword.path]: () =>
        json(429, { errorCode: 'TOO_MANY_ATTEMPTS', error: 'Too many requests. Please try again in 2 minutes.', retryAfterSeconds: 95 }),
    });
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.click(await screen.findByRole('button', { name: 'Request a new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Try again in 2 minutes.');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("says to try later when the rate limiter (no wait given) refuses, in the user's language", async () => {
    await initI18n('zh-CN');
    fakeFetch({ [forgotPassword.path]: () => json(429, { errorCode: 'RATE_LIMITED', error: 'Too many requests. Please slow down.' }) });
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('邮箱'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: '忘记密码？' }));
    await user.click(await screen.findByRole('button', { name: '申请新密码' }));
    expect((await screen.findByRole('alert')).textContent).toBe('请求过于频繁，请稍后重试。');
  });
});

describe('Request reactivation', () => {
  const signInAs = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(screen.getByLabelText('Email'), 'suspended@demo.test');
    await user.type(screen.getByLabelText('Password'), 'Demo@2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
  };

  it('is offered only when the account is suspended', async () => {
    const net = fakeFetch({ [LOGIN]: () => json(403, PENDING) });
    const user = userEvent.setup();
    renderLogin();
    await signInAs(user);
    expect((await screen.findByRole('alert')).textContent).toBe(PENDING.error);
    expect(screen.queryByRole('button', { name: 'Request reactivation' })).toBeNull();
    net.handle(LOGIN, () => json(403, { ...SUSPENDED, error: 'Closed.', status: 'closed' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Closed.');
    expect(screen.queryByRole('button', { name: 'Request reactivation' })).toBeNull();
    net.handle(LOGIN, () => json(403, SUSPENDED));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Request reactivation' })).toBeTruthy();
  });

  it('sends the typed email and password with a reason, and says what happens next', async () => {
    const net = fakeFetch({ [LOGIN]: () => json(403, SUSPENDED), ...fakeEndpoint(requestReactivation, () => ({ ok: true as const })) });
    const user = userEvent.setup();
    renderLogin();
    await signInAs(user);
    await user.click(await screen.findByRole('button', { name: 'Request reactivation' }));
    const reason = await screen.findByLabelText('Reason');
    expect(screen.getByText(/The account of suspended@demo.test is suspended/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Please give a reason.')).toBeTruthy();
    expect(net.callsTo(requestReactivation.path)).toHaveLength(0);
    await user.type(reason, '  We paid the invoice.  ');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your request was sent to our team; you will be able to sign in once it is approved.',
    );
    expect(net.callsTo(requestReactivation.path).map((call) => call.body)).toEqual([
      { email: 'suspended@demo.test', password: 'Demo@2026', reason: 'We paid the invoice.' },
    ]);
  });

  it("shows the server's problems: the reason under its field, wrong credentials and a state that changed above the form", async () => {
    const net = fakeFetch({
      [LOGIN]: () => json(403, SUSPENDED),
      [requestReactivation.path]: () =>
        json(400, { errorCode: 'VALIDATION_FAILED', error: 'Some fields are not valid.', fields: { reason: 'The text contains characters that cannot be stored (such as NUL).' } }),
    });
    const user = userEvent.setup();
    renderLogin();
    await signInAs(user);
    await user.click(await screen.findByRole('button', { name: 'Request reactivation' }));
    const reason = await screen.findByLabelText('Reason');
    await user.type(reason, 'Please');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('The text contains characters that cannot be stored (such as NUL).')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');

    net.handle(requestReactivation.path, () => json(400, { errorCode: 'INVALID_CREDENTIALS', error: 'The email or password is incorrect.' }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The email or password is no longer correct. Go back and sign in again.');

    net.handle(requestReactivation.path, () => json(409, { errorCode: 'ACCOUNT_STATE', error: 'The account is not suspended.', status: 'active' }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This account is not suspended now. Go back and sign in again.'));

    net.handle(requestReactivation.path, () => json(429, { errorCode: 'TOO_MANY_ATTEMPTS', error: 'Too many.', retryAfterSeconds: 600 }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many requests. Try again in 10 minutes.'));
  });
});

describe('Signing in', () => {
  it('adopts the language chosen in the profile', async () => {
    fakeFetch({
      ...fakeEndpoint(login, () => ({
        token: 'tok-1',
        userInfo: {
          roles: [{ name: 'Advertiser' }],
          menus: [],
          powers: [],
          userBasicInfo: { email: 'a@demo.test', name: 'A', accountId: 1, accountName: 'Acme', accountKind: 'advertiser' as const, language: 'zh-CN' as const },
        },
      })),
    });
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'a@demo.test');
    await user.type(screen.getByLabelText('Password'), 'Demo@2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Landing')).toBeTruthy();
    await waitFor(() => expect(i18next.language).toBe('zh-CN'));
  });
});
