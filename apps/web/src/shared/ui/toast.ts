// Callers queue a message here; the host that shows them (toaster.tsx) sits at the root, above the
// router, so a toast raised while leaving a page (logout) stays on the next.

export type ToastKind = 'success' | 'error' | 'info' | 'warning';
export interface Toast {
  kind: ToastKind;
  content: string;
}

let queue: Toast[] = [];
const listeners = new Set<() => void>();

export function showToast(kind: ToastKind, content: string): void {
  queue = [...queue, { kind, content }];
  listeners.forEach((listener) => listener());
}

/** Hands the queued toasts to the host and empties the queue. */
export function takeToasts(): Toast[] {
  const taken = queue;
  queue = [];
  return taken;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
