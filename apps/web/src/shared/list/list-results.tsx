import { useCallback, type ReactNode } from 'react';
import { ListPagination } from './list-pagination';
import { QueryView } from './query-view';
import { useClampToLastPage } from './use-clamp-page';

interface ListQuery {
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  data?: { total: number };
  refetch: () => unknown;
}

interface ListResultsProps {
  query: ListQuery;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  /** The list's URL state: the pager changes page and size, and a page past the last is replaced by it. */
  update: (patch: { page?: number; pageSize?: number }, options?: { replace?: boolean }) => void;
  /** "1–20 of 80". */
  rangeText: (range: { from: number; to: number; total: number }) => string;
  errorText: (error: unknown) => string;
  retryLabel: string;
  empty: boolean;
  emptyText: string;
  emptyAction?: ReactNode;
  skeletonRows?: number;
  className?: string;
  children: () => ReactNode;
}

/**
 * A paged list's results: loading, failed, empty or its rows (QueryView), busy while it refetches,
 * the pager under them, and back to the last page when the current one no longer exists.
 */
export function ListResults({ query, page, pageSize, pageSizes, update, rangeText, className, children, ...view }: ListResultsProps) {
  const goTo = useCallback((last: number) => update({ page: last }, { replace: true }), [update]);
  useClampToLastPage({ total: query.data?.total, page, pageSize, settled: !query.isPlaceholderData, goTo });
  return (
    <>
      <div aria-busy={query.isFetching} className={className}>
        <QueryView query={query} {...view}>
          {children}
        </QueryView>
      </div>
      <ListPagination total={query.data?.total} page={page} pageSize={pageSize} pageSizes={pageSizes} rangeText={rangeText} onChange={update} />
    </>
  );
}
