import { describe, expect, it } from 'vitest';
import { codeFromName, fieldOfPath, formOf, valuesOf } from './form-model';
import { aSlot } from './test-helpers';
import { slotListQuery, slotListState, staffListQuery, staffSlotsState } from './list-state';

describe('ad slot list URL state', () => {
  it('reads known statuses once in their order, a known format, and drops what it does not know', () => {
    const state = slotListState.parse(new URLSearchParams('status=live,bogus,draft,live&format=video&sort=floorCpmMinor&order=asc&page=3&slot=12&q=home'));
    expect(state).toMatchObject({ statuses: ['draft', 'live'], format: 'video', sort: 'floorCpmMinor', order: 'asc', page: 3, slot: 12, search: 'home' });
    expect(slotListState.serialize(state).toString()).toBe('q=home&status=draft%2Clive&format=video&sort=floorCpmMinor&order=asc&page=3&slot=12');
    expect(slotListState.parse(new URLSearchParams('format=gif&sort=clicks&slot=x'))).toMatchObject({ format: undefined, sort: 'updatedAt', slot: undefined });
  });

  it('round-trips every field through the URL', () => {
    const state = { ...slotListState.defaults, search: 'news', statuses: ['rejected' as const], format: 'native' as const, sort: 'name' as const, order: 'asc' as const, page: 2, pageSize: 50, slot: 4 };
    expect(slotListState.parse(slotListState.serialize(state))).toEqual(state);
    expect(slotListState.serialize(slotListState.defaults).toString()).toBe('');
  });

  it('opening a drawer keeps the page; a filter goes back to page 1', () => {
    const onPage3 = { ...slotListState.defaults, page: 3 };
    expect(slotListState.next(onPage3, { slot: 5 }).page).toBe(3);
    expect(slotListState.next(onPage3, { format: 'banner' }).page).toBe(1);
  });

  it('asks the list with the filters; staff put the queue first, the queue tab lists it alone', () => {
    expect(slotListQuery(slotListState.defaults)).toEqual({ sort: 'updatedAt', order: 'desc', page: 1, pageSize: 20 });
    const queue = staffSlotsState.parse(new URLSearchParams('status=live&format=video'));
    expect(staffListQuery(queue)).toMatchObject({ status: 'pending_review', format: 'video', queueFirst: 'true' });
    const all = staffSlotsState.parse(new URLSearchParams('tab=all&status=live'));
    expect(staffListQuery(all)).toMatchObject({ status: 'live', queueFirst: 'true' });
  });
});

describe('ad slot form model', () => {
  it('turns a stored slot into the form and back: standard sizes chosen, others custom, the floor in major units', () => {
    const standard = valuesOf(aSlot(1, { width: 300, height: 250, floorCpmMinor: 1_234 }), 2);
    expect(standard).toMatchObject({ size: '300x250', floorCpm: 12.34 });
    expect(formOf(standard, 2)).toMatchObject({ width: 300, height: 250, floorCpmMinor: 1_234 });
    const custom = valuesOf(aSlot(2, { width: 640, height: 480, currency: 'JPY', floorCpmMinor: 300 }), 0);
    expect(custom).toMatchObject({ size: 'custom', width: 640, height: 480, floorCpm: 300 });
    // 0.1 + 0.2 is not 0.3 in binary: the minor units are rounded.
    expect(formOf({ ...custom, floorCpm: 0.1 + 0.2 }, 2).floorCpmMinor).toBe(30);
  });

  it('places the server’s paths on the form’s fields', () => {
    expect(fieldOfPath('floorCpmMinor', { size: '300x250' })).toBe('floorCpm');
    expect(fieldOfPath('width', { size: '300x250' })).toBe('size');
    expect(fieldOfPath('width', { size: 'custom' })).toBe('width');
    expect(fieldOfPath('code', {})).toBe('code');
    expect(fieldOfPath('version', {})).toBeUndefined();
  });

  it('suggests a code from the name', () => {
    expect(codeFromName('Home page — Top banner!')).toBe('home-page-top-banner');
    expect(codeFromName('Café Crème')).toBe('cafe-creme');
    expect(codeFromName('首页横幅')).toBe('');
  });
});
