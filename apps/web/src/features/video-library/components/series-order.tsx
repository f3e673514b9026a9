import { formatBytes } from '@ads/contracts';
import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Video } from '@ads/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { showToast } from '../../../shared/ui/toast';
import { isApiError } from '../../../shared/api-client';
import { useReorderSeries, useSeriesOrder } from '../api';
import { codecLabel, errorText, formatDuration, formatResolution } from '../format';
import { VideoActionsMenu, VideoStatusTags, VideoPoster, type VideoActions } from './video-bits';
import { Button, IconButton } from '../../../shared/ui/button';
import { Alert } from '../../../shared/ui/alert';
import { Empty } from '../../../shared/ui/empty';
import { Skeleton } from '../../../shared/ui/skeleton';
import { Tooltip } from '../../../shared/ui/tooltip';

/** `list` with the item at `from` moved to `to` (both indexes in `list`). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item!);
  return next;
}

interface SeriesOrderProps {
  seriesId: number;
  seriesName: string;
  actions: VideoActions;
  canWrite: boolean;
}

/**
 * A series' videos in their order, to rearrange: drag a row by its handle, or use Move up / Move
 * down. Each change is saved at once (Series/Reorder) and shown before the server answers; a
 * refusal puts the previous order back.
 */
export function SeriesOrder({ seriesId, seriesName, actions, canWrite }: SeriesOrderProps) {
  const { t } = useTranslation();
  const order = useSeriesOrder(seriesId);
  const reorder = useReorderSeries(seriesId);
  const [dragging, setDragging] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const videos = order.data ?? [];

  const save = (next: Video[], moved: Video) => {
    const position = next.indexOf(moved) + 1;
    setAnnouncement(t('videoLibrary.order.moved', { name: moved.name, position, total: next.length }));
    reorder.mutate(next, {
      onError: (cause) => {
        const stale = isApiError(cause) && cause.code === 'SERIES_ORDER_STALE';
        showToast('error', stale ? t('videoLibrary.order.stale') : t('videoLibrary.order.failed', { reason: errorText(t, cause) }));
        setAnnouncement(t('videoLibrary.order.restored'));
      },
    });
  };

  const moveBy = (index: number, delta: number) => {
    const to = index + delta;
    if (to < 0 || to >= videos.length) return;
    save(moveItem(videos, index, to), videos[index]!);
  };

  const drop = (targetIndex: number) => {
    const from = videos.findIndex((video) => video.id === dragging);
    setDragging(null);
    setDropAt(null);
    if (from < 0) return;
    // Dropping before the row at targetIndex: past the dragged row, one place less once it is taken out.
    const to = targetIndex > from ? targetIndex - 1 : targetIndex;
    if (to === from) return;
    save(moveItem(videos, from, to), videos[from]!);
  };

  if (order.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={errorText(t, order.error)}
        action={
          <Button size="small" icon={<ReloadOutlined />} onClick={() => void order.refetch()}>
            {t('videoLibrary.common.retry')}
          </Button>
        }
      />
    );
  }
  if (order.isPending) return <Skeleton active title={false} paragraph={{ rows: 5 }} />;
  if (!videos.length) return <Empty className="list-empty" description={t('videoLibrary.gallery.emptySeries')} />;

  return (
    <div className="series-order">
      <p className="series-order-hint">{canWrite ? t('videoLibrary.order.hint') : t('videoLibrary.order.readOnly')}</p>
      <ol
        className="series-order-list"
        aria-label={t('videoLibrary.order.label', { name: seriesName })}
        onDragOver={(event) => {
          if (dragging !== null) event.preventDefault();
        }}
        onDrop={(event) => {
          event.preventDefault();
          if (dropAt !== null) drop(dropAt);
        }}
      >
        {videos.map((video, index) => (
          <li
            key={video.id}
            className={`series-order-row${dragging === video.id ? ' is-dragging' : ''}${dropAt === index ? ' drop-before' : ''}${dropAt === videos.length && index === videos.length - 1 ? ' drop-after' : ''}`}
            data-video-id={video.id}
            draggable={canWrite}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', String(video.id));
              setDragging(video.id);
            }}
            onDragEnd={() => {
              setDragging(null);
              setDropAt(null);
            }}
            onDragOver={(event) => {
              if (dragging === null) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              const box = event.currentTarget.getBoundingClientRect();
              const after = box.height > 0 && event.clientY > box.top + box.height / 2;
              setDropAt(after ? index + 1 : index);
            }}
          >
            {canWrite && (
              <span className="series-order-handle" aria-hidden title={t('videoLibrary.order.drag')}>
                <HolderOutlined />
              </span>
            )}
            <span className="series-order-position">{index + 1}</span>
            <button type="button" className="series-order-thumb" onClick={() => actions.play(video)} aria-label={t('videoLibrary.actions.playNamed', { name: video.name })}>
              <VideoPoster video={video} />
            </button>
            <span className="series-order-main">
              <span className="series-order-name" title={video.name}>
                {video.name}
              </span>
              <span className="series-order-meta">
                {formatDuration(video.durationMs)} · {formatResolution(video.width, video.height)} · {formatBytes(video.bytes)} · {codecLabel(video.codec)}
              </span>
            </span>
            <VideoStatusTags video={video} />
            {canWrite && (
              <span className="series-order-buttons">
                <Tooltip title={t('videoLibrary.order.up')}>
                  <IconButton
                    size="small"
                    icon={<ArrowUpOutlined />}
                    disabled={index === 0}
                    label={t('videoLibrary.order.upNamed', { name: video.name })}
                    onClick={() => moveBy(index, -1)}
                  />
                </Tooltip>
                <Tooltip title={t('videoLibrary.order.down')}>
                  <IconButton
                    size="small"
                    icon={<ArrowDownOutlined />}
                    disabled={index === videos.length - 1}
                    label={t('videoLibrary.order.downNamed', { name: video.name })}
                    onClick={() => moveBy(index, 1)}
                  />
                </Tooltip>
              </span>
            )}
            <VideoActionsMenu video={video} actions={actions} canWrite={canWrite} />
          </li>
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
