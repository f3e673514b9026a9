import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RadioGroup } from './radio-group';

type Objective = 'awareness' | 'traffic' | 'conversions';

function Objectives({ disabled = false }: { disabled?: boolean }) {
  const [value, setValue] = useState<Objective | null>(null);
  return (
    <>
      <RadioGroup<Objective>
        id="objective"
        aria-label="Objective"
        variant="card"
        disabled={disabled}
        value={value}
        onChange={setValue}
        options={[
          { value: 'awareness', label: 'Awareness' },
          { value: 'traffic', label: 'Traffic' },
          { value: 'conversions', label: 'Conversions' },
        ]}
      />
      <output>{value}</output>
    </>
  );
}

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('RadioGroup', () => {
  it('is a named group of native radios; a click chooses one', async () => {
    render(<Objectives />);
    const group = screen.getByRole('radiogroup', { name: 'Objective' });
    expect(group.id).toBe('objective');
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    await userEvent.click(screen.getByText('Traffic'));
    expect(radio('Traffic').checked).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('traffic');
    expect(radio('Traffic').closest('label')!.className).toBe('kit-radio is-card is-checked');
  });

  it('moves the choice with the arrow keys, as radios do', async () => {
    render(<Objectives />);
    await userEvent.click(radio('Awareness'));
    await userEvent.keyboard('{ArrowDown}');
    expect(radio('Traffic').checked).toBe(true);
    expect(document.activeElement).toBe(radio('Traffic'));
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('status').textContent).toBe('conversions');
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('status').textContent).toBe('traffic');
  });

  it('disabled, takes no choice', async () => {
    render(<Objectives disabled />);
    expect(screen.getAllByRole('radio').every((input) => (input as HTMLInputElement).disabled)).toBe(true);
    await userEvent.click(screen.getByText('Traffic'));
    expect(screen.getByRole('status').textContent).toBe('');
    expect(radio('Traffic').closest('label')!.className).toContain('is-disabled');
  });
});
