import { describe, expect, it } from 'vitest';
import { createFolder, imageList, publishAnnouncement, renameImage, renameSeries, renameVideo } from './index';
import { calendarDateSchema, cleanName, commaListSchema, DB_INT_MAX, dbId, filterTextSchema, nameSchema, queryDbId, searchSchema, textSchema } from './schema-kit';

describe('ids and numbers fit PostgreSQL integer columns', () => {
  it('refuses ids past 2^31 − 1, in bodies and in query strings', () => {
    expect(dbId.safeParse(DB_INT_MAX).success).toBe(true);
    expect(dbId.safeParse(DB_INT_MAX + 1).success).toBe(false);
    expect(dbId.safeParse(0).success).toBe(false);
    expect(queryDbId.safeParse('2147483647').success).toBe(true);
    expect(queryDbId.safeParse('2147483648').success).toBe(false);
    expect(imageList.request.safeParse({ maxBytes: '2147483648' }).success).toBe(false);
    expect(renameImage.request.safeParse({ id: 1, version: 2 ** 31, name: 'a' }).success).toBe(false);
  });

  it('explains itself in a sentence', () => {
    const result = dbId.safeParse(2 ** 40);
    expect(result.error?.issues[0]?.message).toBe('This is not a valid id.');
  });
});

describe('names', () => {
  const name = nameSchema(20);

  it('are NFC and trimmed: the same name in two Unicode forms is one name', () => {
    expect(name.parse('  Cafe\u0301 ')).toBe('Café');
    expect(name.parse('Café')).toBe(name.parse('Cafe\u0301'));
  });

  it.each([
    ['a bidi override', 'w-rtl\u202Egnp.exe'],
    ['a bidi isolate', 'a\u2066b'],
    ['a zero-width space', 'a\u200Bb'],
    ['a zero-width joiner', 'a\u200Db'],
    ['a word joiner', 'a\u2060b'],
    ['a byte order mark', 'a\uFEFFb'],
    ['NUL', 'a\u0000b'],
    ['a newline', 'a\nb'],
    ['a tab', 'a\tb'],
    ['a C1 control', 'a\u0085b'],
    ['a line separator', 'a\u2028b'],
    ['an unpaired surrogate', 'a\ud800b'],
  ])('refuse %s', (_what, value) => {
    const result = name.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^Names cannot contain/);
  });

  it('keep letters of every script and emoji', () => {
    expect(name.parse('广告 עברית 🎉')).toBe('广告 עברית 🎉');
  });

  it('are required and bounded, with sentences for messages', () => {
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('Please enter a name.');
    expect(name.safeParse('x'.repeat(21)).error?.issues[0]?.message).toBe('Please use at most 20 characters.');
  });

  it('follow the same rule in every contract that takes one', () => {
    const bidi = 'w-rtl\u202Egnp.exe';
    expect(createFolder.request.safeParse({ name: bidi }).success).toBe(false);
    expect(renameImage.request.safeParse({ id: 1, version: 1, name: bidi }).success).toBe(false);
    expect(renameSeries.request.safeParse({ id: 1, version: 1, name: bidi }).success).toBe(false);
    expect(renameVideo.request.safeParse({ id: 1, version: 1, name: bidi }).success).toBe(false);
    expect(publishAnnouncement.request.safeParse({ title: bidi, content: 'x', audience: { kind: 'all' } }).success).toBe(false);
  });

  it('made from outside text lose what the rule refuses', () => {
    expect(cleanName(' w-rtl\u202Egnp.exe\n', 255)).toBe('w-rtlgnp.exe');
    expect(cleanName('Cafe\u0301.png', 255)).toBe('Café.png');
  });
});

describe('free text and search', () => {
  it('keeps line breaks in content but refuses NUL', () => {
    const content = textSchema(100);
    expect(content.parse(' one\ntwo ')).toBe('one\ntwo');
    expect(content.safeParse('a\u0000b').success).toBe(false);
  });

  it('refuses NUL in a search and normalises it like names', () => {
    const search = searchSchema(50);
    expect(search.safeParse('a\u0000').success).toBe(false);
    expect(search.parse('Cafe\u0301')).toBe('Café');
    expect(search.parse('')).toBe('');
  });

  it('refuses in searches and filters what no name holds: controls, direction marks, invisible characters', () => {
    for (const schema of [searchSchema(50), filterTextSchema(50)]) {
      for (const bad of ['a\u0000b', 'w-rtl\u202Egnp', '\u2066x', 'a\tb', 'a\nb', 'a\u0085b', 'a\u200Bb']) expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      expect(schema.safeParse('news.fabrikam.example').success).toBe(true);
    }
    expect(filterTextSchema(5).safeParse('abcdef').success).toBe(false);
  });
});

describe('days and lists in query strings', () => {
  it('takes only days of the calendar, within the years a report covers', () => {
    for (const day of ['2026-02-28', '2024-02-29', '2026-12-31', '1970-01-01', '2999-12-31']) expect(calendarDateSchema.safeParse(day).success, day).toBe(true);
    const message = (v: string) => calendarDateSchema.safeParse(v).error?.issues.map((i) => i.message);
    expect(message('2026-02-30')).toEqual(['There is no such day: please check the month and the day.']);
    for (const day of ['2026-02-29', '2026-04-31', '2026-13-01', '2026-00-10']) expect(message(day), day).toEqual(['There is no such day: please check the month and the day.']);
    expect(message('0000-01-01')).toEqual(['Please choose a date between 1970 and 2999.']);
    expect(message('9999-12-31')).toEqual(['Please choose a date between 1970 and 2999.']);
    expect(message('2026-1-5')).toEqual(['Please use a date like 2026-11-24.']);
  });

  it('takes a bounded list of known values, each counted once', () => {
    const list = commaListSchema(['a', 'b', 'c'] as const, 'letter');
    expect(list.parse('a,b,a,,c')).toEqual(['a', 'b', 'c']);
    expect(list.safeParse('a,z').error?.issues[0]?.message).toBe('Unknown letter: z.');
    expect(list.safeParse('a,'.repeat(101)).error?.issues[0]?.message).toBe('This list of letter values is too long.');
    expect(list.safeParse(['a', 'b']).success).toBe(false);
  });
});
