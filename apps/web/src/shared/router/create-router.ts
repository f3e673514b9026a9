import { createKey, resolveTo, type History, type HistoryAction, type Location, type To } from './history';
import { matchRoutes, rankRoutes, type RouteMatch, type RouteObject } from './match-routes';

// The router: its state (the location on show and the routes it matched), navigation and the
// blocker. A move to routes whose `lazy` has not resolved yet keeps the current location and routes
// until it has, then commits the two together (a newer move supersedes it); on the first load the
// root's HydrateFallback shows meanwhile (`initialized` false).

export type Blocker =
  | { state: 'unblocked'; reset: undefined; proceed: undefined; location: undefined }
  | { state: 'blocked'; reset(): void; proceed(): void; location: Location }
  | { state: 'proceeding'; reset: undefined; proceed: undefined; location: Location };

export type BlockerFunction = (args: { currentLocation: Location; nextLocation: Location; historyAction: HistoryAction }) => boolean;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface RouterState {
  historyAction: HistoryAction;
  location: Location;
  matches: RouteMatch[];
  /** False until the first load's lazy routes resolved. */
  initialized: boolean;
  /** Why the routes could not load (a chunk that failed); shown instead of them. */
  error?: unknown;
  blockers: ReadonlyMap<string, Blocker>;
}

export interface Router {
  readonly state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
  createHref(to: To): string;
  dispose(): void;
  /** The route with what its `lazy` resolved to. */
  resolved(route: RouteObject): RouteObject;
  /** For useBlocker: the last one registered decides. */
  setBlocker(key: string, shouldBlock: BlockerFunction): void;
  deleteBlocker(key: string): void;
}

export const IDLE_BLOCKER: Blocker = { state: 'unblocked', reset: undefined, proceed: undefined, location: undefined };

export function createRouter(routes: RouteObject[], history: History): Router {
  const branches = rankRoutes(routes);
  const loaded = new Map<RouteObject, RouteObject>();
  const loading = new Map<RouteObject, Promise<void>>();
  const subscribers = new Set<(state: RouterState) => void>();
  const blockerFunctions = new Map<string, BlockerFunction>();
  // The latest move: an older one whose routes resolve later is dropped.
  let moveId = 0;
  // Set while the history is put back after a blocked Back/Forward: that move is not a navigation.
  let ignorePop: (() => void) | undefined;
  // navigate(-1) settles once its move is on show (or blocked).
  let popSettled: (() => void) | undefined;

  const isLoaded = (route: RouteObject) => !route.lazy || loaded.has(route);
  const load = (route: RouteObject) => {
    let promise = loading.get(route);
    if (!promise) {
      promise = route.lazy!().then(
        (props) => void loaded.set(route, { ...route, ...props, lazy: undefined }),
        (error: unknown) => {
          // Tried again on the next move there (a chunk lost to a network blip).
          loading.delete(route);
          throw error;
        },
      );
      loading.set(route, promise);
    }
    return promise;
  };
  const matchesOf = (location: Location) => matchRoutes(branches, location.pathname) ?? [];

  const initialMatches = matchesOf(history.location);
  let state: RouterState = {
    historyAction: 'POP',
    location: history.location,
    matches: initialMatches,
    initialized: initialMatches.every((match) => isLoaded(match.route)),
    blockers: new Map(),
  };

  const update = (patch: Partial<RouterState>) => {
    state = { ...state, ...patch };
    for (const listener of [...subscribers]) listener(state);
  };
  const settlePop = () => {
    popSettled?.();
    popSettled = undefined;
  };

  const commit = (action: HistoryAction, location: Location, matches: RouteMatch[], error: unknown) => {
    if (action === 'PUSH') history.push(location);
    else if (action === 'REPLACE') history.replace(location);
    const blockers = new Map(state.blockers);
    for (const key of blockers.keys()) blockers.set(key, IDLE_BLOCKER);
    update({ historyAction: action, location, matches, initialized: true, error, blockers });
    settlePop();
  };

  const start = async (action: HistoryAction, location: Location) => {
    const id = ++moveId;
    const matches = matchesOf(location);
    const pending = matches.filter((match) => !isLoaded(match.route));
    let error: unknown;
    // Without anything to load the move commits at once (synchronously).
    if (pending.length > 0) {
      try {
        await Promise.all(pending.map((match) => load(match.route)));
      } catch (failure) {
        console.error(failure);
        error = failure;
      }
      if (id !== moveId) return;
    }
    commit(action, location, matches, error);
  };

  const setBlocker = (key: string, blocker: Blocker) => update({ blockers: new Map(state.blockers).set(key, blocker) });
  const blockerFor = (nextLocation: Location, historyAction: HistoryAction) => {
    const [key, shouldBlock] = [...blockerFunctions].at(-1) ?? [];
    if (!key || !shouldBlock || state.blockers.get(key)?.state === 'proceeding') return undefined;
    return shouldBlock({ currentLocation: state.location, nextLocation, historyAction }) ? key : undefined;
  };
  const block = (key: string, location: Location, go: () => void) => {
    const blocker: Blocker = {
      state: 'blocked',
      location,
      // Only the prompt on show acts (a second click on Leave does nothing).
      proceed: () => {
        if (state.blockers.get(key) !== blocker) return;
        setBlocker(key, { state: 'proceeding', location, reset: undefined, proceed: undefined });
        go();
      },
      reset: () => void (state.blockers.get(key) === blocker && setBlocker(key, IDLE_BLOCKER)),
    };
    setBlocker(key, blocker);
  };

  const navigate = (to: To | number, options: NavigateOptions = {}): Promise<void> => {
    settlePop();
    if (typeof to === 'number') {
      const settled = new Promise<void>((resolve) => (popSettled = resolve));
      history.go(to);
      return settled;
    }
    const location: Location = {
      ...history.encode(resolveTo(to, state.location.pathname)),
      state: options.state === undefined ? null : options.state,
      key: createKey(),
    };
    const action = options.replace ? 'REPLACE' : 'PUSH';
    const key = blockerFor(location, action);
    if (key) {
      block(key, location, () => void navigate(to, options));
      return Promise.resolve();
    }
    return start(action, location);
  };

  const unlisten = history.listen(({ location, delta }) => {
    if (ignorePop) {
      ignorePop();
      ignorePop = undefined;
      return;
    }
    const key = delta ? blockerFor(location, 'POP') : undefined;
    if (key && delta) {
      // The address has already moved: put it back, and make the move again if the user proceeds.
      const restored = new Promise<void>((resolve) => (ignorePop = resolve));
      history.go(-delta);
      block(key, location, () => void restored.then(() => history.go(delta)));
      settlePop();
      return;
    }
    void start('POP', location);
  });

  if (!state.initialized) void start('POP', state.location);

  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      subscribers.add(listener);
      return () => void subscribers.delete(listener);
    },
    navigate,
    createHref: (to) => history.createHref(resolveTo(to, state.location.pathname)),
    dispose() {
      unlisten();
      subscribers.clear();
      blockerFunctions.clear();
      moveId++;
    },
    resolved: (route) => loaded.get(route) ?? route,
    setBlocker: (key, shouldBlock) => void blockerFunctions.set(key, shouldBlock),
    deleteBlocker(key) {
      blockerFunctions.delete(key);
      // Quietly: its component is gone, nobody renders it again.
      (state.blockers as Map<string, Blocker>).delete(key);
    },
  };
}
