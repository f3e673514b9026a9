import { describe, expect, it } from 'vitest';
import { ancestorIds, buildFolderTree, flattenTree, subtreeIds } from './folder-tree';
import { aFolder } from './test-helpers';

const names = (nodes: ReturnType<typeof buildFolderTree>): unknown =>
  nodes.map((node) => (node.children.length ? { [node.folder.name]: names(node.children) } : node.folder.name));

describe('buildFolderTree', () => {
  const flat = [
    aFolder(3, 'Winter', null),
    aFolder(1, 'brand', null),
    aFolder(4, 'Banners 10', 3),
    aFolder(5, 'Banners 9', 3),
    aFolder(6, 'Wide', 4),
  ];

  it('nests folders under their parents, siblings by name (numbers in order, case ignored)', () => {
    expect(names(buildFolderTree(flat))).toEqual(['brand', { Winter: ['Banners 9', { 'Banners 10': ['Wide'] }] }]);
  });

  it('gives each node its path from the root', () => {
    const wide = flattenTree(buildFolderTree(flat)).find((node) => node.folder.id === 6)!;
    expect(wide.path).toEqual(['Winter', 'Banners 10', 'Wide']);
  });

  it('keeps a folder whose parent is missing, or that would close a cycle, at the root', () => {
    const tree = buildFolderTree([aFolder(1, 'Orphan', 99), aFolder(2, 'A', 3), aFolder(3, 'B', 2)]);
    expect(flattenTree(tree).map((node) => node.folder.id).sort()).toEqual([1, 2, 3]);
    expect(tree.map((node) => node.folder.name)).toContain('Orphan');
  });

  it('finds a subtree (to exclude it as a move target) and the ancestors (to open the tree down to a folder)', () => {
    const tree = buildFolderTree(flat);
    expect([...subtreeIds(tree, 3)].sort()).toEqual([3, 4, 5, 6]);
    expect([...subtreeIds(tree, 6)]).toEqual([6]);
    expect(ancestorIds(tree, 6)).toEqual([3, 4]);
    expect(ancestorIds(tree, 1)).toEqual([]);
  });
});
