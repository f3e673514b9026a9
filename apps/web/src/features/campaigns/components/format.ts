import type { TFunction } from 'i18next';
import { apiErrorText } from '../../../shared/format';

// Display helpers of the campaign list, drawer and review.

/**
 * An amount in minor units of `currency`, in the reader's language. The minor unit's size comes
 * from Intl (2 decimals for USD, 0 for JPY, 3 for BHD), so no table of currencies is kept here.
 */
export function formatMoney(minor: number, currency: string, language: string): string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(language, { style: 'currency', currency });
  } catch {
    // An unknown code (a newer server): the amount in the usual two decimals, then the code.
    return `${new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100)} ${currency}`;
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

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
