import type { MenuEntry } from '@ads/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../shared/router/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../shared/session';
import ShellLayout from './shell-layout';

// The frame alone: the bell and the menu delivery call the server, which these tests do not need.
vi.mock('../../features/notifications', () => ({ ActionCenterButton: () => null }));
vi.mock('./use-menu-delivery', () => ({ useMenuDelivery: () => {} }));

const entry = (id: number, parent: number | null, url: string, title: string, icon = ''): MenuEntry => ({ id, parent, url, title, icon, sorts: id });
const MENUS = [
  entry(9001, null, 'advertiserOverview', 'Overview', 'overview'),
  entry(9002, null, '', 'Campaign', 'campaign'),
  entry(9003, 9002, 'campaign/create', 'Create Campaign'),
  entry(9004, 9002, 'campaign/list', 'Campaign List'),
];

/** The window's width as the shell's media queries see it. */
const windowWidth = (width: number) =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: width <= Number(/max-width: ([\d.]+)px/.exec(query)?.[1] ?? Infinity),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );

const renderShell = () => {
  const router = createMemoryRouter([{ path: '/', element: <ShellLayout />, children: [{ path: '*', element: <h1>Page</h1> }] }], {
    initialEntries: ['/advertiserOverview'],
  });
  render(<RouterProvider router={router} />);
  return router;
};

const menuButton = () => screen.getByRole('button', { name: 'Open menu' });
const drawer = () => document.getElementById('side-menu')!;
const isOpen = () => drawer().classList.contains('is-open');

beforeEach(() => {
  setSession('tok-1', {
    roles: [{ name: 'Advertiser' }],
    menus: MENUS,
    powers: [],
    userBasicInfo: { email: 'advertiser@demo.test', name: 'A', accountId: 1, accountName: 'Contoso Coffee', accountKind: 'advertiser' },
  });
});
afterEach(() => vi.restoreAllMocks());

describe('the side menu on a phone (a drawer)', () => {
  beforeEach(() => windowWidth(390));

  it('opens over the page from the menu button with the focus inside, and Escape closes it, focus back on the button', async () => {
    renderShell();
    expect(isOpen()).toBe(false);
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(menuButton());
    expect(isOpen()).toBe(true);
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(drawer()).getByRole('button', { name: 'Close menu' }));
    // The whole menu, names and all; what is behind it takes no focus.
    expect(within(drawer()).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    expect(document.querySelector('.app-header')!.hasAttribute('inert')).toBe(true);
    expect(document.querySelector('.app-content')!.hasAttribute('inert')).toBe(true);

    await userEvent.keyboard('{Escape}');
    expect(isOpen()).toBe(false);
    expect(document.querySelector('.app-content')!.hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(menuButton());
  });

  it('closes on a click on the scrim or on its close button', async () => {
    renderShell();
    await userEvent.click(menuButton());
    fireEvent.click(document.querySelector('.drawer-scrim')!);
    expect(isOpen()).toBe(false);
    expect(document.querySelector('.drawer-scrim')).toBeNull();
    expect(document.activeElement).toBe(menuButton());

    await userEvent.click(menuButton());
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(menuButton());
  });

  it('closes when a page is chosen in it, the current one too', async () => {
    const router = renderShell();
    await userEvent.click(menuButton());
    // Groups open inside the drawer and leave it open.
    await userEvent.click(within(drawer()).getByRole('button', { name: 'Campaign' }));
    expect(isOpen()).toBe(true);
    await userEvent.click(within(drawer()).getByRole('link', { name: 'Campaign List' }));
    expect(router.state.location.pathname).toBe('/campaign/list');
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(menuButton());

    await userEvent.click(menuButton());
    await userEvent.click(within(drawer()).getByRole('link', { name: 'Campaign List' }));
    expect(isOpen()).toBe(false);
  });
});

describe('the side menu on a wide window', () => {
  beforeEach(() => windowWidth(1440));

  it('stays beside the page and collapses with the toggle, with no drawer', async () => {
    renderShell();
    expect(drawer().className).toBe('app-sider');
    expect(screen.queryByRole('button', { name: 'Close menu' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Collapse menu' }));
    expect(drawer().className).toBe('app-sider is-collapsed');
    expect(document.querySelector('.drawer-scrim')).toBeNull();
    expect(screen.getByRole('button', { name: 'Expand menu' })).toBeTruthy();
  });
});

describe('the header', () => {
  it('links to the profile beside the email, and the email still signs out', async () => {
    windowWidth(1440);
    const router = renderShell();
    const profile = screen.getByRole('link', { name: 'Profile' });
    expect(profile.getAttribute('title')).toBe('Profile');
    expect(screen.queryByRole('link', { name: 'Change password' })).toBeNull();
    expect(screen.getByRole('button', { name: /advertiser@demo\.test/ }).getAttribute('title')).toBe('Click to sign out');
    await userEvent.click(profile);
    expect(router.state.location.pathname).toBe('/profile');
  });
});
