import type { MenuEntry, UserInfo } from '@ads/contracts';
import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../shared/router/router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../shared/i18n/i18n';
import { setSession } from '../../shared/session';
import { RouteGate } from './route-gate';

const menu = (id: number, parent: number | null, url: string, title: string): MenuEntry => ({ id, parent, url, title, icon: 'assetLibrary', sorts: id });
const advertiser: UserInfo = {
  roles: [{ name: 'Advertiser' }],
  menus: [
    menu(101, null, 'advertiserOverview', 'Overview'),
    menu(106, null, '', 'Asset Library'),
    menu(107, 106, 'assetLibrary/imageGallery', 'Image Gallery'),
    menu(109, null, 'videoLibrary', 'Video Library'),
    // An id the web has no text for: the server's title is the name.
    menu(999, null, 'campaign/list', 'Campaigns From The Server'),
  ],
  powers: [{ code: 'overview.advertiser' }],
  userBasicInfo: { email: 'advertiser@demo.test', name: 'A', accountId: 1, accountName: 'Contoso Coffee', accountKind: 'advertiser' },
};

const renderAt = (path: string) => {
  const router = createMemoryRouter([{ path: '/', element: <RouteGate />, children: [{ path: '*', element: <p>page</p> }] }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
};

beforeEach(() => {
  document.title = 'Ads Console';
});
afterEach(async () => {
  await act(() => setLanguage('en-US'));
});

describe('the browser tab title', () => {
  it("names the page by its menu entry in the user's language: 'Page · Ads Console'", async () => {
    setSession('tok-1', advertiser);
    const router = renderAt('/assetLibrary/imageGallery');
    await waitFor(() => expect(document.title).toBe('Image Gallery · Ads Console'));

    await act(() => router.navigate('/videoLibrary?series=3'));
    await waitFor(() => expect(document.title).toBe('Video Library · Ads Console'));
    await act(() => router.navigate('/advertiserOverview'));
    await waitFor(() => expect(document.title).toBe('Overview · Ads Console'));
    await act(() => router.navigate('/campaign/list'));
    await waitFor(() => expect(document.title).toBe('Campaigns From The Server · Ads Console'));

    // Switching the language renames the tab of the page on show.
    await act(() => router.navigate('/videoLibrary'));
    await act(() => setLanguage('zh-CN'));
    await waitFor(() => expect(document.title).toBe('视频库 · Ads Console'));
    await act(() => router.navigate('/404'));
    await waitFor(() => expect(document.title).toBe('页面不存在 · Ads Console'));
  });

  it('gives the login, 404 and 401 pages their own titles', async () => {
    const login = renderAt('/user/login');
    await waitFor(() => expect(document.title).toBe('Sign in · Ads Console'));
    login.dispose();

    setSession('tok-1', advertiser);
    const router = renderAt('/404');
    await waitFor(() => expect(document.title).toBe('Page not found · Ads Console'));
    await act(() => router.navigate('/401'));
    await waitFor(() => expect(document.title).toBe('Not authorized · Ads Console'));
    // A page outside the menu is redirected to the 401 page: its own name never shows.
    await act(() => router.navigate('/accountManagement/advertiser'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/401'));
    expect(document.title).toBe('Not authorized · Ads Console');
  });

  it('names the profile page (no menu entry) by its own title', async () => {
    setSession('tok-1', advertiser);
    renderAt('/profile');
    await waitFor(() => expect(document.title).toBe('Profile · Ads Console'));
    await act(() => setLanguage('zh-CN'));
    await waitFor(() => expect(document.title).toBe('个人资料 · Ads Console'));
  });
});
