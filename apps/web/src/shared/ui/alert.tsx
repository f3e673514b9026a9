import { CheckCircleFilled, CloseCircleFilled, CloseOutlined, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { useState, type AriaRole, type ReactNode } from 'react';
import './alert.css';

const ICONS = {
  success: CheckCircleFilled,
  info: InfoCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
};

/**
 * antd's Alert as a plain <div role="alert">: an icon in the type's colour, the title, an optional
 * description under it and an action at the end. Under antd's names, the props the console uses.
 */
export function Alert({
  type,
  showIcon = false,
  title,
  description,
  action,
  closable,
  role = 'alert',
  className,
}: {
  type: keyof typeof ICONS;
  showIcon?: boolean;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  /** A close button; the alert hides itself when it is pressed, as antd's does. */
  closable?: { onClose: () => void; 'aria-label': string };
  role?: AriaRole;
  className?: string;
}) {
  const [closed, setClosed] = useState(false);
  if (closed) return null;
  const Icon = ICONS[type];
  const withDescription = description !== undefined && description !== null;
  const classes = ['kit-alert', `is-${type}`, withDescription && 'has-description', className].filter(Boolean).join(' ');
  return (
    <div className={classes} role={role}>
      {showIcon && (
        <span className="kit-alert-icon">
          <Icon />
        </span>
      )}
      <div className="kit-alert-section">
        <div className="kit-alert-title">{title}</div>
        {withDescription && <div className="kit-alert-description">{description}</div>}
      </div>
      {action && <div className="kit-alert-actions">{action}</div>}
      {closable && (
        <button
          type="button"
          className="kit-alert-close"
          aria-label={closable['aria-label']}
          onClick={() => {
            setClosed(true);
            closable.onClose();
          }}
        >
          <CloseOutlined />
        </button>
      )}
    </div>
  );
}
