import { useId, type ReactNode } from 'react';
import { useField } from './field-context';
import './radio-group.css';

export interface RadioOption<V extends string> {
  value: V;
  /** The option's name: a text, or a title with a hint under it (shown on a card). */
  label: ReactNode;
  disabled?: boolean;
  className?: string;
}

/**
 * antd's Radio.Group as native radio inputs sharing a name (radio-group.css): the arrow keys move
 * the choice, Tab enters and leaves the group, as the browser gives them. `variant="card"` draws each
 * option as a bordered card (a title and its hint). The group's name is the enclosing FormField's
 * label unless `aria-label` or `aria-labelledby` says; it is invalid while that field shows an error.
 * `id` can be focused (a problem's link lands on the group).
 */
export function RadioGroup<V extends string>({
  id,
  name,
  value,
  options,
  onChange,
  disabled = false,
  orientation = 'horizontal',
  variant = 'default',
  className,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
}: {
  id?: string;
  /** The inputs' name (one is made up otherwise). */
  name?: string;
  value: V | null | undefined;
  options: readonly RadioOption<V>[];
  onChange: (value: V) => void;
  disabled?: boolean;
  orientation?: 'horizontal' | 'vertical';
  variant?: 'default' | 'card';
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}) {
  const ownName = useId();
  const field = useField();
  const error = field?.status === 'error';
  const classes = ['kit-radio-group', orientation === 'vertical' && 'is-vertical', className].filter(Boolean).join(' ');
  return (
    <div
      role="radiogroup"
      id={id}
      tabIndex={id === undefined ? undefined : -1}
      className={classes}
      aria-label={ariaLabel}
      aria-labelledby={ariaLabel ? undefined : (ariaLabelledBy ?? field?.labelId)}
      aria-describedby={field?.describedBy}
      aria-invalid={error || undefined}
      aria-disabled={disabled || undefined}
    >
      {options.map((option) => {
        const checked = option.value === value;
        const off = disabled || option.disabled === true;
        const optionClasses = ['kit-radio', variant === 'card' && 'is-card', checked && 'is-checked', off && 'is-disabled', option.className].filter(Boolean).join(' ');
        return (
          <label key={option.value} className={optionClasses}>
            <span className="kit-radio-box">
              <input type="radio" className="kit-radio-input" name={name ?? ownName} value={option.value} checked={checked} disabled={off} onChange={() => onChange(option.value)} />
            </span>
            <span className="kit-radio-label">{option.label}</span>
          </label>
        );
      })}
    </div>
  );
}
