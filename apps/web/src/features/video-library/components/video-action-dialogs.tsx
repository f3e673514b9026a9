import { VIDEO_NAME_MAX, type Series, type Video } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { MoveDialog } from '../../../shared/list/move-dialog';
import { RenameDialog } from '../../../shared/list/row-dialogs';
import { showToast } from '../../../shared/ui/toast';
import { useRenameVideo, useSetVideoSeries } from '../api';
import { errorText } from '../format';
import { Select } from '../../../shared/ui/select';

// Renaming a video and moving videos to a series (antd's modal, form and select): loaded when first
// asked for (use-video-actions.tsx), not with the library's first view.

export type VideoDialog = { kind: 'rename'; video: Video } | { kind: 'move'; videos: Video[] };

/** `onMoved`: after a move (clear the selection). */
export default function VideoActionDialog({ dialog, series, onClose, onMoved }: { dialog: VideoDialog; series: readonly Series[]; onClose: () => void; onMoved: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const rename = useRenameVideo();
  if (dialog.kind === 'move') return <MoveVideosDialog videos={dialog.videos} series={series} onClose={onClose} onMoved={onMoved} />;
  const { video } = dialog;
  return (
    <RenameDialog
      messages="videoLibrary"
      item={video}
      maxLength={VIDEO_NAME_MAX}
      save={(name) => rename.mutateAsync({ id: video.id, version: video.version, name })}
      errorText={(cause) => errorText(t, cause)}
      onClose={onClose}
    />
  );
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
