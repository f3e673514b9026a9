// Route constants of the web app. Paths are written without the leading slash, as menu
// urls are.

export const LOGIN_PATH = 'user/login';
export const OVERVIEW_PATH = 'overview';
export const NOT_FOUND_PATH = '404';
export const UNAUTHORIZED_PATH = '401';

/** Landing pages; they have no menu check. */
export const ADVERTISER_OVERVIEW = 'advertiserOverview';
export const PUBLISHER_OVERVIEW = 'publisherOverview';

/** Routes allowed only when the user's menu list contains the current path. */
export const MENU_GUARDED_ROUTES = [
  'dataInsights',
  'dataInsights/advertiser',
  'dataInsights/publisher',
  'campaign/create',
  'campaign/list',
  'assetLibrary/imageGallery',
  'assetLibrary/recycleBin',
  'advAdSlotManagement/review',
  'advAdSlotManagement/validation',
  'advAdSlotManagement/disapprovedPlacement',
  'videoLibrary',
  'adSlotManagement/review',
  'adSlotManagement/validation',
  'adPlacementManagement/review',
  'adPlacementManagement/validation',
  'publisherContent/requestApprovals',
  'publisherContent/contentReview',
  'accountManagement/advertiser',
  'accountManagement/publisher',
  'accountManagement/msInternal',
  'advertiserCampaign',
  'requestManagement/statusManagement',
] as const;
export type MenuGuardedRoute = (typeof MENU_GUARDED_ROUTES)[number];

/**
 * Pages without a menu entry of their own, reached from menu pages: allowed when the user's menu
 * holds one of the pages named (a campaign's page from the campaign list, or staff's campaigns).
 */
export const MENU_SUBPAGES: Readonly<Record<string, readonly MenuGuardedRoute[]>> = {
  'campaign/view': ['campaign/list', 'advertiserCampaign'],
};

/** The report types dataInsights/:type accepts. */
export const DATA_INSIGHTS_TYPES = ['advertiser', 'publisher'] as const;

/** Menu icons the shell knows. */
export const MENU_ICONS = [
  'overview',
  'dataInsights',
  'campaign',
  'assetLibrary',
  'adManagement',
  'videoLibrary',
  'publisherContent',
  'accountManagement',
  'advertiserCampaign',
  'requestManagement',
] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];
