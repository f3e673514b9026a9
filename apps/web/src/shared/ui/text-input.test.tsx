import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextInput } from './text-input';

function Name() {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="name">Name</label>
      <TextInput id="name" value={value} maxLength={6} placeholder="e.g. Spring" onChange={(event) => setValue(event.target.value)} />
      <output>{value}</output>
    </>
  );
}

describe('TextInput', () => {
  it('is a native text input taking what it is given: id, value, length, placeholder and changes', async () => {
    render(<Name />);
    const input = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.placeholder).toBe('e.g. Spring');
    await userEvent.type(input, 'Spring sale');
    expect(input.value).toBe('Spring');
    expect(screen.getByRole('status').textContent).toBe('Spring');
  });

  it('passes aria attributes and other types on, and draws the error status when told', () => {
    render(<TextInput type="url" aria-label="Landing page" inputMode="url" status="error" disabled />);
    const input = screen.getByRole('textbox', { name: 'Landing page' }) as HTMLInputElement;
    expect(input.type).toBe('url');
    expect(input.inputMode).toBe('url');
    expect(input.disabled).toBe(true);
    expect(input.className).toBe('kit-input is-error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
