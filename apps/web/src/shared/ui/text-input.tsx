import type { ComponentPropsWithRef } from 'react';
import { useField } from './field-context';
import './text-input.css';

export interface TextInputProps extends Omit<ComponentPropsWithRef<'input'>, 'size' | 'type'> {
  /** A single-line kind of text: a plain text (default), an address, a date … */
  type?: 'text' | 'url' | 'email' | 'search' | 'tel' | 'date';
  /** antd's status: a red border. Inside a FormField showing an error it is that field's. */
  status?: 'error';
}

/**
 * antd's Input as a native <input> (text-input.css): what it is given goes to the input (id,
 * value, maxLength, placeholder, onChange, aria-* …). Inside a FormField (form-field.tsx) it is
 * marked invalid while the field shows an error, and described by the field's help or error.
 */
export function TextInput({ type = 'text', status, className, 'aria-invalid': ariaInvalid, 'aria-describedby': ariaDescribedBy, ...rest }: TextInputProps) {
  const field = useField();
  const error = (status ?? field?.status) === 'error';
  const describedBy = [ariaDescribedBy, field?.describedBy].filter(Boolean).join(' ') || undefined;
  const classes = ['kit-input', error && 'is-error', className].filter(Boolean).join(' ');
  return <input {...rest} type={type} className={classes} aria-invalid={ariaInvalid ?? (error || undefined)} aria-describedby={describedBy} />;
}
