import type { TFunction } from 'i18next';
import { isApiError } from '../../shared/api-client';

// Small display helpers shared by the library's components.

/** 1536 → "1.5 KB" (binary units, as the 5 MB limit is counted). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : Number(value.toFixed(1))} ${units[unit]}`;
}

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

export const formatLabel = (format: string) => (format === 'jpeg' ? 'JPG' : format.toUpperCase());

/**
 * A failed call in the user's language: the library's message for the server's error code when
 * there is one, else the server's own sentence, else a generic one.
 */
export function errorText(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    const key = `assetLibrary.errors.${error.code}`;
    return t(key, { defaultValue: error.detail || t('assetLibrary.errors.generic') });
  }
  return t('assetLibrary.errors.generic');
}

/** The server's message for one field of a 400/409 (e.g. NAME_TAKEN names `name`). */
export function fieldError(error: unknown, field: string): string | undefined {
  return isApiError(error) ? error.fields?.[field] : undefined;
}
