import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Progress } from './progress';

describe('progress', () => {
  it('is a named progress bar with its value, filled to it, the percentage after it, without antd', () => {
    render(<Progress percent={42} size="small" aria-label="Uploading a.png" />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading a.png' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(bar.querySelector<HTMLElement>('.kit-progress-track')?.style.width).toBe('42%');
    expect(bar.textContent).toBe('42%');
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
  });

  it('starts at 0 until given a percentage', () => {
    render(<Progress size="small" aria-label="Uploading a.png" />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
  });
});
