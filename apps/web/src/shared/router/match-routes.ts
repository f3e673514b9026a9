import type { ComponentType, ReactNode } from 'react';

// The route table and how an address picks its routes, ranked as react-router ranks them: static
// segments beat parameters, parameters beat "*", an index route beats its parent; on a tie the
// route listed first wins. Matching ignores case and a trailing slash, as react-router's does.

/** What a route's `lazy` resolves to, merged into the route. */
export interface LazyRouteProps {
  element?: ReactNode;
  Component?: ComponentType | null;
  HydrateFallback?: ComponentType | null;
}

export interface RouteObject extends LazyRouteProps {
  /** Segments, `:param` and a trailing `*`; relative to the parent's path unless it starts with "/". */
  path?: string;
  index?: boolean;
  /** Loaded once, the first time an address matches the route; the move waits for it. */
  lazy?: () => Promise<LazyRouteProps>;
  children?: RouteObject[];
}

export type Params = Readonly<Record<string, string | undefined>>;

export interface RouteMatch {
  route: RouteObject;
  params: Params;
}

interface Branch {
  routes: RouteObject[];
  score: number;
  pattern: RegExp;
  names: string[];
}

const joinPaths = (...paths: string[]) => paths.join('/').replace(/\/\/+/g, '/');

function score(path: string, index: boolean | undefined): number {
  const segments = path.split('/');
  let total = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment !== '*') total += /^:[\w-]+$/.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return total;
}

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  let source =
    '^' +
    path
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)/g, (_, name: string) => {
        names.push(name);
        return '/([^\\/]+)';
      });
  if (path.endsWith('*')) {
    names.push('*');
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else {
    source += '\\/*$';
  }
  return { pattern: new RegExp(source, 'i'), names };
}

function flatten(routes: RouteObject[], parentPath: string, parents: RouteObject[], branches: Branch[]): Branch[] {
  for (const route of routes) {
    const path = route.path?.startsWith('/') ? route.path : joinPaths(parentPath, route.path ?? '');
    const chain = [...parents, route];
    // Children first: on equal scores react-router tries them before their parent.
    if (route.children?.length) flatten(route.children, path, chain, branches);
    if (route.path != null || route.index) branches.push({ routes: chain, score: score(path, route.index), ...compile(path) });
  }
  return branches;
}

/** Every route that can end a match, best first (a stable sort keeps the table's order on ties). */
export const rankRoutes = (routes: RouteObject[]): Branch[] => flatten(routes, '', [], []).sort((a, b) => b.score - a.score);

function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** The routes from the root down to the one that matches `pathname`; null when none does. */
export function matchRoutes(branches: Branch[], pathname: string): RouteMatch[] | null {
  const decoded = decodePath(pathname);
  for (const branch of branches) {
    const found = branch.pattern.exec(decoded);
    if (!found) continue;
    const params: Record<string, string> = {};
    branch.names.forEach((name, i) => (params[name] = (found[i + 1] ?? '').replace(/%2F/g, '/')));
    return branch.routes.map((route) => ({ route, params }));
  }
  return null;
}
