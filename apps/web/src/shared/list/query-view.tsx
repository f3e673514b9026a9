import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import './list-kit.css';

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
      <Alert
        type="error"
        showIcon
        title={errorText(query.error)}
        action={
          <Button size="small" icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
            {retryLabel}
          </Button>
        }
      />
    );
  }
  // No title: antd draws it as an empty <h3>, which screen readers announce as a heading.
  if (query.isPending) return <Skeleton active title={false} paragraph={{ rows: skeletonRows }} />;
  if (empty) {
    return (
      <Empty className={emptyClassName} description={emptyText}>
        {emptyAction}
      </Empty>
    );
  }
  return <>{children()}</>;
}
