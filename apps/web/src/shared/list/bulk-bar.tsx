import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import './list-kit.css';

interface BulkBarProps {
  /** The region's name. */
  label: string;
  /** "3 selected", announced as it changes. */
  countText: string;
  clearLabel: string;
  onClear: () => void;
  /** The actions on the selection. */
  children: ReactNode;
}

/** The bar over a list while rows are selected: how many, what can be done to them, and Clear. */
export function BulkBar({ label, countText, clearLabel, onClear, children }: BulkBarProps) {
  return (
    <div className="bulk-bar" role="region" aria-label={label}>
      <span aria-live="polite">{countText}</span>
      <div className="bulk-bar-actions">
        {children}
        <Button type="text" onClick={onClear}>
          {clearLabel}
        </Button>
      </div>
    </div>
  );
}
