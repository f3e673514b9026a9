import type { TFunction } from '../../../shared/i18n/translate';
import { apiErrorText } from '../../../shared/format';

// Display helpers of the campaign list, drawer and review.

// Money is formatted alike on every page (shared/money.ts).
export { formatMoney } from '../../../shared/money';

export const formatCount = (value: number, language: string) => new Intl.NumberFormat(language).format(value);

/** A ratio (clicks / impressions) as a percentage with up to two decimals. */
export const formatRatio = (value: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(value);

export const formatDate = (iso: string, language: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
};

/** A failed call in the user's language, with the campaigns' messages for the server's codes. */
export const errorText = (t: TFunction, error: unknown): string => apiErrorText(t, error, 'campaigns.list.errors');

/** "A, B, C" in English, "A、B、C" in Chinese. */
export const formatList = (items: readonly string[], language: string): string => new Intl.ListFormat(language, { type: 'conjunction', style: 'narrow' }).format(items);
