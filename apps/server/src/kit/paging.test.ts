import { describe, expect, it } from 'vitest';
import { pageAnswer, pageWindow } from './paging';

describe('paging', () => {
  it('turns a page into limit and offset', () => {
    expect(pageWindow({ page: 1, pageSize: 20 })).toEqual({ limit: 20, offset: 0 });
    expect(pageWindow({ page: 3, pageSize: 50 })).toEqual({ limit: 50, offset: 100 });
  });

  it('answers {items, total, page, pageSize}', () => {
    expect(pageAnswer(['a'], 41, { page: 3, pageSize: 20 })).toEqual({ items: ['a'], total: 41, page: 3, pageSize: 20 });
  });
});
