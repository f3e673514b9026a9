import { InboxOutlined } from '@ant-design/icons';
import { useEffect, useRef, type ReactNode } from 'react';
import './plain-table.css';

// A list as a plain HTML table drawn like antd's (default size, row selection, the actions column
// kept in reach at the end), for a page whose first view must not wait for antd (the recycle bin).

export interface PlainColumn<T> {
  key: string;
  title: ReactNode;
  /** In px; columns without one share what is left. */
  width?: number;
  /** Stays at the end of the scroll container however far the table scrolls (antd's `fixed: 'right'`). */
  sticky?: boolean;
  render: (item: T) => ReactNode;
}

export interface PlainSelection<T> {
  selected: ReadonlySet<string>;
  toggle: (item: T, checked: boolean) => void;
  togglePage: () => void;
  allOnPageSelected: boolean;
  /** The header checkbox's name. */
  pageLabel: string;
  /** A row checkbox's name. */
  labelOf: (item: T) => string;
}

interface PlainTableProps<T> {
  /** Added to the scroll container. */
  className?: string;
  /** The scroll container's name (a named group, so that keyboard users know what they scroll). */
  label: string;
  columns: readonly PlainColumn<T>[];
  items: readonly T[];
  rowKey: (item: T) => string;
  selection: PlainSelection<T>;
  /** Wide enough for the columns; narrower screens scroll. */
  minWidth: number;
  /** A refetch: the rows shown are about to change. */
  loading: boolean;
  emptyText: string;
}

/** The header's checkbox: checked when the whole page is, indeterminate when part of it is. */
function PageCheckbox({ checked, indeterminate, disabled, label, onChange }: { checked: boolean; indeterminate: boolean; disabled: boolean; label: string; onChange: () => void }) {
  const ref = useRef<HTMLInputElement>(null);
  // `indeterminate` is a property only (no attribute).
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return <input ref={ref} type="checkbox" className="plain-checkbox" checked={checked} disabled={disabled} aria-label={label} onChange={onChange} />;
}

export function PlainTable<T>({ className, label, columns, items, rowKey, selection, minWidth, loading, emptyText }: PlainTableProps<T>) {
  const someSelected = items.some((item) => selection.selected.has(rowKey(item)));
  return (
    // Focusable: a table wider than the screen scrolls with the arrow keys even when it holds
    // nothing focusable (empty, loading), as axe's scrollable-region rule asks.
    <div className={className ? `plain-table-scroll ${className}` : 'plain-table-scroll'} role="group" aria-label={label} tabIndex={0}>
      <table className={loading ? 'plain-table is-loading' : 'plain-table'} style={{ minWidth }} aria-busy={loading || undefined}>
        <colgroup>
          <col className="plain-table-select-col" />
          {columns.map((column) => (
            <col key={column.key} style={column.width ? { width: column.width } : undefined} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className="plain-table-select">
              <PageCheckbox
                checked={selection.allOnPageSelected}
                indeterminate={someSelected && !selection.allOnPageSelected}
                disabled={!items.length}
                label={selection.pageLabel}
                onChange={selection.togglePage}
              />
            </th>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.sticky ? 'is-sticky' : undefined}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.length ? (
            items.map((item) => {
              const key = rowKey(item);
              const checked = selection.selected.has(key);
              return (
                <tr key={key} className={checked ? 'is-selected' : undefined}>
                  <td className="plain-table-select">
                    <input
                      type="checkbox"
                      className="plain-checkbox"
                      checked={checked}
                      aria-label={selection.labelOf(item)}
                      onChange={(event) => selection.toggle(item, event.target.checked)}
                    />
                  </td>
                  {columns.map((column) => (
                    <td key={column.key} className={column.sticky ? 'is-sticky' : undefined}>
                      {column.render(item)}
                    </td>
                  ))}
                </tr>
              );
            })
          ) : (
            <tr className="plain-table-placeholder">
              <td colSpan={columns.length + 1}>
                {/* As QueryView draws an empty list; kept in view while the table scrolls sideways. */}
                <div className="plain-empty plain-table-empty">
                  <InboxOutlined className="plain-empty-image" aria-hidden />
                  <p className="plain-empty-text">{emptyText}</p>
                </div>
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
