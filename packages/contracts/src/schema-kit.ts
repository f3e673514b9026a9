import { z } from 'zod';
import { NAME_UNSAFE_MESSAGE } from './validators';

// The pieces every contract builds its requests from, so that what a contract accepts always fits
// the database: PostgreSQL `integer` columns end at 2^31 − 1 (JSON numbers go to 2^53) and `text`
// cannot hold NUL. Messages are shown next to form fields: clear sentences.

/** The largest value of a PostgreSQL `integer` (ids, versions, counts, sizes). */
export const DB_INT_MAX = 2_147_483_647;
/** The largest value of a PostgreSQL `smallint` (notification types). */
export const DB_SMALLINT_MAX = 32_767;

const WHOLE = 'Please enter a whole number.';
const tooLarge = (max: number) => `Please enter a number no larger than ${max}.`;
const tooSmall = (min: number) => `Please enter a number no smaller than ${min}.`;

/** A whole number that fits an `integer` column; `min` defaults to 0. */
export const dbInt = (min = 0, max = DB_INT_MAX) =>
  z.number({ error: WHOLE }).int(WHOLE).min(min, tooSmall(min)).max(max, tooLarge(max));
/** The same in a query string (GET and PUT): the text is turned into a number first. */
export const queryDbInt = (min = 0, max = DB_INT_MAX) =>
  z.coerce.number({ error: WHOLE }).int(WHOLE).min(min, tooSmall(min)).max(max, tooLarge(max));

const NOT_AN_ID = 'This is not a valid id.';
/** A row id (`serial`). */
export const dbId = z.number({ error: NOT_AN_ID }).int(NOT_AN_ID).min(1, NOT_AN_ID).max(DB_INT_MAX, NOT_AN_ID);
export const queryDbId = z.coerce.number({ error: NOT_AN_ID }).int(NOT_AN_ID).min(1, NOT_AN_ID).max(DB_INT_MAX, NOT_AN_ID);
/** A row id of a `bigserial` table (any safe integer). */
export const dbBigId = z
  .number({ error: NOT_AN_ID })
  .int(NOT_AN_ID)
  .min(1, NOT_AN_ID)
  .max(Number.MAX_SAFE_INTEGER, NOT_AN_ID);

const NOT_A_VERSION = 'This is not a valid version: reload and try again.';
/** The version a change was based on (optimistic locking). */
export const dbVersion = z.number({ error: NOT_A_VERSION }).int(NOT_A_VERSION).min(1, NOT_A_VERSION).max(DB_INT_MAX, NOT_A_VERSION);
export const queryDbVersion = z.coerce
  .number({ error: NOT_A_VERSION })
  .int(NOT_A_VERSION)
  .min(1, NOT_A_VERSION)
  .max(DB_INT_MAX, NOT_A_VERSION);

/**
 * What no name may hold: C0 and C1 control characters (newlines and tabs among them), the line and
 * paragraph separators, bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069: they make
 * `w-rtl\u202Egnp.exe` display as "w-rtlexe.png"), zero-width characters (U+200B–200D, U+2060,
 * U+FEFF) and unpaired surrogates.
 */
// eslint-disable-next-line no-control-regex
export const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b-\u200d\u2060\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSAFE_NAME_CHARS_ALL = new RegExp(UNSAFE_NAME_CHARS.source, 'g');

