import { describe, expect, it } from 'vitest';
import { choice, defineUrlState, optionalChoice, optionalId, pageField, pageSizeField, scope, searchField } from './url-state';

interface State {
  scope: 'all' | 'none' | number;
  search: string;
  kind?: 'a' | 'b';
  view: 'grid' | 'list';
  page: number;
  pageSize: number;
  open?: number;
}

const spec = defineUrlState<State>({
  fields: {
    scope: scope(['none'], 'all'),
    search: searchField,
    kind: optionalChoice(['a', 'b']),
    view: choice(['grid', 'list'], 'grid', { keepsPage: true }),
    page: pageField,
    pageSize: pageSizeField(24),
    open: optionalId({ keepsPage: true }),
  },
  // A rule between fields: nothing is open in the list view.
  normalize: (state) => (state.view === 'list' ? { ...state, open: undefined } : state),
});

describe('list URL state from a spec', () => {
  it('reads each field, writes it back without the defaults, and names the search q', () => {
    const query = 'scope=7&q=spring&kind=b&page=3&pageSize=48&open=9';
    const state = spec.parse(new URLSearchParams(query));
    expect(state).toEqual({ scope: 7, search: 'spring', kind: 'b', view: 'grid', page: 3, pageSize: 48, open: 9 });
    expect(spec.serialize(state).toString()).toBe(query);
    expect(spec.serialize(spec.defaults).toString()).toBe('');
    expect(spec.serialize({ ...spec.defaults, search: '  x ' }).toString()).toBe('q=x');
  });

  it('falls back to the defaults for anything unknown or malformed, and caps the page size', () => {
    expect(spec.parse(new URLSearchParams('scope=-1&kind=c&view=mosaic&page=0&pageSize=9999&open=x'))).toEqual({
      scope: 'all',
      search: '',
      kind: undefined,
      view: 'grid',
      page: 1,
      pageSize: 200,
      open: undefined,
    });
    expect(spec.parse(new URLSearchParams('scope=none')).scope).toBe('none');
  });

  it('goes back to page 1 when what is listed changes, not for fields that keep the page', () => {
    const on3 = { ...spec.defaults, page: 3 };
    expect(spec.next(on3, { kind: 'a' }).page).toBe(1);
    expect(spec.next(on3, { scope: 'none' }).page).toBe(1);
    expect(spec.next(on3, { kind: undefined }).page).toBe(3);
    expect(spec.next(on3, { open: 4 }).page).toBe(3);
    expect(spec.next(on3, { pageSize: 96 }).page).toBe(1);
    expect(spec.next(on3, { page: 5 }).page).toBe(5);
    expect(spec.next({ ...on3, open: 4 }, { view: 'list' })).toMatchObject({ page: 3, view: 'list', open: undefined });
  });
});
