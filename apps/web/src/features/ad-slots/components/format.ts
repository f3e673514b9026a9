import type { AdSlot } from '@ads/contracts';
import type { TFunction } from '../../../shared/i18n/translate';
import { apiErrorText } from '../../../shared/format';
import { formatMoney } from '../../../shared/money';

// Display helpers of the ad slot pages.

/** A failed call in the user's language, with the ad slots' messages for the server's codes. */
export const errorText = (t: TFunction, error: unknown): string => apiErrorText(t, error, 'inventory.slots.errors');

/** "300×250" (a slot's size, or a creative's on the publisher's placement pages). */
export const sizeText = (slot: Pick<AdSlot, 'width' | 'height'>): string => `${slot.width}×${slot.height}`;

/** The floor CPM in the slot's currency ("$2.50"). */
export const floorText = (slot: Pick<AdSlot, 'floorCpmMinor' | 'currency'>, language: string): string => formatMoney(slot.floorCpmMinor, slot.currency, language);
