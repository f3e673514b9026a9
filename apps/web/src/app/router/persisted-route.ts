import { PERSISTED_ROUTE_KEY } from '@ads/contracts';
import { isProtectedPath, normalizePath } from './decide-route';

// The last protected route is kept in localStorage (PERSISTED_ROUTE_KEY) and restored when the app
// starts at "#/" (or without a hash) with a session; the route guard still judges it afterwards.

const isRedirectOnly = (path: string) => ['', 'overview'].includes(normalizePath(path));

export function persistRoute(pathname: string, search = ''): void {
  if (!isProtectedPath(pathname) || isRedirectOnly(pathname)) return;
  try {
    localStorage.setItem(PERSISTED_ROUTE_KEY, `${pathname}${search}`);
  } catch {
    // Storage full or blocked: the route is simply not restored.
  }
}

export function readPersistedRoute(): string | null {
  try {
    const route = localStorage.getItem(PERSISTED_ROUTE_KEY);
    return route?.startsWith('/') ? route : null;
  } catch {
    return null;
  }
}

/** Rewrites the start address to the persisted route; call before the router is created. */
export function restorePersistedRoute(hasSession: boolean, location: Location = window.location): void {
  const { hash } = location;
  if (!hasSession || (hash !== '' && hash !== '#' && hash !== '#/')) return;
  const route = readPersistedRoute();
  if (!route) return;
  window.history.replaceState(window.history.state, '', `${location.pathname}${location.search}#${route}`);
}
