import { CloseCircleFilled, InboxOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import './list-kit.css';

// Plain HTML drawn with antd's tokens (antd's Alert, Skeleton and Empty): a page's first view
// needs no antd for its loading, error and empty states.

interface QueryLike {
  isError: boolean;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface QueryViewProps {
  query: QueryLike;
  /** The sentence for the query's error. */
  errorText: (error: unknown) => string;
  retryLabel: string;
  /** True when the answer holds nothing to show. */
  empty: boolean;
  emptyText: string;
  /** Under the empty text (a "clear filters" button). */
  emptyAction?: ReactNode;
  emptyClassName?: string;
  skeletonRows?: number;
  children: () => ReactNode;
}

/** What a list shows while it loads (a skeleton), when it failed (with Retry), when it is empty, and else its rows. */
export function QueryView({ query, errorText, retryLabel, empty, emptyText, emptyAction, emptyClassName = 'list-empty', skeletonRows = 6, children }: QueryViewProps) {
  if (query.isError) {
    return (
      <div className="list-error" role="alert">
        <CloseCircleFilled className="list-error-icon" aria-hidden />
        <span className="list-error-text">{errorText(query.error)}</span>
        <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={() => void query.refetch()}>
          {retryLabel}
        </Button>
      </div>
    );
  }
  if (query.isPending) {
    return (
      <div className="list-skeleton" aria-busy="true">
        {Array.from({ length: skeletonRows }, (_, i) => (
          <div key={i} className="list-skeleton-line shimmer" />
        ))}
      </div>
    );
  }
  if (empty) {
    return (
      <div className={`plain-empty ${emptyClassName}`}>
        <InboxOutlined className="plain-empty-image" aria-hidden />
        <p className="plain-empty-text">{emptyText}</p>
        {emptyAction}
      </div>
    );
  }
  return <>{children()}</>;
}
