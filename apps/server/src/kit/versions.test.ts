import { describe, expect, it } from 'vitest';
import { atVersion, stale } from './versions';

describe('versions', () => {
  it('answers the row at the version the caller saw, else 409 STALE_VERSION', () => {
    const row = { id: 1, version: 3 };
    expect(atVersion(row, 3, 'The folder')).toBe(row);
    expect(() => atVersion(row, 2, 'The folder')).toThrow(
      expect.objectContaining({ statusCode: 409, errorCode: 'STALE_VERSION', message: 'The folder was changed by someone else. Reload and try again.' }),
    );
    expect(stale('The video').statusCode).toBe(409);
  });
});
