import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import './steps-bar.css';

export type StepStatus = 'wait' | 'process' | 'finish' | 'error';

export interface StepsBarItem {
  title: ReactNode;
  /** As antd's: by default the steps before the current one are finished, those after it wait. */
  status?: StepStatus;
}

const statusOf = (item: StepsBarItem, index: number, current: number): StepStatus =>
  item.status ?? (index < current ? 'finish' : index === current ? 'process' : 'wait');

/**
 * antd's Steps (small, horizontal, filled icons) as an ordered list (steps-bar.css): each step's
 * number, or a tick when finished and a cross in error, then its title; the current one is
 * aria-current="step". With `onChange`, each step is a button that opens it, and `onIntent` hears
 * when one is pointed at or focused (to fetch what it opens beforehand). When the bar is narrow
 * (a phone), only the current step's title shows; the others stay the buttons' names.
 * `statusLabels` adds a finished or failed step's state to its name (a screen reader's only cue).
 */
export function StepsBar({
  items,
  current,
  onChange,
  onIntent,
  label,
  statusLabels,
  className,
}: {
  items: readonly StepsBarItem[];
  current: number;
  onChange?: (index: number) => void;
  onIntent?: (index: number) => void;
  /** The list's name ("Steps"). */
  label?: string;
  statusLabels?: Partial<Record<StepStatus, string>>;
  className?: string;
}) {
  return (
    <ol className={className ? `kit-steps ${className}` : 'kit-steps'} aria-label={label}>
      {items.map((item, index) => {
        const status = statusOf(item, index, current);
        const active = index === current;
        const next = items[index + 1];
        const stateLabel = statusLabels?.[status];
        const content = (
          <>
            <span className="kit-steps-icon" aria-hidden>
              {status === 'finish' ? <CheckOutlined /> : status === 'error' ? <CloseOutlined /> : index + 1}
            </span>
            <span className="kit-steps-title">
              {item.title}
              {stateLabel && <span className="visually-hidden">{` (${stateLabel})`}</span>}
            </span>
          </>
        );
        return (
          <li key={index} className={['kit-steps-item', `is-${status}`, active && 'is-active'].filter(Boolean).join(' ')} aria-current={!onChange && active ? 'step' : undefined}>
            {onChange ? (
              <button
                type="button"
                className="kit-steps-button"
                aria-current={active ? 'step' : undefined}
                onClick={() => onChange(index)}
                onPointerEnter={onIntent && (() => onIntent(index))}
                onFocus={onIntent && (() => onIntent(index))}
              >
                {content}
              </button>
            ) : (
              <span className="kit-steps-button">{content}</span>
            )}
            {next && <span className={`kit-steps-rail is-${statusOf(next, index + 1, current)}`} aria-hidden />}
          </li>
        );
      })}
    </ol>
  );
}
