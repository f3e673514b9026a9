import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Result } from './result';

describe('result', () => {
  it('shows antd’s 404 picture, named, over the title, text and actions, without antd', () => {
    const { container } = render(<Result status="404" title={<h1>404</h1>} subTitle="Not here." extra={<button type="button">Back Home</button>} />);
    expect(container.firstElementChild?.className).toBe('kit-result is-404');
    expect(container.querySelector('.kit-result-image svg title')?.textContent).toBe('Page not found');
    screen.getByRole('heading', { level: 1, name: '404' });
    screen.getByText('Not here.');
    screen.getByRole('button', { name: 'Back Home' });
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
  });

  it('shows the warning icon rather than a picture, and leaves out what is not given', () => {
    const { container } = render(<Result status="warning" title="Could not load" />);
    expect(container.querySelector('.kit-result-image')).toBeNull();
    screen.getByRole('img', { name: 'warning' });
    expect(container.querySelector('.kit-result-subtitle, .kit-result-extra')).toBeNull();
  });
});
