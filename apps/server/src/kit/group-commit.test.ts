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

  it('runs up to `parallel` batches at once, never more, each answering its own items', async () => {
    const batches: number[][] = [];
    let running = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const submit = groupCommit(
      async (items: number[]) => {
        batches.push(items);
        most = Math.max(most, ++running);
        await new Promise<void>((r) => gates.push(r));
        running--;
        return items.map((i) => -i);
      },
      2,
      2,
    );
    const answers = Promise.all([1, 2, 3, 4, 5, 6].map(submit));
    // The first two each ran alone; the rest wait for one of them to finish.
    expect(batches).toEqual([[1], [2]]);
    while (batches.length < 4 || gates.length) {
      gates.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    expect(await answers).toEqual([-1, -2, -3, -4, -5, -6]);
    expect(batches).toEqual([[1], [2], [3, 4], [5, 6]]);
    expect(most).toBe(2);
  });
});
