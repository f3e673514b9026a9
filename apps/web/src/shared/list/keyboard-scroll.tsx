import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Lets keyboard users scroll a table that is wider than the screen: antd's scroll container takes
 * no focus, so a table without focusable cells (an empty or loading one) could not be scrolled
 * without a mouse. Its scroll containers join the tab order after every render.
 */
export function KeyboardScroll({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body').forEach((region) => {
      if (region.tabIndex < 0) region.tabIndex = 0;
    });
  });
  return <div ref={ref}>{children}</div>;
}
