import type { MenuEntry, UserInfo } from '@ads/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as routerModule from '../../shared/router/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../shared/session';
import { quietConsole } from '../../test/quiet-console';
import type { ReactElement } from 'react';
import { PageSearch } from './page-search';
import { AntdScope } from '../../shared/ui/antd-scope';

const menu = (id: number, url: string, title: string): MenuEntry => ({ id, parent: null, url, title, icon: 'overview', sorts: id });
const ADVERTISER_PAGES = [
  menu(107, 'assetLibrary/imageGallery', 'Image Gallery'),
  menu(108, 'assetLibrary/recycleBin', 'Recycle Bin'),
  menu(109, 'videoLibrary', 'Video Library'),
];
const userInfo: UserInfo = {
  roles: [{ name: 'Advertiser' }],
  menus: [],
  powers: [],
  userBasicInfo: { email: 'advertiser@demo.test', name: 'A', accountId: 1, accountName: 'Contoso Coffee', accountKind: 'advertiser' },
};

const folder = (id: number, parentId: number | null, name: string) => ({ id, parentId, name, version: 1, createdAt: '', updatedAt: '' });
// The whole lists, by name, as the server answers them.
const FOLDERS = [folder(5, null, 'Brand'), folder(3, 2, 'Display banners'), folder(8, 3, 'Spring banners'), folder(2, null, 'Winter campaign')];
const SERIES = [
  { id: 7, name: 'Brand stories', videoCount: 1, version: 1, createdAt: '', updatedAt: '' },
  { id: 6, name: 'Winter launch', videoCount: 2, version: 1, createdAt: '', updatedAt: '' },
];

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const page = (items: object[]) => ({ items, total: items.length, page: 1, pageSize: 5 });
let fetchMock: ReturnType<typeof vi.fn>;
const calls = (path: string) =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).filter((url) => url.pathname === path);

const renderSearch = (pages: MenuEntry[], element: ReactElement = <PageSearch pages={pages} />, { createMemoryRouter, RouterProvider } = routerModule) => {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/advertiserOverview'] });
  render(
    <AntdScope motion={false}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AntdScope>,
  );
  return router;
};

