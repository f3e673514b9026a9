import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PlainMultiSelect } from './plain-controls';

const OPTIONS = [
  { value: 'draft', label: 'Draft' },
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
] as const;
type Status = (typeof OPTIONS)[number]['value'];

function Statuses({ initial = [] }: { initial?: Status[] }) {
  const [value, setValue] = useState<Status[]>(initial);
  return (
    <>
      <PlainMultiSelect<Status> value={value} options={OPTIONS} onChange={setValue} label="Status" placeholder="Any status" clearLabel="Clear" />
      <output>{value.join(',')}</output>
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('PlainMultiSelect', () => {
  it('names what is chosen, in the options’ order, and chooses several from its checkboxes', async () => {
    render(<Statuses />);
    const field = screen.getByRole('button', { name: 'Status: Any status' });
    await userEvent.click(field);
    expect(field.getAttribute('aria-expanded')).toBe('true');
    // The first choice has the focus as the group opens.
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Draft' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Paused' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Active' }));
    expect(screen.getByRole('status').textContent).toBe('active,paused');
    expect(screen.getByRole('button', { name: 'Status: Active, Paused' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('closes with Escape (the focus back on the field) and with a click away', async () => {
    render(<Statuses initial={['draft']} />);
    const field = screen.getByRole('button', { name: 'Status: Draft' });
    await userEvent.click(field);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Status' })).toBeNull();
    expect(document.activeElement).toBe(field);
    await userEvent.click(field);
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('group', { name: 'Status' })).toBeNull();
  });
});
