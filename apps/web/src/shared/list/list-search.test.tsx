import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListSearch } from './list-search';

describe('ListSearch', () => {
  it('searches on Enter, and its clear button (named, shown only with text) empties the box', async () => {
    const onSearch = vi.fn();
    render(<ListSearch value="" onSearch={onSearch} label="Search images by name" placeholder="Search" clearLabel="Clear search" />);
    const box = screen.getByRole('textbox', { name: 'Search images by name' });
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
    await userEvent.type(box, 'spring{Enter}');
    expect(onSearch).toHaveBeenCalledWith('spring');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveProperty('value', '');
    expect(document.activeElement).toBe(box);
  });
});
