import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Tag } from './tag';

describe('tag', () => {
  it('shows its text in a span with its colour and the page class, without antd', () => {
    render(
      <Tag color="success" className="review-tag">
        Live
      </Tag>,
    );
    const tag = screen.getByText('Live');
    expect(tag.tagName).toBe('SPAN');
    expect(tag.className).toBe('kit-tag is-success review-tag');
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
  });

  it('draws the default colour without a colour class', () => {
    render(<Tag color="default">Draft</Tag>);
    expect(screen.getByText('Draft').className).toBe('kit-tag');
  });
});
