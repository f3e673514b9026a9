import { RECYCLE_RETENTION_DAYS, type Image, type ImageUse } from '@ads/contracts';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { errorDetails } from '../../../shared/api-client';
import { useConfirm } from '../../../shared/ui/confirm';
import { showToast } from '../../../shared/ui/toast';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { useDeleteImages } from '../api';
import { errorText } from '../format';
import type { FolderNode } from '../folder-tree';
import type { ImageActions } from './image-bits';

// The rename and move dialogs (antd's) load with antd when one is first opened.
const ImageDialog = lazyWithAntd(() => import('./image-dialogs'));

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
  const [renaming, setRenaming] = useState<Image | null>(null);
  const [moving, setMoving] = useState<Image[] | null>(null);
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

  const actions = useMemo<ImageActions>(() => ({ open, rename: setRenaming, move: setMoving, remove }), [open, remove]);

  const elements = (
    <>
      {confirmHolder}
      {renaming && (
        <Suspense fallback={null}>
          <ImageDialog dialog={{ kind: 'rename', image: renaming }} tree={tree} onClose={() => setRenaming(null)} onMoved={onMoved} />
        </Suspense>
      )}
      {moving && (
        <Suspense fallback={null}>
          <ImageDialog
            dialog={{ kind: 'move', images: moving }}
            tree={tree}
            onClose={() => setMoving(null)}
            onMoved={(ids) => {
              setMoving(null);
              onMoved(ids);
            }}
          />
        </Suspense>
      )}
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
