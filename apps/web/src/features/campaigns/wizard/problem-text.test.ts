import { AD_HEADLINE_MAX, campaignDocumentSchema, campaignProblems, FREQUENCY_CAP_MAX, MAX_ADS_PER_GROUP, MAX_AD_GROUPS } from '@ads/contracts';
import i18next from '../../../shared/i18n/translate';
import { describe, expect, it } from 'vitest';
import { keysOf } from '../../../shared/i18n/locales/keys';
import enUS from '../messages/en-US';
import zhCN from '../messages/zh-CN';
import '../messages/register';
import { emptyForm, toDocument } from './form-model';
import { problemKey } from './problem-text';

// Every sentence the campaign schemas can say about a document (submit rules and draft checks)
// must have a translation: documents built to break each rule are checked and their messages
// collected.

const ad = { format: 'image', imageId: 1, videoId: null, headline: 'Fresh coffee', description: 'Roasted today.', landingUrl: 'https://shop.example.com' };
const group = { name: 'Group', regions: [], devices: [], slotMode: 'all', slotIds: [], bidOverrideMinor: null, ads: [ad] };
const valid = {
  name: 'Spring',
  objective: 'traffic',
  dailyBudgetMinor: 1000,
  totalBudgetMinor: 10000,
  startAt: '2027-01-01T00:00:00.000Z',
  endAt: null,
  dayparting: [],
  bidStrategy: 'cpm',
  maxBidMinor: 100,
  frequencyCap: null,
  adGroups: [group],
};
const long = (n: number) => 'x'.repeat(n + 1);

// Documents as the wizard builds them (lists always present), each breaking some rules.
const broken: unknown[] = [
  toDocument(emptyForm(), 2),
  { adGroups: [] },
  { adGroups: [{ ads: [{}] }] },
  { adGroups: [{ ads: [{ format: 'image' }, { format: 'video' }] }] },
  { ...valid, dailyBudgetMinor: 20000 },
  { ...valid, dailyBudgetMinor: 0, totalBudgetMinor: 1.5 },
  { ...valid, totalBudgetMinor: 1e15 },
  { ...valid, endAt: '2026-01-01T00:00:00.000Z' },
  { ...valid, startAt: 'tomorrow' },
  { ...valid, maxBidMinor: 1 },
  { ...valid, bidStrategy: 'cpc', maxBidMinor: 9999 },
  { ...valid, maxBidMinor: 1.5 },
  { ...valid, maxBidMinor: 1e9 },
  { ...valid, frequencyCap: { impressions: FREQUENCY_CAP_MAX + 1, period: 'day' } },
  { ...valid, frequencyCap: { impressions: 0.5, period: 'day' } },
  { ...valid, dayparting: [{ day: 1, fromHour: 10, toHour: 9 }] },
  { ...valid, name: long(200), adGroups: [{ ...group, name: 'a\u202Eb', bidOverrideMinor: 1, slotMode: 'chosen', ads: [] }] },
  { ...valid, name: 'a\u0000b' },
  { ...valid, adGroups: [{ ...group, ads: [{ ...ad, headline: long(AD_HEADLINE_MAX), description: long(90), landingUrl: 'http://x' }] }] },
  { ...valid, adGroups: [{ ...group, ads: [{ ...ad, headline: 'a\u200Bb', description: 'a\u0000b', landingUrl: '' }] }] },
  { ...valid, adGroups: [{ ...group, ads: [{ ...ad, imageId: null }, { ...ad, format: 'video', videoId: null }, { ...ad, format: null }] }] },
  { ...valid, adGroups: [] },
  { ...valid, adGroups: Array.from({ length: MAX_AD_GROUPS + 1 }, () => group) },
  { ...valid, adGroups: [{ ...group, ads: Array.from({ length: MAX_ADS_PER_GROUP + 1 }, () => ad) }] },
  { ...valid, adGroups: [{ ...group, id: 0, ads: [{ ...ad, id: -1, imageId: 0 }] }] },
];

function messagesOf(documents: unknown[]): Set<string> {
  const messages = new Set<string>();
  for (const document of documents) {
    Object.values(campaignProblems(document)).forEach((message) => messages.add(message));
    const draft = campaignDocumentSchema.safeParse(document);
    if (!draft.success) draft.error.issues.forEach((issue) => messages.add(issue.message));
  }
  return messages;
}

describe('contract messages in the wizard', () => {
  const messages = messagesOf(broken);

  it('produce many messages (the documents do break the rules)', () => {
    expect(campaignProblems(valid)).toEqual({});
    expect(messages.size).toBeGreaterThan(30);
  });

  it.each([...messagesOf(broken)])('"%s" has a key with texts in both languages', (message) => {
    const known = problemKey(message);
    expect(known, message).not.toBeNull();
    const key = known!.key.replace(/^campaigns\./, 'campaigns.');
    expect(keysOf(enUS)).toContain(key);
    expect(keysOf(zhCN)).toContain(key);
  });

  it("include the server's refusal of a slot that is no longer available", () => {
    const key = problemKey('This ad slot is not available.')!.key;
    expect(keysOf(enUS)).toContain(key);
    expect(keysOf(zhCN)).toContain(key);
  });

  it('keep the numbers of the sentence', () => {
    expect(i18next.t(problemKey('Please use at most 30 characters.')!.key, problemKey('Please use at most 30 characters.')!.values)).toBe('Please use at most 30 characters.');
    expect(problemKey('A CPC bid must be between 5 and 5000 cents.')!.values).toEqual({ strategy: 'CPC', min: '5', max: '5000' });
  });
});
