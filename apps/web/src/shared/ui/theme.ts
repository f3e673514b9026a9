import type { ThemeConfig } from 'antd';

/** Whether the user asked the system for less motion (read when the console loads). */
export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

// antd's default blue (#1677ff), red and secondary greys miss WCAG AA contrast on white, and so
// does the hover shade antd derives from our blue (#2e7ae6, 4.2:1); these darker shades pass it (axe scans the login page and the shell). antd's animations (dialogs
// zooming, menus sliding) are left out for those who asked for reduced motion; for everyone else
// motion is not set, so that antd's own (on) or an enclosing provider's choice holds.
export const theme: ThemeConfig = {
  token: {
    ...(prefersReducedMotion() ? { motion: false } : {}),
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorPrimaryHover: '#1668dc',
    colorLinkHover: '#1668dc',
    colorError: '#c41d1f',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.62)',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Microsoft YaHei', sans-serif",
  },
};
