import { EyeOutlined } from '@ant-design/icons';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RowActionsMenu } from './row-actions-menu';

const renderMenu = () => {
  const open = vi.fn();
  const remove = vi.fn();
  render(
    <RowActionsMenu
      label="More actions for hero.png"
      actions={[{ key: 'open', icon: <EyeOutlined />, label: 'Open', run: open }]}
      download={{ url: '/files/hero.png', name: 'hero.png', label: 'Download' }}
      remove={{ label: 'Delete', run: remove }}
    />,
  );
  return { open, remove, button: () => screen.getByRole('button', { name: 'More actions for hero.png' }) };
};

describe('RowActionsMenu', () => {
  it('is a plain button until pressed; then antd’s menu opens at once, the focus kept on its button', async () => {
    const { open, button } = renderMenu();
    expect(document.querySelector('.ant-dropdown')).toBeNull();
    await userEvent.click(button());
    expect(await screen.findByRole('menuitem', { name: /Open/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe('/files/hero.png');
    await waitFor(() => expect(document.activeElement).toBe(button()));
    expect(button().getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(screen.getByRole('menuitem', { name: /Open/ }));
    expect(open).toHaveBeenCalledOnce();
    await waitFor(() => expect(button().getAttribute('aria-expanded')).toBe('false'));
  });

  it('opens from the keyboard, closes with Escape and opens again', async () => {
    const { remove, button } = renderMenu();
    button().focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: /Delete/ })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(button()));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(button().getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(button());
    await userEvent.keyboard(' ');
    await waitFor(() => expect(button().getAttribute('aria-expanded')).toBe('true'));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    expect(remove).toHaveBeenCalledOnce();
  });
});
