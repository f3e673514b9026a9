import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createHashRouter,
  createMemoryRouter,
  Link,
  Navigate,
  Outlet,
  RouterProvider,
  useBlocker,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  type BlockerFunction,
  type RouteObject,
} from './router';

/** What a route shows: its name, the location on screen and its parameters. */
function Page({ name }: { name: string }) {
  const { pathname, search } = useLocation();
  const params = useParams();
  return (
    <p>
      {name} at {pathname}
      {search} {JSON.stringify(params)}
    </p>
  );
}
const page = (name: string) => <Page name={name} />;

/** A lazy route's loader, resolved (or failed) by the test. */
function deferredLazy(name: string) {
  let resolve!: () => void;
  const ready = new Promise<void>((done) => (resolve = done));
  const lazy = vi.fn(async () => {
    await ready;
    return { Component: () => page(name) };
  });
  // Resolved inside act, which waits until the move it let through is on screen.
  return { lazy, resolve: () => act(async () => (resolve(), await new Promise((done) => setTimeout(done)))) };
}

const renderRouter = (routes: RouteObject[], path = '/') => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
};
const shown = () => screen.getByRole('paragraph').textContent;

describe('matching', () => {
  const routes: RouteObject[] = [
    {
      path: '/',
      element: (
        <main>
          <Outlet />
        </main>
      ),
      children: [
        { index: true, element: page('home') },
        { path: 'dataInsights', element: page('insights') },
        { path: 'dataInsights/:type', element: page('report') },
        { path: 'campaign/:id', element: page('campaign') },
        { path: 'campaign/create', element: page('wizard') },
        { element: <Outlet />, children: [{ path: '/layout/child', element: page('child') }] },
        { path: 'files/*', element: page('files') },
        { path: '*', element: page('anything') },
      ],
    },
  ];

  it.each([
    ['/', 'home at / {}'],
    ['/dataInsights', 'insights at /dataInsights {}'],
    ['/dataInsights/advertiser', 'report at /dataInsights/advertiser {"type":"advertiser"}'],
    // Static segments beat parameters, whatever the order in the table.
    ['/campaign/create', 'wizard at /campaign/create {}'],
    ['/campaign/7', 'campaign at /campaign/7 {"id":"7"}'],
    // An absolute path under a pathless layout.
    ['/layout/child', 'child at /layout/child {}'],
    ['/files/a/b.png', 'files at /files/a/b.png {"*":"a/b.png"}'],
    ['/nothing/here', 'anything at /nothing/here {"*":"nothing/here"}'],
    // Case and a trailing slash do not matter; parameters are decoded.
    ['/DATAINSIGHTS/', 'insights at /DATAINSIGHTS/ {}'],
    ['/dataInsights/caf%C3%A9', 'report at /dataInsights/caf%C3%A9 {"type":"café"}'],
  ])('%s', (path, text) => {
    renderRouter(routes, path);
    expect(shown()).toBe(text);
  });

  it('renders the element of a route without children, or its Component; a layout without either passes its outlet', () => {
    renderRouter([{ children: [{ path: '/a', Component: () => page('component') }] }], '/a');
    expect(shown()).toBe('component at /a {}');
  });
});

