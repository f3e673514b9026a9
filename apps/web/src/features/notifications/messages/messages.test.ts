import { NOTIFICATION_MESSAGE_KEYS } from '@ads/contracts';
import { describe, expect, it } from 'vitest';
import { keysOf } from '../../../shared/i18n/locales/keys';
import enUS from './en-US';
import zhCN from './zh-CN';

describe('notification texts', () => {
  it('have the same keys in en-US and zh-CN', () => {
    expect(keysOf(zhCN).sort()).toEqual(keysOf(enUS).sort());
  });

  it('have a title and a content for every message key the server sends', () => {
    const keys = keysOf(enUS.notificationMessages);
    for (const key of NOTIFICATION_MESSAGE_KEYS) {
      expect(keys.some((k) => k.startsWith(`${key}.title`)), key).toBe(true);
      expect(keys.some((k) => k.startsWith(`${key}.content`)), key).toBe(true);
    }
  });
});
