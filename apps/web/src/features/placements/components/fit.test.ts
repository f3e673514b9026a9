import type { SlotFit } from '@ads/contracts';
import i18next from '../../../shared/i18n/translate';
import { describe, expect, it } from 'vitest';
import '../messages/register';
import { fixText, ratioText } from './fit';
import { weightText } from './format';
import { aFit, anImage, aSlot } from './test-helpers';

const t = i18next.t.bind(i18next);
const fix = (fit: SlotFit, key: 'format' | 'size' | 'weight') => fixText(t, fit, key, 'en-US');

describe('what to fix', () => {
  const native = aSlot(1, { format: 'native', width: 1200, height: 628 });
  const video = aSlot(2, { format: 'video', width: 640, height: 360 });

  it('names the rule a native creative breaks: too small, misshapen, or both', () => {
    expect(fix(aFit(1, native, { creative: anImage(1, { width: 600, height: 314 }) }), 'size')).toBe('Use an image of at least 1200 × 628 px (this one is 600 × 314).');
    expect(fix(aFit(1, native, { creative: anImage(1, { width: 1600, height: 1600 }) }), 'size')).toBe(
      'Use an image in the slot’s proportions, 1.91:1 within 10% (this one is 1:1, 1600 × 1600).',
    );
    expect(fix(aFit(1, native, { creative: anImage(1, { width: 600, height: 600 }) }), 'size')).toBe(
      'Use an image of at least 1200 × 628 px in the slot’s proportions, 1.91:1 within 10% (this one is 600 × 600).',
    );
  });

  it('asks a video for the slot’s proportions, under 10 MB', () => {
    const clip = { kind: 'video' as const, id: 5, name: 'clip.mp4', width: 480, height: 480, bytes: 12.3 * 1024 * 1024, previewUrl: null, url: '/v/5' };
    expect(fix(aFit(1, video, { creative: clip }), 'size')).toBe('Use a video in the slot’s proportions, 16:9 within 10% (this one is 1:1, 480 × 480).');
    expect(fix(aFit(1, video, { creative: clip }), 'weight')).toBe('Use a video under 10 MB (this one is 12.3 MB).');
    expect(fix(aFit(1, aSlot(3), { creative: clip }), 'format')).toBe('This slot shows images; choose an image ad.');
  });

  it('asks for a creative when the ad has none', () => {
    expect(fix(aFit(1, video, { creative: null as never }), 'format')).toBe('Add a video to this ad.');
  });

  it('writes proportions and weights readably, a weight just over a limit never as the limit', () => {
    expect(ratioText(728, 90, 'en-US')).toBe('8.09:1');
    expect(ratioText(300, 250, 'en-US')).toBe('6:5');
    expect(weightText(150 * 1024, 'en-US')).toBe('150 KB');
    expect(weightText(150 * 1024 + 1, 'en-US')).toBe('151 KB');
  });
});
