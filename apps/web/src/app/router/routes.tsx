import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { loadWithAntd } from '../../shared/ui/with-antd';
import { RouteGate } from './route-gate';

// The one route table (seed §2). Every page is its own lazily loaded chunk; RouteGate decides
// redirects before anything below it renders.

type PageModule = { default: ComponentType };
/** A page of plain HTML: no antd at all (the login page, the shell, the landing dashboards). */
const plainPage = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });
/** A page built with antd: antd's configuration and styles load beside its chunk and wrap it. */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: await loadWithAntd(load) });

function StartupFallback() {
  return <div className="startup-fallback" aria-busy="true" />;
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
      { path: 'user/login', lazy: plainPage(() => import('../../features/auth/pages/login-page')) },
      {
        lazy: plainPage(() => import('../shell/shell-layout')),
        children: [
          { path: '404', lazy: page(() => import('../../features/errors/pages/not-found-page')) },
          { path: '401', lazy: page(() => import('../../features/errors/pages/unauthorized-page')) },
          { path: 'advertiserOverview', lazy: plainPage(() => import('../../features/overview/pages/advertiser-overview-page')) },
          { path: 'publisherOverview', lazy: plainPage(() => import('../../features/overview/pages/publisher-overview-page')) },
          { path: 'dataInsights', lazy: page(() => import('../../features/data-insights/pages/platform-insights-page')) },
          { path: 'dataInsights/:type', lazy: page(() => import('../../features/data-insights/pages/report-page')) },
          { path: 'campaign/create', lazy: page(() => import('../../features/campaigns/pages/campaign-create-page')) },
          { path: 'campaign/list', lazy: page(() => import('../../features/campaigns/pages/campaign-list-page')) },
          { path: 'advertiserCampaign', lazy: page(() => import('../../features/campaigns/pages/advertiser-campaigns-page')) },
          { path: 'assetLibrary/imageGallery', lazy: page(() => import('../../features/asset-library/pages/image-gallery-page')) },
          { path: 'assetLibrary/recycleBin', lazy: page(() => import('../../features/asset-library/pages/recycle-bin-page')) },
          { path: 'advAdSlotManagement/review', lazy: page(() => import('../../features/brand-safety/pages/slot-review-page')) },
          { path: 'advAdSlotManagement/validation', lazy: page(() => import('../../features/brand-safety/pages/slot-validation-page')) },
          {
            path: 'advAdSlotManagement/disapprovedPlacement',
            lazy: page(() => import('../../features/brand-safety/pages/disapproved-placement-page')),
          },
          { path: 'videoLibrary', lazy: page(() => import('../../features/video-library/pages/video-library-page')) },
          { path: 'adSlotManagement/review', lazy: page(() => import('../../features/inventory/pages/ad-slot-review-page')) },
          { path: 'adSlotManagement/validation', lazy: page(() => import('../../features/inventory/pages/ad-slot-validation-page')) },
          { path: 'adPlacementManagement/review', lazy: page(() => import('../../features/inventory/pages/placement-review-page')) },
          {
            path: 'adPlacementManagement/validation',
            lazy: page(() => import('../../features/inventory/pages/placement-validation-page')),
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
        ],
      },
      // Anything else: RouteGate redirects (to /user/login under /user, to /404 elsewhere).
      { path: '*', element: null },
    ],
  },
];
