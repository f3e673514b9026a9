import { CameraOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, PictureOutlined, ReloadOutlined, SwapOutlined, UploadOutlined } from '@ant-design/icons';
import { formatBytes, VIDEO_POSTER_MAX_BYTES, type VideoDetail } from '@ads/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { AppModal } from '../../../shared/ui/dialogs';
import { showToast } from '../../../shared/ui/toast';
import { useSetPoster, useVideoDetail } from '../api';
import { formatDateTime } from '../../../shared/format';
import { codecLabel, errorText, formatDuration, formatResolution, formatSeconds } from '../format';
import type { PreviewPanel } from '../library-state';
import { VideoStatusTags, type VideoActions } from './video-bits';
import { Button } from '../../../shared/ui/button';
import { Space } from '../../../shared/ui/space';
import { Alert } from '../../../shared/ui/alert';
import { Skeleton } from '../../../shared/ui/skeleton';
import { Descriptions } from '../../../shared/ui/descriptions';
import { Segmented } from '../../../shared/ui/segmented';
import { Slider } from '../../../shared/ui/slider';
import { Upload } from '../../../shared/ui/upload';

const POSTER_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const POSTER_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';

/** Draws the frame the player shows at its natural size and encodes it as a JPEG. */
export async function captureFrame(player: HTMLVideoElement): Promise<Blob> {
  const width = player.videoWidth;
  const height = player.videoHeight;
  if (!width || !height) throw new Error('The video has no frame to capture yet');
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.drawImage(player, 0, 0, width, height);
  const encode = (quality: number) =>
    new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The frame could not be encoded'))), 'image/jpeg', quality));
  const blob = await encode(0.9);
  return blob.size <= VIDEO_POSTER_MAX_BYTES ? blob : encode(0.7);
}

interface Props {
  id: number | undefined;
  panel: PreviewPanel;
  onPanel: (panel: PreviewPanel) => void;
  onClose: () => void;
  actions: VideoActions;
  canWrite: boolean;
}

/** The player: the video with its facts, and (for writers) the poster: a frame from a chosen moment, or an image. */
export function VideoPlayerModal({ id, panel, onPanel, onClose, actions, canWrite }: Props) {
  const { t } = useTranslation();
  const detail = useVideoDetail(id);
  const video = detail.data;
  const shown = canWrite ? panel : 'play';

  const body = () => {
    if (detail.isError) {
      return (
        <Alert
          type="error"
          showIcon
          title={errorText(t, detail.error)}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void detail.refetch()}>
              {t('videoLibrary.common.retry')}
            </Button>
          }
        />
      );
    }
    if (!video) return <Skeleton active title={false} paragraph={{ rows: 6 }} />;
    return shown === 'poster' ? <PosterPanel video={video} /> : <PlayPanel video={video} actions={actions} canWrite={canWrite} />;
  };

  return (
    <AppModal
      open={id !== undefined}
      title={video?.name ?? t('videoLibrary.player.loading')}
      onCancel={onClose}
      footer={null}
      width={920}
      destroyOnHidden
      className="video-player-modal"
    >
      {canWrite && (
        <Segmented<PreviewPanel>
          className="video-player-tabs"
          aria-label={t('videoLibrary.player.panels')}
          value={shown}
          onChange={onPanel}
          options={[
            { value: 'play', label: t('videoLibrary.player.play') },
            { value: 'poster', label: t('videoLibrary.player.poster') },
          ]}
        />
      )}
      {body()}
    </AppModal>
  );
}

function PlayPanel({ video, actions, canWrite }: { video: VideoDetail; actions: VideoActions; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="video-play-panel">
      <video className="video-player" src={video.url} poster={video.posterUrl ?? undefined} controls preload="metadata" aria-label={t('videoLibrary.player.playerLabel', { name: video.name })} />
      <Descriptions
        className="video-facts"
        size="small"
        column={{ xs: 1, sm: 2, md: 3 }}
        items={[
          { key: 'duration', label: t('videoLibrary.columns.duration'), children: formatDuration(video.durationMs) },
          { key: 'resolution', label: t('videoLibrary.columns.resolution'), children: formatResolution(video.width, video.height) },
          { key: 'codec', label: t('videoLibrary.columns.codec'), children: `${video.format.toUpperCase()} · ${codecLabel(video.codec)}` },
          { key: 'size', label: t('videoLibrary.columns.size'), children: formatBytes(video.bytes) },
          { key: 'series', label: t('videoLibrary.columns.series'), children: video.seriesName ? `${video.seriesName} · #${video.position}` : t('videoLibrary.series.none') },
          { key: 'status', label: t('videoLibrary.columns.status'), children: <VideoStatusTags video={video} /> },
          { key: 'by', label: t('videoLibrary.player.uploadedBy'), children: video.uploadedBy?.name ?? '—' },
          { key: 'at', label: t('videoLibrary.columns.uploadedAt'), children: formatDateTime(video.createdAt, i18n.language) },
        ]}
      />
      <Space wrap className="video-play-actions">
        <Button icon={<DownloadOutlined />} href={video.downloadUrl} download={video.name}>
          {t('videoLibrary.actions.download')}
        </Button>
        {canWrite && (
          <>
            <Button icon={<EditOutlined />} onClick={() => actions.rename(video)}>
              {t('videoLibrary.actions.rename')}
            </Button>
            <Button icon={<SwapOutlined />} onClick={() => actions.move([video])}>
              {t('videoLibrary.actions.move')}
            </Button>
            <Button danger icon={<DeleteOutlined />} onClick={() => actions.remove([video])}>
              {t('videoLibrary.actions.delete')}
            </Button>
          </>
        )}
      </Space>
    </div>
  );
}

