import type { MenuEntry } from '@ads/contracts';

export interface MenuNode {
  entry: MenuEntry;
  children: MenuNode[];
}

const bySorts = (a: MenuNode, b: MenuNode) => a.entry.sorts - b.entry.sorts || a.entry.id - b.entry.id;

/**
 * Nests menu entries by parent and sorts siblings by `sorts` (ties by id, so the order is stable).
 * An entry whose parent is missing, or that sits in a parent cycle, goes to the top level rather
 * than disappearing.
 */
export function buildMenuTree(entries: readonly MenuEntry[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const entry of entries) {
    if (!nodes.has(entry.id)) nodes.set(entry.id, { entry, children: [] });
  }

  // True when following parents from the node comes back to it: it sits on a cycle.
  const onCycle = (start: MenuNode): boolean => {
    const seen = new Set<number>();
    let parentId = start.entry.parent;
    while (parentId !== null && !seen.has(parentId)) {
      if (parentId === start.entry.id) return true;
      seen.add(parentId);
      parentId = nodes.get(parentId)?.entry.parent ?? null;
    }
    return false;
  };

  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.entry.parent === null ? undefined : nodes.get(node.entry.parent);
    if (parent && !onCycle(node)) parent.children.push(node);
    else roots.push(node);
  }

  const sortDeep = (list: MenuNode[]): MenuNode[] => {
    list.sort(bySorts);
    list.forEach((node) => sortDeep(node.children));
    return list;
  };
  return sortDeep(roots);
}

/** Every entry with a url (the pages), in menu order. */
export function flattenPages(tree: readonly MenuNode[]): MenuEntry[] {
  return tree.flatMap((node) => [...(node.entry.url ? [node.entry] : []), ...flattenPages(node.children)]);
}

/** The ids of the ancestors of the entry whose url is `url`, outermost first. */
export function ancestorIdsOf(tree: readonly MenuNode[], url: string): number[] {
  for (const node of tree) {
    if (node.entry.url === url) return [];
    const below = ancestorIdsOf(node.children, url);
    if (below.length > 0 || node.children.some((child) => child.entry.url === url)) {
      return [node.entry.id, ...below];
    }
  }
  return [];
}
