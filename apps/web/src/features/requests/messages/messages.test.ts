import { STATUS_CHANGE_KINDS, STATUS_CHANGE_STATES } from '@ads/contracts';
import { describe, expect, it } from 'vitest';
import { keysOf } from '../../../shared/i18n/locales/keys';
import enUS from './en-US';
import zhCN from './zh-CN';

// Kinds are nested by their dots ('campaign.terminate' → campaign: { terminate }), as i18next reads keys.
const kindsOf = (texts: object) => keysOf(texts).sort();

describe('request management texts', () => {
  it('have the same keys in en-US and zh-CN', () => {
    expect(keysOf(zhCN).sort()).toEqual(keysOf(enUS).sort());
  });

  it('name every kind and state of the contract', () => {
    for (const messages of [enUS, zhCN]) {
      expect(kindsOf(messages.requests.kind)).toEqual([...STATUS_CHANGE_KINDS].sort());
      expect(kindsOf(messages.requests.pending.button)).toEqual([...STATUS_CHANGE_KINDS].sort());
      expect(kindsOf(messages.requests.pending.staffButton)).toEqual([...STATUS_CHANGE_KINDS].sort());
      expect(kindsOf(messages.requests.file.text)).toEqual([...STATUS_CHANGE_KINDS].sort());
      expect(Object.keys(messages.requests.state).sort()).toEqual([...STATUS_CHANGE_STATES].sort());
    }
  });
});
