import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from '../../shared/router/router';
import { getSession } from '../../shared/session';
import { decideRoute, normalizePath } from './decide-route';
import { PageLoading, type PageHeading } from './page-loading';
import { RouteGate } from './route-gate';

// The one route table. Every page is its own lazily loaded chunk; RouteGate decides
// redirects before anything below it renders, and `guarded` before a page's code loads.

type PageModule = { default: ComponentType };
/** What is drawn around the pages (the sign-in page, the shell): loaded before it renders. */
const frame = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });
// Until the router's first load has ended (create-app-router.ts), a page renders at once: the shell
// and the page's heading show while the page loads (with antd's code and styles, when the kit's
// controls it uses are antd's). Afterwards a move waits for its chunks with the page before still
// on screen, as the router does.
let firstLoad = true;
export const endFirstLoad = () => void (firstLoad = false);

/** A page in the shell. `heading`: false for a page whose heading is not its menu's title, or a test of its query. */
const page =
  (load: () => Promise<PageModule>, { heading = true as PageHeading } = {}) =>
  async (): Promise<{ Component: ComponentType }> => {
    if (!firstLoad) return { Component: (await load()).default };
    const Page = lazy(load);
    function FirstPage() {
      return (
        <Suspense fallback={<PageLoading heading={heading} />}>
          <Page />
        </Suspense>
      );
    }
    return { Component: FirstPage };
  };

function StartupFallback() {
  return <div className="startup-fallback" aria-busy="true" />;
}

type PageLoader = () => Promise<{ Component: ComponentType }>;

/**
 * Whether the session may open a route of the table. A route with a parameter (dataInsights/:type)
 * loads for a user the gate lets into one of its paths.
 */
function mayLoad(pattern: string): boolean {
  const userInfo = getSession()?.userInfo ?? null;
  const allowed = (path: string) => decideRoute(`/${path}`, userInfo).kind === 'allow';
  if (!pattern.includes(':')) return allowed(pattern);
  const shape = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`);
  return (userInfo?.menus ?? []).some((menu) => shape.test(normalizePath(menu.url)) && allowed(normalizePath(menu.url)));
}

/**
 * A page's code loads only for a user the gate lets in, before anything of the page runs: the
 * router calls a matched route's `lazy` before the gate renders, and a page module loaded for a user
 * it is forbidden to would run for nothing. A route refused now keeps a component that loads the
 * page when it first renders, which only a later session the gate lets in can make it do.
 */
const guardedPages = (pages: RouteObject[]) => pages.map(guarded);

function guarded(route: RouteObject): RouteObject {
  const { path, lazy: load } = route;
  if (path === undefined || typeof load !== 'function') return route;
  const loadPage = load as PageLoader;
  return {
    ...route,
    lazy: async () => {
      if (mayLoad(path)) return loadPage();
      const Page = lazy(async () => ({ default: (await loadPage()).Component }));
      function LaterPage() {
        return (
          <Suspense fallback={<PageLoading heading />}>
            <Page />
          </Suspense>
        );
      }
      return { Component: LaterPage };
    },
  };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RouteGate />,
    HydrateFallback: StartupFallback,
    children: [
      // "/" and "/overview" only ever redirect (to the landing page or to login).
      { index: true, element: null },
      { path: 'overview', element: null },
      { path: 'user/login', lazy: frame(() => import('../../features/auth/pages/login-page')) },
      // Outside the shell: a user with a one-time password has no other page until it is replaced.
      { path: 'changePassword', lazy: frame(() => import('../../features/auth/pages/change-password-page')) },
      {
        lazy: frame(() => import('../shell/shell-layout')),
        children: guardedPages([
          { path: '404', lazy: page(() => import('../../features/errors/pages/not-found-page')) },
          { path: '401', lazy: page(() => import('../../features/errors/pages/unauthorized-page')) },
          // Every signed-in user's own page (no menu entry); it links to changePassword.
          { path: 'profile', lazy: page(() => import('../../features/auth/pages/profile-page')) },
          { path: 'advertiserOverview', lazy: page(() => import('../../features/overview/pages/advertiser-overview-page')) },
          { path: 'publisherOverview', lazy: page(() => import('../../features/overview/pages/publisher-overview-page')) },
          { path: 'dataInsights', lazy: page(() => import('../../features/data-insights/pages/platform-insights-page')) },
          { path: 'dataInsights/:type', lazy: page(() => import('../../features/data-insights/pages/report-page')) },
          // A new campaign's wizard is headed by the menu's title; `?id=` edits a draft or a live campaign's settings.
          { path: 'campaign/create', lazy: page(() => import('../../features/campaigns/pages/campaign-create-page'), { heading: (search) => !search.has('id') }) },
          { path: 'campaign/list', lazy: page(() => import('../../features/campaigns/pages/campaign-list-page')) },
          // Reached from the list (no menu entry): whoever's menu has the campaign list or staff's campaigns.
          { path: 'campaign/view', lazy: page(() => import('../../features/campaigns/pages/campaign-view-page'), { heading: false }) },
          { path: 'advertiserCampaign', lazy: page(() => import('../../features/campaigns/pages/advertiser-campaigns-page')) },
          { path: 'assetLibrary/imageGallery', lazy: page(() => import('../../features/asset-library/pages/image-gallery-page')) },
          { path: 'assetLibrary/recycleBin', lazy: page(() => import('../../features/asset-library/pages/recycle-bin-page')) },
          { path: 'advAdSlotManagement/review', lazy: page(() => import('../../features/placements/pages/slot-review-page')) },
          { path: 'advAdSlotManagement/validation', lazy: page(() => import('../../features/placements/pages/slot-validation-page')) },
          {
            path: 'advAdSlotManagement/disapprovedPlacement',
            lazy: page(() => import('../../features/placements/pages/disapproved-placement-page')),
          },
          { path: 'videoLibrary', lazy: page(() => import('../../features/video-library/pages/video-library-page')) },
          { path: 'adSlotManagement/review', lazy: page(() => import('../../features/ad-slots/pages/ad-slot-review-page')) },
          { path: 'adSlotManagement/validation', lazy: page(() => import('../../features/ad-slots/pages/ad-slot-validation-page')) },
          { path: 'adPlacementManagement/review', lazy: page(() => import('../../features/placements/pages/placement-review-page')) },
          {
            path: 'adPlacementManagement/validation',
            lazy: page(() => import('../../features/placements/pages/placement-validation-page')),
          },
          {
            path: 'publisherContent/requestApprovals',
            lazy: page(() => import('../../features/publisher-content/pages/request-approvals-page')),
          },
          { path: 'publisherContent/contentReview', lazy: page(() => import('../../features/publisher-content/pages/content-review-page')) },
          { path: 'accountManagement/advertiser', lazy: page(() => import('../../features/accounts/pages/advertiser-accounts-page')) },
          { path: 'accountManagement/publisher', lazy: page(() => import('../../features/accounts/pages/publisher-accounts-page')) },
          { path: 'accountManagement/msInternal', lazy: page(() => import('../../features/accounts/pages/internal-staff-page')) },
          {
            path: 'requestManagement/statusManagement',
            lazy: page(() => import('../../features/requests/pages/status-management-page')),
          },
        ]),
      },
      // Anything else: RouteGate redirects (to /user/login under /user, to /404 elsewhere).
      { path: '*', element: null },
    ],
  },
];
