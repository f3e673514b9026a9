import { describe, expect, it } from 'vitest';
import { arrayOf, escapeLike, intArrayLiteral, isUniqueViolation, jsonOf, refuseClash, uniqueViolation } from './sql';

describe('sql helpers', () => {
  it('writes int arrays as one literal of whole numbers', () => {
    expect(intArrayLiteral([1, 2.7, -3])).toBe('{1,2,-3}');
    expect(intArrayLiteral([])).toBe('{}');
  });

  it('escapes what LIKE would read as a pattern', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });

  it('finds a unique violation through wrapping errors, naming its index', () => {
    const pg = { code: '23505', constraint: 'images_folder_name_unique' };
    const wrapped = new Error('query failed', { cause: pg });
    expect(uniqueViolation(wrapped)).toBe('images_folder_name_unique');
    expect(isUniqueViolation(wrapped)).toBe(true);
    expect(isUniqueViolation(wrapped, 'images_folder_name_unique')).toBe(true);
    expect(isUniqueViolation(wrapped, 'other')).toBe(false);
    expect(isUniqueViolation(new Error('x'))).toBe(false);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
  });

  it('turns a clash into the caller’s refusal, and lets anything else through', async () => {
    const refusal = new Error('taken');
    await expect(refuseClash(async () => { throw { code: '23505' }; }, () => refusal)).rejects.toBe(refusal);
    const other = new Error('other');
    await expect(refuseClash(async () => { throw other; }, () => refusal)).rejects.toBe(other);
    expect(await refuseClash(async () => 7, () => refusal)).toBe(7);
  });

  it('reads json and array values however the driver hands them over', () => {
    expect(jsonOf<{ a: number }[]>('[{"a":1}]')).toEqual([{ a: 1 }]);
    expect(jsonOf<{ a: number }[]>([{ a: 1 }])).toEqual([{ a: 1 }]);
    expect(arrayOf(['US', 'DE'])).toEqual(['US', 'DE']);
    expect(arrayOf([3, 4])).toEqual(['3', '4']);
    expect(arrayOf('{US,"",mobile}')).toEqual(['US', '', 'mobile']);
    expect(arrayOf('{}')).toEqual([]);
  });
});
