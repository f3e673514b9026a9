import { TOAST_SECONDS } from '@ads/contracts';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { useEffect, useState, type ComponentType } from 'react';
import { subscribeToasts, takeToasts, type Toast, type ToastKind } from './toast';

// Plain HTML drawn as antd's message: toasts show on every page, the login page included, and they
// report lost connections, so they must not wait for a chunk to load.
const ICONS: Record<ToastKind, ComponentType<{ className?: string; 'aria-hidden'?: boolean }>> = {
  success: CheckCircleFilled,
  error: CloseCircleFilled,
  info: InfoCircleFilled,
  warning: ExclamationCircleFilled,
};

let nextId = 0;

/** Shows queued toasts for TOAST_SECONDS (2 s), at the top of the window, above any page. */
export function Toaster() {
  const [shown, setShown] = useState<(Toast & { id: number })[]>([]);

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const drain = () => {
      const taken = takeToasts().map((toast) => ({ ...toast, id: ++nextId }));
      if (taken.length === 0) return;
      setShown((list) => [...list, ...taken]);
      for (const toast of taken) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          setShown((list) => list.filter((one) => one.id !== toast.id));
        }, TOAST_SECONDS * 1000);
        timers.add(timer);
      }
    };
    drain();
    const unsubscribe = subscribeToasts(drain);
    return () => {
      unsubscribe();
      timers.forEach(clearTimeout);
    };
  }, []);

  // Fixed at the top of the window from where it sits: the root, outside every page.
  return (
    <div className="toast-host" aria-live="polite">
      {shown.map(({ id, kind, content }) => {
        const Icon = ICONS[kind];
        return (
          <div key={id} className={`toast-notice is-${kind}`}>
            <Icon className="toast-icon" aria-hidden />
            <span>{content}</span>
          </div>
        );
      })}
    </div>
  );
}
