import type { TFunction } from '../../../shared/i18n/translate';
import { apiErrorText } from '../../../shared/format';
import { formatMoney } from '../../../shared/money';

// Display helpers of the advertiser's slot pages.

/** A failed call in the user's language, with this area's messages for the server's codes. */
export const errorText = (t: TFunction, error: unknown): string => apiErrorText(t, error, 'brandSafety.errors');

/** "728 × 90". */
export const sizeText = ({ width, height }: { width: number; height: number }): string => `${width} × ${height}`;

/** The floor CPM in the slot's currency (the publisher's): "$2.50". */
export const floorText = (slot: { floorCpmMinor: number; currency: string }, language: string): string => formatMoney(slot.floorCpmMinor, slot.currency, language);

const KB = 1024;
const MB = 1024 * KB;

/**
 * A file's weight in KB under 1 MB, else in MB, rounded up: a file just over a limit never reads
 * as the limit itself.
 */
export function weightText(bytes: number, language: string): string {
  const [value, unit] = bytes < MB ? [Math.ceil(bytes / KB), 'KB'] : [Math.ceil((bytes / MB) * 10) / 10, 'MB'];
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
}
