import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from './alert';

describe('alert', () => {
  it('is an alert holding its icon, title, description and action', () => {
    render(<Alert type="error" showIcon title="Could not load" description="The server is down." action={<button type="button">Retry</button>} />);
    const alert = screen.getByRole('alert');
    expect(alert.className).toBe('kit-alert is-error has-description');
    expect(alert.textContent).toBe('Could not loadThe server is down.Retry');
    screen.getByRole('button', { name: 'Retry' });
    screen.getByRole('img', { name: 'close-circle' });
  });

  it('shows no icon unless asked', () => {
    render(<Alert type="info" title="Draft" />);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('hides itself and tells the page when its close button is pressed', async () => {
    const onClose = vi.fn();
    render(<Alert type="warning" showIcon title="Out of date" closable={{ onClose, 'aria-label': 'Close' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
