import { useId, useMemo, type ReactNode } from 'react';
import { FieldContext, type FieldState } from './field-context';
import './form-field.css';

/**
 * antd's Form.Item in its vertical layout, as plain HTML: the label (bound to the control by
 * `htmlFor`), the control, then the help or, in its place, the error in the theme's error red.
 * The controls inside learn the field's state (field-context.ts): an error gives them antd's red
 * border and marks them invalid, described by the message. The error is an alert, so that a screen
 * reader says it when it appears. Without a label (`label` null), the field is the control and its message.
 */
export function FormField({
  label,
  htmlFor,
  help,
  error,
  className,
  children,
}: {
  label?: ReactNode;
  /** The id of the control the label names. */
  htmlFor?: string;
  /** Shown under the control while there is no error. */
  help?: ReactNode;
  /** Shown under the control instead of the help; the field is then in error. */
  error?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const labelId = useId();
  const messageId = useId();
  const hasError = error !== undefined && error !== null && error !== false;
  const message = hasError ? error : help;
  const hasMessage = message !== undefined && message !== null && message !== false;
  const hasLabel = label !== undefined && label !== null && label !== false;
  const state = useMemo<FieldState>(
    () => ({ status: hasError ? 'error' : undefined, labelId: hasLabel ? labelId : undefined, describedBy: hasMessage ? messageId : undefined }),
    [hasError, hasLabel, hasMessage, labelId, messageId],
  );
  const classes = ['kit-field', hasMessage && 'has-message', hasError && 'is-error', className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      {hasLabel && (
        <div className="kit-field-label">
          <label htmlFor={htmlFor} id={labelId}>
            {label}
          </label>
        </div>
      )}
      <div className="kit-field-control">
        <div className="kit-field-content">
          <FieldContext value={state}>{children}</FieldContext>
        </div>
      </div>
      {hasMessage && (
        <div className="kit-field-message" id={messageId}>
          {hasError ? (
            <div className="kit-field-error" role="alert">
              {error}
            </div>
          ) : (
            <div className="kit-field-help">{help}</div>
          )}
        </div>
      )}
    </div>
  );
}
