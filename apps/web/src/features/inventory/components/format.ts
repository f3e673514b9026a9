import type { AdSlot, Placement } from '@ads/contracts';
import type { TFunction } from 'i18next';
import { apiErrorText } from '../../../shared/format';
import { formatMoney } from '../../../shared/money';

// Display helpers of the ad slot and placement pages.

/** A failed call in the user's language, with the inventory's messages for the server's codes. */
export const errorText = (t: TFunction, error: unknown): string => apiErrorText(t, error, 'inventory.slots.errors');

/** As errorText, worded for placements (a stale version is another decision, not an edit). */
export const placementErrorText = (t: TFunction, error: unknown): string => apiErrorText(t, error, 'inventory.placements.errors');

/** "300×250". */
export const sizeText = (slot: Pick<AdSlot, 'width' | 'height'>): string => `${slot.width}×${slot.height}`;

/** The floor CPM in the slot's currency ("$2.50"). */
export const floorText = (slot: Pick<AdSlot, 'floorCpmMinor' | 'currency'>, language: string): string => formatMoney(slot.floorCpmMinor, slot.currency, language);

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
