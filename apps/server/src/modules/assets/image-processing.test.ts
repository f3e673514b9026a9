import { describe, expect, it } from 'vitest';
import { createDecodeGate, decodedBytes } from './image-processing';

/** A piece of work that ends when told to. */
const pending = () => {
  let finish!: () => void;
  const done = new Promise<void>((r) => (finish = r));
  return { done, finish };
};
const settle = () => new Promise((r) => setImmediate(r));

describe('decode gate', () => {
  it('counts decoded bytes from width, height, channels and sample depth', () => {
    expect(decodedBytes({ width: 7000, height: 7000, channels: 3, depth: 'ushort' })).toBe(294_000_000);
    expect(decodedBytes({ width: 100, height: 10, channels: 4, depth: 'uchar' })).toBe(4000);
  });

  it('runs at most one decode per slot, and within the byte budget together', async () => {
    const gate = createDecodeGate(2, 95);
    const works = Array.from({ length: 5 }, pending);
    const started: number[] = [];
    const runs = works.map((w, i) => gate.run(i === 2 ? 90 : 10, async () => (started.push(i), w.done)));
    await settle();
    expect(started).toEqual([0, 1]); // two slots
    works[0]!.finish();
    await settle();
    // The 90-byte decode does not fit beside the running 10: it waits, and nothing overtakes it.
    expect(started).toEqual([0, 1]);
    expect(gate.state).toEqual({ running: 1, used: 10, waiting: 3 });
    works[1]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    works[2]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    works[3]!.finish();
    works[4]!.finish();
    await Promise.all(runs);
    expect(gate.state).toEqual({ running: 0, used: 0, waiting: 0 });
  });

  it('frees its place when the work fails', async () => {
    const gate = createDecodeGate(1, 100);
    await expect(gate.run(50, () => Promise.reject(new Error('bad file')))).rejects.toThrow('bad file');
    expect(await gate.run(100, async () => 'next')).toBe('next');
  });
});
