import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KeyboardScroll } from './keyboard-scroll';

describe('KeyboardScroll', () => {
  it("puts a table's scroll containers in the tab order, and leaves other elements alone", () => {
    const { container } = render(
      <KeyboardScroll>
        <div className="ant-table-content" data-testid="content" />
        <div className="ant-table-body" />
        <div className="other" />
      </KeyboardScroll>,
    );
    expect(container.querySelector<HTMLElement>('.ant-table-content')!.tabIndex).toBe(0);
    expect(container.querySelector<HTMLElement>('.ant-table-body')!.tabIndex).toBe(0);
    expect(container.querySelector<HTMLElement>('.other')!.tabIndex).toBe(-1);
  });
});
