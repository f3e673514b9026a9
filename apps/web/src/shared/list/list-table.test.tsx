import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ListTable, sortOrderFor, type ListColumn } from './list-table';

interface Row {
  id: number;
  name: string;
  spend: number;
}

const ROWS: Row[] = [
  { id: 1, name: 'Spring', spend: 120 },
  { id: 2, name: 'Winter', spend: 80 },
];

function Table({ sort, order, onSort, selectable = false }: { sort: 'name' | 'spend'; order: 'asc' | 'desc'; onSort: (sort: string, order: string) => void; selectable?: boolean }) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const sortOrderOf = sortOrderFor(sort, order);
  const columns: ListColumn<Row>[] = [
    { key: 'name', title: 'Name', dataIndex: 'name', sorter: true, sortOrder: sortOrderOf('name'), fixed: 'left' },
    { key: 'spend', title: 'Spend', align: 'right', sorter: true, sortOrder: sortOrderOf('spend'), render: (_, row) => `$${row.spend}` },
    { key: 'note', title: 'Note', render: (_, __, index) => `row ${index + 1}` },
  ];
  return (
    <ListTable<Row, 'name' | 'spend'>
      className="test-table"
      items={ROWS}
      columns={columns}
      loading={false}
      width={600}
      selection={selectable ? { selected, onChange: (ids) => setSelected(new Set(ids)), labelOf: (row) => `Select ${row.name}` } : null}
      onSort={onSort}
    />
  );
}

describe('ListTable', () => {
  it('draws each column from its field or its render, and says which column the list is sorted by', () => {
    render(<Table sort="spend" order="desc" onSort={vi.fn()} />);
    const [header, first] = screen.getAllByRole('row');
    expect(within(first!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Spring', '$120', 'row 1']);
    expect(within(header!).getByRole('columnheader', { name: 'Spend' }).getAttribute('aria-sort')).toBe('descending');
    expect(within(header!).getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBeNull();
    // A column that does not sort has no button.
    expect(within(within(header!).getByRole('columnheader', { name: 'Note' })).queryByRole('button')).toBeNull();
  });

  it('sorts as antd does: a new column ascending first, the sorted one the other way', async () => {
    const onSort = vi.fn();
    const { rerender } = render(<Table sort="spend" order="desc" onSort={onSort} />);
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenLastCalledWith('name', 'asc');
    rerender(<Table sort="name" order="asc" onSort={onSort} />);
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenLastCalledWith('name', 'desc');
    rerender(<Table sort="name" order="desc" onSort={onSort} />);
    screen.getByRole('button', { name: 'Name' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onSort).toHaveBeenLastCalledWith('name', 'asc');
  });

  it('selects rows one by one and the whole page from the header, which reads mixed in between', async () => {
    render(<Table sort="name" order="asc" onSort={vi.fn()} selectable />);
    const page = screen.getByRole('checkbox', { name: 'Select all on this page' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Winter' }));
    expect(page).toHaveProperty('indeterminate', true);
    expect(screen.getByRole('checkbox', { name: 'Select Winter' }).closest('tr')!.className).toContain('is-selected');
    await userEvent.click(page);
    expect(screen.getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual([true, true, true]);
    await userEvent.click(page);
    expect(screen.getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual([false, false, false]);
  });

  it('scrolls with the keyboard when wider than its card', () => {
    render(<Table sort="name" order="asc" onSort={vi.fn()} />);
    const scroller = document.querySelector<HTMLElement>('.test-table')!;
    expect(scroller.tabIndex).toBe(0);
    expect(scroller.querySelector('table')!.style.minWidth).toBe('600px');
  });
});
