import { NOTIFICATION_LANGUAGES, NOTIFICATION_MESSAGE_TEMPLATES, STATUS_CHANGE_KINDS } from '@ads/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import i18n from './translate';

// The translator's own texts, in languages of their own so that the console's stay untouched.
i18n.addResources('en-GB', {
  t: {
    plain: 'Plain',
    hello: 'Hello {{name}}, {{- name}}',
    deep: 'Owner: {{owner.name}}',
    items_one: '{{count}} item',
    items_other: '{{count}} items',
    nest: 'In $t(t.items, {"count": {{n}} }) of $t(t.plain)',
    keyed: '$t(t.kinds.{{kind}})',
    kinds: { a: 'Kind A' },
    when: 'On {{at, datetime(dateStyle: long)}}',
    amount: '{{n, number(minimumFractionDigits: 2)}}',
  },
});
i18n.addResources('zh-TW', { t: { items_other: '{{count}} 項' } });
const t = i18n.getFixedT('en-GB');

describe('translate', () => {
  it('puts values in, nested ones too, and leaves a placeholder without a value as written', () => {
    expect(t('t.hello', { name: 'Ann' })).toBe('Hello Ann, Ann');
    expect(t('t.deep', { owner: { name: 'Bo' } })).toBe('Owner: Bo');
    expect(t('t.hello')).toBe('Hello {{name}}, {{- name}}');
    expect(t('t.hello', { other: 1 })).toBe('Hello {{name}}, {{- name}}');
    expect(t('t.hello', { name: null })).toBe('Hello , ');
  });

  it('never reads a value as a template', () => {
    expect(t('t.hello', { name: '$t(t.plain) {{name}}' })).toBe('Hello $t(t.plain) {{name}}, $t(t.plain) {{name}}');
  });

  it('picks the plural form of the language', () => {
    expect(t('t.items', { count: 1 })).toBe('1 item');
    expect(t('t.items', { count: 0 })).toBe('0 items');
    expect(i18n.getFixedT('zh-TW')('t.items', { count: 1 })).toBe('1 項');
  });

  it('nests texts, with options of their own and a key built from a value', () => {
    expect(t('t.nest', { n: 3 })).toBe('In 3 items of Plain');
    expect(t('t.keyed', { kind: 'a' })).toBe('Kind A');
  });

  it('formats dates and numbers for the language', () => {
    const at = new Date(2026, 10, 28, 12);
    expect(t('t.when', { at })).toBe(`On ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(at)}`);
    expect(t('t.amount', { n: 5 })).toBe('5.00');
  });

  it('gives the default value, else the key, for a text it does not have; exists says which', () => {
    expect(t('t.missing', { defaultValue: 'Fallback {{x}}', x: 1 })).toBe('Fallback 1');
    expect(t('t.missing')).toBe('t.missing');
    expect(t('t.kinds')).toBe('t.kinds');
    expect(i18n.getFixedT('en-GB')('t.plain')).toBe('Plain');
  });
});

describe('translate and i18next', () => {
  // The server renders the notification texts with i18next: every template, in both languages, must read the same.
  const engine = i18next.createInstance();
  void engine.init({
    resources: Object.fromEntries(
      NOTIFICATION_LANGUAGES.map((l) => [l, { translation: { notificationMessages: structuredClone(NOTIFICATION_MESSAGE_TEMPLATES[l]) } }]),
    ),
    lng: 'en-US',
    fallbackLng: false,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  for (const l of NOTIFICATION_LANGUAGES) i18n.addResources(l, { notificationMessages: NOTIFICATION_MESSAGE_TEMPLATES[l] });

  const keysOf = (tree: object, prefix: string): string[] =>
    Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k.replace(/_(one|other)$/, '')}`] : keysOf(v as object, `${prefix}${k}.`)));
  const keys = [...new Set(keysOf(NOTIFICATION_MESSAGE_TEMPLATES['en-US'], 'notificationMessages.'))];
  const at = new Date(2026, 1, 3, 10, 30);
  const values = (count: number, kind: string) => ({
    count,
    days: count + 1,
    kind,
    name: 'Spring {{name}}',
    accountName: 'Contoso',
    entityName: 'Slot "A"',
    reason: 'Too loud',
    reasons: 'a; b',
    email: 'a@b.test',
    userName: 'Ann',
    publisherName: 'Fabrikam',
    seriesName: 'Series',
    creatives: 2,
    rejected: 1,
    percent: 80,
    purgeAt: at,
    startAt: at,
    startedAt: at,
    endedAt: at,
  });

  it.each(NOTIFICATION_LANGUAGES)('renders every notification text in %s as i18next does', (language) => {
    const ours = i18n.getFixedT(language);
    const theirs = engine.getFixedT(language);
    let compared = 0;
    for (const key of keys) {
      for (const count of [0, 1, 7]) {
        for (const kind of STATUS_CHANGE_KINDS) {
          expect(ours(key, values(count, kind)), `${key} ${count} ${kind}`).toBe(theirs(key, values(count, kind)));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
