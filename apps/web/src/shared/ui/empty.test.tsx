import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Empty } from './empty';

describe('empty', () => {
  it('shows what is missing under antd’s default picture, named as antd names it', () => {
    const { container } = render(<Empty description="No images" />);
    screen.getByText('No images');
    expect(container.firstElementChild?.className).toBe('kit-empty');
    expect(container.querySelector('svg title')?.textContent).toBe('No data');
  });

  it('draws the simple picture smaller, with the page class', () => {
    const { container } = render(<Empty className="action-center-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing to do" />);
    expect(container.firstElementChild?.className).toBe('kit-empty is-simple action-center-empty');
    expect(container.querySelector('svg')?.getAttribute('width')).toBe('64');
  });
});
