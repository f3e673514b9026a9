// Who may open which page, decided from the session's user info alone, so that the route gate,
// the route table's page loading and route-preload.js (apps/web/build-plugins.ts) ask the same
// question before any page code, call or preload runs. Plain data and one self-contained function:
// the build imports this module by file and writes `mayOpen` into route-preload.js as it is.

import { ADVERTISER_OVERVIEW, MENU_GUARDED_ROUTES, MENU_SUBPAGES, PUBLISHER_OVERVIEW } from '../../../../../packages/contracts/src/routes.ts';

export interface RouteRules {
  /**
   * Landing pages have no menu check (the seed); a user without the power their dashboard asks
   * for (an advertiser on the publishers' dashboard) is sent to the 401 page instead of a page
   * whose every call answers 403.
   */
  landing: Record<string, string>;
  /** Pages allowed only when the user's menu list holds their path. */
  menuGuarded: readonly string[];
  /** Pages without a menu entry, allowed when the menu holds one of the pages named (campaign/view: the campaign list). */
  subpages: Readonly<Record<string, readonly string[]>>;
}

export const ROUTE_RULES: RouteRules = {
  landing: { [ADVERTISER_OVERVIEW]: 'overview.advertiser', [PUBLISHER_OVERVIEW]: 'overview.publisher' },
  menuGuarded: MENU_GUARDED_ROUTES,
  subpages: MENU_SUBPAGES,
};

/** What of the user info the decision reads (the session's, or route-preload.js's copy of it). */
export interface AccessUser {
  menus?: readonly { url: string }[];
  powers?: readonly { code: string }[];
}

/**
 * Whether `user` may open the page at `path` (a concrete path, no `:param`): a landing page needs
 * its power, a menu-guarded page its menu entry, a subpage one of its pages' entries; any other path is not this function's to refuse.
 * Self-contained (no outside names): it is copied into route-preload.js by its source.
 */
export function mayOpen(path: string, user: AccessUser, rules: RouteRules): boolean {
  const strip = (value: string) => value.replace(/^\/+|\/+$/g, '');
  const p = strip(path);
  const power = rules.landing[p];
  if (power !== undefined) return (user.powers ?? []).some((held) => held.code === power);
  const parents = Object.prototype.hasOwnProperty.call(rules.subpages, p) ? rules.subpages[p] : undefined;
  if (parents !== undefined) return (user.menus ?? []).some((menu) => parents.includes(strip(menu.url)));
  if (!rules.menuGuarded.includes(p)) return true;
  return (user.menus ?? []).some((menu) => strip(menu.url) === p);
}
