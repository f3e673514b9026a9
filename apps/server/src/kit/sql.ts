import { sql, type Column, type SQL } from 'drizzle-orm';

// Arrays go as one array-literal parameter: Drizzle would spread a JS array into a list, and the
// two drivers (PGlite, pg) serialise JS arrays differently.

/** `{1,2,3}`: the text of an int[] literal, for a prepared statement's parameter. */
export const intArrayLiteral = (values: readonly number[]): string => `{${values.map((v) => Math.trunc(v)).join(',')}}`;

/** An int[] parameter: `id = any(${intArray(ids)})`. */
export const intArray = (values: readonly number[]): SQL => sql`${intArrayLiteral(values)}::int[]`;

/** A text[] parameter, each value quoted. */
export const textArray = (values: readonly string[]): SQL =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/** An array parameter of values that need no quoting (numbers, booleans, uuids, ISO times), NULL for null. */
export const plainArray = (values: readonly (string | number | boolean | null)[], type: string): SQL =>
  sql`${`{${values.map((v) => (v === null ? 'NULL' : typeof v === 'boolean' ? (v ? 't' : 'f') : String(v))).join(',')}}`}::${sql.raw(type)}[]`;

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Case-insensitive "contains", the list searches' rule; undefined (no condition) for no search.
 * `lower(x) like` rather than `ilike`: it costs about half as much per row, and an index holding
 * the column answers it alone (campaigns_account_name_idx counts a search's matches).
 */
export const nameContains = (column: Column | SQL, search: string | undefined): SQL | undefined =>
  search ? sql`lower(${column}) like lower(${`%${escapeLike(search)}%`})` : undefined;

/**
 * The unique index a violation names, or undefined when the error is no unique violation.
 * PostgreSQL's and PGlite's errors carry `code` 23505 and `constraint`; Drizzle may wrap them.
 */
export const uniqueViolation = (err: unknown): string | undefined => {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return undefined;
};

/** A unique violation (of that index, when one is named). */
export const isUniqueViolation = (err: unknown, index?: string): boolean => {
  const violated = uniqueViolation(err);
  return violated !== undefined && (index === undefined || violated === index);
};

/** Runs a write; a unique violation (of `index`, when named) becomes the caller's refusal (409 NAME_TAKEN …). */
export const refuseClash = async <T>(run: () => Promise<T>, refusal: () => Error, index?: string): Promise<T> => {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err, index)) throw refusal();
    throw err;
  }
};

/** The rows of a raw `execute` (PGlite and node-postgres both answer `{rows}`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A json value (a column, a json_agg) as either driver hands it over: parsed, or still its text. */
export const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** An array value as either driver hands it over: an array, or its literal (`{a,"",b}`). */
export const arrayOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(String)
    : String(value)
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean)
        .map((v) => v.replace(/^"|"$/g, ''));
