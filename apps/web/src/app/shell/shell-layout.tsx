import { SIDE_MENU_WIDTH } from '@ads/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../../shared/session';
import { persistRoute } from '../router/persisted-route';
import { AppHeader } from './app-header';
import { buildMenuTree, flattenPages } from './build-menu-tree';
import { SideMenu } from './side-menu';
import { useMenuDelivery } from './use-menu-delivery';

// Provided here for the areas' data hooks (features/<area>/api.ts); the login page does not need it.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

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

/** Width of the collapsed side menu: its icons only. */
const COLLAPSED_WIDTH = 80;

/**
 * The console's frame around every protected page, and around the 404/401 pages when signed in.
 * Plain HTML, no antd: it shows on every page, and the landing dashboards need no antd at all
 * (pages built with antd bring it themselves: app/router/routes.tsx).
 */
export default function ShellLayout() {
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

  useMenuDelivery(!!session);

  useEffect(() => {
    if (session) persistRoute(location.pathname, location.search);
  }, [session, location.pathname, location.search]);

  useEffect(() => {
    // When logged out the queries of the previous user must not leak into the next one.
    if (!session) queryClient.clear();
  }, [session]);

  // Signed out, the error pages stand alone.
  if (!session) {
    return (
      <main className="standalone-page">
        <Outlet />
      </main>
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

  return (
    <QueryClientProvider client={queryClient}>
      <div className="app-shell">
        <AppHeader collapsed={collapsed} onToggle={toggle} pages={pages} email={session.userInfo.userBasicInfo.email} />
        <div className="app-body">
          <aside
            id="side-menu"
            className={collapsed ? 'app-sider is-collapsed' : 'app-sider'}
            style={{ '--sider-width': `${collapsed ? COLLAPSED_WIDTH : SIDE_MENU_WIDTH}px` } as CSSProperties}
          >
            <SideMenu tree={tree} collapsed={collapsed} />
          </aside>
          <main className="app-content">
            <Suspense>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
    </QueryClientProvider>
  );
}
