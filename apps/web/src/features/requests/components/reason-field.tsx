import { STATUS_CHANGE_REASON_MAX } from '@ads/contracts';
import { Input } from '../../../shared/ui/input';

interface ReasonFieldProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's problem (the contract's, in the user's language), shown under it. */
  problem: string | null;
}

/** A reason or note: a text area as long as the contract allows, its problem under it. */
export function ReasonField({ id, label, placeholder, value, onChange, problem }: ReasonFieldProps) {
  return (
    <div className="request-reason-field">
      <label className="request-field-label" htmlFor={id}>
        {label}
      </label>
      <Input.TextArea
        id={id}
        value={value}
        placeholder={placeholder}
        maxLength={STATUS_CHANGE_REASON_MAX}
        showCount
        autoSize={{ minRows: 3, maxRows: 8 }}
        status={problem ? 'error' : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem && (
        <div id={`${id}-problem`} className="request-field-error" role="alert">
          {problem}
        </div>
      )}
    </div>
  );
}
