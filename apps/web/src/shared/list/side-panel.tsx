import { FolderAddOutlined } from '@ant-design/icons';
import { Alert, Button, Skeleton, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import './side-panel.css';

interface SidePanelProps {
  className: string;
  title: string;
  /** The "new folder / new series" button, for those who may write. */
  create?: { label: string; onClick: () => void };
  /** The scopes always there (all, root or none), above the list. */
  fixed: ReactNode;
  loading: boolean;
  /** The sentence of the list's failure, with Retry. */
  error: { text: string; retryLabel: string; onRetry: () => void } | null;
  empty: boolean;
  emptyText: string;
  /** The list's rows (shown when loaded and not empty). */
  children: ReactNode;
  /** Under the list: a bin row, dialogs. */
  footer?: ReactNode;
}

/** The panel beside a library's list: its scopes (folders, series) to choose what is listed. */
export function SidePanel({ className, title, create, fixed, loading, error, empty, emptyText, children, footer }: SidePanelProps) {
  return (
    <nav className={`library-panel ${className}`} aria-label={title}>
      <div className="library-panel-head">
        <h2 className="library-panel-title">{title}</h2>
        {create && (
          <Tooltip title={create.label}>
            <Button size="small" icon={<FolderAddOutlined />} aria-label={create.label} onClick={create.onClick} />
          </Tooltip>
        )}
      </div>
      <ul className="panel-list">{fixed}</ul>
      {loading ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : error ? (
        <Alert
          type="error"
          showIcon
          title={error.text}
          action={
            <Button size="small" onClick={error.onRetry}>
              {error.retryLabel}
            </Button>
          }
        />
      ) : empty ? (
        <p className="panel-empty">{emptyText}</p>
      ) : (
        <ul className="panel-list">{children}</ul>
      )}
      {footer}
    </nav>
  );
}
