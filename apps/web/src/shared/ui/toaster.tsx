import { lazy, Suspense } from 'react';
import { useToastsRequested } from './toast';

const loadToastHost = () => import('./toast-host');
const ToastHost = lazy(loadToastHost);

export function preloadToastHost(): void {
  void loadToastHost();
}

/** Mounts the toast host once the first toast is raised. */
export function Toaster() {
  const requested = useToastsRequested();
  return requested ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}
