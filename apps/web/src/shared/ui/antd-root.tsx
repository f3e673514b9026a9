import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useLocaleState } from '../i18n/i18n';
import { theme } from './theme';
// antd's component styles, built once by antd (theme-independent: every colour, size and duration
// is a CSS variable); with zeroRuntime below, antd stops generating them while React renders.
import 'antd/dist/antd.css';

// zeroRuntime: component styles come from antd.css above; the theme's values still reach the page,
// as CSS variables antd writes at run time (cheap: one rule per component, no style generation).
const rootTheme = { ...theme, zeroRuntime: true };

/**
 * antd's configuration (theme, locale) around whatever uses antd: the pages that do (app/router/routes.tsx)
 * and the shell's popups. Loaded beside them, never with the shell itself, so that a page of plain
 * HTML (the landing dashboards) shows without antd's code and its 1 MB stylesheet.
 */
export default function AntdRoot({ children }: { children: ReactNode }) {
  const { antdLocale } = useLocaleState();
  return (
    <ConfigProvider locale={antdLocale} theme={rootTheme}>
      {children}
    </ConfigProvider>
  );
}
