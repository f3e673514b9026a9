import type { NAME_UNSAFE_MESSAGE } from '@ads/contracts';
import type { TFunction } from '../../shared/i18n/translate';
import { errorDetails, isApiError } from '../../shared/api-client';
import { exactProblem, fieldProblem as contractFieldProblem, problemTranslator, tooLongProblem } from '../../shared/i18n/field-problems';

// The contracts' field sentences (auth.ts, accounts.ts, status-changes.ts, schema-kit.ts) in the
// user's language, whether the form's own check or the server wrote them. A sentence not listed (a
// newer server) is shown as written. Zod-free (the sentences are written out, typed against the
// contract where it exports them): the sign-in page's lazily loaded forms use this module too.

const NAME_UNSAFE: typeof NAME_UNSAFE_MESSAGE = 'Names cannot contain line breaks, control characters, invisible characters or text-direction marks.';

export const problemText = problemTranslator('authProblems', [
  exactProblem('Please enter your email', 'emailMissing'),
  exactProblem('Please enter a valid email', 'emailInvalid'),
  exactProblem('Please enter a valid email address, like name@example.com.', 'emailInvalid'),
  exactProblem("Please enter the user's name.", 'nameMissing'),
  exactProblem(NAME_UNSAFE, 'nameUnsafe'),
  exactProblem('Please enter an 11-digit mobile number starting with 13, 14, 15, 17 or 18.', 'phoneInvalid'),
  exactProblem('Please give a reason.', 'reasonMissing'),
  exactProblem('The text contains characters that cannot be stored (such as NUL).', 'textUnsafe'),
  tooLongProblem('tooLong'),
  [/^Email is too long$/, 'tooLong', () => ({ max: '254' })],
]);

/** The first problem of one field's value by its contract schema, in the user's language. */
export const fieldProblem = (t: TFunction, schema: Parameters<typeof contractFieldProblem>[2], value: unknown): string | undefined =>
  contractFieldProblem(t, problemText, schema, value) ?? undefined;

/**
 * A 429 (TOO_MANY_ATTEMPTS with its wait, or the rate limiter's RATE_LIMITED) as "try again in N
 * minutes", or null for any other failure.
 */
export function tooManyText(t: TFunction, error: unknown): string | null {
  if (!isApiError(error) || error.statusCode !== 429) return null;
  const waited = errorDetails(error, 'TOO_MANY_ATTEMPTS')?.retryAfterSeconds;
  return typeof waited === 'number'
    ? t('forgotPassword.tooManyMinutes', { count: Math.max(1, Math.ceil(waited / 60)) })
    : t('forgotPassword.tooMany');
}

/**
 * Why a call failed, for "… could not be sent. {reason}": the server's sentence, the client's own
 * (no connection), else "Please try again." (the same as shared/format's apiErrorText, without the
 * list kit it is bundled with).
 */
export function reasonText(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.code === 'NETWORK_ERROR') return t('shell.networkError');
  return (isApiError(error) && error.detail) || t('profile.errors.generic');
}
