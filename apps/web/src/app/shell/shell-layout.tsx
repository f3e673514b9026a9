import { SIDE_MENU_WIDTH } from '@ads/contracts';
import { CloseOutlined } from '@ant-design/icons';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import { useTranslation } from '../../shared/i18n/translate';
import { Outlet, useLocation } from '../../shared/router/router';
import { useSession } from '../../shared/session';
import { persistRoute } from '../router/persisted-route';
import { AppHeader } from './app-header';
import { buildMenuTree, flattenPages } from './build-menu-tree';
import { SideMenu } from './side-menu';
import { useMediaQuery } from '../../shared/use-media-query';
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
/**
 * Below a tablet's width even the collapsed menu takes too much of the page: the menu leaves the
 * page its whole width and opens as a drawer over it from the header's menu button.
 */
const PHONE = '(max-width: 767.98px)';

/** Width of the collapsed side menu: its icons only. */
const COLLAPSED_WIDTH = 80;

/**
 * The console's frame around every protected page, and around the 404/401 pages when signed in.
 * Plain HTML, no antd: it shows on every page, and the landing dashboards need no antd at all
 * (pages built with antd bring it themselves: app/router/routes.tsx).
 */
export default function ShellLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const narrow = useMediaQuery(NARROW_WINDOW);
  const phone = useMediaQuery(PHONE);
  // The choice on wide windows is remembered; on a narrow one the menu opens only while the user
  // wants it, and collapses again whenever the window crosses the breakpoint.
  const [wideCollapsed, setWideCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const [narrowOpen, setNarrowOpen] = useState(false);
  const [seenNarrow, setSeenNarrow] = useState(narrow);
  if (seenNarrow !== narrow) {
    setSeenNarrow(narrow);
    setNarrowOpen(false);
  }
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [seenPhone, setSeenPhone] = useState(phone);
  if (seenPhone !== phone) {
    setSeenPhone(phone);
    setDrawerOpen(false);
  }
  // The drawer shows the whole menu, names and all.
  const collapsed = phone ? false : narrow ? !narrowOpen : wideCollapsed;
  const menus = session?.userInfo.menus;
  const tree = useMemo(() => buildMenuTree(menus ?? []), [menus]);
  const pages = useMemo(() => flattenPages(tree), [tree]);

  useMenuDelivery(!!session);

  // Focus goes into the drawer as it opens, and back to the menu button as it closes (once the
  // header is no longer inert).
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawerClose = useRef<HTMLButtonElement>(null);
  const drawerWasOpen = useRef(false);
  useEffect(() => {
    if (drawerOpen) drawerClose.current?.focus();
    else if (drawerWasOpen.current) menuButton.current?.focus();
    drawerWasOpen.current = drawerOpen;
  }, [drawerOpen]);
  // On the document: a click inside the drawer on no control leaves the focus on the body.
  useEffect(() => {
    if (!drawerOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen]);

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
    // The button is inert while the drawer is open: it only opens it.
    if (phone) {
      setDrawerOpen(true);
      return;
    }
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
        <AppHeader
          menuButton={menuButton}
          phone={phone}
          menuOpen={phone ? drawerOpen : !collapsed}
          onToggle={toggle}
          pages={pages}
          email={session.userInfo.userBasicInfo.email}
          inert={drawerOpen}
        />
        <div className="app-body">
          <aside
            id="side-menu"
            className={phone ? `app-sider is-drawer${drawerOpen ? ' is-open' : ''}` : collapsed ? 'app-sider is-collapsed' : 'app-sider'}
            style={{ '--sider-width': `${collapsed ? COLLAPSED_WIDTH : SIDE_MENU_WIDTH}px` } as CSSProperties}
            // Choosing a page closes the drawer (the current page's link too).
            onClick={drawerOpen ? (event: MouseEvent) => (event.target as Element).closest('a') && setDrawerOpen(false) : undefined}
          >
            {phone && (
              <div className="drawer-head">
                <button ref={drawerClose} type="button" className="header-button menu-toggle" aria-label={t('shell.closeMenu')} onClick={() => setDrawerOpen(false)}>
                  <CloseOutlined aria-hidden="true" />
                </button>
              </div>
            )}
            <SideMenu tree={tree} collapsed={collapsed} />
          </aside>
          {/* Pointer only: the drawer's close button and Escape do the same from the keyboard. */}
          {drawerOpen && <div className="drawer-scrim" aria-hidden="true" onClick={() => setDrawerOpen(false)} />}
          <main className="app-content" inert={drawerOpen}>
            <Suspense>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
    </QueryClientProvider>
  );
}
