import { useEffect, type RefObject } from 'react';

/**
 * While `active`, a pointer pressed anywhere but inside the given elements calls `onOutside`: how
 * the shell's plain popups (the Action Center, the collapsed menu's flyouts) close on a click away.
 */
export function usePointerDownOutside(active: boolean, inside: readonly RefObject<HTMLElement | null>[], onOutside: () => void): void {
  useEffect(() => {
    if (!active) return;
    const listener = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!inside.some((ref) => ref.current?.contains(target))) onOutside();
    };
    document.addEventListener('pointerdown', listener);
    return () => document.removeEventListener('pointerdown', listener);
  }, [active, inside, onOutside]);
}
