import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/translate';
import { formatDateAndTime } from '../format';
import './list-kit.css';
import { PlainTable, type PlainColumn, type PlainSelection, type SortState } from './plain-table';

// A list page's table view: the server sorts (a column's key is its sort field) and the checkboxes
// select rows of the current page. Plain HTML (plain-table.tsx), so a list shows its rows without
// waiting for antd; columns are declared with antd's field names. Columns every library has are made
// here once.

type Order = 'asc' | 'desc';
type AntdOrder = 'ascend' | 'descend' | null;

export interface ListColumn<T> {
  key: string;
  title: ReactNode;
  width?: number;
  align?: 'left' | 'center' | 'right';
  /** Kept in view while the table scrolls sideways ('left': the first column, 'right': the last). */
  fixed?: 'left' | 'right';
  /** Sortable by the server, by this column's key. */
  sorter?: boolean;
  sortOrder?: AntdOrder;
  ellipsis?: boolean;
  /** The field `render` receives first (the whole row comes second). */
  dataIndex?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the field's value, as antd's columns take it
  render?: (value: any, item: T, index: number) => ReactNode;
}

export interface ListTableProps<T extends { id: number }, F extends string> {
  className: string;
  items: readonly T[];
  columns: readonly ListColumn<T>[];
  loading: boolean;
  /** Wide enough for the columns; narrower screens scroll. */
  width: number;
  /** Null: no checkboxes (a reader). */
  selection: { selected: ReadonlySet<number>; onChange: (ids: number[]) => void; labelOf: (item: T) => string } | null;
  onSort: (sort: F, order: Order) => void;
  /** A totals row after the rows: cells by column key. */
  summary?: { label: string; cells: Readonly<Record<string, ReactNode>> } | null;
}

const SORT_STATE: Record<'ascend' | 'descend', SortState> = { ascend: 'ascending', descend: 'descending' };
const ALIGN = { left: 'start', center: 'center', right: 'end' } as const;

function toPlain<T>(column: ListColumn<T>): PlainColumn<T> {
  const field = column.dataIndex;
  return {
    key: column.key,
    title: column.title,
    width: column.width,
    align: column.align && ALIGN[column.align],
    fixed: column.fixed && (column.fixed === 'left' ? 'start' : 'end'),
    sort: column.sorter ? (column.sortOrder ? SORT_STATE[column.sortOrder] : 'none') : undefined,
    ellipsis: column.ellipsis,
    render: (item, index) => {
      const value = field === undefined ? undefined : (item as Record<string, unknown>)[field];
      return column.render ? column.render(value, item, index) : (value as ReactNode);
    },
  };
}

export function ListTable<T extends { id: number }, F extends string>({ className, items, columns, loading, width, selection, onSort, summary }: ListTableProps<T, F>) {
  const { t } = useTranslation();
  const onPage = items.map((item) => item.id);
  const plainSelection: PlainSelection<T> | null = selection && {
    selected: new Set([...selection.selected].map(String)),
    // As antd's row selection without paging: what is selected is among the rows shown.
    toggle: (item, checked) => selection.onChange(onPage.filter((id) => (id === item.id ? checked : selection.selected.has(id)))),
    togglePage: () => selection.onChange(onPage.every((id) => selection.selected.has(id)) ? [] : onPage),
    allOnPageSelected: onPage.length > 0 && onPage.every((id) => selection.selected.has(id)),
    pageLabel: t('listKit.selectPage'),
    labelOf: selection.labelOf,
  };
  return (
    <PlainTable<T>
      className={className}
      columns={columns.map(toPlain)}
      items={items}
      rowKey={(item) => String(item.id)}
      selection={plainSelection}
      // antd's order of a header's clicks: ascending first, then descending, then ascending again.
      onSort={(key) => onSort(key as F, columns.find((column) => column.key === key)?.sortOrder === 'ascend' ? 'desc' : 'asc')}
      minWidth={width}
      compact
      loading={loading}
      emptyText={t('listKit.empty')}
      summary={summary}
    />
  );
}

/** A column's `sortOrder` while the list is sorted by `sort` / `order`. */
export const sortOrderFor =
  <F extends string>(sort: F, order: Order) =>
  (field: F): 'ascend' | 'descend' | null =>
    sort === field ? (order === 'asc' ? 'ascend' : 'descend') : null;

/** The upload time on two lines (date, then time, muted), sorted by the server. */
export function uploadedAtColumn<T>(title: string, language: string, sortOrder: AntdOrder): ListColumn<T> {
  return {
    key: 'createdAt',
    dataIndex: 'createdAt',
    title,
    width: 124,
    sorter: true,
    sortOrder,
    render: (iso: string) => {
      const [date, time] = formatDateAndTime(iso, language);
      return (
        <>
          <div>{date}</div>
          <div className="list-muted">{time}</div>
        </>
      );
    },
  };
}

/** The row's "…" menu, kept in reach however far the table scrolls inside its card. */
export function actionsColumn<T>(title: string, render: (item: T) => ReactNode): ListColumn<T> {
  return { key: 'actions', title: <span className="visually-hidden">{title}</span>, width: 56, align: 'center', fixed: 'right', render: (_, item) => render(item) };
}
