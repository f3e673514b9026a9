import { CloseCircleFilled, FolderAddOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Button, IconButton } from '../ui/button';
import './list-kit.css';
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
          // Its tooltip is the browser's (title).
          <IconButton size="small" icon={<FolderAddOutlined aria-hidden />} label={create.label} title={create.label} onClick={create.onClick} />
        )}
      </div>
      <ul className="panel-list">{fixed}</ul>
      {loading ? (
        <div className="list-skeleton panel-skeleton" aria-busy="true">
          {[0, 1, 2].map((line) => (
            <div key={line} className="list-skeleton-line shimmer" />
          ))}
        </div>
      ) : error ? (
        // QueryView's error box (antd's error Alert with Retry).
        <div className="list-error" role="alert">
          <CloseCircleFilled className="list-error-icon" aria-hidden />
          <span className="list-error-text">{error.text}</span>
          <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={error.onRetry}>
            {error.retryLabel}
          </Button>
        </div>
      ) : empty ? (
        <p className="panel-empty">{emptyText}</p>
      ) : (
        <ul className="panel-list">{children}</ul>
      )}
      {footer}
    </nav>
  );
}
