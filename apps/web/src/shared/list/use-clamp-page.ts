import { useEffect } from 'react';

interface ClampInput {
  /** The list's total, once known. */
  total: number | undefined;
  page: number;
  pageSize: number;
  /** False while the answer is a placeholder (the previous page's) or the list is not shown. */
  settled: boolean;
  /** Goes to a page, replacing the history entry. */
  goTo: (page: number) => void;
}

/** Past the last page (after deleting or moving its rows): shows the last page there is. */
export function useClampToLastPage({ total, page, pageSize, settled, goTo }: ClampInput) {
  const lastPage = total === undefined ? undefined : Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    if (lastPage !== undefined && settled && page > lastPage) goTo(lastPage);
  }, [goTo, lastPage, page, settled]);
}
