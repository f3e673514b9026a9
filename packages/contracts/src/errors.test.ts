import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_DETAILS, errorBodySchema } from './errors';

describe('error details', () => {
  it('are declared for known codes only', () => {
    const codes = new Set<string>(Object.values(ERROR_CODES));
    expect(Object.keys(ERROR_DETAILS).filter((code) => !codes.has(code))).toEqual([]);
  });

  it('travel at the top level of the body, each checked by its schema', () => {
    const body = {
      errorCode: 'IMAGE_DUPLICATE',
      error: 'Already there.',
      existing: { id: 1, name: 'a.png', folderId: null, inRecycleBin: false },
    };
    expect(errorBodySchema.parse(body)).toEqual(body);
    expect(errorBodySchema.parse({ errorCode: 'UPLOAD_OFFSET_MISMATCH', error: 'x', received: 8 })).toMatchObject({ received: 8 });
    expect(errorBodySchema.safeParse({ errorCode: 'UPLOAD_OFFSET_MISMATCH', error: 'x', received: 'eight' }).success).toBe(false);
    expect(errorBodySchema.safeParse({ errorCode: 'IMAGE_IN_USE', error: 'x', uses: [{ id: 1 }] }).success).toBe(false);
  });

  it('every declared field is in the body schema', () => {
    const bodyKeys = Object.keys(errorBodySchema.shape);
    for (const schema of Object.values(ERROR_DETAILS)) {
      for (const key of Object.keys(schema.shape)) expect(bodyKeys).toContain(key);
    }
  });
});
