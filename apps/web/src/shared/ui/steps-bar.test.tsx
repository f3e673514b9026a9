import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StepsBar, type StepsBarItem } from './steps-bar';

const ITEMS: StepsBarItem[] = [{ title: 'Basics' }, { title: 'Budget', status: 'error' }, { title: 'Targeting' }, { title: 'Review' }];

describe('StepsBar', () => {
  it('is an ordered list of the steps, the current one marked as the step', () => {
    render(<StepsBar items={ITEMS} current={2} label="Steps" statusLabels={{ finish: 'done', error: 'has problems' }} onChange={() => {}} />);
    const list = screen.getByRole('list', { name: 'Steps' });
    expect(list.tagName).toBe('OL');
    const steps = within(list).getAllByRole('button');
    expect(steps.map((step) => step.getAttribute('aria-current'))).toEqual([null, null, 'step', null]);
    // A step's state is in its name; its icon (a tick, a cross or a number) is not.
    expect(steps.map((step) => step.textContent)).toEqual(['Basics (done)', 'Budget (has problems)', '3Targeting', '4Review']);
    expect(screen.getByRole('button', { name: 'Basics (done)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Targeting' })).toBeTruthy();
    expect(within(list).getAllByRole('listitem').map((item) => item.className)).toEqual([
      'kit-steps-item is-finish',
      'kit-steps-item is-error',
      'kit-steps-item is-process is-active',
      'kit-steps-item is-wait',
    ]);
  });

  it('opens a step by click or keyboard, and tells when one is pointed at or focused', async () => {
    const onChange = vi.fn();
    const onIntent = vi.fn();
    render(<StepsBar items={ITEMS} current={0} onChange={onChange} onIntent={onIntent} />);
    await userEvent.hover(screen.getByRole('button', { name: 'Targeting' }));
    expect(onIntent).toHaveBeenLastCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: 'Targeting' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    await userEvent.tab();
    expect(onIntent).toHaveBeenLastCalledWith(3);
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(3);
  });

  it('without onChange, shows the steps without buttons', () => {
    render(<StepsBar items={ITEMS} current={1} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('listitem')[1]!.getAttribute('aria-current')).toBe('step');
  });
});
