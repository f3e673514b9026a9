import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormField } from './form-field';
import { InputNumber } from './input-number';
import { RadioGroup } from './radio-group';
import { TextInput } from './text-input';

describe('FormField', () => {
  it('names its control by the label, and the help describes it', () => {
    render(
      <FormField label="Campaign name" htmlFor="name" help="Up to 100 characters.">
        <TextInput id="name" />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Campaign name' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('Up to 100 characters.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows an error in place of the help, announced, and the control is invalid and described by it', () => {
    const { container } = render(
      <FormField label="Campaign name" htmlFor="name" help="Up to 100 characters." error="Please name the campaign.">
        <TextInput id="name" />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Campaign name' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Please name the campaign.');
    expect(alert.className).toBe('kit-field-error');
    expect(screen.queryByText('Up to 100 characters.')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.className).toBe('kit-input is-error');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.contains(alert)).toBe(true);
    expect(container.firstElementChild!.className).toBe('kit-field has-message is-error');
  });

  it('keeps a control’s own description beside the field’s', () => {
    render(
      <FormField label="Landing page" htmlFor="url" error="Must be https.">
        <TextInput id="url" aria-describedby="url-hint" />
        <span id="url-hint">An address of your site.</span>
      </FormField>,
    );
    const ids = screen.getByRole('textbox', { name: 'Landing page' }).getAttribute('aria-describedby')!.split(' ');
    expect(ids[0]).toBe('url-hint');
    expect(document.getElementById(ids[1]!)?.textContent).toBe('Must be https.');
  });

  it('names a radio group by its label (a group is not labelled by `for`)', () => {
    render(
      <FormField label="Objective" htmlFor="objective" error="Please choose an objective.">
        <RadioGroup id="objective" value={null} onChange={() => {}} options={[{ value: 'traffic', label: 'Traffic' }]} />
      </FormField>,
    );
    const group = screen.getByRole('radiogroup', { name: 'Objective' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
  });

  it("gives the kit's antd controls inside it the error status, as antd's Form.Item does", async () => {
    render(
      <FormField label="Daily budget" htmlFor="daily" error="Too low.">
        <InputNumber id="daily" />
      </FormField>,
    );
    const input = await screen.findByRole('spinbutton', { name: 'Daily budget' });
    expect(input.closest('.ant-input-number')?.className).toContain('ant-input-number-status-error');
  });

  it('without a label or a message, is the control alone', () => {
    const { container } = render(
      <FormField>
        <TextInput aria-label="Hours" />
      </FormField>,
    );
    expect(container.querySelector('label')).toBeNull();
    expect(container.querySelector('.kit-field-message')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Hours' }).getAttribute('aria-describedby')).toBeNull();
  });
});
