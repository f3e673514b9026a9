import { DeleteOutlined, EditOutlined, FolderAddOutlined, SwapOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FolderMoreButton } from './folder-more-button';

// A folder's "…" menu (antd's dropdown): loaded when a folder's plain "…" button is first pressed
// (folder-panel.tsx), it replaces that button, open at once, the focus on its own button.

export type FolderAction = 'sub' | 'rename' | 'move' | 'delete';

export default function FolderActionsMenu({ label, onChoose }: { label: string; onChoose: (action: FolderAction) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      // Closed, the menu leaves the page (antd's zero-runtime styles hide a kept one by a class).
      destroyOnHidden
      menu={{
        items: [
          { key: 'sub', icon: <FolderAddOutlined />, label: t('assetLibrary.folders.newSubfolder') },
          { key: 'rename', icon: <EditOutlined />, label: t('assetLibrary.folders.rename') },
          { key: 'move', icon: <SwapOutlined />, label: t('assetLibrary.folders.move') },
          { type: 'divider' },
          { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('assetLibrary.folders.delete') },
        ],
        onClick: ({ key }) => {
          // A dialog would count as a click outside the menu: the menu closes first.
          setOpen(false);
          onChoose(key as FolderAction);
        },
      }}
    >
      <FolderMoreButton ref={button} label={label} aria-expanded={open} />
    </Dropdown>
  );
}
