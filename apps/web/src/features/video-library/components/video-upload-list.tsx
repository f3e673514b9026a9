import { formatBytes, type Video } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { UploadList } from '../../../shared/upload/upload-panel';
import type { ExistingItem, UploadQueue } from '../../../shared/upload/use-upload-queue';
import { formatDuration } from '../format';
import { uploadErrorText } from '../use-video-uploads';

interface VideoUploadListProps {
  queue: UploadQueue<Video>;
  onShowExisting: (existing: ExistingItem) => void;
}

/** The library's uploads: resumable, with the speed and time left, then the video's length and size. */
export function VideoUploadList({ queue, onShowExisting }: VideoUploadListProps) {
  const { t } = useTranslation();
  return (
    <UploadList
      messages="videoLibrary.upload"
      queue={queue}
      resumable
      errorText={(row) => uploadErrorText(t, row)}
      onShowExisting={onShowExisting}
      progressNote={(row) =>
        row.speed ? (
          <span className="upload-row-note">
            {t('videoLibrary.upload.speed', { speed: formatBytes(row.speed), left: formatDuration((Math.max(0, row.file.size - row.sent) / row.speed) * 1000) })}
          </span>
        ) : null
      }
      doneNote={({ result: video }) =>
        video && (
          <span className="upload-row-note">
            {' '}
            · {formatDuration(video.durationMs)} · {video.width}×{video.height}
          </span>
        )
      }
    />
  );
}
