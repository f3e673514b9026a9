import { formatBytes } from '@ads/contracts';
import { PlayCircleFilled } from '@ant-design/icons';
import type { Video } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { codecLabel, formatDuration, formatResolution } from '../format';
import { VideoActionsMenu, VideoStatusTags, VideoPoster, type VideoActions } from './video-bits';
import { ListCardCheck } from '../../../shared/list/list-card-check';
import '../../../shared/list/list-card.css';

/** Cards in the first row at the widest layout (route-preload.js preloads their posters: EARLY_IMAGES). */
const FIRST_ROW = 4;

interface VideoGridProps {
  items: readonly Video[];
  selected: ReadonlySet<number>;
  onToggle: (video: Video, checked: boolean) => void;
  actions: VideoActions;
  canWrite: boolean;
  /** Inside a series: each card shows its place. */
  showPosition: boolean;
}

/** Poster cards: the poster plays, the box selects, the menu acts. */
export function VideoGrid({ items, selected, onToggle, actions, canWrite, showPosition }: VideoGridProps) {
  const { t } = useTranslation();
  return (
    <ul className="list-grid video-grid" aria-label={t('videoLibrary.gallery.gridLabel')}>
      {items.map((video, index) => {
        const isSelected = selected.has(video.id);
        return (
          <li key={video.id} className={`list-card video-card${isSelected ? ' is-selected' : ''}`} data-video-id={video.id}>
            {/* Named by its text, so the name holds what is visible (the duration, the place). */}
            <button type="button" className="video-card-thumb" onClick={() => actions.play(video)}>
              <span className="visually-hidden">{t('videoLibrary.actions.playNamed', { name: video.name })}</span>
              <VideoPoster video={video} eager={index < FIRST_ROW} high={index === 0} />
              <PlayCircleFilled className="video-card-play" aria-hidden />
              <span className="video-card-duration">{formatDuration(video.durationMs)}</span>
              {showPosition && video.position !== null && <span className="video-card-position">#{video.position}</span>}
            </button>
            {canWrite && (
              <ListCardCheck label={t('videoLibrary.gallery.selectNamed', { name: video.name })} checked={isSelected} onChange={(checked) => onToggle(video, checked)} />
            )}
            <div className="list-card-body">
              <div className="list-card-title">
                <span className="list-card-name" title={video.name}>
                  {video.name}
                </span>
                <VideoActionsMenu video={video} actions={actions} canWrite={canWrite} />
              </div>
              <div className="list-card-meta">
                <span>{formatResolution(video.width, video.height)}</span>
                <span>{formatBytes(video.bytes)}</span>
                <span>{codecLabel(video.codec)}</span>
              </div>
              <VideoStatusTags video={video} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
