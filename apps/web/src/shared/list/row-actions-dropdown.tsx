import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import type { RowActionsMenuProps } from './row-actions-menu';
import { RowMoreButton } from './row-more-button';
import { Dropdown, type MenuProps } from '../ui/dropdown';

// A row's menu (antd's dropdown): loaded with antd when the row's plain "…" is first pressed
// (row-actions-menu.tsx); it replaces that button, open at once, the focus on its own button.

export default function RowActionsDropdown({ label, actions, download, remove, className }: RowActionsMenuProps) {
  const [open, setOpen] = useState(true);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  const runs = new Map(actions.map((action) => [action.key, action.run]));
  if (remove) runs.set('delete', remove.run);
  const items: MenuProps['items'] = [
    ...actions.map(({ key, icon, label: text }) => ({ key, icon, label: text })),
    ...(download
      ? [
          {
            key: 'download',
            icon: <DownloadOutlined />,
            label: (
              <a href={download.url} download={download.name}>
                {download.label}
              </a>
            ),
          },
        ]
      : []),
    ...(remove ? [{ type: 'divider' as const }, { key: 'delete', icon: <DeleteOutlined />, danger: true, label: remove.label }] : []),
  ];
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      // Closed, the menu leaves the page (antd's zero-runtime styles hide a kept one by a class).
      destroyOnHidden
      menu={{
        items,
        onClick: ({ key }) => {
          setOpen(false);
          runs.get(key)?.();
        },
      }}
    >
      <RowMoreButton ref={button} label={label} className={className} aria-expanded={open} />
    </Dropdown>
  );
}