function PosterPanel({ video }: { video: VideoDetail }) {
  const { t } = useTranslation();
  const player = useRef<HTMLVideoElement>(null);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(video.durationMs / 1000);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const setPoster = useSetPoster();

  const seek = (seconds: number) => {
    setTime(seconds);
    if (player.current) player.current.currentTime = seconds;
  };

  const save = async (image: Blob, fileName: string) => {
    setError(null);
    try {
      await setPoster.mutateAsync({ video, image, fileName });
      showToast('success', t('videoLibrary.poster.saved'));
    } catch (cause) {
      setError(errorText(t, cause));
    }
  };

  const takeFrame = async () => {
    const element = player.current;
    if (!element) return;
    element.pause();
    let frame: Blob;
    try {
      frame = await captureFrame(element);
    } catch {
      setError(t('videoLibrary.poster.captureFailed'));
      return;
    }
    await save(frame, `${video.name.replace(/\.[^.]+$/, '')}-poster.jpg`);
  };

  return (
    <div className="video-poster-panel">
      <div className="video-poster-capture">
        <h3 className="video-panel-heading">{t('videoLibrary.poster.fromVideo')}</h3>
        <video
          ref={player}
          className="video-player"
          src={video.url}
          controls
          muted
          preload="auto"
          aria-label={t('videoLibrary.player.playerLabel', { name: video.name })}
          onLoadedMetadata={(event) => {
            if (Number.isFinite(event.currentTarget.duration)) setDuration(event.currentTarget.duration);
          }}
          onLoadedData={() => setReady(true)}
          onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
          onSeeked={(event) => setTime(event.currentTarget.currentTime)}
        />
        <div className="video-poster-seek">
          <Slider
            className="video-poster-slider"
            min={0}
            max={Math.max(duration, 0.1)}
            step={0.1}
            value={Math.min(time, duration)}
            onChange={seek}
            tooltip={{ formatter: (value) => formatSeconds(value ?? 0) }}
            ariaLabelForHandle={t('videoLibrary.poster.moment')}
          />
          <span className="video-poster-time" aria-live="off">
            {formatSeconds(time)} / {formatSeconds(duration)}
          </span>
        </div>
        <Button type="primary" icon={<CameraOutlined />} onClick={() => void takeFrame()} loading={setPoster.isPending} disabled={!ready}>
          {t('videoLibrary.poster.useFrame')}
        </Button>
      </div>
      <div className="video-poster-current">
        <h3 className="video-panel-heading">{t('videoLibrary.poster.current')}</h3>
        {video.posterUrl ? (
          <img className="video-poster-preview" src={video.posterUrl} alt={t('videoLibrary.poster.alt', { name: video.name })} />
        ) : (
          <div className="video-poster-preview is-empty">
            <PictureOutlined aria-hidden />
            <span>{t('videoLibrary.poster.none')}</span>
          </div>
        )}
        <Upload
          accept={POSTER_ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            if (!POSTER_TYPES.includes(file.type)) setError(t('videoLibrary.poster.wrongType'));
            else if (file.size > VIDEO_POSTER_MAX_BYTES) setError(t('videoLibrary.poster.tooLarge', { size: formatBytes(VIDEO_POSTER_MAX_BYTES) }));
            else void save(file, file.name);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} disabled={setPoster.isPending}>
            {t('videoLibrary.poster.upload')}
          </Button>
        </Upload>
        <p className="video-poster-hint">{t('videoLibrary.poster.hint', { size: formatBytes(VIDEO_POSTER_MAX_BYTES) })}</p>
      </div>
      {error && <Alert className="video-poster-error" type="error" showIcon title={error} />}
    </div>
  );
}
