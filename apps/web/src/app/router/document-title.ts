import { LOGIN_PATH, NOT_FOUND_PATH, UNAUTHORIZED_PATH, type MenuEntry } from '@ads/contracts';
import type { TFunction } from '../../shared/i18n/translate';
import { useEffect } from 'react';
import { useTranslation } from '../../shared/i18n/translate';
import { useMenuTitle } from '../shell/use-menu-title';
import { CHANGE_PASSWORD_PATH, normalizePath } from './decide-route';

const OWN_TITLES: Record<string, string> = {
  [LOGIN_PATH]: 'documentTitle.login',
  [NOT_FOUND_PATH]: 'documentTitle.notFound',
  [UNAUTHORIZED_PATH]: 'documentTitle.unauthorized',
  [CHANGE_PASSWORD_PATH]: 'documentTitle.changePassword',
};

/**
 * The name of the page at `path` in the user's language: the login and error pages have their own,
 * every other page is named by its menu entry (the side menu's text), else by its page heading.
 */
export function pageNameFor(path: string, menus: readonly MenuEntry[], titleOf: (entry: MenuEntry) => string, t: TFunction): string | null {
  const p = normalizePath(path);
  const own = OWN_TITLES[p];
  if (own) return t(own);
  const entry = menus.find((menu) => menu.url && normalizePath(menu.url) === p);
  if (entry) return titleOf(entry);
  const heading = `pages.${p}.title`;
  return p && t(heading, { defaultValue: '' }) ? t(heading) : null;
}

/**
 * Names the browser tab "Page · Ads Console". `path` null leaves the title as it is: the gate is
 * about to redirect, and the tab should not flash the name of a page that will not show.
 */
export function useDocumentTitle(path: string | null, menus: readonly MenuEntry[]): void {
  const { t } = useTranslation();
  const titleOf = useMenuTitle();
  const app = t('app.title');
  const page = path === null ? undefined : pageNameFor(path, menus, titleOf, t);
  useEffect(() => {
    if (page === undefined) return;
    document.title = page ? t('documentTitle.format', { page, app }) : app;
  }, [page, app, t]);
}
