import { NAME_UNSAFE_MESSAGE } from '@ads/contracts';
import type { TFunction } from '../../../shared/i18n/translate';
import type { z } from 'zod';
import { isApiError } from '../../../shared/api-client';
import type { FormInstance, Rule } from '../../../shared/ui/form';

// The account forms' rules are the contract's fields (accountDetailsFields, newUserFields), checked
// here before sending and again by the server; their English sentences are shown in the user's
// language. A sentence not listed (a newer server) is shown as written.

type Pattern = readonly [RegExp, string, (match: RegExpMatchArray) => Record<string, string>];
const exact = (sentence: string, key: string): Pattern => [new RegExp(`^${sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), key, () => ({})];

const PATTERNS: readonly Pattern[] = [
  exact('Please enter the company name.', 'nameMissing'),
  exact("Please enter the user's name.", 'userNameMissing'),
  exact('Please enter the account code.', 'codeMissing'),
  exact('Use letters, digits and underscores only.', 'codeInvalid'),
  exact('Please enter a valid email address, like name@example.com.', 'emailInvalid'),
  exact('Please enter an 11-digit mobile number starting with 13, 14, 15, 17 or 18.', 'phoneInvalid'),
  exact('Use digits only.', 'digitsOnly'),
  exact(NAME_UNSAFE_MESSAGE, 'nameUnsafe'),
  [/^(?:Please use at most|At most) (\d+) characters\.$/, 'tooLong', (m) => ({ max: m[1]! })],
  [/^At most (\d+) digits\.$/, 'tooLongDigits', (m) => ({ max: m[1]! })],
];

/** A contract's field message in the user's language. */
export function problemText(t: TFunction, message: string): string {
  for (const [pattern, key, values] of PATTERNS) {
    const match = message.match(pattern);
    if (match) return t(`accounts.problems.${key}`, values(match));
  }
  return message;
}

type FieldSchema = { safeParse: (value: unknown) => { success: boolean; error?: { issues: readonly { message: string }[] } } };

/** An antd rule that checks one field with its contract schema. */
export const fieldRule = (t: TFunction, schema: FieldSchema): Rule => ({
  validator: async (_, value: unknown) => {
    const result = schema.safeParse(value ?? '');
    if (!result.success) throw new Error(problemText(t, result.error?.issues[0]?.message ?? ''));
  },
});

/** The form's values parsed by the contract (trimmed, normalised), or null with the problems under their fields. */
export function parseForm<S extends z.ZodType>(t: TFunction, form: FormInstance, schema: S, values: unknown): z.output<S> | null {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  form.setFields(parsed.error.issues.map((issue) => ({ name: issue.path as (string | number)[], errors: [problemText(t, issue.message)] })));
  return null;
}

/**
 * The server's field messages under the form's fields (paths as the server names them, `user.email`);
 * answers whether any was placed.
 */
export function placeServerFields(t: TFunction, form: FormInstance, cause: unknown, known: readonly string[]): boolean {
  const fields = isApiError(cause) ? cause.fields : undefined;
  const placed = Object.entries(fields ?? {})
    .filter(([path]) => known.includes(path))
    .map(([path, message]) => ({ name: path.split('.'), errors: [problemText(t, message)] }));
  form.setFields(placed);
  if (placed.length) form.scrollToField(placed[0]!.name, { block: 'center' });
  return placed.length > 0;
}

/** Runs the form's own rules; false (and the first problem in view) when one fails. */
export async function validForm(form: FormInstance): Promise<boolean> {
  try {
    await form.validateFields();
    return true;
  } catch (invalid) {
    const first = (invalid as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
    if (first) form.scrollToField(first.name, { block: 'center', focus: true });
    return false;
  }
}
