import { MoreOutlined } from '@ant-design/icons';
import { IconButton, type ButtonProps } from '../ui/button';

/**
 * The "…" (a small text icon button); the dropdown keeps it as its trigger, so it looks the same
 * before and after. Extra props (antd's trigger handlers, a ref) go to the button.
 */
export function RowMoreButton({ label, ...props }: { label: string } & Omit<ButtonProps, 'icon' | 'children'>) {
  return <IconButton type="text" size="small" icon={<MoreOutlined aria-hidden />} label={label} aria-haspopup="menu" {...props} />;
}
