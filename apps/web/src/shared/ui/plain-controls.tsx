import { useId } from 'react';
import './plain-controls.css';

// Controls of plain HTML drawn with antd's tokens, for what a page shows before antd has loaded
// (or never loads): a native select, a segmented radio group, a switch.

interface Option<V extends string> {
  value: V;
  label: string;
}

/** A native select; what the keyboard and a phone's picker do come with it. */
export function PlainSelect<V extends string>({
  value,
  options,
  onChange,
  label,
  className,
}: {
  value: V | undefined;
  options: readonly Option<V>[];
  onChange: (value: V) => void;
  label: string;
  className?: string;
}) {
  return (
    <select className={className ? `plain-select ${className}` : 'plain-select'} value={value} aria-label={label} onChange={(event) => onChange(event.target.value as V)}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** antd's Segmented as a radio group: arrows move the choice, as in any radio group. */
export function SegmentedRadio<V extends string>({ value, options, onChange, label }: { value: V; options: readonly Option<V>[]; onChange: (value: V) => void; label: string }) {
  const name = useId();
  return (
    <div className="plain-segmented" role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <label key={option.value} className={option.value === value ? 'is-selected' : undefined}>
          <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}

/** antd's Switch: a button with the switch role; its name comes from the label that points at `id`. */
export function PlainSwitch({ id, checked, onChange }: { id: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <button type="button" id={id} role="switch" aria-checked={checked} className="plain-switch" onClick={() => onChange(!checked)}>
      <span className="plain-switch-handle" />
    </button>
  );
}
