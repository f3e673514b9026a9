import { useId, type ReactNode } from 'react';
import './plain-controls.css';

// Controls of plain HTML drawn with antd's tokens, for what a page shows before antd has loaded
// (or never loads): a native select, a segmented radio group, a switch.

interface Option<V extends string> {
  value: V;
  label: string;
}

interface SegmentOption<V extends string> extends Option<V> {
  /** Shown before the label; with `iconOnly`, instead of it (the label stays the radio's name and its tooltip). */
  icon?: ReactNode;
  /** This option's own choice (the group's `iconOnly` otherwise). */
  iconOnly?: boolean;
  /** A tooltip longer than the label. */
  title?: string;
  /** After the label, part of the option's name: a queue's count (a Badge). */
  extra?: ReactNode;
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
export function SegmentedRadio<V extends string>({
  value,
  options,
  onChange,
  label,
  iconOnly = false,
  className,
}: {
  value: V;
  options: readonly SegmentOption<V>[];
  onChange: (value: V) => void;
  label: string;
  iconOnly?: boolean;
  className?: string;
}) {
  const name = useId();
  return (
    <div className={className ? `plain-segmented ${className}` : 'plain-segmented'} role="radiogroup" aria-label={label}>
      {options.map((option) => {
        const hidden = option.iconOnly ?? iconOnly;
        return (
          <label key={option.value} className={option.value === value ? 'is-selected' : undefined} title={option.title ?? (hidden ? option.label : undefined)}>
            <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
            {option.icon}
            <span className={hidden ? 'visually-hidden' : undefined}>{option.label}</span>
            {option.extra}
          </label>
        );
      })}
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

/**
 * The place an antd control takes while it loads after the first view (a multiple select, a date
 * range): an empty field of its size, so that nothing moves when it comes.
 */
export function ControlPlaceholder({ width, className }: { width: number | string; className?: string }) {
  return <span className={className ? `plain-control-placeholder ${className}` : 'plain-control-placeholder'} style={{ width }} aria-hidden />;
}
