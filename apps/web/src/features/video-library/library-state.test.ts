import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, effectiveSort, nextLibraryState, parseLibraryState, serializeLibraryState, videoListQuery } from './library-state';

describe('video library URL state', () => {
  it('reads every part of the view from the query and writes it back without the defaults', () => {
    const query = 'series=4&q=teaser&format=webm&status=approved&sort=duration&order=asc&view=list&page=3&pageSize=48&video=9&panel=poster';
    const state = parseLibraryState(new URLSearchParams(query));
    expect(state).toEqual({
      series: 4,
      search: 'teaser',
      format: 'webm',
      status: 'approved',
      sort: 'duration',
      order: 'asc',
      view: 'list',
      page: 3,
      pageSize: 48,
      video: 9,
      panel: 'poster',
    });
    expect(serializeLibraryState(state).toString()).toBe(new URLSearchParams(query).toString());
    expect(serializeLibraryState(DEFAULT_STATE).toString()).toBe('');
  });

  it('falls back to the defaults for anything unknown or malformed', () => {
    const state = parseLibraryState(new URLSearchParams('series=-2&format=avi&sort=colour&view=order&page=zero&pageSize=5000&panel=x'));
    // Arranging needs a series.
    expect(state).toMatchObject({ series: 'all', format: undefined, sort: undefined, view: 'grid', page: 1, pageSize: 200, panel: 'play' });
    expect(parseLibraryState(new URLSearchParams('series=none')).series).toBe('none');
    expect(parseLibraryState(new URLSearchParams('series=bin')).series).toBe('bin');
    expect(serializeLibraryState({ ...DEFAULT_STATE, series: 'bin' }).toString()).toBe('series=bin');
  });

  it('lists a series in its own order, everything else newest first, unless a sort is chosen', () => {
    expect(effectiveSort({ series: 4 })).toEqual({ sort: 'position', order: 'asc' });
    expect(effectiveSort({ series: 'all' })).toEqual({ sort: 'createdAt', order: 'desc' });
    expect(effectiveSort({ series: 'all', sort: 'position' })).toEqual({ sort: 'createdAt', order: 'desc' });
    expect(effectiveSort({ series: 'all', sort: 'name' })).toEqual({ sort: 'name', order: 'asc' });
    expect(videoListQuery({ ...DEFAULT_STATE, series: 4, search: ' x ' })).toEqual({ seriesId: 4, search: 'x', sort: 'position', order: 'asc', page: 1, pageSize: 24 });
    expect(videoListQuery({ ...DEFAULT_STATE, series: 'none', format: 'mp4', status: 'rejected' })).toEqual({
      none: 'true',
      format: 'mp4',
      reviewStatus: 'rejected',
      sort: 'createdAt',
      order: 'desc',
      page: 1,
      pageSize: 24,
    });
  });

  it('goes back to page 1 when what is listed changes, not when paging, the view or the player change', () => {
    const on3 = { ...DEFAULT_STATE, page: 3 };
    expect(nextLibraryState(on3, { format: 'mp4' }).page).toBe(1);
    expect(nextLibraryState(on3, { series: 2 }).page).toBe(1);
    expect(nextLibraryState(on3, { view: 'list' }).page).toBe(3);
    expect(nextLibraryState(on3, { video: 5 }).page).toBe(3);
    // Leaving a series leaves its arrange view and its order.
    expect(nextLibraryState({ ...DEFAULT_STATE, series: 2, view: 'order', sort: 'position' }, { series: 'all' })).toMatchObject({ view: 'grid', sort: undefined });
  });
});
