import { useCallback, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { usePointerDownOutside } from './use-pointer-down-outside';

/**
 * A plain popup opened by its button (`button`, for its ref): a press outside the button and
 * `inside` (a stable list: the popup, or a container) closes it, and so does Escape, which gives the
 * focus back to the button. `onKeyDown` goes on an element around both.
 */
export function usePopup(inside: readonly RefObject<HTMLElement | null>[]) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  usePointerDownOutside(open, useMemo(() => [button, ...inside], [inside]), close);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };
  return { open, setOpen, button, onKeyDown };
}
