import type { ReactNode } from 'react';
import { formatDateAndTime } from '../format';
import { KeyboardScroll } from './keyboard-scroll';
import './list-kit.css';
import { Table, type TableColumnsType, type ColumnType, type SorterResult } from '../ui/table';

// A list page's table view: the server sorts (a column's key is its sort field) and the checkboxes
// select rows of the current page. Columns every library has are made here once.

type Order = 'asc' | 'desc';

export interface ListTableProps<T extends { id: number }, F extends string> {
  className: string;
  items: readonly T[];
  columns: TableColumnsType<T>;
  loading: boolean;
  /** Wide enough for the columns; narrower screens scroll. */
  width: number;
  /** Null: no checkboxes (a reader). */
  selection: { selected: ReadonlySet<number>; onChange: (ids: number[]) => void; labelOf: (item: T) => string } | null;
  onSort: (sort: F, order: Order) => void;
}

export function ListTable<T extends { id: number }, F extends string>({ className, items, columns, loading, width, selection, onSort }: ListTableProps<T, F>) {
  return (
    <KeyboardScroll>
      <Table<T>
        rowKey="id"
        className={className}
        columns={columns}
        dataSource={items as T[]}
        loading={loading}
        pagination={false}
        size="middle"
        scroll={{ x: width }}
        sortDirections={['ascend', 'descend', 'ascend']}
        rowSelection={
          selection
            ? {
                selectedRowKeys: [...selection.selected],
                onChange: (keys) => selection.onChange(keys as number[]),
                getCheckboxProps: (item) => ({ 'aria-label': selection.labelOf(item) }),
              }
            : undefined
        }
        onChange={(_, __, sorter) => {
          const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
          const field = single?.columnKey as F | undefined;
          if (field && single?.order) onSort(field, single.order === 'ascend' ? 'asc' : 'desc');
        }}
      />
    </KeyboardScroll>
  );
}

/** A column's `sortOrder` while the list is sorted by `sort` / `order`. */
export const sortOrderFor =
  <F extends string>(sort: F, order: Order) =>
  (field: F): 'ascend' | 'descend' | null =>
    sort === field ? (order === 'asc' ? 'ascend' : 'descend') : null;

/** The upload time on two lines (date, then time, muted), sorted by the server. */
export function uploadedAtColumn<T>(title: string, language: string, sortOrder: 'ascend' | 'descend' | null): ColumnType<T> {
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
export function actionsColumn<T>(title: string, render: (item: T) => ReactNode): ColumnType<T> {
  return { key: 'actions', title: <span className="visually-hidden">{title}</span>, width: 56, align: 'center', fixed: 'right', render: (_, item) => render(item) };
}
