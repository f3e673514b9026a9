import type { ReactNode } from 'react';
import './tag.css';

/**
 * antd's Tag (its filled look) as a plain <span>. `color`: 'default', a status ('success',
 * 'warning', 'error') or a palette colour ('blue', 'purple', 'green', 'red'); any other is drawn as 'default'.
 */
export function Tag({ color = 'default', className, children }: { color?: string; className?: string; children?: ReactNode }) {
  const classes = ['kit-tag', color !== 'default' && `is-${color}`, className].filter(Boolean).join(' ');
  return <span className={classes}>{children}</span>;
}
