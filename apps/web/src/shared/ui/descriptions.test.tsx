import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Descriptions } from './descriptions';

describe('descriptions', () => {
  it('draws bordered facts as a table, a header cell for the label and a cell for the value a row, without antd', () => {
    const { container } = render(
      <Descriptions
        className="facts"
        column={1}
        size="small"
        bordered
        items={[
          { key: 'name', label: 'Name', children: 'hero.png' },
          { key: 'size', label: 'Size', children: '12 KB' },
        ]}
      />,
    );
    expect(container.firstElementChild?.className).toBe('kit-descriptions is-small is-bordered facts');
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('columnheader').textContent).toBe('Name');
    expect(within(rows[0]!).getByRole('cell').textContent).toBe('hero.png');
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
  });

  it('reads Descriptions.Item children, lays them out in the columns asked for, the last row’s last spanning the rest', () => {
    render(
      <Descriptions size="small" column={2}>
        <Descriptions.Item label="Name">Spring</Descriptions.Item>
        <Descriptions.Item label="Objective">Awareness</Descriptions.Item>
        <Descriptions.Item label="Budget">100</Descriptions.Item>
      </Descriptions>,
    );
    const rows = screen.getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['NameSpringObjectiveAwareness', 'Budget100']);
    expect(within(rows[1]!).getByRole('cell').getAttribute('colspan')).toBe('2');
  });

  it('takes the count given for the widest breakpoint the window matches (happy-dom’s is 1024px wide: md)', () => {
    render(
      <Descriptions size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="A">1</Descriptions.Item>
        <Descriptions.Item label="B">2</Descriptions.Item>
        <Descriptions.Item label="C">3</Descriptions.Item>
      </Descriptions>,
    );
    expect(screen.getAllByRole('row').map((row) => row.children.length)).toEqual([2, 1]);
  });
});
