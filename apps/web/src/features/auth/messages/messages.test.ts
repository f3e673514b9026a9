import { describe, expect, it } from 'vitest';
import { keysOf } from '../../../shared/i18n/locales/keys';
import enUS from './en-US';
import zhCN from './zh-CN';

describe('auth texts', () => {
  it('have the same keys in en-US and zh-CN', () => {
    expect(keysOf(zhCN).sort()).toEqual(keysOf(enUS).sort());
  });
});
