import { useId, useMemo, useRef, type ReactNode } from 'react';
import { usePopup } from '../use-popup';
import './plain-controls.css';

// Controls of plain HTML drawn with antd's tokens, for what a page shows before antd has loaded
// (or never loads): a native select, a choice of several, a segmented radio group, a switch.

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

/**
 * A choice of several (antd's multiple select, without typing): a field that names what is chosen
 * and opens a group of checkboxes; Escape or a click away closes it. None chosen stands for any.
 */
export function PlainMultiSelect<V extends string>({
  value,
  options,
  onChange,
  label,
  placeholder,
  clearLabel,
  className,
}: {
  value: readonly V[];
  options: readonly Option<V>[];
  onChange: (values: V[]) => void;
  label: string;
  /** Shown when none is chosen ("Any status"). */
  placeholder: string;
  clearLabel: string;
  className?: string;
}) {
  const popupId = useId();
  const root = useRef<HTMLDivElement>(null);
  const { open, setOpen, button, onKeyDown } = usePopup(useMemo(() => [root], []));
  const chosen = options.filter((option) => value.includes(option.value));
  const summary = chosen.length ? chosen.map((option) => option.label).join(', ') : placeholder;
  // In the options' order, whatever order they were ticked in.
  const toggle = (choice: V, checked: boolean) => onChange(options.map((option) => option.value).filter((v) => (v === choice ? checked : value.includes(v))));
  return (
    <div ref={root} className={className ? `plain-multi ${className}` : 'plain-multi'} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={chosen.length ? 'plain-select plain-multi-button' : 'plain-select plain-multi-button is-empty'}
        aria-label={`${label}: ${summary}`}
        aria-expanded={open}
        aria-controls={popupId}
        onClick={() => setOpen((shown) => !shown)}
      >
        {summary}
      </button>
      {open && (
        <div id={popupId} className="plain-multi-popup" role="group" aria-label={label}>
          {options.map((option, index) => (
            <label key={option.value} className="plain-multi-option">
              <input
                type="checkbox"
                className="plain-checkbox"
                checked={value.includes(option.value)}
                // The first choice takes the focus as the group opens, as a menu's first item does.
                autoFocus={index === 0}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
              {option.label}
            </label>
          ))}
          {chosen.length > 0 && (
            <button type="button" className="plain-multi-clear" onClick={() => onChange([])}>
              {clearLabel}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
