import type { ReactNode } from 'react';
import './badge.css';

/**
 * antd's Badge as a plain <span>: with `count`, a pill showing the number (0 too): dark orange
 * while something waits, grey at zero, both dark enough for its white figure to read at 4.5:1; with `dot`, a red dot at the corner of its children,
 * moved right by `offset[0]` px and down by `offset[1]` px. Under antd's names, the props the console uses.
 */
export function Badge(
  props: { count: number } | { dot: boolean; offset: [number, number]; className?: string; children: ReactNode },
) {
  if ('count' in props) {
    // antd names the count in a title, and marks nothing else: the number is read where it stands.
    return (
      <span className="kit-badge is-standalone">
        <sup className={String(props.count).length > 1 ? 'kit-badge-count is-wide' : 'kit-badge-count'} title={String(props.count)} style={{ background: props.count ? '#ad4e00' : '#595959' }}>
          {props.count}
        </sup>
      </span>
    );
  }
  const { dot, offset, className, children } = props;
  return (
    <span className={['kit-badge', className].filter(Boolean).join(' ')}>
      {children}
      {dot && <sup className="kit-badge-dot" style={{ insetInlineEnd: -offset[0], marginTop: offset[1] }} />}
    </span>
  );
}
