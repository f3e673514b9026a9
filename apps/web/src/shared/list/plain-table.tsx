import { CaretDownOutlined, CaretUpOutlined, InboxOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import './plain-table.css';

// A list as a plain HTML table drawn like antd's (row selection, sortable headers, a first column
// and an actions column kept in reach while the table scrolls sideways): every list page's table,
// so that no list waits for antd to show its rows.

export type SortState = 'ascending' | 'descending' | 'none';

export interface PlainColumn<T> {
  key: string;
  title: ReactNode;
  /** In px; columns without one share what is left. */
  width?: number;
  align?: 'start' | 'center' | 'end';
  /** Kept in view while the table scrolls sideways: the first column at the start, the last at the end. */
  fixed?: 'start' | 'end';
  /** Sortable: how the list is sorted by this column now (`none`: by another). */
  sort?: SortState;
  /** One line, cut with an ellipsis (the full text in its tooltip). */
  ellipsis?: boolean;
  render: (item: T, index: number) => ReactNode;
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
  label?: string;
  columns: readonly PlainColumn<T>[];
  items: readonly T[];
  rowKey: (item: T) => string;
  /** Null: no checkboxes. */
  selection: PlainSelection<T> | null;
  /** A sortable column's header was chosen. */
  onSort?: (key: string) => void;
  /** Wide enough for the columns; narrower screens scroll. */
  minWidth: number;
  /** antd's `middle` size: less padding, for tables of many columns. */
  compact?: boolean;
  /** A refetch: the rows shown are about to change. */
  loading: boolean;
  emptyText: string;
  /** A row after the rows (a totals row): each column's cell by key, left empty where absent. */
  summary?: { label: string; cells: Readonly<Record<string, ReactNode>> } | null;
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

/** Which edges have rows scrolled under them, for the fixed columns' shadows. */
function useScrolledEdges() {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      // scrollLeft is negative when the page reads right to left.
      const scrolled = Math.abs(element.scrollLeft);
      const next = { start: scrolled > 0, end: scrolled + element.clientWidth < element.scrollWidth - 1 };
      setEdges((current) => (current.start === next.start && current.end === next.end ? current : next));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);
  return { ref, edges };
}

function cellClass(column: PlainColumn<unknown>, withSelection: boolean): string | undefined {
  const names = [
    column.align && column.align !== 'start' ? `is-${column.align}` : '',
    column.fixed ? `is-fixed-${column.fixed}` : '',
    column.fixed === 'start' && withSelection ? 'after-select' : '',
    column.ellipsis ? 'is-ellipsis' : '',
    column.sort && column.sort !== 'none' ? 'is-sorted' : '',
  ].filter(Boolean);
  return names.length ? names.join(' ') : undefined;
}

/** The header's: the sorted column's background is antd's darker header, not its cells' shade. */
const headerClass = (column: PlainColumn<unknown>, withSelection: boolean) => cellClass({ ...column, sort: undefined }, withSelection);

function SortIcons({ sort }: { sort: SortState }) {
  return (
    <span className="plain-table-sort-icons" aria-hidden>
      <CaretUpOutlined className={sort === 'ascending' ? 'is-active' : undefined} />
      <CaretDownOutlined className={sort === 'descending' ? 'is-active' : undefined} />
    </span>
  );
}

export function PlainTable<T>({ className, label, columns, items, rowKey, selection, onSort, minWidth, compact = false, loading, emptyText, summary }: PlainTableProps<T>) {
  const { ref, edges } = useScrolledEdges();
  const someSelected = !!selection && items.some((item) => selection.selected.has(rowKey(item)));
  const fixesStart = columns.some((column) => column.fixed === 'start');
  const scrollClass = ['plain-table-scroll', className, edges.start && 'is-scrolled-start', edges.end && 'is-scrolled-end'].filter(Boolean).join(' ');
  const tableClass = ['plain-table', compact && 'is-compact', loading && 'is-loading'].filter(Boolean).join(' ');
  // The selection column stays with a first column kept in view (as antd fixes it too).
  const selectClass = fixesStart ? 'plain-table-select is-fixed-start' : 'plain-table-select';
  return (
    // Focusable: a table wider than the screen scrolls with the arrow keys even when it holds
    // nothing focusable (empty, loading), as axe's scrollable-region rule asks.
    <div ref={ref} className={scrollClass} role={label ? 'group' : undefined} aria-label={label} tabIndex={0}>
      <table className={tableClass} style={{ minWidth }} aria-busy={loading || undefined}>
        <colgroup>
          {selection && <col className="plain-table-select-col" />}
          {columns.map((column) => (
            <col key={column.key} style={column.width ? { width: column.width } : undefined} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {selection && (
              <th scope="col" className={selectClass}>
                <PageCheckbox
                  checked={selection.allOnPageSelected}
                  indeterminate={someSelected && !selection.allOnPageSelected}
                  disabled={!items.length}
                  label={selection.pageLabel}
                  onChange={selection.togglePage}
                />
              </th>
            )}
            {columns.map((column) => (
              <th key={column.key} scope="col" className={headerClass(column as PlainColumn<unknown>, !!selection)} aria-sort={column.sort && column.sort !== 'none' ? column.sort : undefined}>
                {column.sort && onSort ? (
                  <button type="button" className="plain-table-sorter" onClick={() => onSort(column.key)}>
                    <span>{column.title}</span>
                    <SortIcons sort={column.sort} />
                  </button>
                ) : (
                  column.title
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.length ? (
            items.map((item, index) => {
              const key = rowKey(item);
              const checked = !!selection && selection.selected.has(key);
              return (
                <tr key={key} className={checked ? 'is-selected' : undefined}>
                  {selection && (
                    <td className={selectClass}>
                      <input
                        type="checkbox"
                        className="plain-checkbox"
                        checked={checked}
                        aria-label={selection.labelOf(item)}
                        onChange={(event) => selection.toggle(item, event.target.checked)}
                      />
                    </td>
                  )}
                  {columns.map((column) => (
                    <td key={column.key} className={cellClass(column as PlainColumn<unknown>, !!selection)}>
                      {column.render(item, index)}
                    </td>
                  ))}
                </tr>
              );
            })
          ) : (
            <tr className="plain-table-placeholder">
              <td colSpan={columns.length + (selection ? 1 : 0)}>
                {/* As QueryView draws an empty list; kept in view while the table scrolls sideways. */}
                <div className="plain-empty plain-table-empty">
                  <InboxOutlined className="plain-empty-image" aria-hidden />
                  <p className="plain-empty-text">{emptyText}</p>
                </div>
              </td>
            </tr>
          )}
        </tbody>
        {summary && items.length > 0 && (
          <tfoot className="plain-table-summary" aria-label={summary.label}>
            <tr>
              {selection && <td className={selectClass} />}
              {columns.map((column) => (
                <td key={column.key} className={cellClass({ ...column, sort: undefined } as PlainColumn<unknown>, !!selection)}>
                  {summary.cells[column.key]}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
