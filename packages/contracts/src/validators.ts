// Helper validators: identifier, digits, phone number, email. Each returns true when the value is
// acceptable.

/** Letters, digits and underscore only; empty allowed. */
export const IDENTIFIER_PATTERN = /^[A-Za-z0-9_]*$/;
/** Digits only; empty allowed. */
export const DIGITS_PATTERN = /^[0-9]*$/;
/** Starts with 1, then one of 3, 4, 5, 7 or 8, then nine digits. */
export const PHONE_PATTERN = /^1[34578][0-9]{9}$/;
/**
 * Letters or digits with - _ . separators, an @, a domain, and a top-level domain of two or more
 * lowercase letters.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)*@[A-Za-z0-9]+(?:[-.][A-Za-z0-9]+)*\.[a-z]{2,}$/;

export const isIdentifier = (value: string): boolean => IDENTIFIER_PATTERN.test(value);
export const isDigits = (value: string): boolean => DIGITS_PATTERN.test(value);
export const isPhone = (value: string): boolean => PHONE_PATTERN.test(value);
export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value);

/** Emails are compared trimmed and case-insensitively. */
export const normalizeEmail = (value: string): string => value.trim().toLowerCase();

/** What a name containing UNSAFE_NAME_CHARS is told (schema-kit's nameSchema); here, zod-free, for the web's translations. */
export const NAME_UNSAFE_MESSAGE = 'Names cannot contain line breaks, control characters, invisible characters or text-direction marks.';
