import { ConfigProvider, theme as antdTheme } from 'antd';
// antd's own default; given explicitly, so that a change of language does not add a provider around
// the scope's content (antd wraps it in one only when a locale is set), which would remount it.
import enUS from 'antd/es/locale/en_US';
// What antd's Form.Item tells the controls inside it (their status); antd's own module, so that
// its controls read what is given here.
import { FormItemInputContext, type FormItemStatusContextProps } from 'antd/es/form/context';
import { createContext, useContext, useMemo, type ComponentType, type ReactNode } from 'react';
import { useLocaleState } from '../i18n/i18n';
import { useField } from './field-context';
import { theme } from './theme';
// antd's component styles, built once by antd (theme-independent: every colour, size and duration
// is a CSS variable); with zeroRuntime below, antd stops generating them while React renders.
import 'antd/dist/antd.css';

// The kit's controls built on antd (inputs.tsx, table.tsx, overlays.tsx …) each bring antd's
// configuration with them, so a page needs antd exactly when it shows one of them: nothing in the
// route table says so, and a page of plain HTML loads none of antd's code or its stylesheet.

// zeroRuntime: component styles come from antd.css above; the theme's values still reach the page,
// as CSS variables antd writes at run time (cheap: one rule per component, no style generation).
const rootTheme = { ...theme, zeroRuntime: true };
const stillTheme = { ...rootTheme, token: { ...rootTheme.token, motion: false } };
const InScope = createContext(false);

function Root({ children, motion }: { children: ReactNode; motion: boolean }) {
  const { antdLocale } = useLocaleState();
  return (
    <InScope value>
      <ConfigProvider locale={antdLocale ?? enUS} theme={motion ? rootTheme : stillTheme}>
        {children}
      </ConfigProvider>
    </InScope>
  );
}

/**
 * antd's configuration (theme, locale) around what it holds, once: inside another scope it adds
 * nothing, so a table's tags or a dialog's fields share their container's. `motion={false}` for tests.
 */
export function AntdScope({ children, motion = true }: { children: ReactNode; motion?: boolean }) {
  return useContext(InScope) ? children : <Root motion={motion}>{children}</Root>;
}
export default AntdScope;

/**
 * Inside the kit's plain FormField (form-field.tsx), what antd's Form.Item would tell the antd
 * controls it holds: its status (an error draws their red border) and that they sit in a form item
 * (a select takes the field's width). Outside one, antd's own context (a Form.Item's) stays.
 */
function InField({ children }: { children: ReactNode }) {
  const field = useField();
  const status = field ? (field.status ?? '') : undefined;
  const value = useMemo<FormItemStatusContextProps | null>(
    () => (status === undefined ? null : { status, isFormItemInput: true, hasFeedback: false, errors: [], warnings: [] }),
    [status],
  );
  return value ? <FormItemInputContext value={value}>{children}</FormItemInputContext> : children;
}

// What a component's statics may hold beside sub-components and hooks (React's own fields).
const REACT_FIELDS = new Set(['$$typeof', 'render', 'compare', 'type', 'displayName', 'defaultProps', 'propTypes', 'contextTypes']);

/**
 * An antd component in its scope, with its statics (Form.Item, Form.useForm, Input.TextArea …);
 * `parts` names the sub-components a page also shows on their own (Input.TextArea), scoped as well.
 * Inside a plain FormField, it takes that field's status (InField).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component; its own type is kept
export function scoped<C extends ComponentType<any>>(Component: C, ...parts: (keyof C & string)[]): C {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the props of C, passed on as they are
  const Scoped = (props: any) => (
    <AntdScope>
      <InField>
        <Component {...props} />
      </InField>
    </AntdScope>
  );
  for (const [key, value] of Object.entries(Component)) {
    if (!REACT_FIELDS.has(key)) (Scoped as unknown as Record<string, unknown>)[key] = parts.includes(key as keyof C & string) ? scoped(value as C) : value;
  }
  return Scoped as unknown as C;
}

/** antd's design tokens (colours, sizes) of the enclosing scope, for the rare style the kit's CSS has not. */
export const useThemeToken = () => antdTheme.useToken().token;
