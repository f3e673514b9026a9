import {
  Component,
  createContext,
  createElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ComponentPropsWithRef,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createRouter, IDLE_BLOCKER, type Blocker, type BlockerFunction, type NavigateOptions, type Router, type RouterState } from './create-router';
import { createHashHistory, createMemoryHistory, createPath, resolveTo, type Location, type To } from './history';
import type { Params, RouteObject } from './match-routes';
import { useTranslation } from '../i18n/translate';
import { Button } from '../ui/button';

// The app's router: the subset of react-router's API the console uses (a hash router, a memory
// router for tests, the hooks and components below), in a few KB instead of react-router's ~90 KB.
// A route change renders in a transition, as react-router's does: what is on screen stays until the
// new page can show.

export type { Blocker, BlockerFunction, Location, RouteObject };

export const createHashRouter = (routes: RouteObject[]): Router => createRouter(routes, createHashHistory());

export const createMemoryRouter = (routes: RouteObject[], options: { initialEntries?: string[]; initialIndex?: number } = {}): Router =>
  createRouter(routes, createMemoryHistory(options.initialEntries, options.initialIndex));

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);
const LocationContext = createContext<Location | null>(null);
const RouteContext = createContext<{ outlet: ReactNode; params: Params }>({ outlet: null, params: {} });

const useRouter = () => useContext(RouterContext)!;

/** One element per route, so that a page whose inputs did not change is not rendered again. */
const elements = new WeakMap<RouteObject, ReactElement>();
function elementOf(route: RouteObject): ReactNode {
  if (!route.Component) return route.element;
  let element = elements.get(route);
  if (!element) elements.set(route, (element = createElement(route.Component)));
  return element;
}

function renderMatches(router: Router, matches: RouterState['matches'], initialized: boolean): ReactNode {
  let shown = matches;
  // The first load: up to the deepest HydrateFallback above the first route still loading (none: nothing).
  let fallbackAt = -1;
  if (!initialized) {
    for (const [i, match] of matches.entries()) {
      const route = router.resolved(match.route);
      if (route.HydrateFallback) fallbackAt = i;
      if (route.lazy) {
        shown = matches.slice(0, Math.max(fallbackAt + 1, 1));
        break;
      }
    }
  }
  return shown.reduceRight<ReactNode>((outlet, match, i) => {
    const route = router.resolved(match.route);
    let children: ReactNode;
    if (!initialized && (i === fallbackAt || (fallbackAt < 0 && i === 0))) children = route.HydrateFallback && i === fallbackAt ? createElement(route.HydrateFallback) : null;
    else children = route.Component ? elementOf(route) : route.element || outlet;
    return <RouteContext value={{ outlet, params: match.params }}>{children}</RouteContext>;
  }, null);
}

interface BoundaryProps {
  location: Location;
  error: unknown;
  children: ReactNode;
}

/** A page that failed to load or render shows why, until the next move; the rest of the app keeps running. */
class RouteErrorBoundary extends Component<BoundaryProps, { location: Location; error: unknown }> {
  override state = { location: this.props.location, error: this.props.error };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { location: Location; error: unknown }) {
    return state.location !== props.location ? { location: props.location, error: props.error } : { error: props.error ?? state.error };
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    return <RouteError error={error} />;
  }
}

function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="route-error">
      <p>{t('errorPages.failed')}</p>
      <p className="route-error-detail">{error instanceof Error ? error.message : String(error)}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('errorPages.reload')}
      </Button>
    </div>
  );
}

export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = useState(router.state);
  useLayoutEffect(() => {
    const show = (next: RouterState) => startTransition(() => setState(next));
    const stop = router.subscribe(show);
    // A move made between the first render and now.
    show(router.state);
    return stop;
  }, [router]);
  const { location, matches, initialized, error } = state;
  // Not rebuilt when only a blocker changed.
  const content = useMemo(() => renderMatches(router, matches, initialized), [router, matches, initialized]);
  return (
    <RouterContext value={router}>
      <StateContext value={state}>
        <LocationContext value={location}>
          <RouteErrorBoundary location={location} error={error}>
            {content}
          </RouteErrorBoundary>
        </LocationContext>
      </StateContext>
    </RouterContext>
  );
}

/** The location on screen (during a move, the one being left until the next page can show). */
export const useLocation = (): Location => useContext(LocationContext)!;

/**
 * Reads the router's location when called: ahead of useLocation() while a move is under way, so
 * that a late change can tell that its page was left.
 */
export function useRouterLocation(): () => Location {
  const router = useRouter();
  return useCallback(() => router.state.location, [router]);
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void | Promise<void>;
  (delta: number): void | Promise<void>;
}

export function useNavigate(): NavigateFunction {
  const router = useRouter();
  return useCallback((to: To | number, options?: NavigateOptions) => router.navigate(to, options), [router]);
}

export const useParams = (): Params => useContext(RouteContext).params;

export const Outlet = (): ReactNode => useContext(RouteContext).outlet;

type SearchParamsInit = string | string[][] | Record<string, string | string[]> | URLSearchParams;

const searchParamsOf = (init: SearchParamsInit) =>
  new URLSearchParams(
    typeof init === 'string' || Array.isArray(init) || init instanceof URLSearchParams
      ? init
      : Object.entries(init).flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map((item) => [key, item])),
  );

export type SetURLSearchParams = (next: SearchParamsInit | ((previous: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void;

/** The query of the location on screen (the same object while it is unchanged), and how to change it. */
export function useSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetURLSearchParams>(
    (next, options) => void navigate(`?${searchParamsOf(typeof next === 'function' ? next(new URLSearchParams(params)) : next)}`, options),
    [navigate, params],
  );
  return [params, setParams];
}

let blockerCount = 0;

/**
 * Holds back moves `shouldBlock` names (links, navigate, Back/Forward) until the returned blocker's
 * proceed(); reset() stays. Only the last blocker registered is asked.
 */
export function useBlocker(shouldBlock: boolean | BlockerFunction): Blocker {
  const router = useRouter();
  const { blockers } = useContext(StateContext)!;
  const [key] = useState(() => String(++blockerCount));
  const blockerFunction = useCallback<BlockerFunction>((args) => (typeof shouldBlock === 'function' ? shouldBlock(args) : shouldBlock), [shouldBlock]);
  useEffect(() => router.setBlocker(key, blockerFunction), [router, key, blockerFunction]);
  useEffect(() => () => router.deleteBlocker(key), [router, key]);
  return blockers.get(key) ?? IDLE_BLOCKER;
}

export type LinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & { to: To; replace?: boolean; state?: unknown };

/**
 * An anchor to `to` (#/path?query under the hash router); a plain left click moves inside the app,
 * one with a modifier key or another target is left to the browser. A click on the page on show
 * replaces its entry instead of adding one.
 */
export function Link({ to, replace, state, onClick, target, ...props }: LinkProps) {
  const router = useRouter();
  const location = useLocation();
  const navigate = useNavigate();
  const path = resolveTo(to, location.pathname);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self') || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void navigate(path, { replace: replace ?? createPath(location) === createPath(path), state });
  };
  return <a {...props} href={router.createHref(path)} target={target} onClick={follow} />;
}

/** Moves to `to` once rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const path = createPath(resolveTo(to, useLocation().pathname));
  useEffect(() => void navigate(path, { replace, state }), [navigate, path, replace, state]);
  return null;
}
