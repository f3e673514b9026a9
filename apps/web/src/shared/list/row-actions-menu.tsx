import { DeleteOutlined, DownloadOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { ReactNode } from 'react';

export interface RowAction {
  key: string;
  icon: ReactNode;
  label: string;
  run: () => void;
}

interface RowActionsMenuProps {
  /** "More actions for …". */
  label: string;
  /** Before Download (open, play …). */
  actions: RowAction[];
  /** A file's link; records without a file (campaigns, ad slots) have none. */
  download?: { url: string; name: string; label: string };
  /** After a divider, in danger colours. */
  remove?: { label: string; run: () => void };
}

/** A row's "…" menu: its actions, Download (a plain link) when there is a file, then Delete. */
export function RowActionsMenu({ label, actions, download, remove }: RowActionsMenuProps) {
  const runs = new Map(actions.map((action) => [action.key, action.run]));
  if (remove) runs.set('delete', remove.run);
  const items = [
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
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => runs.get(key)?.() }}>
      <Button type="text" size="small" icon={<MoreOutlined />} aria-label={label} />
    </Dropdown>
  );
}
