import type { ReactNode } from 'react';
import { Toaster } from '../shared/ui/toaster';

/**
 * What every page shares. Deliberately no antd here: antd's ConfigProvider, theme and App context
 * live in the shell layout, so that the login page loads no antd at all (budget: 180 KB gzip).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}
