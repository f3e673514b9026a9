import { useCallback, useMemo, useState } from 'react';

// The selection belongs to what is listed: another scope, filter or page (another `listKey`) starts
// it afresh, so a bulk action never reaches rows the user no longer sees.

export interface ListSelection<T, K> {
  /** The selected rows by key. */
  selected: ReadonlyMap<K, T>;
  selectedIds: ReadonlySet<K>;
  toggle: (item: T, checked: boolean) => void;
  /** Selects exactly these keys among `items` (a table's checkboxes). */
  selectIds: (ids: readonly K[]) => void;
  /** Selects the whole page, or nothing when the whole page is selected. */
  togglePage: () => void;
  allOnPageSelected: boolean;
  clear: () => void;
}

const byId = (item: { id: number }) => item.id;

export function useListSelection<T extends { id: number }>(listKey: string, items: readonly T[]): ListSelection<T, number>;
export function useListSelection<T, K>(listKey: string, items: readonly T[], keyOf: (item: T) => K): ListSelection<T, K>;
export function useListSelection<T, K>(listKey: string, items: readonly T[], keyOf: (item: T) => K = byId as never): ListSelection<T, K> {
  const [selection, setSelection] = useState<{ key: string; items: Map<K, T> }>({ key: listKey, items: new Map() });
  const selected = useMemo(() => (selection.key === listKey ? selection.items : new Map<K, T>()), [selection, listKey]);
  const selectedIds = useMemo(() => new Set(selected.keys()), [selected]);
  const set = (next: Map<K, T>) => setSelection({ key: listKey, items: next });
  const clear = useCallback(() => setSelection({ key: '', items: new Map() }), []);
  const allOnPageSelected = items.length > 0 && items.every((item) => selected.has(keyOf(item)));
  const entries = (rows: readonly T[]) => new Map(rows.map((item) => [keyOf(item), item]));
  return {
    selected,
    selectedIds,
    toggle: (item, checked) => {
      const next = new Map(selected);
      if (checked) next.set(keyOf(item), item);
      else next.delete(keyOf(item));
      set(next);
    },
    selectIds: (ids) => set(entries(items.filter((item) => ids.includes(keyOf(item))))),
    togglePage: () => set(allOnPageSelected ? new Map() : entries(items)),
    allOnPageSelected,
    clear,
  };
}
