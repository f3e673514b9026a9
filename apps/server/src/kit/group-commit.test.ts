import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit';

describe('groupCommit', () => {
  it('runs a lone item at once, then groups what arrives while a batch runs, in order and bounded', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const submit = groupCommit(async (items: number[]) => {
      batches.push(items);
      if (batches.length === 1) await gate;
      return items.map((i) => i * 10);
    }, 3);
    const first = submit(1);
    const rest = [2, 3, 4, 5].map(submit);
    expect(batches).toEqual([[1]]);
    release();
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('fails only the batch that threw', async () => {
    const submit = groupCommit(async (items: string[]) => {
      if (items.includes('bad')) throw new Error('bad batch');
      return items;
    }, 10);
    const bad = submit('bad');
    const good = submit('good');
    await expect(bad).rejects.toThrow('bad batch');
    expect(await good).toBe('good');
  });
});
