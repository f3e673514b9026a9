import type { TFunction } from '../../shared/i18n/translate';
import { isApiError } from '../../shared/api-client';
import { apiErrorText } from '../../shared/format';

// Display helpers of the image library (the ones every feature shares are in shared/format.ts).

export const formatLabel = (format: string) => (format === 'jpeg' ? 'JPG' : format.toUpperCase());

/** A failed call in the user's language, with the library's messages for the server's codes. */
export const errorText = (t: TFunction, error: unknown): string => apiErrorText(t, error, 'assetLibrary.errors');

/** The server's message for one field of a 400/409 (e.g. NAME_TAKEN names `name`). */
export function fieldError(error: unknown, field: string): string | undefined {
  return isApiError(error) ? error.fields?.[field] : undefined;
}
