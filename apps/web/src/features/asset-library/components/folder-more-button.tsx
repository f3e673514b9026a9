import { MoreOutlined } from '@ant-design/icons';
import type { ComponentProps } from 'react';

/**
 * A folder's "…" (antd's small text button with an icon), in plain HTML: the panel shows it before
 * antd has loaded, and its menu (folder-actions-menu.tsx) keeps it as its trigger, so it looks the
 * same before and after. Extra props (antd's trigger handlers, a ref) go to the button.
 */
export function FolderMoreButton({ label, ...props }: { label: string } & ComponentProps<'button'>) {
  return (
    <button type="button" className="folder-more-button panel-more" aria-label={label} aria-haspopup="menu" {...props}>
      <MoreOutlined aria-hidden />
    </button>
  );
}
