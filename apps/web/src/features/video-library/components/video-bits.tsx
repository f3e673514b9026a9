import { DeleteOutlined, DownloadOutlined, EditOutlined, FileImageOutlined, MoreOutlined, PlayCircleOutlined, SwapOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { Video, VideoReviewStatus } from '@ads/contracts';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReviewStatusTag as StatusTag } from '../../../shared/list/review-status-tag';

// Small pieces the grid, the list, the arrange view and the player share.

export function ReviewStatusTag({ status }: { status: VideoReviewStatus }) {
  const { t } = useTranslation();
  return <StatusTag status={status} label={t(`videoLibrary.status.${status}`)} />;
}

/** The poster, or a placeholder while the video has none. Decorative: the name is always beside it. */
export function VideoPoster({ video, className }: { video: Pick<Video, 'posterUrl'>; className?: string }) {
  return video.posterUrl ? (
    <img className={`video-poster ${className ?? ''}`} src={video.posterUrl} alt="" loading="lazy" draggable={false} />
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
  const items = [
    { key: 'play', icon: <PlayCircleOutlined />, label: t('videoLibrary.actions.play') },
    ...(canWrite
      ? [
          { key: 'poster', icon: <FileImageOutlined />, label: t('videoLibrary.actions.poster') },
          { key: 'rename', icon: <EditOutlined />, label: t('videoLibrary.actions.rename') },
          { key: 'move', icon: <SwapOutlined />, label: t('videoLibrary.actions.move') },
        ]
      : []),
    {
      key: 'download',
      icon: <DownloadOutlined />,
      label: (
        <a href={video.downloadUrl} download={video.name}>
          {t('videoLibrary.actions.download')}
        </a>
      ),
    },
    ...(canWrite ? [{ type: 'divider' as const }, { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('videoLibrary.actions.delete') }] : []),
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'play') actions.play(video);
          else if (key === 'poster') actions.poster(video);
          else if (key === 'rename') actions.rename(video);
          else if (key === 'move') actions.move([video]);
          else if (key === 'delete') actions.remove([video]);
        },
      }}
    >
      <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('videoLibrary.actions.moreFor', { name: video.name })} />
    </Dropdown>
  );
}
