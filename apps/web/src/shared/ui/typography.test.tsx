import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Typography } from './typography';

describe('typography', () => {
  it('shows code with a copy button that copies the full text and says so', async () => {
    const user = userEvent.setup();
    render(
      <Typography.Text code copyable={{ text: 'abcdef0123456789', tooltips: ['Copy', 'Copied'] }} title="abcdef0123456789">
        abcdef
      </Typography.Text>,
    );
    expect(screen.getByText('abcdef').tagName).toBe('CODE');
    expect(screen.getByTitle('abcdef0123456789').className).toBe('kit-typography');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('abcdef0123456789');
    const copied = await screen.findByRole('button', { name: 'Copied' });
    expect(copied.className).toBe('kit-typography-copy is-copied');
  });
});