describe('lazy routes', () => {
  it('shows the root’s HydrateFallback on the first load until the matched routes have loaded', async () => {
    const shell = deferredLazy('shell');
    const router = createMemoryRouter(
      [{ path: '/', element: <Outlet />, HydrateFallback: () => <p>starting</p>, children: [{ path: 'a', lazy: shell.lazy }] }],
      { initialEntries: ['/a'] },
    );
    const states: boolean[] = [];
    router.subscribe((state) => states.push(state.initialized));
    render(<RouterProvider router={router} />);
    expect(shown()).toBe('starting');
    expect(router.state.initialized).toBe(false);
    await shell.resolve();
    expect(shown()).toBe('shell at /a {}');
    expect(router.state.initialized).toBe(true);
    expect(states).toEqual([true]);
  });

  it('keeps the page and location on show until the next page has loaded, and loads each route once', async () => {
    const b = deferredLazy('b');
    const router = renderRouter([{ path: '/a', element: page('a') }, { path: '/b', lazy: b.lazy }], '/a');
    let moved = false;
    // Nothing renders until the page has loaded: no act needed yet.
    void router.navigate('/b?x=1').then(() => (moved = true));
    await new Promise((done) => setTimeout(done));
    expect(shown()).toBe('a at /a {}');
    expect(router.state.location.pathname).toBe('/a');
    expect(moved).toBe(false);

    await b.resolve();
    expect(shown()).toBe('b at /b?x=1 {}');
    expect(moved).toBe(true);
    await act(() => router.navigate('/a'));
    await act(() => router.navigate('/b'));
    expect(shown()).toBe('b at /b {}');
    expect(b.lazy).toHaveBeenCalledTimes(1);
  });

  it('drops a move still loading when a newer one is made', async () => {
    const b = deferredLazy('b');
    const router = renderRouter([{ path: '/a', element: page('a') }, { path: '/b', lazy: b.lazy }, { path: '/c', element: page('c') }], '/a');
    void router.navigate('/b');
    await act(() => router.navigate('/c'));
    expect(shown()).toBe('c at /c {}');
    await b.resolve();
    expect(shown()).toBe('c at /c {}');
    expect(router.state.location.pathname).toBe('/c');
  });

  it('shows why when a route fails to load, and moves on at the next move', async () => {
    const restore = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = renderRouter(
      [
        { path: '/a', element: page('a') },
        { path: '/b', lazy: () => Promise.reject(new Error('chunk lost')) },
      ],
      '/a',
    );
    await act(() => router.navigate('/b'));
    expect(screen.getByRole('alert').textContent).toContain('chunk lost');
    await act(() => router.navigate('/a'));
    expect(shown()).toBe('a at /a {}');
    restore.mockRestore();
  });
});

describe('navigation', () => {
  it('gives a new entry a fresh key and keeps the state given; the first entry is "default"', async () => {
    const router = renderRouter([{ path: '*', element: page('any') }], '/a?x=1');
    expect(router.state.location.key).toBe('default');
    await act(() => router.navigate('/b'));
    const pushed = router.state.location;
    expect(pushed.key).not.toBe('default');
    expect(router.state.historyAction).toBe('PUSH');

    // Only the query: the pathname stays.
    await act(() => router.navigate({ search: '?id=5' }, { replace: true, state: { wizardKey: 'w' } }));
    expect(router.state.location).toMatchObject({ pathname: '/b', search: '?id=5', state: { wizardKey: 'w' } });
    expect(router.state.location.key).not.toBe(pushed.key);
    expect(router.state.historyAction).toBe('REPLACE');

    await act(() => router.navigate(-1));
    expect(router.state.location).toMatchObject({ pathname: '/a', search: '?x=1', key: 'default' });
    expect(router.state.historyAction).toBe('POP');
    await act(() => router.navigate(1));
    expect(router.state.location).toMatchObject({ pathname: '/b', search: '?id=5', state: { wizardKey: 'w' } });
  });

  it('useNavigate moves (and back), Navigate redirects', async () => {
    function Back() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => void navigate(-1)}>
          back
        </button>
      );
    }
    const router = renderRouter(
      [
        { path: '/old', element: <Navigate to="/new?from=old" replace /> },
        {
          path: '/new',
          element: (
            <>
              {page('new')}
              <Back />
            </>
          ),
        },
        { path: '/start', element: page('start') },
      ],
      '/start',
    );
    await act(() => router.navigate('/old'));
    expect(shown()).toBe('new at /new?from=old {}');
    expect(router.state.historyAction).toBe('REPLACE');
    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    expect(shown()).toBe('start at /start {}');
  });

  it('useSearchParams reads the query (the same object while it is unchanged) and writes it', () => {
    const seen: URLSearchParams[] = [];
    function List() {
      const [params, setParams] = useSearchParams();
      const [count, setCount] = useState(0);
      seen.push(params);
      const buttons: [string, () => void][] = [
        ['render again', () => setCount(count + 1)],
        ['next page', () => setParams((previous) => new URLSearchParams([...previous, ['page', '2']]))],
        ['page 3 only', () => setParams({ page: '3' }, { replace: true })],
        ['clear', () => setParams('')],
      ];
      return (
        <>
          <p>page {params.get('page') ?? '1'}</p>
          {buttons.map(([name, onClick]) => (
            <button key={name} type="button" onClick={onClick}>
              {name}
            </button>
          ))}
        </>
      );
    }
    const router = renderRouter([{ path: '/list', element: <List /> }], '/list?q=tea');
    const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
    click('render again');
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe(seen[0]);

    click('next page');
    expect(router.state.location.search).toBe('?q=tea&page=2');
    expect(router.state.historyAction).toBe('PUSH');
    expect(shown()).toBe('page 2');
    click('page 3 only');
    expect(router.state.location).toMatchObject({ pathname: '/list', search: '?page=3' });
    expect(router.state.historyAction).toBe('REPLACE');
    click('clear');
    expect(router.state.location.search).toBe('');
  });
});

