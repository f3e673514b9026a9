import { NAME_UNSAFE_MESSAGE, type ContentItem, type PolicyReason } from '@ads/contracts';
import type { TFunction } from '../../../shared/i18n/translate';
import { errorDetails, isApiError } from '../../../shared/api-client';
import { apiErrorText } from '../../../shared/format';
import { exactProblem, fieldProblem, problemTranslator, serverFieldProblem as serverProblem, tooLongProblem } from '../../../shared/i18n/field-problems';

/** A policy reason in the user's language: its Chinese label in zh-CN when it has one. */
export const reasonLabel = (reason: Pick<PolicyReason, 'label' | 'labelZh'> | NonNullable<ContentItem['reason']>, language: string): string =>
  language === 'zh-CN' && reason.labelZh ? reason.labelZh : reason.label;

/** A failed call in the user's language (the feature's message for the server's code). */
export const errorText = (t: TFunction, error: unknown): string => apiErrorText(t, error, 'publisherContent.errors');

/** Whether the failure means the page shows an older state than the server's (reload it). */
export const isOutOfDate = (error: unknown): boolean =>
  isApiError(error) && (error.code === 'STALE_VERSION' || error.code === 'REQUEST_STATE' || error.code === 'NOT_FOUND');

/** The pending request a 409 CONTENT_REQUEST_PENDING names, if that is the failure. */
export const pendingRequestOf = (error: unknown): number | undefined => errorDetails(error, 'CONTENT_REQUEST_PENDING')?.requestId;

const problemText = problemTranslator('publisherContent.problems', [
  exactProblem('Please enter the reason.', 'labelMissing'),
  exactProblem('The text contains characters that cannot be stored (such as NUL).', 'textUnsafe'),
  exactProblem(NAME_UNSAFE_MESSAGE, 'nameUnsafe'),
  tooLongProblem('tooLong'),
]);

/** The first problem the contract finds with a field's value, in the user's language; null when none. */
export const checkField = (t: TFunction, schema: Parameters<typeof fieldProblem>[2], value: string) => fieldProblem(t, problemText, schema, value);

/** The server's message for one field of a 400, in the user's language. */
export const serverFieldProblem = (t: TFunction, error: unknown, field: string) => serverProblem(t, problemText, error, field);

export { contentRequestLink } from './links';

/** 83_400 → "1:23"; an hour or more → "1:02:03" (as the video library shows lengths). */
export function formatDuration(ms: number): string {
  const total = ms > 0 ? Math.max(1, Math.round(ms / 1000)) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
