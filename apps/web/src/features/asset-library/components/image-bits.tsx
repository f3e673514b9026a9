import { DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, MoreOutlined, SwapOutlined } from '@ant-design/icons';
import type { Image, ImageReviewStatus } from '@ads/contracts';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReviewStatusTag as StatusTag } from '../../../shared/list/review-status-tag';

// Small pieces the grid, the list and the drawer share.

export function ReviewStatusTag({ status }: { status: ImageReviewStatus }) {
  const { t } = useTranslation();
  return <StatusTag status={status} label={t(`assetLibrary.status.${status}`)} />;
}

export interface ImageActions {
  open: (image: Image) => void;
  rename: (image: Image) => void;
  move: (images: Image[]) => void;
  remove: (images: Image[]) => void;
}

/** The "…" menu of one image: open, rename, move, download, delete. */
export function ImageActionsMenu({ image, actions, canWrite }: { image: Image; actions: ImageActions; canWrite: boolean }) {
  const { t } = useTranslation();
  const items = [
    { key: 'open', icon: <EyeOutlined />, label: t('assetLibrary.actions.open') },
    ...(canWrite
      ? [
          { key: 'rename', icon: <EditOutlined />, label: t('assetLibrary.actions.rename') },
          { key: 'move', icon: <SwapOutlined />, label: t('assetLibrary.actions.move') },
        ]
      : []),
    {
      key: 'download',
      icon: <DownloadOutlined />,
      label: (
        <a href={image.downloadUrl} download={image.name}>
          {t('assetLibrary.actions.download')}
        </a>
      ),
    },
    ...(canWrite
      ? [{ type: 'divider' as const }, { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('assetLibrary.actions.delete') }]
      : []),
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'open') actions.open(image);
          else if (key === 'rename') actions.rename(image);
          else if (key === 'move') actions.move([image]);
          else if (key === 'delete') actions.remove([image]);
        },
      }}
    >
      <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('assetLibrary.actions.moreFor', { name: image.name })} />
    </Dropdown>
  );
}
