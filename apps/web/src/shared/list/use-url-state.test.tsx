import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../router/router';
import { describe, expect, it } from 'vitest';
import { defineUrlState, pageField, pageSizeField, searchField, useUrlState, type UpdateUrlState } from './url-state';

interface State {
  search: string;
  page: number;
  pageSize: number;
}
const spec = defineUrlState<State>({ fields: { search: searchField, page: pageField, pageSize: pageSizeField(20) } });

describe('useUrlState', () => {
  it('writes a change into the page’s query, and drops one that comes after the page was left', async () => {
    let update!: UpdateUrlState<State>;
    function ListPage() {
      const [state, set] = useUrlState(spec);
      update = set;
      return <p>Searching “{state.search}”</p>;
    }
    const router = createMemoryRouter(
      [
        { path: '/list', element: <ListPage /> },
        { path: '/edit', element: <p>Editing</p> },
      ],
      { initialEntries: ['/list'] },
    );
    render(<RouterProvider router={router} />);

    act(() => update({ search: 'coffee' }));
    expect(router.state.location.search).toBe('?q=coffee');
    expect(await screen.findByText('Searching “coffee”')).toBeTruthy();

    // A row's link is followed while a search typed just before still waits to be written.
    const late = update;
    await act(() => router.navigate('/edit?id=5'));
    act(() => late({ search: 'coffee beans' }));
    expect(router.state.location.pathname).toBe('/edit');
    expect(router.state.location.search).toBe('?id=5');
  });
});
