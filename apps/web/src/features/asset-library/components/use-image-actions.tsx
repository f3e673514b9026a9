import { IMAGE_NAME_MAX, RECYCLE_RETENTION_DAYS, type Image, type ImageUse } from '@ads/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorDetails } from '../../../shared/api-client';
import { MoveDialog } from '../../../shared/list/move-dialog';
import { RenameDialog, useRowDialogs } from '../../../shared/list/row-dialogs';
import { useConfirm } from '../../../shared/ui/dialogs';
import { showToast } from '../../../shared/ui/toast';
import { useDeleteImages, useMoveImages, useRenameImage } from '../api';
import { errorText } from '../format';
import type { FolderNode } from '../folder-tree';
import type { ImageActions } from './image-bits';
import { FolderSelect, type FolderTarget } from './folder-select';

interface Options {
  tree: readonly FolderNode[];
  open: (image: Image) => void;
  /** After images left the view (deleted or moved): clear the selection, close the drawer. */
  onRemoved: (ids: number[]) => void;
  onMoved: (ids: number[]) => void;
}

/** Rename, move and delete (with the in-use warning) for one image or a selection. */
export function useImageActions({ tree, open, onRemoved, onMoved }: Options) {
  const { t } = useTranslation();
  const [confirm, confirmHolder] = useConfirm();
  const dialogs = useRowDialogs<Image>(onMoved);
  const rename = useRenameImage();
  const deleteImages = useDeleteImages();

  const remove = useCallback(
    (images: Image[]) => {
      const ids = images.map((image) => image.id);
      const names = { count: images.length, name: images[0]?.name ?? '' };
      const done = (changed: number) => {
        showToast('success', t('assetLibrary.delete.done', { count: changed }));
        onRemoved(ids);
      };
      const askInUse = (uses: ImageUse[]) =>
        confirm({
          title: t('assetLibrary.delete.inUseTitle', names),
          content: <InUseList uses={uses} />,
          okText: t('assetLibrary.delete.inUseOk', names),
          okButtonProps: { danger: true },
          cancelText: t('assetLibrary.common.cancel'),
          width: 520,
          onOk: async () => {
            try {
              done((await deleteImages.mutateAsync({ ids, confirmInUse: true })).changed);
            } catch (cause) {
              showToast('error', errorText(t, cause));
            }
          },
        });
      void confirm({
        title: t('assetLibrary.delete.title', names),
        content: t('assetLibrary.delete.text', { count: images.length, days: RECYCLE_RETENTION_DAYS }),
        okText: t('assetLibrary.delete.ok'),
        okButtonProps: { danger: true },
        cancelText: t('assetLibrary.common.cancel'),
        onOk: async () => {
          try {
            done((await deleteImages.mutateAsync({ ids, confirmInUse: false })).changed);
          } catch (cause) {
            const uses = errorDetails(cause, 'IMAGE_IN_USE')?.uses;
            if (uses) void askInUse(uses);
            else showToast('error', errorText(t, cause));
          }
        },
      });
    },
    [confirm, deleteImages, onRemoved, t],
  );

  const { rename: startRename, move: startMove } = dialogs;
  const actions = useMemo<ImageActions>(() => ({ open, rename: startRename, move: startMove, remove }), [open, remove, startRename, startMove]);

  const elements = (
    <>
      {confirmHolder}
      {dialogs.elements({
        rename: (image, close) => (
          <RenameDialog
            messages="assetLibrary"
            item={image}
            maxLength={IMAGE_NAME_MAX}
            save={(name) => rename.mutateAsync({ id: image.id, version: image.version, name })}
            errorText={(cause) => errorText(t, cause)}
            onClose={close}
          />
        ),
        move: (images, close, moved) => <MoveImagesDialog images={images} tree={tree} onClose={close} onMoved={moved} />,
      })}
    </>
  );
  return { actions, elements };
}

/** The ads that still show an image, named in the delete (or replace) warning under `text`. */
export function InUseList({ uses, text }: { uses: ImageUse[]; text?: string }) {
  const { t } = useTranslation();
  return (
    <div className="in-use">
      <p>{text ?? t('assetLibrary.delete.inUseText', { count: uses.length })}</p>
      <ul className="in-use-list">
        {uses.map((use) => (
          <li key={`${use.kind}-${use.id}`}>
            <strong>{use.name}</strong> <span className="in-use-status">({use.status})</span>
            {use.campaignName && <span> · {t('assetLibrary.rejected.inCampaign', { name: use.campaignName })}</span>}
          </li>
        ))}
      </ul>
    </div>
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
