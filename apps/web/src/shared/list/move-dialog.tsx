import { useState, type ReactNode } from 'react';
import { AppModal } from '../ui/dialogs';
import './list-kit.css';
import { Alert } from '../ui/alert';

interface MoveDialogProps<V> {
  title: string;
  okText: string;
  cancelText: string;
  /** The destination's label, and the id of its control. */
  label: string;
  controlId: string;
  /** The destination chosen at first (where it is now). */
  initial?: V;
  /** True when the destination chosen changes nothing (OK stays off). */
  unchanged: (target: V | undefined) => boolean;
  pending: boolean;
  /** Moves there; a failure is shown in the dialog. */
  move: (target: V) => Promise<void>;
  errorText: (cause: unknown) => string;
  onClose: () => void;
  /** The destination control. */
  children: (target: V | undefined, setTarget: (target: V) => void) => ReactNode;
  /** Under the control. */
  hint?: ReactNode;
}

/** Choosing where rows (or a folder) go: a destination, OK only when it changes something, errors in place. */
export function MoveDialog<V>({ title, okText, cancelText, label, controlId, initial, unchanged, pending, move, errorText, onClose, children, hint }: MoveDialogProps<V>) {
  const [target, setTarget] = useState<V | undefined>(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (target === undefined) return;
    setError(null);
    try {
      await move(target);
    } catch (cause) {
      setError(errorText(cause));
    }
  };
  return (
    <AppModal
      open
      title={title}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ disabled: unchanged(target) }}
      confirmLoading={pending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <label className="field-label" htmlFor={controlId}>
        {label}
      </label>
      {children(target, setTarget)}
      {hint}
      {error && <Alert className="dialog-alert" type="error" showIcon title={error} />}
    </AppModal>
  );
}
