import { describe, expect, it } from 'vitest';
import { pageAnswer, pageWindow, queueFirstPage } from './paging';

describe('paging', () => {
  it('turns a page into limit and offset', () => {
    expect(pageWindow({ page: 1, pageSize: 20 })).toEqual({ limit: 20, offset: 0 });
    expect(pageWindow({ page: 3, pageSize: 50 })).toEqual({ limit: 50, offset: 100 });
  });

  it('answers {items, total, page, pageSize}', () => {
    expect(pageAnswer(['a'], 41, { page: 3, pageSize: 20 })).toEqual({ items: ['a'], total: 41, page: 3, pageSize: 20 });
  });
});

describe('queueFirstPage', () => {
  const rows = [
    { id: 1, status: 'waiting' },
    { id: 2, status: 'done' },
    { id: 3, status: 'waiting' },
    { id: 4, status: 'done' },
    { id: 5, status: 'draft' },
  ] as const;
  type S = (typeof rows)[number]['status'];
  const list = (statuses: S[] | undefined, limit: number, offset: number) => {
    const asked = (s: S) => !statuses?.length || statuses.includes(s);
    const part = (queue: boolean) => rows.filter((r) => asked(r.status) && (r.status === 'waiting') === queue);
    return queueFirstPage({
      queued: 'waiting' as S,
      statuses,
      all: ['waiting', 'done', 'draft'] as S[],
      limit,
      offset,
      count: async (queue) => part(queue).length,
      page: async (queue, l, o) => (l <= 0 ? [] : part(queue).slice(o, o + l).map((r) => r.id)),
    });
  };

  it('puts the queue first and pages across the seam', async () => {
    expect(await list(undefined, 10, 0)).toEqual({ items: [1, 3, 2, 4, 5], total: 5 });
    expect(await list(undefined, 2, 1)).toEqual({ items: [3, 2], total: 5 });
    expect(await list(undefined, 2, 4)).toEqual({ items: [5], total: 5 });
  });

  it('counts only what the filter asks: the queue alone, or no queue', async () => {
    expect(await list(['waiting'], 10, 0)).toEqual({ items: [1, 3], total: 2 });
    expect(await list(['done'], 10, 0)).toEqual({ items: [2, 4], total: 2 });
  });
});
