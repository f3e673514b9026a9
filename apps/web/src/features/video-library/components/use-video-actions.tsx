import { RECYCLE_RETENTION_DAYS, type Series, type Video } from '@ads/contracts';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { useConfirm } from '../../../shared/ui/confirm';
import { showToast } from '../../../shared/ui/toast';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { useDeleteVideos } from '../api';
import { errorText } from '../format';
import type { VideoActions } from './video-bits';
import type { VideoDialog } from './video-action-dialogs';

// The rename and move dialogs (antd's modal, form and select) load with antd when first asked for:
// the hook is part of the library's first view, which is plain HTML.
const VideoActionDialog = lazyWithAntd(() => import('./video-action-dialogs'));

interface Options {
  series: readonly Series[];
  play: (video: Video) => void;
  poster: (video: Video) => void;
  /** After videos left the view (deleted or moved): clear the selection, close the player. */
  onRemoved: (ids: number[]) => void;
  onMoved: (ids: number[]) => void;
}

/** Rename, move to a series and delete (to the recycle bin) for one video or a selection. */
export function useVideoActions({ series, play, poster, onRemoved, onMoved }: Options) {
  const { t } = useTranslation();
  const [confirm, confirmHolder] = useConfirm();
  const [dialog, setDialog] = useState<VideoDialog | null>(null);
  const deleteVideos = useDeleteVideos();

  const remove = useCallback(
    (videos: Video[]) => {
      const ids = videos.map((video) => video.id);
      void confirm({
        title: t('videoLibrary.delete.title', { count: videos.length, name: videos[0]?.name ?? '' }),
        content: t('videoLibrary.delete.text', { count: videos.length, days: RECYCLE_RETENTION_DAYS }),
        okText: t('videoLibrary.delete.ok'),
        okButtonProps: { danger: true },
        cancelText: t('videoLibrary.common.cancel'),
        onOk: async () => {
          try {
            const { changed } = await deleteVideos.mutateAsync({ ids });
            showToast('success', t('videoLibrary.delete.done', { count: changed }));
            onRemoved(ids);
          } catch (cause) {
            showToast('error', errorText(t, cause));
          }
        },
      });
    },
    [confirm, deleteVideos, onRemoved, t],
  );

  const startRename = useCallback((video: Video) => setDialog({ kind: 'rename', video }), []);
  const startMove = useCallback((videos: Video[]) => setDialog({ kind: 'move', videos }), []);
  const actions = useMemo<VideoActions>(() => ({ play, poster, rename: startRename, move: startMove, remove }), [play, poster, remove, startRename, startMove]);

  const elements = (
    <>
      {confirmHolder}
      {dialog && (
        <Suspense fallback={null}>
          <VideoActionDialog
            dialog={dialog}
            series={series}
            onClose={() => setDialog(null)}
            onMoved={(ids) => {
              setDialog(null);
              onMoved(ids);
            }}
          />
        </Suspense>
      )}
    </>
  );
  return { actions, elements };
}
