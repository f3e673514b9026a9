import { RECYCLE_RETENTION_DAYS, VIDEO_NAME_MAX, type Series, type Video } from '@ads/contracts';
import { Select } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MoveDialog } from '../../../shared/list/move-dialog';
import { RenameDialog, useRowDialogs } from '../../../shared/list/row-dialogs';
import { useConfirm } from '../../../shared/ui/dialogs';
import { showToast } from '../../../shared/ui/toast';
import { useDeleteVideos, useRenameVideo, useSetVideoSeries } from '../api';
import { errorText } from '../format';
import type { VideoActions } from './video-bits';

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
  const dialogs = useRowDialogs<Video>(onMoved);
  const rename = useRenameVideo();
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

  const { rename: startRename, move: startMove } = dialogs;
  const actions = useMemo<VideoActions>(() => ({ play, poster, rename: startRename, move: startMove, remove }), [play, poster, remove, startRename, startMove]);

  const elements = (
    <>
      {confirmHolder}
      {dialogs.elements({
        rename: (video, close) => (
          <RenameDialog
            messages="videoLibrary"
            item={video}
            maxLength={VIDEO_NAME_MAX}
            save={(name) => rename.mutateAsync({ id: video.id, version: video.version, name })}
            errorText={(cause) => errorText(t, cause)}
            onClose={close}
          />
        ),
        move: (videos, close, moved) => <MoveVideosDialog videos={videos} series={series} onClose={close} onMoved={moved} />,
      })}
    </>
  );
  return { actions, elements };
}

const NO_SERIES = 'none';

function MoveVideosDialog({ videos, series, onClose, onMoved }: { videos: Video[]; series: readonly Series[]; onClose: () => void; onMoved: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const move = useSetVideoSeries();
  const sameSeries = videos.every((video) => video.seriesId === videos[0]?.seriesId);
  return (
    <MoveDialog<number | typeof NO_SERIES>
      title={t('videoLibrary.move.title', { count: videos.length, name: videos[0]?.name ?? '' })}
      okText={t('videoLibrary.move.ok')}
      cancelText={t('videoLibrary.common.cancel')}
      label={t('videoLibrary.move.destination')}
      controlId="move-videos-target"
      unchanged={(target) => target === undefined || (sameSeries && target === (videos[0]?.seriesId ?? NO_SERIES))}
      pending={move.isPending}
      move={async (target) => {
        const ids = videos.map((video) => video.id);
        await move.mutateAsync({ ids, seriesId: target === NO_SERIES ? null : target });
        const name = target === NO_SERIES ? null : series.find((item) => item.id === target)?.name;
        showToast('success', name ? t('videoLibrary.move.done', { count: videos.length, name }) : t('videoLibrary.move.doneNone', { count: videos.length }));
        onMoved(ids);
      }}
      errorText={(cause) => errorText(t, cause)}
      onClose={onClose}
      hint={<p className="video-move-hint">{t('videoLibrary.move.hint')}</p>}
    >
      {(target, setTarget) => (
        <Select
          id="move-videos-target"
          className="video-move-select"
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('videoLibrary.move.placeholder')}
          value={target}
          onChange={setTarget}
          options={[{ value: NO_SERIES, label: t('videoLibrary.series.none') }, ...series.map((item) => ({ value: item.id, label: item.name }))]}
        />
      )}
    </MoveDialog>
  );
}
