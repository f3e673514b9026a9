// Reading a page's state from its URL query: anything unknown or malformed reads as absent, so the
// page falls back to its default.

/** The value when it is one of `values`. */
export const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** A positive whole number of at most 9 digits (an id, a page). */
export const positiveInt = (value: string | null): number | undefined => {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number > 0 ? number : undefined;
};