beforeEach(() => {
  setSession('tok-1', userInfo);
  fetchMock = vi.fn(async (url: string) => {
    const path = new URL(url, 'http://localhost').pathname;
    const search = new URL(url, 'http://localhost').searchParams.get('search') ?? '';
    const named = <T extends { name: string }>(items: T[]) => page(items.filter((item) => item.name.includes(search)));
    if (path === '/api/Image/List') return json(named([{ id: 4, name: 'winter-blend-hero.png', thumbnailUrl: '/api/Image/File?id=4&thumb=1' }]));
    if (path === '/api/Video/List') return json(named([{ id: 9, name: 'winter-teaser.webm', posterUrl: null }]));
    if (path === '/api/Campaign/List') return json(named([{ id: 12, name: 'Winter Warmers' }]));
    if (path === '/api/Folder/Tree') return json({ items: FOLDERS });
    if (path === '/api/Series/List') return json({ items: SERIES });
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

// Two notes from the libraries under the box, each printed once by whichever test comes first:
// rc-select reads element.ref of the Input it is given (React 19 warns), and antd notes that
// defaultOpen opens without focus (page-search.tsx focuses the box itself).
let restoreConsole: (() => void)[] = [];
beforeEach(() => {
  restoreConsole = [
    quietConsole('error', 'Accessing element.ref was removed in React 19'),
    quietConsole('warn', 'Note: `defaultOpen` makes Select open without focus'),
  ];
});
afterEach(() => restoreConsole.forEach((restore) => restore()));

describe('header search', () => {
  it("finds the account's images and videos by name and opens the one chosen in its library", async () => {
    const router = renderSearch(ADVERTISER_PAGES);
    const box = screen.getByRole('combobox', { name: 'Search pages, folders, images, series, and videos' });
    await userEvent.type(box, 'winter');

    expect(await screen.findByText('winter-blend-hero.png')).toBeTruthy();
    expect(screen.getByText('winter-teaser.webm')).toBeTruthy();
    expect(screen.getByText('Images')).toBeTruthy();
    expect(screen.getByText('Videos')).toBeTruthy();
    expect(screen.getByText('Folders')).toBeTruthy();
    expect(screen.getByText('Series')).toBeTruthy();
    // One call per kind for the settled query, not one per keystroke.
    await waitFor(() => expect(calls('/api/Image/List')).toHaveLength(1));
    expect(Object.fromEntries(calls('/api/Image/List')[0]!.searchParams)).toEqual({ search: 'winter', pageSize: '5' });
    expect(calls('/api/Video/List')).toHaveLength(1);

    await userEvent.click(screen.getByText('winter-teaser.webm'));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/videoLibrary?video=9'));
  });

  it('opens the best match with Enter: a page first, else the first image', async () => {
    const router = renderSearch(ADVERTISER_PAGES);
    const box = screen.getByRole('combobox');
    await userEvent.type(box, 'recycle{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/assetLibrary/recycleBin'));

    await userEvent.type(box, 'winter-blend');
    await screen.findByText('winter-blend-hero.png');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/assetLibrary/imageGallery?image=4'));
  });

  it("finds the account's folders and series by name and opens the library with the one chosen selected", async () => {
    const router = renderSearch(ADVERTISER_PAGES);
    const box = screen.getByRole('combobox', { name: 'Search pages, folders, images, series, and videos' });
    await userEvent.type(box, 'banners');

    // A folder shows where it is; names that start with the query come first.
    expect(await screen.findByText('Display banners')).toBeTruthy();
    expect(screen.getByText('Winter campaign')).toBeTruthy();
    expect(screen.getByText('Winter campaign / Display banners')).toBeTruthy();
    expect(screen.getByText('Spring banners')).toBeTruthy();
    expect(screen.queryByText('Brand')).toBeNull();
    await userEvent.click(screen.getByText('Spring banners'));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/assetLibrary/imageGallery?folder=8'));

    await userEvent.type(box, 'launch');
    expect(await screen.findByText('Winter launch')).toBeTruthy();
    expect(screen.getByText('2 videos')).toBeTruthy();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/videoLibrary?series=6'));
  });

  it('fetches the folder and series lists once per search and filters them as the query changes', async () => {
    renderSearch(ADVERTISER_PAGES);
    const box = screen.getByRole('combobox');
    await userEvent.type(box, 'wi');
    expect(await screen.findByText('Winter campaign')).toBeTruthy();
    await userEvent.type(box, 'nter l');
    expect(await screen.findByText('Winter launch')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Winter campaign')).toBeNull());
    expect(calls('/api/Folder/Tree')).toHaveLength(1);
    expect(calls('/api/Series/List')).toHaveLength(1);
    expect([...calls('/api/Folder/Tree')[0]!.searchParams]).toEqual([]);

    // A new search asks again: folders may have been made or renamed meanwhile.
    await userEvent.keyboard('{Enter}');
    await userEvent.type(box, 'brand');
    expect(await screen.findByText('Brand stories')).toBeTruthy();
    await waitFor(() => expect(calls('/api/Folder/Tree')).toHaveLength(2));
  });

  it('asks only for the kinds whose library is in the menu', async () => {
    renderSearch([menu(208, 'videoLibrary', 'Video Library')]);
    const box = screen.getByRole('combobox', { name: 'Search pages, series, and videos' });
    await userEvent.type(box, 'winter');
    expect(await screen.findByText('winter-teaser.webm')).toBeTruthy();
    expect(screen.getByText('Winter launch')).toBeTruthy();
    expect(calls('/api/Image/List')).toHaveLength(0);
    expect(calls('/api/Folder/Tree')).toHaveLength(0);
  });

  it("finds campaigns for staff and opens them on their review page (staff have no campaign list)", async () => {
    const router = renderSearch([menu(308, 'advertiserCampaign', 'Advertiser Campaigns')]);
    const box = screen.getByRole('combobox', { name: 'Search pages and campaigns' });
    await userEvent.type(box, 'Winter');
    await userEvent.click(await screen.findByText('Winter Warmers'));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/advertiserCampaign?campaign=12'));
    expect(calls('/api/Image/List')).toHaveLength(0);
  });

  it('searches pages only for a menu without libraries, and says when nothing matches', async () => {
    renderSearch([menu(305, 'dataInsights', 'Platform')]);
    const box = screen.getByRole('combobox', { name: 'Search pages' });
    await userEvent.type(box, 'zzz');
    expect(await screen.findByText('No matches')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("the header's plain box (the full search loads when it is first used)", () => {
  const at = (router: ReturnType<typeof renderSearch>) => `${router.state.location.pathname}${router.state.location.search}`;
  // A fresh module each time: lazy() keeps the full search once it has loaded.
  const freshHeaderSearch = async () => {
    vi.resetModules();
    // The fresh modules' translator holds no texts until the console's are loaded into it again.
    await (await import('../../shared/i18n/i18n')).initI18n('en-US');
    // The router is one of the app's modules too: the fresh search reads the fresh router's contexts.
    freshRouter = await import('../../shared/router/router');
    return (await import('./header-search')).HeaderSearch;
  };
  let freshRouter = routerModule;

  it('keeps what was typed while the search loaded, then shows its matches in it', async () => {
    const HeaderSearch = await freshHeaderSearch();
    renderSearch(ADVERTISER_PAGES, <HeaderSearch pages={ADVERTISER_PAGES} />, freshRouter);
    const box = screen.getByRole('combobox', { name: 'Search pages, folders, images, series, and videos' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    box.focus();
    fireEvent.change(box, { target: { value: 'winter' } });
    expect(await screen.findByText('winter-blend-hero.png')).toBeTruthy();
    const search = screen.getByRole('combobox', { name: 'Search pages, folders, images, series, and videos' });
    expect(search).not.toBe(box);
    expect((search as HTMLInputElement).value).toBe('winter');
    expect(document.activeElement).toBe(search);
  });

  it('opens the best match for an Enter pressed before the search had loaded', async () => {
    const HeaderSearch = await freshHeaderSearch();
    const router = renderSearch(ADVERTISER_PAGES, <HeaderSearch pages={ADVERTISER_PAGES} />, freshRouter);
    const box = screen.getByRole('combobox');
    box.focus();
    fireEvent.change(box, { target: { value: 'recycle' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(at(router)).toBe('/assetLibrary/recycleBin'));
  });
});
