import type { Folder } from '@ads/contracts';

// The server sends folders flat (each with its parentId); the tree is built here.

export interface FolderNode {
  folder: Folder;
  children: FolderNode[];
  /** Names from the root down to this folder, itself included. */
  path: string[];
}

const byName = (a: FolderNode, b: FolderNode) =>
  a.folder.name.localeCompare(b.folder.name, undefined, { sensitivity: 'base', numeric: true });

/**
 * The folders as a tree, siblings by name. A folder whose parent is not in the list (or that would
 * close a cycle) is shown at the root rather than lost.
 */
export function buildFolderTree(folders: readonly Folder[]): FolderNode[] {
  const nodes = new Map<number, FolderNode>();
  for (const folder of folders) nodes.set(folder.id, { folder, children: [], path: [] });
  const roots: FolderNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.folder.parentId === null ? undefined : nodes.get(node.folder.parentId);
    if (parent && !isAncestorOrSelf(nodes, node.folder.id, parent.folder.id)) parent.children.push(node);
    else roots.push(node);
  }
  const visit = (list: FolderNode[], path: string[]) => {
    list.sort(byName);
    for (const node of list) {
      node.path = [...path, node.folder.name];
      visit(node.children, node.path);
    }
  };
  visit(roots, []);
  return roots;
}

/** True when `candidate` is `id` or one of its ancestors following parentIds in the map. */
function isAncestorOrSelf(nodes: Map<number, FolderNode>, candidate: number, start: number): boolean {
  const seen = new Set<number>();
  let current: number | null = start;
  while (current !== null && !seen.has(current)) {
    if (current === candidate) return true;
    seen.add(current);
    current = nodes.get(current)?.folder.parentId ?? null;
  }
  return false;
}

/** The id of the folder and of every folder below it. */
export function subtreeIds(roots: readonly FolderNode[], id: number): Set<number> {
  const found = findNode(roots, id);
  const ids = new Set<number>();
  const collect = (node: FolderNode) => {
    ids.add(node.folder.id);
    node.children.forEach(collect);
  };
  if (found) collect(found);
  return ids;
}

export function findNode(roots: readonly FolderNode[], id: number): FolderNode | undefined {
  for (const node of roots) {
    if (node.folder.id === id) return node;
    const below = findNode(node.children, id);
    if (below) return below;
  }
  return undefined;
}

/** Every node, depth first (parents before their children). */
export function flattenTree(roots: readonly FolderNode[]): FolderNode[] {
  return roots.flatMap((node) => [node, ...flattenTree(node.children)]);
}

/** The ids of a folder's ancestors, outermost first (for expanding the tree down to it). */
export function ancestorIds(roots: readonly FolderNode[], id: number): number[] {
  const walk = (list: readonly FolderNode[], trail: number[]): number[] | undefined => {
    for (const node of list) {
      if (node.folder.id === id) return trail;
      const found = walk(node.children, [...trail, node.folder.id]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(roots, []) ?? [];
}
