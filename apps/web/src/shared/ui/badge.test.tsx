import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge } from './badge';

describe('badge', () => {
  it('shows its count, zero too, titled with it, in its colour, without antd', () => {
    const { container } = render(<Badge count={0} />);
    const count = screen.getByTitle('0');
    expect(count.textContent).toBe('0');
    expect(count.style.background).toBe('#595959');
    expect(container.querySelector('.kit-badge')?.textContent).toBe('0');
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
  });

  it('widens for two digits', () => {
    render(<Badge count={12} />);
    expect(screen.getByTitle('12').className).toBe('kit-badge-count is-wide');
  });

  it('puts a dot on its children only while asked, moved by the offset', () => {
    const { container, rerender } = render(
      <Badge dot offset={[4, 0]} className="tab-label">
        Actions
      </Badge>,
    );
    const badge = container.firstElementChild as HTMLElement;
    expect(badge.className).toBe('kit-badge tab-label');
    expect(badge.textContent).toBe('Actions');
    const dot = badge.querySelector<HTMLElement>('.kit-badge-dot');
    expect(dot?.style.insetInlineEnd).toBe('-4px');
    rerender(
      <Badge dot={false} offset={[4, 0]}>
        Actions
      </Badge>,
    );
    expect(badge.querySelector('.kit-badge-dot')).toBeNull();
  });
});
