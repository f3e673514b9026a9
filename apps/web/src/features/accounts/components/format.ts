import type { TFunction } from '../../../shared/i18n/translate';
import { apiErrorText } from '../../../shared/format';

/** A failed call in the user's language, with account management's messages for the server's codes. */
export const errorText = (t: TFunction, error: unknown): string => apiErrorText(t, error, 'accounts.errors');
