import { CONTENT_ITEM_ACTIONS, CONTENT_ITEM_DECISIONS, CONTENT_REQUEST_KINDS, CONTENT_REQUEST_STATES } from '@ads/contracts';
import { describe, expect, it } from 'vitest';
import { keysOf } from '../../../shared/i18n/locales/keys';
import enUS from './en-US';
import zhCN from './zh-CN';

describe('publisher content texts', () => {
  it('have the same keys in en-US and zh-CN', () => {
    expect(keysOf(zhCN).sort()).toEqual(keysOf(enUS).sort());
  });

  it('name every state, kind, action and decision of the contract', () => {
    for (const messages of [enUS, zhCN]) {
      const texts = messages.publisherContent;
      expect(Object.keys(texts.state).sort()).toEqual([...CONTENT_REQUEST_STATES].sort());
      expect(Object.keys(texts.kind).sort()).toEqual([...CONTENT_REQUEST_KINDS].sort());
      expect(Object.keys(texts.action).sort()).toEqual([...CONTENT_ITEM_ACTIONS].sort());
      expect(Object.keys(texts.decision).sort()).toEqual([...CONTENT_ITEM_DECISIONS].sort());
    }
  });
});
