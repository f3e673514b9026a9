import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SeriesMoreButton } from './series-more-button';

// A series' menu (antd's dropdown): loaded when a "…" of the panel is first pressed
// (series-panel.tsx), open from the start, the focus on its button.

export default function SeriesMenu({ label, onRename, onDelete }: { label: string; onRename: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  // Mounted when the button is pressed: the menu opens at once, the focus on this button (which
  // replaced the plain one that was pressed).
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
          { key: 'rename', icon: <EditOutlined />, label: t('videoLibrary.series.rename') },
          { type: 'divider' },
          { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('videoLibrary.series.delete') },
        ],
        onClick: ({ key }) => {
          // The dialog would count as a click outside the menu: the menu closes first.
          setOpen(false);
          if (key === 'rename') onRename();
          else if (key === 'delete') onDelete();
        },
      }}
    >
      <SeriesMoreButton ref={button} label={label} aria-expanded={open} />
    </Dropdown>
  );
}
