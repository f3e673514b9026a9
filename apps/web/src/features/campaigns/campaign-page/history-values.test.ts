import type { CampaignHistoryChange } from '@ads/contracts';
import { describe, expect, it } from 'vitest';
import i18n from '../../../shared/i18n/translate';
import '../messages/register';
import enUS from '../messages/page.en-US';
import zhCN from '../messages/page.zh-CN';
import { changeText, fieldLabel, type ValueContext } from './history-values';

// A change history's fields as read: every field the server writes has a label in both languages,
// a draft's save reads its counts as counts, and a field without a label never shows its key.

/** What the server's audit entries name (campaign-changes.ts, and the status moves). */
const FIELDS = [
  'status',
  'name',
  'objective',
  'dailyBudgetMinor',
  'totalBudgetMinor',
  'startAt',
  'endAt',
  'dayparting',
  'bidStrategy',
  'maxBidMinor',
  'frequencyCap',
  'regions',
  'devices',
  'slotMode',
  'slotIds',
  'bidOverrideMinor',
  'adGroupsAdded',
  'adGroupsRemoved',
  'adsAdded',
  'adsRemoved',
  'adsEdited',
];

const t = i18n.getFixedT('en-US');
const context: ValueContext = { t, language: 'en-US', currency: 'USD', regionName: (code) => code, slotName: (id) => `#${id}` };
const change = (field: string, before: unknown, after: unknown): CampaignHistoryChange => ({ field, adGroup: null, before, after });

describe('change history values', () => {
  it('labels every field the server records, in en-US and zh-CN', () => {
    expect(FIELDS.filter((field) => !(field in enUS.history.field))).toEqual([]);
    expect(FIELDS.filter((field) => !(field in zhCN.history.field))).toEqual([]);
    expect(enUS.history.action.draftSave).toBe('Draft saved');
    expect(zhCN.history.action.draftSave).toBe('草稿已保存');
  });

  it("reads a draft's save: its settings before → after, its ad groups' and ads' counts as counts", () => {
    expect(fieldLabel(change('objective', 'traffic', 'awareness'), t)).toBe('Objective');
    expect(changeText(change('objective', 'traffic', 'awareness'), context)).toBe('Traffic → Awareness');
    expect(fieldLabel(change('adsAdded', null, 2), t)).toBe('Ads added');
    expect(changeText(change('adsAdded', null, 2), context)).toBe('2');
    expect(changeText(change('adGroupsRemoved', null, 1), context)).toBe('1');
  });

  it('reads a field it has no label for as "Other setting", never its key', () => {
    expect(fieldLabel(change('somethingNew', 1, 2), t)).toBe('Other setting');
    expect(fieldLabel({ ...change('somethingNew', 1, 2), adGroup: { id: 4, name: 'G' } }, t)).toBe('Ad group “G” · Other setting');
  });
});
