import type { MenuEntry } from '@ads/contracts';
import { describe, expect, it } from 'vitest';
import { ancestorIdsOf, buildMenuTree, flattenPages } from './build-menu-tree';

const entry = (id: number, parent: number | null, sorts: number, url = `page${id}`): MenuEntry => ({
  id,
  parent,
  url,
  title: `Title ${id}`,
  icon: 'overview',
  sorts,
});

const shape = (nodes: ReturnType<typeof buildMenuTree>): unknown =>
  nodes.map((node) => (node.children.length ? { [node.entry.id]: shape(node.children) } : node.entry.id));

describe('buildMenuTree', () => {
  it('sorts siblings by sorts, whatever order the entries arrive in', () => {
    const tree = buildMenuTree([entry(1, null, 30), entry(2, null, 10), entry(3, null, 20)]);
    expect(shape(tree)).toEqual([2, 3, 1]);
  });

  it('nests children under their parent and sorts them too', () => {
    const tree = buildMenuTree([
      entry(12, 10, 2),
      entry(10, null, 20, ''),
      entry(11, 10, 1),
      entry(1, null, 10),
      entry(13, 12, 1),
    ]);
    expect(shape(tree)).toEqual([1, { 10: [11, { 12: [13] }] }]);
  });

  it('breaks ties of sorts by id so the order is stable', () => {
    expect(shape(buildMenuTree([entry(5, null, 1), entry(4, null, 1)]))).toEqual([4, 5]);
  });

  it('puts orphans (parent missing) at the top level instead of dropping them', () => {
    const tree = buildMenuTree([entry(1, null, 20), entry(2, 99, 10)]);
    expect(shape(tree)).toEqual([2, 1]);
  });

  it('keeps entries in a parent cycle at the top level without looping', () => {
    const tree = buildMenuTree([entry(1, 2, 1), entry(2, 1, 2), entry(3, 1, 1)]);
    expect(shape(tree)).toEqual([{ 1: [3] }, 2]);
  });

  it('answers an empty tree for no entries', () => {
    expect(buildMenuTree([])).toEqual([]);
  });

  it('flattens the pages (entries with a url) in menu order and finds ancestors', () => {
    const tree = buildMenuTree([entry(10, null, 1, ''), entry(11, 10, 2, 'campaign/list'), entry(12, 10, 1, 'campaign/create')]);
    expect(flattenPages(tree).map((e) => e.url)).toEqual(['campaign/create', 'campaign/list']);
    expect(ancestorIdsOf(tree, 'campaign/list')).toEqual([10]);
    expect(ancestorIdsOf(tree, 'nowhere')).toEqual([]);
  });
});