/** Anything else that text may not hold: NUL (PostgreSQL `text` refuses it) and unpaired surrogates. */
// eslint-disable-next-line no-control-regex
export const UNSAFE_TEXT_CHARS = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A name as the rule stores it: NFC (one form for the same name), trimmed, without the characters
 * of UNSAFE_NAME_CHARS. For names the server makes from outside text (an uploaded file's name):
 * the characters are removed rather than refused.
 */
export const cleanName = (raw: string, max: number): string =>
  raw.normalize('NFC').replace(UNSAFE_NAME_CHARS_ALL, '').trim().slice(0, max).trim();


/**
 * A name field (folders, images, series, videos, titles …): NFC, trimmed, 1 to `max` characters,
 * none of UNSAFE_NAME_CHARS. The web's forms validate with the same schema.
 */
export const nameSchema = (max: number, required = 'Please enter a name.') =>
  z
    .string({ error: required })
    .normalize('NFC')
    .trim()
    .min(1, required)
    .max(max, `Please use at most ${max} characters.`)
    .refine((v) => !UNSAFE_NAME_CHARS.test(v), NAME_UNSAFE_MESSAGE);

const TEXT_UNSAFE_MESSAGE = 'The text contains characters that cannot be stored (such as NUL).';

/** Free text (a message's content): NFC, trimmed, 1 to `max` characters, line breaks allowed, no NUL. */
export const textSchema = (max: number, required = 'Please enter the text.') =>
  z
    .string({ error: required })
    .normalize('NFC')
    .trim()
    .min(1, required)
    .max(max, `Please use at most ${max} characters.`)
    .refine((v) => !UNSAFE_TEXT_CHARS.test(v), TEXT_UNSAFE_MESSAGE);

/**
 * A list's search text: NFC (names are stored so), trimmed, at most `max` characters, none of
 * UNSAFE_NAME_CHARS: what is searched (names) never holds them, and NUL would fail the query.
 */
export const searchSchema = (max: number) =>
  z
    .string({ error: 'The search must be text.' })
    .normalize('NFC')
    .trim()
    .max(max, `Please search with at most ${max} characters.`)
    .refine(
      (v) => !UNSAFE_NAME_CHARS.test(v),
      'The search contains characters that cannot be searched for (control or invisible characters, text-direction marks).',
    );

/**
 * A filter's text matched exactly (a report's site): at most `max` characters, none of
 * UNSAFE_NAME_CHARS (NUL fails the query; the others are in no stored key).
 */
export const filterTextSchema = (max: number) =>
  z
    .string({ error: 'The filter must be text.' })
    .max(max, `Please filter with at most ${max} characters.`)
    .refine((v) => !UNSAFE_NAME_CHARS.test(v), 'Filters cannot contain control characters, invisible characters or text-direction marks.');

/** The longest comma-separated list a query parameter takes, in characters. */
export const COMMA_LIST_MAX = 200;

/**
 * A query parameter naming some of `values`, comma-separated (`active,paused`); each must be one of
 * them, and one named twice counts once (so a list never has more items than `values`).
 */
export const commaListSchema = <T extends string>(values: readonly T[], what = 'status') =>
  z
    .string({ error: `Please name each ${what} once, comma-separated.` })
    .max(COMMA_LIST_MAX, `This list of ${what} values is too long.`)
    .transform((v, ctx) => {
      const parts = v.split(',').filter(Boolean);
      for (const part of parts)
        if (!(values as readonly string[]).includes(part)) {
          ctx.addIssue({ code: 'custom', message: `Unknown ${what}: ${part.slice(0, 40)}.` });
          return z.NEVER;
        }
      return [...new Set(parts)] as T[];
    });

const DATE_FORMAT = 'Please use a date like 2026-11-24.';
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** The years a date may name: any a report or a filter needs, and all within JavaScript's and PostgreSQL's dates (with the period before). */
export const DATE_MIN_YEAR = 1970;
export const DATE_MAX_YEAR = 2999;

/** Whether `v` (YYYY-MM-DD) is a day of the calendar: 2026-02-30 is not (Date.parse would take it as 2 March). */
const isCalendarDay = (v: string) => {
  const day = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v;
};

/** A day in a query string (YYYY-MM-DD): a real day of the calendar, from DATE_MIN_YEAR to DATE_MAX_YEAR; one message per mistake. */
export const calendarDateSchema = z
  .string({ error: DATE_FORMAT })
  .regex(DATE_PATTERN, DATE_FORMAT)
  .refine((v) => !DATE_PATTERN.test(v) || isCalendarDay(v), 'There is no such day: please check the month and the day.')
  .refine((v) => {
    const year = Number(v.slice(0, 4));
    return !isCalendarDay(v) || (year >= DATE_MIN_YEAR && year <= DATE_MAX_YEAR);
  }, `Please choose a date between ${DATE_MIN_YEAR} and ${DATE_MAX_YEAR}.`);

/** A list query's "queue first" switch (`true` or `false` in the URL). */
export const queryFlag = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true');
