import { EditOutlined, EyeOutlined, SwapOutlined } from '@ant-design/icons';
import type { Image, ImageReviewStatus } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { ReviewStatusTag as StatusTag } from '../../../shared/list/review-status-tag';
import { RowActionsMenu } from '../../../shared/list/row-actions-menu';

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
  return (
    <RowActionsMenu
      label={t('assetLibrary.actions.moreFor', { name: image.name })}
      actions={[
        { key: 'open', icon: <EyeOutlined />, label: t('assetLibrary.actions.open'), run: () => actions.open(image) },
        ...(canWrite
          ? [
              { key: 'rename', icon: <EditOutlined />, label: t('assetLibrary.actions.rename'), run: () => actions.rename(image) },
              { key: 'move', icon: <SwapOutlined />, label: t('assetLibrary.actions.move'), run: () => actions.move([image]) },
            ]
          : []),
      ]}
      download={{ url: image.downloadUrl, name: image.name, label: t('assetLibrary.actions.download') }}
      remove={canWrite ? { label: t('assetLibrary.actions.delete'), run: () => actions.remove([image]) } : undefined}
    />
  );
}
