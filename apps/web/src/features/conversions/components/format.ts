import { DEFAULT_CURRENCY } from '@ads/contracts';
import type { TFunction } from '../../../shared/i18n/translate';
import { apiErrorText } from '../../../shared/format';
import { fieldProblem, problemTranslator, serverFieldProblem as serverProblem, exactProblem } from '../../../shared/i18n/field-problems';
import { useSession } from '../../../shared/session';

/** A failed call in the user's language (the feature's message for the server's code). */
export const errorText = (t: TFunction, error: unknown): string => apiErrorText(t, error, 'conversions.errors');

// The click window's sentences (schema-kit's dbInt), as the form's check and the server's 400 write them.
const problemText = problemTranslator('conversions.problems', [
  exactProblem('Please enter a whole number.', 'whole'),
  [/^Please enter a number no smaller than (\d+)\.$/, 'tooSmall', (m) => ({ min: m[1]! })],
  [/^Please enter a number no larger than (\d+)\.$/, 'tooLarge', (m) => ({ max: m[1]! })],
]);

/** The first problem the contract finds with a field's value, in the user's language; null when none. */
export const checkField = (t: TFunction, schema: Parameters<typeof fieldProblem>[2], value: unknown) => fieldProblem(t, problemText, schema, value);

/** The server's message for one field of a 400, in the user's language. */
export const serverFieldProblem = (t: TFunction, error: unknown, field: string) => serverProblem(t, problemText, error, field);

/** The signed-in account's currency: conversion values are in its minor units. */
export const useAccountCurrency = (): string => useSession()?.userInfo.userBasicInfo.currency ?? DEFAULT_CURRENCY;

/** Copies text and says whether it worked. */
export async function copyText(t: TFunction, text: string, show: (kind: 'success' | 'error', content: string) => void): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    show('success', t('conversions.copied'));
  } catch {
    show('error', t('conversions.copyFailed'));
  }
}
