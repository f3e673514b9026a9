import type { Placement } from '@ads/contracts';
import type { TFunction } from '../../../shared/i18n/translate';
import { apiErrorText } from '../../../shared/format';

// Display helpers of the publisher's placement pages (a size is written as the ad slot pages write it: ad-slots' sizeText).

/** A failed call in the user's language, worded for placements (a stale version is another decision, not an edit). */
export const placementErrorText = (t: TFunction, error: unknown): string => apiErrorText(t, error, 'inventory.placements.errors');

/** "12,345" / "12,345". */
export const countText = (value: number, language: string): string => new Intl.NumberFormat(language).format(value);

/** A click-through rate (a ratio) as a percentage with two decimals ("1.25%"); an em dash without one. */
export const ctrText = (value: number | null, language: string): string =>
  value === null ? '—' : new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

/**
 * A landing page as a reader scans it ("shop.example.com/spring"), and whether it may be a link:
 * only http(s) addresses are, so a stored `javascript:` one can never run from the list.
 */
export function landingOf(url: string): { text: string; linkable: boolean } {
  try {
    const parsed = new URL(url);
    const linkable = parsed.protocol === 'https:' || parsed.protocol === 'http:';
    const path = parsed.pathname === '/' ? '' : parsed.pathname;
    return { text: linkable ? `${parsed.host}${path}` : url, linkable };
  } catch {
    return { text: url, linkable: false };
  }
}

/** How an ad is named in rows, dialogs and toasts: its headline, else its number ("Ad #12"). */
export const adName = (t: TFunction, ad: Pick<Placement['ad'], 'id' | 'headline'>): string => ad.headline || t('inventory.placements.untitled', { id: ad.id });
