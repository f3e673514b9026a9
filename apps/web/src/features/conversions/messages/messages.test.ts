import { CONVERSION_SOURCES, CONVERSION_STATUSES, UNATTRIBUTED_REASONS } from '@ads/contracts';
import { describe, expect, it } from 'vitest';
import { keysOf } from '../../../shared/i18n/locales/keys';
import enUS from './en-US';
import zhCN from './zh-CN';

describe('conversion tracking texts', () => {
  it('have the same keys in en-US and zh-CN', () => {
    expect(keysOf(zhCN).sort()).toEqual(keysOf(enUS).sort());
  });

  it('name every status, source and reason of the contract', () => {
    for (const messages of [enUS, zhCN]) {
      const texts = messages.conversions;
      expect(Object.keys(texts.status).sort()).toEqual([...CONVERSION_STATUSES].sort());
      expect(Object.keys(texts.source).sort()).toEqual([...CONVERSION_SOURCES].sort());
      expect(Object.keys(texts.reason).sort()).toEqual([...UNATTRIBUTED_REASONS].sort());
    }
  });

  it('say "campaign" and "conversion" in zh-CN with the glossary\'s words', () => {
    const texts = JSON.stringify(zhCN);
    expect(texts).not.toMatch(/广告系列|推广计划/);
    expect(zhCN.conversions.list.columns.campaign).toBe('广告活动');
  });
});
