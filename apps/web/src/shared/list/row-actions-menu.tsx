import { Suspense, useState, type ReactNode } from 'react';
import { lazyWithAntd } from '../ui/with-antd';
import { RowMoreButton } from './row-more-button';
import './list-kit.css';

export interface RowAction {
  key: string;
  icon: ReactNode;
  label: string;
  run: () => void;
}

export interface RowActionsMenuProps {
  /** "More actions for …". */
  label: string;
  /** Before Download (open, play …). */
  actions: RowAction[];
  /** A file's link; records without a file (campaigns, ad slots) have none. */
  download?: { url: string; name: string; label: string };
  /** After a divider, in danger colours. */
  remove?: { label: string; run: () => void };
  /** The "…" button's own class beside the kit's (a side panel's shows on hover). */
  className?: string;
}

// The menu (antd's dropdown) loads with antd when a row's "…" is first pressed: a list's rows show
// plain buttons, so that its first view needs no antd.
const RowActionsDropdown = lazyWithAntd(() => import('./row-actions-dropdown'));

/** A row's "…" menu: its actions, Download (a plain link) when there is a file, then Delete. */
export function RowActionsMenu(props: RowActionsMenuProps) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return <RowMoreButton label={props.label} className={props.className} aria-expanded={false} onClick={() => setWanted(true)} />;
  return (
    // The button pressed gives way to this one: the focus stays on a "…" while the menu loads.
    <Suspense fallback={<RowMoreButton label={props.label} className={props.className} aria-expanded={false} aria-busy autoFocus />}>
      <RowActionsDropdown {...props} />
    </Suspense>
  );
}
