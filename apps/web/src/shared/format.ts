import type { TFunction } from './i18n/translate';
import { isApiError } from './api-client';

// Display helpers the feature pages share.

export const formatDateTime = (iso: string, language: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
};

/** The date and the time apart, for a narrow column that shows them on two lines. */
export const formatDateAndTime = (iso: string, language: string): [string, string] => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return [iso, ''];
  return [new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date), new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(date)];
};

/** The one wording of a lost connection, for every feature. */
export const networkErrorText = (t: (key: string) => string): string => t('shell.networkError');

/**
 * A failed call in the user's language: the feature's message for the server's error code
 * (`<errors>.<CODE>`) when there is one, else the server's own sentence, else `<errors>.generic`.
 */
export function apiErrorText(t: TFunction, error: unknown, errors: string): string {
  if (isApiError(error) && error.code === 'NETWORK_ERROR') return networkErrorText(t);
  if (isApiError(error)) return t(`${errors}.${error.code}`, { defaultValue: error.detail || t(`${errors}.generic`) });
  return t(`${errors}.generic`);
}
