import type { ErrorCode } from '@ads/contracts';
import type { TFunction } from '../../shared/i18n/translate';
import { errorDetails, isApiError } from '../../shared/api-client';
import type { SignOutNotice } from '../../shared/session';

// Written out rather than read from ERROR_CODES: that module carries zod, which the login page
// must not download; `satisfies` still ties each one to the contract.
const TRANSLATED_CODES = new Set<string>([
  'INVALID_CREDENTIALS',
  'USER_DISABLED',
  'ACCOUNT_NOT_ACTIVE',
  'TOO_MANY_ATTEMPTS',
  'VALIDATION_FAILED',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
] satisfies ErrorCode[]);

/**
 * The sentence to show for a failed sign-in. en-US shows the server's own message; other
 * languages show a translation of the known codes (429 with the minutes to wait) and fall back to
 * the server's message.
 */
export function loginErrorMessage(error: unknown, language: string, t: TFunction): string {
  if (!isApiError(error)) return t('login.failed');
  const serverText = error.detail || error.message;
  if (language === 'en-US' || !TRANSLATED_CODES.has(error.code)) {
    return error.statusCode ? serverText : error.message;
  }
  if (error.code === ('TOO_MANY_ATTEMPTS' satisfies ErrorCode)) {
    const waited = errorDetails(error, 'TOO_MANY_ATTEMPTS')?.retryAfterSeconds;
    const seconds = typeof waited === 'number' ? waited : 60;
    return t('serverErrors.TOO_MANY_ATTEMPTS', { count: Math.max(1, Math.ceil(seconds / 60)) });
  }
  return t(`serverErrors.${error.code}`);
}

/**
 * A sign-in refused because the account is suspended, the one refusal its user may ask staff to
 * lift (pending and closed accounts are not): the error names the account's state.
 */
export function isSuspendedAccount(error: unknown): boolean {
  return errorDetails(error, 'ACCOUNT_NOT_ACTIVE')?.status === 'suspended';
}

/** Why the server ended the session: its own sentence in en-US, a translation otherwise. */
export function signOutNoticeMessage(notice: SignOutNotice, language: string, t: TFunction): string {
  return language === 'en-US' && notice.message ? notice.message : t('serverErrors.UNAUTHORIZED');
}
