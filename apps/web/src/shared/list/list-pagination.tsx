import { Pagination } from 'antd';
import './list-kit.css';

interface ListPaginationProps {
  total: number | undefined;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  /** "1–24 of 80". */
  rangeText: (range: { from: number; to: number; total: number }) => string;
  onChange: (change: { page: number; pageSize: number }) => void;
}

/** The pager under a list, with its sizes; nothing while the list is empty or loading. */
export function ListPagination({ total, page, pageSize, pageSizes, rangeText, onChange }: ListPaginationProps) {
  if (!total) return null;
  return (
    <Pagination
      className="list-pagination"
      current={page}
      pageSize={pageSize}
      total={total}
      pageSizeOptions={pageSizes.map(String)}
      showSizeChanger
      showTotal={(count, [from, to]) => rangeText({ from, to, total: count })}
      onChange={(next, size) => onChange({ page: next, pageSize: size })}
    />
  );
}
