import type { ReactNode } from 'react';
import '../ui/library-layout.css';
import './list-card.css';
import './list-kit.css';

interface ListPageProps {
  /** The page's own class, on its root. */
  className: string;
  title: string;
  /** Beside the title: the page's main actions (Create, Upload …). */
  actions?: ReactNode;
  /** Between the head and the list: an introduction, a summary. */
  intro?: ReactNode;
  /** Beside the list: the folders or series it is scoped to (the libraries' layout). */
  panel?: ReactNode;
  /** Added to the list's card. */
  contentClassName?: string;
  /** The scope heading's id, which names the list's region. */
  scopeId: string;
  /** Over the scope heading: tabs, filters, an upload zone. */
  toolbar?: ReactNode;
  /** What is listed ("All campaigns", a folder's path). */
  scope: string;
  /** "12 campaigns", once known. */
  count?: string;
  /** Beside the scope heading (select the page, the view, a summary). */
  scopeTools?: ReactNode;
  /** Between the scope heading and the bulk bar: a message about the list. */
  notice?: ReactNode;
  /** Over the results while rows are selected. */
  bulkBar?: ReactNode;
  /** The results (ListResults, with their empty state and pager), and what goes under them. */
  children: ReactNode;
  /** After the list: its drawers and dialogs. */
  overlays?: ReactNode;
}

/** A list page's frame: the title and main actions, then a card of filters, scope, bulk bar and results. */
export function ListPage({ className, title, actions, intro, panel, contentClassName, scopeId, toolbar, scope, count, scopeTools, notice, bulkBar, children, overlays }: ListPageProps) {
  const content = (
    <section className={contentClassName ? `list-content ${contentClassName}` : 'list-content'} aria-labelledby={scopeId}>
      {toolbar}
      <div className="list-scope-row">
        <h2 id={scopeId} className="list-scope">
          {scope}
          {count && <span className="list-count">{count}</span>}
        </h2>
        {scopeTools}
      </div>
      {notice}
      {bulkBar}
      {children}
    </section>
  );
  return (
    <div className={className}>
      <div className="library-head">
        <h1 className="page-title">{title}</h1>
        {actions}
      </div>
      {intro}
      {panel ? (
        <div className="library-layout">
          {panel}
          {content}
        </div>
      ) : (
        content
      )}
      {overlays}
    </div>
  );
}
