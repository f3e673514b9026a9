import i18next from '../../shared/i18n/translate';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api-client';
import { initI18n } from '../../shared/i18n/i18n';
import { isSuspendedAccount, loginErrorMessage, signOutNoticeMessage } from './login-error';

const httpError = (code: string, detail: string, data: unknown = { errorCode: code, error: detail }) =>
  new ApiError({ code, message: 'Failed to fetch /api/User/Login', detail, statusCode: 400, data });

describe('loginErrorMessage', () => {
  afterAll(() => initI18n('en-US'));

  it("shows the server's sentence in en-US", () => {
    expect(loginErrorMessage(httpError('USER_DISABLED', 'This user is disabled.'), 'en-US', i18next.t)).toBe(
      'This user is disabled.',
    );
  });

  it('translates known codes in zh-CN, with the minutes for 429, and falls back to the server text', async () => {
    await initI18n('zh-CN');
    const t = i18next.t;
    expect(loginErrorMessage(httpError('INVALID_CREDENTIALS', 'Wrong'), 'zh-CN', t)).toBe('邮箱或密码错误。');
    const tooMany = httpError('TOO_MANY_ATTEMPTS', 'Try again in 15 minutes', {
      errorCode: 'TOO_MANY_ATTEMPTS',
      error: 'Try again in 15 minutes',
      retryAfterSeconds: 840,
    });
    expect(loginErrorMessage(tooMany, 'zh-CN', t)).toBe('登录失败次数过多，请在 14 分钟后重试。');
    expect(loginErrorMessage(httpError('SOMETHING_NEW', 'Server says so'), 'zh-CN', t)).toBe('Server says so');
  });

  it('shows the client message when there was no response', () => {
    const error = new ApiError({ code: 'NETWORK_ERROR', message: 'An error occurred while fetching /api/User/Login' });
    expect(loginErrorMessage(error, 'en-US', i18next.t)).toBe('An error occurred while fetching /api/User/Login');
  });

  it("says why the server ended the session: its sentence in en-US, a translation in zh-CN", async () => {
    await initI18n('en-US');
    expect(signOutNoticeMessage({ message: 'Your session has ended.' }, 'en-US', i18next.t)).toBe('Your session has ended.');
    expect(signOutNoticeMessage({}, 'en-US', i18next.t)).toBe('Your session has ended. Please sign in again.');
    await initI18n('zh-CN');
    expect(signOutNoticeMessage({ message: 'Your session has ended.' }, 'zh-CN', i18next.t)).toBe('您的会话已结束，请重新登录。');
  });
});

describe('isSuspendedAccount', () => {
  it("tells a suspended account from a pending or closed one by the state the error names", () => {
    const body = (status: string) => ({ errorCode: 'ACCOUNT_NOT_ACTIVE', error: '…', status });
    const suspended = 'This account is suspended. Please contact your account manager.';
    expect(isSuspendedAccount(httpError('ACCOUNT_NOT_ACTIVE', suspended, body('suspended')))).toBe(true);
    expect(isSuspendedAccount(httpError('ACCOUNT_NOT_ACTIVE', 'This account has not been activated yet.', body('pending')))).toBe(false);
    expect(isSuspendedAccount(httpError('ACCOUNT_NOT_ACTIVE', 'This account is closed.', body('closed')))).toBe(false);
    expect(isSuspendedAccount(httpError('USER_DISABLED', suspended))).toBe(false);
    expect(isSuspendedAccount(new Error(suspended))).toBe(false);
  });
});
