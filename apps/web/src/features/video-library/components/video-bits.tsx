import { EditOutlined, FileImageOutlined, PlayCircleOutlined, SwapOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { Video, VideoReviewStatus } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { ReviewStatusTag as StatusTag } from '../../../shared/list/review-status-tag';
import { RowActionsMenu } from '../../../shared/list/row-actions-menu';
import { Tag } from '../../../shared/ui/tag';

// Small pieces the grid, the list, the arrange view and the player share.

export function ReviewStatusTag({ status }: { status: VideoReviewStatus }) {
  const { t } = useTranslation();
  return <StatusTag status={status} label={t(`videoLibrary.status.${status}`)} />;
}

/** The video's review status, and "Published" once a publication request published it. */
export function VideoStatusTags({ video }: { video: Pick<Video, 'reviewStatus' | 'publishedAt'> }) {
  return (
    <span className="video-status-tags">
      <ReviewStatusTag status={video.reviewStatus} />
      {video.publishedAt && <PublishedTag />}
    </span>
  );
}

/** "Published" beside a published series or video. */
export function PublishedTag() {
  const { t } = useTranslation();
  return (
    <Tag color="green" className="published-tag">
      {t('videoLibrary.publishing.published')}
    </Tag>
  );
}

interface VideoPosterProps {
  video: Pick<Video, 'posterUrl'>;
  className?: string;
  /** A poster the page paints first (a grid's first row): loaded at once, not when scrolled to. */
  eager?: boolean;
  /** The first of those, at high priority. */
  high?: boolean;
}

/** The poster, or a placeholder while the video has none. Decorative: the name is always beside it. */
export function VideoPoster({ video, className, eager = false, high = false }: VideoPosterProps) {
  return video.posterUrl ? (
    <img
      className={`video-poster ${className ?? ''}`}
      src={video.posterUrl}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={high ? 'high' : 'auto'}
      draggable={false}
    />
  ) : (
    <span className={`video-poster is-placeholder ${className ?? ''}`} aria-hidden>
      <VideoCameraOutlined />
    </span>
  );
}

export interface VideoActions {
  play: (video: Video) => void;
  poster: (video: Video) => void;
  rename: (video: Video) => void;
  move: (videos: Video[]) => void;
  remove: (videos: Video[]) => void;
}

/** The "…" menu of one video: play, poster, rename, move, download, delete. */
export function VideoActionsMenu({ video, actions, canWrite }: { video: Video; actions: VideoActions; canWrite: boolean }) {
  const { t } = useTranslation();
  return (
    <RowActionsMenu
      label={t('videoLibrary.actions.moreFor', { name: video.name })}
      actions={[
        { key: 'play', icon: <PlayCircleOutlined />, label: t('videoLibrary.actions.play'), run: () => actions.play(video) },
        ...(canWrite
          ? [
              { key: 'poster', icon: <FileImageOutlined />, label: t('videoLibrary.actions.poster'), run: () => actions.poster(video) },
              { key: 'rename', icon: <EditOutlined />, label: t('videoLibrary.actions.rename'), run: () => actions.rename(video) },
              { key: 'move', icon: <SwapOutlined />, label: t('videoLibrary.actions.move'), run: () => actions.move([video]) },
            ]
          : []),
      ]}
      download={{ url: video.downloadUrl, name: video.name, label: t('videoLibrary.actions.download') }}
      remove={canWrite ? { label: t('videoLibrary.actions.delete'), run: () => actions.remove([video]) } : undefined}
    />
  );
}
