import type { MenuEntry } from '@ads/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../shared/router/router';
import { describe, expect, it } from 'vitest';
import { buildMenuTree } from './build-menu-tree';
import { SideMenu } from './side-menu';

const entry = (id: number, parent: number | null, url: string, title: string, icon = ''): MenuEntry => ({ id, parent, url, title, icon, sorts: id });
// Titles of ids without a translation fall back to the server's (use-menu-title.ts).
const MENUS = [
  entry(9001, null, 'advertiserOverview', 'Overview', 'overview'),
  entry(9002, null, '', 'Campaign', 'campaign'),
  entry(9003, 9002, 'campaign/create', 'Create Campaign'),
  entry(9004, 9002, 'campaign/list', 'Campaign List'),
];

const renderMenu = (collapsed: boolean, path = '/campaign/list') => {
  const router = createMemoryRouter([{ path: '*', element: <SideMenu tree={buildMenuTree(MENUS)} collapsed={collapsed} /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
};
const nav = () => screen.getByRole('navigation');

describe('the side menu', () => {
  it('links every page, marks the current one, and opens the groups on the way to it', async () => {
    const router = renderMenu(false);
    const group = screen.getByRole('button', { name: 'Campaign' });
    expect(group.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Campaign List' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Create Campaign' }).getAttribute('aria-current')).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Overview' }));
    expect(router.state.location.pathname).toBe('/advertiserOverview');
    // A group the user opened stays open; a click closes it.
    expect(group.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Campaign List' })).toBeNull();
  });

  it('collapsed, opens a group beside it from the keyboard, and Escape or Tab closes it', async () => {
    const router = renderMenu(true, '/advertiserOverview');
    const group = screen.getByRole('button', { name: 'Campaign' });
    expect(screen.queryByRole('link', { name: 'Create Campaign' })).toBeNull();

    group.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(group.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Create Campaign' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Create Campaign' })).toBeNull();
    expect(document.activeElement).toBe(group);

    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('list', { name: 'Campaign' })).toBeTruthy();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.queryByRole('list', { name: 'Campaign' })).toBeNull();

    await userEvent.click(group);
    await userEvent.click(screen.getByRole('link', { name: 'Campaign List' }));
    expect(router.state.location.pathname).toBe('/campaign/list');
    expect(screen.queryByRole('list', { name: 'Campaign' })).toBeNull();
    expect(nav().contains(group)).toBe(true);
  });
});
