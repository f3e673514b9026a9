import { LoadingOutlined } from '@ant-design/icons';
import { Children, type ComponentPropsWithRef, type MouseEvent, type ReactNode } from 'react';
import './button.css';

// The console's one button: a native <button> drawn as antd 6's Button (button.css) with the
// theme's colours, so that a page needs no antd to show its buttons. The props are the subset of
// antd's the console uses, under antd's names.

export type ButtonType = 'default' | 'primary' | 'text' | 'link';

export interface ButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'type'> {
  /** antd's variants: bordered (default), filled (primary), borderless (text), a link. */
  type?: ButtonType;
  /** In the theme's error red. */
  danger?: boolean;
  /** A primary button outlined on the background (a control that is on, e.g. filters applied). */
  ghost?: boolean;
  size?: 'small' | 'middle';
  /** Before the label; alone, the button is square (give it a name: IconButton). */
  icon?: ReactNode;
  /** A spinner in place of the icon; presses do nothing meanwhile (the focus stays). */
  loading?: boolean;
  htmlType?: 'button' | 'submit' | 'reset';
  /** As wide as its container. */
  block?: boolean;
  /** A link drawn as a button (a file's download). */
  href?: string;
  download?: string;
}

const classesOf = ({ type = 'default', danger, ghost, size, block, loading, iconOnly, className }: Pick<ButtonProps, 'type' | 'danger' | 'ghost' | 'size' | 'block' | 'loading' | 'className'> & { iconOnly: boolean }) =>
  [
    'plain-button',
    type !== 'default' && `is-${type}`,
    danger && 'is-danger',
    ghost && 'is-ghost',
    size === 'small' && 'is-small',
    block && 'is-block',
    loading && 'is-loading',
    iconOnly && 'is-icon-only',
    className,
  ]
    .filter(Boolean)
    .join(' ');

// A text child in a span, as antd's (a caller's CSS can then clip a long label with an ellipsis).
const wrapText = (children: ReactNode) =>
  Children.map(children, (child) => (typeof child === 'string' || typeof child === 'number' ? <span>{child}</span> : child));

export function Button({ type, danger, ghost, size, icon, loading = false, htmlType = 'button', block, href, download, className, children, onClick, ...rest }: ButtonProps) {
  const iconOnly = icon != null && (children == null || children === false);
  const classes = classesOf({ type, danger, ghost, size, block, loading, iconOnly, className });
  const content = (
    <>
      {(loading || icon != null) && <span className="plain-button-icon">{loading ? <LoadingOutlined className="is-spinning" aria-hidden /> : icon}</span>}
      {wrapText(children)}
    </>
  );
  if (href !== undefined) {
    const { ref: _ref, ...anchor } = rest;
    return (
      <a {...(anchor as ComponentPropsWithRef<'a'>)} className={classes} href={href} download={download} aria-busy={loading || undefined}>
        {content}
      </a>
    );
  }
  return (
    <button
      {...rest}
      type={htmlType}
      className={classes}
      aria-busy={loading || rest['aria-busy'] || undefined}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        // As antd's: a loading button takes no second press (nor submits its form).
        if (loading) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {content}
    </button>
  );
}

export interface IconButtonProps extends Omit<ButtonProps, 'icon' | 'children' | 'aria-label'> {
  icon: ReactNode;
  /** The button's name (its aria-label): an icon alone names nothing. */
  label: string;
}

/** A button showing an icon only; its name is required. */
export function IconButton({ icon, label, ...props }: IconButtonProps) {
  return <Button {...props} icon={icon} aria-label={label} />;
}
