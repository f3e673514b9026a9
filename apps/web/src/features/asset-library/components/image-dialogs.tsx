import { IMAGE_NAME_MAX, type Image } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { MoveDialog } from '../../../shared/list/move-dialog';
import { RenameDialog } from '../../../shared/list/row-dialogs';
import { showToast } from '../../../shared/ui/toast';
import { useMoveImages, useRenameImage } from '../api';
import { errorText } from '../format';
import type { FolderNode } from '../folder-tree';
import { FolderSelect, type FolderTarget } from './folder-select';

// The image actions' dialogs (antd's modal, form and tree select): loaded with antd when one is
// first opened (use-image-actions.tsx), so that the gallery's first view needs no antd.

export type ImageDialogWanted = { kind: 'rename'; image: Image } | { kind: 'move'; images: Image[] };

/** Renaming one image, or moving some to a folder. */
export default function ImageDialog({
  dialog,
  tree,
  onClose,
  onMoved,
}: {
  dialog: ImageDialogWanted;
  tree: readonly FolderNode[];
  onClose: () => void;
  onMoved: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const rename = useRenameImage();
  if (dialog.kind === 'move') return <MoveImagesDialog images={dialog.images} tree={tree} onClose={onClose} onMoved={onMoved} />;
  const { image } = dialog;
  return (
    <RenameDialog
      messages="assetLibrary"
      item={image}
      maxLength={IMAGE_NAME_MAX}
      save={(name) => rename.mutateAsync({ id: image.id, version: image.version, name })}
      errorText={(cause) => errorText(t, cause)}
      onClose={onClose}
    />
  );
}

function MoveImagesDialog({ images, tree, onClose, onMoved }: { images: Image[]; tree: readonly FolderNode[]; onClose: () => void; onMoved: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const move = useMoveImages();
  const sameFolder = images.every((image) => image.folderId === images[0]?.folderId);
  return (
    <MoveDialog<FolderTarget>
      title={t('assetLibrary.move.title', { count: images.length, name: images[0]?.name ?? '' })}
      okText={t('assetLibrary.move.ok')}
      cancelText={t('assetLibrary.common.cancel')}
      label={t('assetLibrary.move.destination')}
      controlId="move-images-target"
      unchanged={(target) => target === undefined || (sameFolder && target === (images[0]?.folderId ?? 'root'))}
      pending={move.isPending}
      move={async (target) => {
        const ids = images.map((image) => image.id);
        await move.mutateAsync({ ids, folderId: target === 'root' ? null : target });
        showToast('success', t('assetLibrary.move.done', { count: images.length }));
        onMoved(ids);
      }}
      errorText={(cause) => errorText(t, cause)}
      onClose={onClose}
    >
      {(target, setTarget) => <FolderSelect id="move-images-target" tree={tree} value={target} onChange={setTarget} />}
    </MoveDialog>
  );
}
