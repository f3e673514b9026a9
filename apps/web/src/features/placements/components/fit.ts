import { ASPECT_TOLERANCE, CREATIVE_WEIGHT_MAX, SLOT_FORMAT_CREATIVE, type FitCheckKey, type SlotFit } from '@ads/contracts';
import type { TFunction } from '../../../shared/i18n/translate';
import { sizeText, weightText } from './format';

// The fit rules of the contracts (SLOT_FORMAT_CREATIVE, ASPECT_TOLERANCE, CREATIVE_WEIGHT_MAX) in
// words: what each check saw, and for a failed one what to change. The server decides pass or fail;
// these only explain its answer.

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);

/** Proportions as "16:9" when that reads well, else "8.09:1". */
export function ratioText(width: number, height: number, language: string): string {
  const d = gcd(width, height) || 1;
  if (width / d <= 32 && height / d <= 32) return `${width / d}:${height / d}`;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(width / height)}:1`;
}

const offAspect = (creative: { width: number; height: number }, slot: { width: number; height: number }) =>
  Math.abs(creative.width / creative.height / (slot.width / slot.height) - 1) > ASPECT_TOLERANCE;

/** What a check looked at: the kinds, the sizes or the weight. */
export function checkDetail(t: TFunction, fit: SlotFit, key: FitCheckKey, language: string): string {
  const { creative } = fit.ad;
  if (!creative) return t('brandSafety.fit.detail.noCreative');
  if (key === 'format') {
    return t('brandSafety.fit.detail.format', {
      kind: t(`brandSafety.kindA.${creative.kind}`),
      format: t(`brandSafety.format.${fit.slot.format}`),
      wants: t(`brandSafety.kinds.${SLOT_FORMAT_CREATIVE[fit.slot.format]}`),
    });
  }
  if (key === 'size') return t('brandSafety.fit.detail.size', { actual: sizeText(creative), size: sizeText(fit.slot) });
  return t('brandSafety.fit.detail.weight', { actual: weightText(creative.bytes, language), max: weightText(CREATIVE_WEIGHT_MAX[creative.kind], language) });
}

/** What to change so that a failed check passes. */
export function fixText(t: TFunction, fit: SlotFit, key: FitCheckKey, language: string): string {
  const { slot } = fit;
  const { creative } = fit.ad;
  const wants = SLOT_FORMAT_CREATIVE[slot.format];
  if (!creative) return t(`brandSafety.fit.fix.noCreative.${wants}`);
  if (key === 'format') return t(`brandSafety.fit.fix.format.${wants}`);
  if (key === 'weight') {
    return t(`brandSafety.fit.fix.weight.${creative.kind}`, {
      max: weightText(CREATIVE_WEIGHT_MAX[creative.kind], language),
      actual: weightText(creative.bytes, language),
    });
  }
  const values = {
    size: sizeText(slot),
    actual: sizeText(creative),
    ratio: ratioText(slot.width, slot.height, language),
    actualRatio: ratioText(creative.width, creative.height, language),
    tolerance: new Intl.NumberFormat(language, { style: 'percent' }).format(ASPECT_TOLERANCE),
  };
  // A banner shows the creative as it is: only its exact size fits.
  if (slot.format === 'banner') return t('brandSafety.fit.fix.size.exact', values);
  if (slot.format === 'video') return t('brandSafety.fit.fix.size.proportions.video', values);
  const misshapen = offAspect(creative, slot);
  const small = creative.width < slot.width || creative.height < slot.height;
  // Native: the proportions and at least the slot's size; both rules when the answer says which neither.
  if (misshapen && !small) return t('brandSafety.fit.fix.size.proportions.image', values);
  if (small && !misshapen) return t('brandSafety.fit.fix.size.atLeast', values);
  return t('brandSafety.fit.fix.size.native', values);
}
