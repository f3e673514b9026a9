import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Statistic } from './statistic';

describe('statistic', () => {
  it('shows its title over the formatted value, without antd', () => {
    const { container } = render(<Statistic title="Live placements" value={1234} formatter={(value) => `${value / 1000}k`} />);
    screen.getByText('Live placements', { selector: '.kit-statistic-title' });
    expect(container.querySelector('.kit-statistic-content')?.textContent).toBe('1.234k');
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
  });
});
