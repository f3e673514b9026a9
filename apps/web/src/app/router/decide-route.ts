import {
  ADVERTISER_OVERVIEW,
  DATA_INSIGHTS_TYPES,
  LOGIN_PATH,
  MENU_GUARDED_ROUTES,
  MENU_SUBPAGES,
  NOT_FOUND_PATH,
  OVERVIEW_PATH,
  PUBLISHER_OVERVIEW,
  UNAUTHORIZED_PATH,
  type UserInfo,
} from '@ads/contracts';
import { mayOpen, ROUTE_RULES } from './route-access';

// The route decisions (the public /user area, the landing page by the first role, landing pages
// by their power, menu-guarded pages, 401 and 404) as one pure function, so that every row can be tested without rendering.
// Paths are compared without leading or trailing slashes, as menu urls are written.

export type RouteDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

const allow: RouteDecision = { kind: 'allow' };
const redirect = (path: string): RouteDecision => ({ kind: 'redirect', to: `/${path}` });

export const normalizePath = (path: string): string => path.replace(/^\/+|\/+$/g, '');

/** Every signed-in user's own page (no menu entry): choosing a password, and the one a one-time password leads to. */
export const CHANGE_PASSWORD_PATH = 'changePassword';
/** Every signed-in user's own details (no menu entry), inside the shell; reached from the header. */
export const PROFILE_PATH = 'profile';

const MENU_GUARDED = new Set<string>(MENU_GUARDED_ROUTES);
const LANDING_PAGES = new Set<string>([ADVERTISER_OVERVIEW, PUBLISHER_OVERVIEW]);

/** The landing page by the first role name, or null when the user has no landing page. */
export function landingPathFor(userInfo: UserInfo | null): string | null {
  switch (userInfo?.roles[0]?.name) {
    case 'Advertiser':
    case 'MsInternal':
      return ADVERTISER_OVERVIEW;
    case 'Publisher':
      return PUBLISHER_OVERVIEW;
    default:
      return null;
  }
}

const isSignedIn = (userInfo: UserInfo | null): userInfo is UserInfo => !!userInfo?.userBasicInfo;

/** Routes of the protected area; every other path (outside /user and the error pages) is unknown. */
export function isProtectedPath(path: string): boolean {
  const p = normalizePath(path);
  if (p === '' || p === OVERVIEW_PATH || p === PROFILE_PATH || LANDING_PAGES.has(p) || MENU_GUARDED.has(p)) return true;
  if (Object.prototype.hasOwnProperty.call(MENU_SUBPAGES, p)) return true;
  return false;
}

export function decideRoute(path: string, userInfo: UserInfo | null): RouteDecision {
  const p = normalizePath(path);
  const signedIn = isSignedIn(userInfo);

  // A user signed in with a one-time password chooses their own before anything else (the server
  // refuses their other calls meanwhile).
  if (p === CHANGE_PASSWORD_PATH) return signedIn ? allow : redirect(LOGIN_PATH);
  if (signedIn && userInfo.userBasicInfo.mustChangePassword) return redirect(CHANGE_PASSWORD_PATH);

  // Public area. A signed-in user without a landing page may still see the login page; sending
  // them to /overview would bounce straight back here.
  if (p === 'user' || p.startsWith('user/')) {
    if (signedIn && landingPathFor(userInfo)) return redirect(OVERVIEW_PATH);
    return p === LOGIN_PATH ? allow : redirect(LOGIN_PATH);
  }

  if (p === NOT_FOUND_PATH || p === UNAUTHORIZED_PATH) return allow;

  // dataInsights/:type with a type other than the known ones is an unknown path.
  if (p.startsWith('dataInsights/') && !MENU_GUARDED.has(p)) {
    const type = p.slice('dataInsights/'.length);
    if (!(DATA_INSIGHTS_TYPES as readonly string[]).includes(type)) return redirect(NOT_FOUND_PATH);
  }

  if (!isProtectedPath(p)) return redirect(NOT_FOUND_PATH);

  // Protected area: requires user basic info.
  if (!signedIn) return redirect(LOGIN_PATH);

  if (p === '' || p === OVERVIEW_PATH) return redirect(landingPathFor(userInfo) ?? LOGIN_PATH);

  if (p === PROFILE_PATH) return allow;

  // Landing pages by their dashboard's power, menu-guarded pages by the user's menu list.
  return mayOpen(p, userInfo, ROUTE_RULES) ? allow : redirect(UNAUTHORIZED_PATH);
}
