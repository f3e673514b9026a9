import { createContext, useContext } from 'react';

// What a FormField (form-field.tsx) tells the controls inside it, as antd's Form.Item does its
// own: whether the field shows an error, which element names it and which describes it. Light on
// purpose (no antd): the plain controls read it, and so do the kit's antd controls (antd-scope.tsx),
// which then draw the error as they do inside antd's Form.Item.

export interface FieldState {
  /** 'error' while the field shows an error. */
  status?: 'error';
  /** The id of the field's label (a radio group takes its name from it). */
  labelId?: string;
  /** The id of the help or error under the control, while one shows. */
  describedBy?: string;
}

export const FieldContext = createContext<FieldState | null>(null);

/** The enclosing FormField's state; null outside one (or inside a dialog opened from one). */
export const useField = (): FieldState | null => useContext(FieldContext);
