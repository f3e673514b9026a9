import type { TFunction } from './translate';
import { isApiError } from '../api-client';

// A contract's field sentences (zod messages, written the same by the form's own check and by the
// server's 400) in the user's language. Each feature lists the sentences its forms meet, as patterns
// to its own message keys; a sentence not listed (a newer server) is shown as written. Zod-free.

/** A sentence's pattern, the message key it shows, and the key's values from the match. */
export type ProblemPattern = readonly [RegExp, string, (match: RegExpMatchArray) => Record<string, string>];

/** A pattern for one exact sentence. */
export const exactProblem = (sentence: string, key: string): ProblemPattern => [
  new RegExp(`^${sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  key,
  () => ({}),
];

/** "Please use at most N characters." (schema-kit's textSchema and nameSchema) and "At most N characters.". */
export const tooLongProblem = (key: string): ProblemPattern => [/^(?:Please use at most|At most) (\d+) characters\.$/, key, (m) => ({ max: m[1]! })];

/** Translates sentences by the first pattern that matches, its key under `scope` (e.g. `requests.problems`). */
export const problemTranslator =
  (scope: string, patterns: readonly ProblemPattern[]) =>
  (t: TFunction, message: string): string => {
    for (const [pattern, key, values] of patterns) {
      const match = message.match(pattern);
      if (match) return t(`${scope}.${key}`, values(match));
    }
    return message;
  };

export type ProblemText = ReturnType<typeof problemTranslator>;
type FieldSchema = { safeParse: (value: unknown) => { success: boolean; error?: { issues: readonly { message: string }[] } } };

/** The first problem the contract's schema finds with a field's value, translated; null when none. */
export const fieldProblem = (t: TFunction, text: ProblemText, schema: FieldSchema, value: unknown): string | null => {
  const result = schema.safeParse(value);
  return result.success ? null : text(t, result.error?.issues[0]?.message ?? '');
};

/** The server's sentence for one field of a 400, translated; null when it names none. */
export const serverFieldProblem = (t: TFunction, text: ProblemText, error: unknown, field: string): string | null => {
  const message = isApiError(error) ? error.fields?.[field] : undefined;
  return message ? text(t, message) : null;
};
