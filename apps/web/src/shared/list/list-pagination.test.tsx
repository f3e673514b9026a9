import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListPagination, pagerItems } from './list-pagination';

const renderPager = (props: { total?: number; page?: number; pageSize?: number }) => {
  const onChange = vi.fn();
  render(
    <ListPagination
      total={props.total ?? 80}
      page={props.page ?? 1}
      pageSize={props.pageSize ?? 24}
      pageSizes={[24, 48, 96]}
      rangeText={({ from, to, total }) => `${from}–${to} of ${total}`}
      onChange={onChange}
    />,
  );
  return { onChange, nav: screen.getByRole('navigation', { name: 'Pagination' }) };
};

describe('ListPagination', () => {
  it('lays the pages out as antd does: all up to 7, else the ends, two beside the current one and jumps', () => {
    const items = (current: number, pages: number) => pagerItems(current, pages).map(({ item }) => item);
    expect(items(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(items(1, 20)).toEqual([1, 2, 3, 4, 5, 'jump-next', 20]);
    expect(items(10, 20)).toEqual([1, 'jump-prev', 9, 10, 11, 'jump-next', 20]);
    expect(items(20, 20)).toEqual([1, 'jump-prev', 16, 17, 18, 19, 20]);
  });

  it('shows the range, marks the current page and goes to the one pressed, previous or next', async () => {
    const { onChange, nav } = renderPager({ page: 2 });
    expect(within(nav).getByText('25–48 of 80')).toBeTruthy();
    expect(within(nav).getByRole('button', { name: '2' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: '1' }).getAttribute('aria-current')).toBeNull();
    await userEvent.click(within(nav).getByRole('button', { name: '4' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 4, pageSize: 24 });
    await userEvent.click(screen.getByTitle('Next Page'));
    expect(onChange).toHaveBeenLastCalledWith({ page: 3, pageSize: 24 });
    await userEvent.click(screen.getByTitle('Previous Page'));
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 24 });
  });

  it('turns Previous off on the first page and Next on the last', () => {
    renderPager({ page: 4 });
    expect(screen.getByRole('button', { name: 'Next Page' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Previous Page' })).toHaveProperty('disabled', false);
  });

  it('jumps five pages from an ellipsis', async () => {
    const { onChange } = renderPager({ total: 1000, pageSize: 24, page: 10 });
    await userEvent.click(screen.getByRole('button', { name: 'Next 5 Pages' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 15, pageSize: 24 });
    await userEvent.click(screen.getByRole('button', { name: 'Previous 5 Pages' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 5, pageSize: 24 });
  });

  it('changes the page size from a native select worded as antd’s', async () => {
    const { onChange } = renderPager({ page: 3 });
    const size = screen.getByRole('combobox', { name: 'Page Size' });
    expect(within(size).getAllByRole('option').map((option) => option.textContent)).toEqual(['24 / page', '48 / page', '96 / page']);
    await userEvent.selectOptions(size, '48 / page');
    expect(onChange).toHaveBeenLastCalledWith({ page: 2, pageSize: 48 });
  });

  it('shows nothing while the list is empty or loading', () => {
    const { container } = render(<ListPagination total={0} page={1} pageSize={24} pageSizes={[24]} rangeText={() => ''} onChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });
});