describe('Link', () => {
  const routes = (onClick = () => {}): RouteObject[] => [
    {
      path: '*',
      element: (
        <>
          <Link to="/b?x=1" onClick={onClick} className="plain">
            to b
          </Link>
          <Outlet />
        </>
      ),
      children: [{ path: '*', element: page('page') }],
    },
  ];

  it('links to the path (#/path under the hash router) and moves inside the app on a plain click', () => {
    const onClick = vi.fn();
    const router = renderRouter(routes(onClick), '/a');
    const link = screen.getByRole('link', { name: 'to b' });
    expect(link.getAttribute('href')).toBe('/b?x=1');
    expect(link.className).toBe('plain');
    expect(fireEvent.click(link)).toBe(false);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(router.state.location).toMatchObject({ pathname: '/b', search: '?x=1' });
    expect(router.state.historyAction).toBe('PUSH');
    // The page on show again: its entry is replaced, not repeated.
    fireEvent.click(link);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('leaves a click with a modifier key, or another button, to the browser', () => {
    const router = renderRouter(routes(), '/a');
    const link = screen.getByRole('link', { name: 'to b' });
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(link, { metaKey: true });
    fireEvent.click(link, { shiftKey: true });
    fireEvent.click(link, { button: 1 });
    expect(router.state.location.pathname).toBe('/a');
  });
});

describe('useBlocker (memory router)', () => {
  // Leaving /form is held back; moving within it is not.
  const leaving: BlockerFunction = ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname;
  function Form() {
    const blocker = useBlocker(leaving);
    return (
      <div>
        {page('form')}
        <span>blocker {blocker.state}</span>
        {blocker.state === 'blocked' && (
          <>
            <span>to {blocker.location.pathname}</span>
            <button type="button" onClick={blocker.proceed}>
              leave
            </button>
            <button type="button" onClick={blocker.reset}>
              stay
            </button>
          </>
        )}
      </div>
    );
  }
  const routes: RouteObject[] = [
    { path: '/form', element: <Form /> },
    { path: '/list', element: page('list') },
  ];
  const blockerState = () => screen.getByText(/^blocker /).textContent;

  it('holds back a move until proceed(); reset() stays; moves within the page go through', async () => {
    const router = renderRouter(routes, '/form');
    await act(() => router.navigate('/list'));
    expect(blockerState()).toBe('blocker blocked');
    expect(screen.getByText('to /list')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/form');

    fireEvent.click(screen.getByRole('button', { name: 'stay' }));
    expect(blockerState()).toBe('blocker unblocked');
    await act(() => router.navigate('/form?step=2'));
    expect(router.state.location.search).toBe('?step=2');

    await act(() => router.navigate('/list'));
    fireEvent.click(screen.getByRole('button', { name: 'leave' }));
    expect(shown()).toBe('list at /list {}');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('holds back Back: the history stays where it was until proceed()', async () => {
    const router = renderRouter([...routes, { path: '/', element: <Navigate to="/form" /> }]);
    expect(router.state.location.pathname).toBe('/form');
    await act(() => router.navigate(-1));
    expect(blockerState()).toBe('blocker blocked');
    expect(screen.getByText('to /')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/form');
    fireEvent.click(screen.getByRole('button', { name: 'stay' }));
    // Still one entry to go back to: a second Back asks again.
    await act(() => router.navigate(-1));
    expect(blockerState()).toBe('blocker blocked');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'leave' })));
    expect(router.state.location.pathname).toBe('/form');
    // The redirect at "/" took the user back to the form: a new entry, so Forward is gone.
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('a boolean blocks every move', async () => {
    function Always() {
      return <span>blocker {useBlocker(true).state}</span>;
    }
    const router = renderRouter([{ path: '*', element: <Always /> }], '/a');
    await act(() => router.navigate('/a?x=1'));
    expect(blockerState()).toBe('blocker blocked');
  });
});

describe('the hash router', () => {
  // The window is shared with other test files: its address is put back after each test.
  let start: { href: string; state: unknown };
  const routers: ReturnType<typeof createHashRouter>[] = [];
  beforeEach(() => {
    start = { href: window.location.href, state: window.history.state };
    window.history.replaceState(null, '', '/console/');
  });
  afterEach(() => {
    routers.splice(0).forEach((router) => router.dispose());
    window.history.replaceState(start.state, '', start.href);
  });

  const hashRoutes: RouteObject[] = [
    { path: '/', element: page('home') },
    { path: '/form', element: <BlockedForm /> },
    { path: '*', element: page('other') },
  ];
  function BlockedForm() {
    const blocker = useBlocker(({ nextLocation }) => nextLocation.pathname !== '/form');
    return (
      <div>
        {page('form')}
        {blocker.state === 'blocked' && (
          <button type="button" onClick={blocker.proceed}>
            leave
          </button>
        )}
      </div>
    );
  }
  const renderHash = () => {
    const router = createHashRouter(hashRoutes);
    routers.push(router);
    render(<RouterProvider router={router} />);
    return router;
  };

  it('reads and writes #/path?query, keeping state, key and index in history.state', async () => {
    const router = renderHash();
    expect(router.state.location).toMatchObject({ pathname: '/', search: '', key: 'default' });
    expect(window.history.state).toMatchObject({ idx: 0 });

    await act(() => router.navigate('/reports?range=7 days', { state: { from: 'home' } }));
    expect(window.location.hash).toBe('#/reports?range=7%20days');
    expect(window.history.state).toEqual({ usr: { from: 'home' }, key: router.state.location.key, idx: 1 });
  });

  it('follows Back and Forward, and a hash typed by hand', async () => {
    const router = renderHash();
    await act(() => router.navigate('/a'));
    await act(() => router.navigate('/b'));
    await act(async () => window.history.back());
    expect(shown()).toBe('other at /a {"*":"a"}');
    expect(router.state.historyAction).toBe('POP');
    await act(async () => window.history.forward());
    expect(shown()).toBe('other at /b {"*":"b"}');

    // A browser fires popstate for a hash typed by hand, the new entry without state.
    window.history.pushState(null, '', '#/typed');
    act(() => void window.dispatchEvent(new PopStateEvent('popstate', { state: null })));
    expect(router.state.location).toMatchObject({ pathname: '/typed', key: 'default' });
    expect(window.history.state).toEqual({ idx: 3 });
    // One that fires only hashchange is followed too, and the hashchange after a popstate is not taken twice.
    window.history.pushState(null, '', '#/typed-again');
    act(() => void window.dispatchEvent(new HashChangeEvent('hashchange')));
    expect(router.state.location.pathname).toBe('/typed-again');
    const key = router.state.location.key;
    act(() => void window.dispatchEvent(new HashChangeEvent('hashchange')));
    expect(router.state.location.key).toBe(key);
    await act(async () => window.history.back());
    expect(router.state.location.pathname).toBe('/typed');
  });

  it('holds back Back with the address put back, and makes the move on proceed()', async () => {
    const router = renderHash();
    await act(() => router.navigate('/form'));
    await act(async () => window.history.back());
    await vi.waitFor(() => expect(window.location.hash).toBe('#/form'));
    expect(shown()).toBe('form at /form {}');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'leave' })));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // Back at the first entry: the address without a hash.
    expect(window.location.href).toMatch(/\/console\/$/);
    expect(shown()).toBe('home at / {}');
  });

  it('gives a link the #/ address', () => {
    const router = createHashRouter([{ path: '*', element: <Link to="/campaign/list?campaign=7">list</Link> }]);
    routers.push(router);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('link', { name: 'list' }).getAttribute('href')).toBe('#/campaign/list?campaign=7');
  });
});

describe('a page that fails', () => {
  it('on the first load says so in words the reader understands, with a way to reload; the next move shows the next page', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = renderRouter([
      { path: '/broken', lazy: () => Promise.reject(new Error('Failed to fetch dynamically imported module')) },
      { path: '/fine', element: page('fine') },
    ], '/broken');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page could not be shown. Reload to try again.');
    expect(alert.textContent).toContain('Failed to fetch dynamically imported module');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    await act(() => router.navigate('/fine'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(shown()).toContain('fine at /fine');
    quiet.mockRestore();
  });
});
