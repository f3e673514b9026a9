import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton } from './skeleton';

describe('skeleton', () => {
  it('draws a title bar and three lines by default, with nothing to read', () => {
    const { container } = render(<Skeleton active />);
    expect(container.firstElementChild?.className).toBe('kit-skeleton is-active');
    expect(container.querySelectorAll('.kit-skeleton-title')).toHaveLength(1);
    expect(container.querySelectorAll('li')).toHaveLength(3);
    expect(container.textContent).toBe('');
    expect(container.querySelector('h1, h2, h3, h4, h5, h6')).toBeNull();
  });

  it('draws the rows asked for without a title', () => {
    const { container } = render(<Skeleton title={false} paragraph={{ rows: 6 }} />);
    expect(container.firstElementChild?.className).toBe('kit-skeleton');
    expect(container.querySelector('.kit-skeleton-title')).toBeNull();
    expect(container.querySelectorAll('li')).toHaveLength(6);
  });
});
