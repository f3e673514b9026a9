import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spin } from './spin';

describe('spin', () => {
  it('is busy and polite, named when a name is given, with nothing to read, without antd', () => {
    const { container } = render(<Spin size="small" aria-label="Loading values" />);
    const spin = container.firstElementChild as HTMLElement;
    expect(spin.className).toBe('kit-spin is-small');
    expect(spin.getAttribute('aria-busy')).toBe('true');
    expect(spin.getAttribute('aria-live')).toBe('polite');
    expect(spin.getAttribute('aria-label')).toBe('Loading values');
    expect(spin.querySelectorAll('i')).toHaveLength(4);
    expect(spin.textContent).toBe('');
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
  });
});
