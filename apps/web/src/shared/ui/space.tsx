import type { ReactNode } from 'react';
import './space.css';

/**
 * antd's Space as a plain <div>: its children 8 px apart, in a row (centred, as antd's) or a
 * column. Under antd's names, the props the console uses.
 */
export function Space({
  orientation = 'horizontal',
  align,
  wrap = false,
  className,
  children,
}: {
  orientation?: 'horizontal' | 'vertical';
  align?: 'start' | 'end' | 'center' | 'baseline';
  wrap?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  const vertical = orientation === 'vertical';
  const aligned = align ?? (vertical ? undefined : 'center');
  const classes = ['kit-space', vertical && 'is-vertical', wrap && 'is-wrap', aligned && `is-align-${aligned}`, className].filter(Boolean).join(' ');
  return <div className={classes}>{children}</div>;
}
