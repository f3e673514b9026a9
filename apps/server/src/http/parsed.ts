import { ERROR_CODES } from '@ads/contracts';
import type { z } from 'zod';
import { AppError } from '../errors';

/**
 * A public route's query or body read with its schema (routes outside /api are not contracts):
 * 400 VALIDATION_FAILED with the problems by field, else the parsed value.
 */
export const parsed = <T extends z.ZodType>(schema: T, input: unknown, what: string): z.output<T> => {
  const result = schema.safeParse(input);
  if (!result.success) {
    const fields = Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
    throw new AppError(400, ERROR_CODES.validationFailed, `This ${what} is not valid.`, { fields });
  }
  return result.data;
};
