// The two histories the router runs on: the browser's, kept in the address's hash (#/path?query),
// and one in memory for tests. Entries and history.state are laid out as react-router's were
// ({ usr, key, idx }), so that addresses, Back/Forward and reload behave as before the switch.

export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export interface Location<State = unknown> extends Path {
  state: State;
  /** A fresh random key per pushed or replaced entry; "default" for an entry the app did not create. */
  key: string;
}

/** Where to go: a path ("/a?b=1", "?b=1") or its parts; what is left out is the current pathname. */
export type To = string | Partial<Path>;

export interface HistoryUpdate {
  location: Location;
  /** How many entries the move went (-1 for Back); null when unknown. */
  delta: number | null;
}

export interface History {
  readonly location: Location;
  push(location: Location): void;
  replace(location: Location): void;
  go(delta: number): void;
  /** Moves the history makes itself (Back, Forward, go). */
  listen(listener: (update: HistoryUpdate) => void): () => void;
  createHref(to: Partial<Path>): string;
  /** The path as the address will spell it. */
  encode(path: Path): Path;
}

export const createKey = () => Math.random().toString(36).substring(2, 10);

export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  const hashAt = path.indexOf('#');
  if (hashAt >= 0) {
    parsed.hash = path.substring(hashAt);
    path = path.substring(0, hashAt);
  }
  const searchAt = path.indexOf('?');
  if (searchAt >= 0) {
    parsed.search = path.substring(searchAt);
    path = path.substring(0, searchAt);
  }
  if (path) parsed.pathname = path;
  return parsed;
}

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  if (search && search !== '?') pathname += search.startsWith('?') ? search : `?${search}`;
  if (hash && hash !== '#') pathname += hash.startsWith('#') ? hash : `#${hash}`;
  return pathname;
}

const prefixed = (text: string | undefined, mark: string) => (!text || text === mark ? '' : text.startsWith(mark) ? text : mark + text);

/** The full path `to` names, seen from `fromPathname` (a relative pathname is resolved against it). */
export function resolveTo(to: To, fromPathname: string): Path {
  const { pathname, search, hash } = typeof to === 'string' ? parsePath(to) : to;
  let resolved = fromPathname;
  if (pathname) {
    const segments = pathname.startsWith('/') ? [''] : fromPathname.replace(/\/+$/, '').split('/');
    for (const segment of pathname.replace(/\/\/+/g, '/').split('/').slice(pathname.startsWith('/') ? 1 : 0)) {
      if (segment === '..') {
        if (segments.length > 1) segments.pop();
      } else if (segment !== '.') segments.push(segment);
    }
    resolved = segments.length > 1 ? segments.join('/') : '/';
  }
  return { pathname: resolved, search: prefixed(search, '?'), hash: prefixed(hash, '#') };
}

export function createMemoryHistory(initialEntries: readonly string[] = ['/'], initialIndex?: number): History {
  const entries: Location[] = initialEntries.map((entry, i) => ({
    pathname: '/',
    search: '',
    hash: '',
    ...parsePath(entry),
    state: null,
    key: i === 0 ? 'default' : createKey(),
  }));
  const clamp = (n: number) => Math.min(Math.max(n, 0), entries.length - 1);
  let index = clamp(initialIndex ?? entries.length - 1);
  let listener: ((update: HistoryUpdate) => void) | undefined;
  return {
    get location() {
      return entries[index]!;
    },
    push(location) {
      entries.splice(++index, entries.length, location);
    },
    replace(location) {
      entries[index] = location;
    },
    go(delta) {
      index = clamp(index + delta);
      listener?.({ location: entries[index]!, delta });
    },
    listen(fn) {
      listener = fn;
      return () => (listener = undefined);
    },
    createHref: createPath,
    encode: (path) => path,
  };
}

interface HistoryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

export function createHashHistory(win: Window = window): History {
  const history = win.history;
  const entryState = () => history.state as HistoryState | null;
  const read = (): Location => {
    const { pathname = '/', search = '', hash = '' } = parsePath(win.location.hash.substring(1));
    return {
      pathname: pathname.startsWith('/') || pathname.startsWith('.') ? pathname : `/${pathname}`,
      search,
      hash,
      state: entryState()?.usr || null,
      key: entryState()?.key || 'default',
    };
  };
  const createHref = (to: Partial<Path>) => `#${createPath(to)}`;
  // The entry's place in the session history, so that a Back or Forward knows how far it went.
  let index = entryState()?.idx;
  if (index == null) {
    index = 0;
    history.replaceState({ ...entryState(), idx: index }, '');
  }
  // The address last seen, so that the hashchange which follows a popstate is not taken twice.
  let seen = createPath(read());
  let listener: ((update: HistoryUpdate) => void) | undefined;

  const write = (location: Location, idx: number, method: 'pushState' | 'replaceState') => {
    index = idx;
    history[method]({ usr: location.state, key: location.key, idx } satisfies HistoryState, '', createHref(location));
    seen = createPath(location);
  };
  const onPop = () => {
    const location = read();
    seen = createPath(location);
    let idx = entryState()?.idx;
    // An address typed by hand is a new entry after the current one: numbered so that it can be undone.
    if (idx == null) {
      idx = index! + 1;
      history.replaceState({ ...entryState(), idx }, '');
    }
    const delta = idx - index!;
    index = idx;
    listener?.({ location, delta });
  };
  // Browsers fire popstate for a hash typed by hand too; hashchange covers those that do not.
  const onHashChange = () => void (createPath(read()) !== seen && onPop());

  return {
    get location() {
      return read();
    },
    push: (location) => write(location, (entryState()?.idx ?? index!) + 1, 'pushState'),
    replace: (location) => write(location, entryState()?.idx ?? index!, 'replaceState'),
    go: (delta) => history.go(delta),
    listen(fn) {
      listener = fn;
      win.addEventListener('popstate', onPop);
      win.addEventListener('hashchange', onHashChange);
      return () => {
        listener = undefined;
        win.removeEventListener('popstate', onPop);
        win.removeEventListener('hashchange', onHashChange);
      };
    },
    createHref,
    encode(path) {
      // As the address bar spells it (what reading the hash back gives).
      const url = new URL(`http://h${createPath(path).replace(/ $/, '%20')}`);
      return { pathname: url.pathname, search: url.search, hash: url.hash };
    },
  };
}
