import { SIDE_MENU_WIDTH } from '@ads/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, Layout } from 'antd';
import { Suspense, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useLocaleState } from '../../shared/i18n/i18n';
import { useSession } from '../../shared/session';
import { theme } from '../../shared/ui/theme';
import { preloadToastHost } from '../../shared/ui/toaster';
import { persistRoute } from '../router/persisted-route';
import { AppHeader } from './app-header';
import { buildMenuTree, flattenPages } from './build-menu-tree';
import { SideMenu } from './side-menu';
import { useMenuDelivery } from './use-menu-delivery';
// antd's component styles, built once by antd (theme-independent: every colour, size and duration
// is a CSS variable); with zeroRuntime below, antd stops generating them while React renders.
import 'antd/dist/antd.css';

// Provided here for the areas' data hooks (features/<area>/api.ts); the login page does not need it.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

// zeroRuntime: component styles come from antd.css above; the theme's values still reach the page,
// as CSS variables antd writes at run time (cheap: one rule per component, no style generation).
const shellTheme = { ...theme, zeroRuntime: true };

const COLLAPSED_KEY = 'sideMenuCollapsed';

/**
 * Below antd's xl breakpoint (1200 px) a 256 px menu leaves list views too little room, so the
 * menu starts collapsed there whatever was chosen on a wide window.
 */
const NARROW_WINDOW = '(max-width: 1199.98px)';
const narrowWindow = () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW_WINDOW).matches;
const onWindowWidth = (listener: () => void) => {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(NARROW_WINDOW);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
};

/** The console's frame around every protected page, and around the 404/401 pages when signed in. */
export default function ShellLayout() {
  const { antdLocale } = useLocaleState();
  const session = useSession();
  const location = useLocation();
  const narrow = useSyncExternalStore(onWindowWidth, narrowWindow);
  // The choice on wide windows is remembered; on a narrow one the menu opens only while the user
  // wants it, and collapses again whenever the window crosses the breakpoint.
  const [wideCollapsed, setWideCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const [narrowOpen, setNarrowOpen] = useState(false);
  const [seenNarrow, setSeenNarrow] = useState(narrow);
  if (seenNarrow !== narrow) {
    setSeenNarrow(narrow);
    setNarrowOpen(false);
  }
  const collapsed = narrow ? !narrowOpen : wideCollapsed;
  const menus = session?.userInfo.menus;
  const tree = useMemo(() => buildMenuTree(menus ?? []), [menus]);
  const pages = useMemo(() => flattenPages(tree), [tree]);

  // The toast host is tiny; fetch it now so that the logout toast appears without a wait.
  useEffect(preloadToastHost, []);
  useMenuDelivery(!!session);

  useEffect(() => {
    if (session) persistRoute(location.pathname, location.search);
  }, [session, location.pathname, location.search]);

  useEffect(() => {
    // When logged out the queries of the previous user must not leak into the next one.
    if (!session) queryClient.clear();
  }, [session]);

  // antd is configured here rather than at the root: the login page does not load antd.
  const configured = (children: ReactNode) => (
    <ConfigProvider locale={antdLocale} theme={shellTheme}>
      {children}
    </ConfigProvider>
  );

  // Signed out, the error pages stand alone.
  if (!session) {
    return configured(
      <main className="standalone-page">
        <Outlet />
      </main>,
    );
  }

  const toggle = () => {
    if (narrow) {
      setNarrowOpen(!narrowOpen);
      return;
    }
    localStorage.setItem(COLLAPSED_KEY, wideCollapsed ? '0' : '1');
    setWideCollapsed(!wideCollapsed);
  };

  return configured(
    <QueryClientProvider client={queryClient}>
        <Layout className="app-shell">
        <AppHeader collapsed={collapsed} onToggle={toggle} pages={pages} email={session.userInfo.userBasicInfo.email} />
        <Layout>
          <Layout.Sider
            id="side-menu"
            className="app-sider"
            width={SIDE_MENU_WIDTH}
            collapsible
            collapsed={collapsed}
            trigger={null}
            theme="light"
          >
            <SideMenu tree={tree} collapsed={collapsed} />
          </Layout.Sider>
          <Layout.Content className="app-content">
            <Suspense>
              <Outlet />
            </Suspense>
          </Layout.Content>
        </Layout>
        </Layout>
    </QueryClientProvider>,
  );
}
