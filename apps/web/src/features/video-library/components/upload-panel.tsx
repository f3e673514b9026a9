import {
  CaretRightOutlined,
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  CopyOutlined,
  InboxOutlined,
  LoadingOutlined,
  PauseOutlined,
  UploadOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { VIDEO_MAX_BYTES, type ErrorBody } from '@ads/contracts';
import { Button, Progress, Tooltip, Upload } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatBytes, networkErrorText } from '../../../shared/format';
import { formatDuration } from '../format';
import { ACCEPT_ATTRIBUTE, ACTIVE_STATUSES, type UploadRow } from '../use-video-uploads';

export type ExistingVideo = NonNullable<ErrorBody['existing']>;

/** The toolbar's Upload button: opens the file picker (several files at once). */
export function UploadButton({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useTranslation();
  return (
    <Upload
      multiple
      accept={ACCEPT_ATTRIBUTE}
      showUploadList={false}
      beforeUpload={(file) => {
        onFiles([file]);
        return Upload.LIST_IGNORE;
      }}
    >
      <Button type="primary" icon={<UploadOutlined />}>
        {t('videoLibrary.upload.button')}
      </Button>
    </Upload>
  );
}

/** Where files can be dropped (or clicked to choose), with what is accepted and where they go. */
export function UploadDropZone({ onFiles, target }: { onFiles: (files: File[]) => void; target: string | null }) {
  const { t } = useTranslation();
  return (
    <Upload.Dragger
      className="video-dropzone"
      multiple
      accept={ACCEPT_ATTRIBUTE}
      showUploadList={false}
      beforeUpload={(file) => {
        onFiles([file]);
        return Upload.LIST_IGNORE;
      }}
    >
      <div className="video-dropzone-body">
        <InboxOutlined className="video-dropzone-icon" aria-hidden />
        <div>
          <p className="video-dropzone-text">{target ? t('videoLibrary.upload.dropInto', { series: target }) : t('videoLibrary.upload.drop')}</p>
          <p className="video-dropzone-hint">{t('videoLibrary.upload.hint', { size: formatBytes(VIDEO_MAX_BYTES) })}</p>
        </div>
      </div>
    </Upload.Dragger>
  );
}

interface UploadListProps {
  rows: readonly UploadRow[];
  onPause: (key: string) => void;
  onResume: (key: string) => void;
  onCancel: (key: string) => void;
  onClearFinished: () => void;
  onShowExisting: (existing: ExistingVideo) => void;
}

/** One row per file: progress, speed and time left while it goes, then its outcome. */
export function UploadList({ rows, onPause, onResume, onCancel, onClearFinished, onShowExisting }: UploadListProps) {
  const { t } = useTranslation();
  if (!rows.length) return null;
  const active = rows.filter((row) => ACTIVE_STATUSES.has(row.status)).length;
  const paused = rows.filter((row) => row.status === 'paused').length;
  const done = rows.filter((row) => row.status === 'done').length;

  return (
    <section className="video-upload-list" aria-label={t('videoLibrary.upload.listLabel')}>
      <div className="video-upload-list-head">
        <span aria-live="polite">
          {active
            ? t('videoLibrary.upload.inProgress', { count: active })
            : paused
              ? t('videoLibrary.upload.pausedCount', { count: paused })
              : t('videoLibrary.upload.finished', { count: done, total: rows.length })}
        </span>
        {active + paused < rows.length && (
          <Button size="small" type="link" onClick={onClearFinished}>
            {t('videoLibrary.upload.clearFinished')}
          </Button>
        )}
      </div>
      <ul>
        {rows.map((row) => {
          const live = ACTIVE_STATUSES.has(row.status) || row.status === 'paused';
          const percent = row.file.size ? Math.floor((row.sent / row.file.size) * 100) : 0;
          return (
            <li key={row.key} className={`video-upload-row is-${row.status}`} data-status={row.status}>
              <div className="video-upload-row-main">
                <span className="video-upload-row-name" title={row.file.name}>
                  {row.file.name}
                </span>
                <span className="video-upload-row-size">{formatBytes(row.file.size)}</span>
                <UploadOutcome row={row} percent={percent} onShowExisting={onShowExisting} />
                <span className="video-upload-row-buttons">
                  {(row.status === 'uploading' || row.status === 'reconnecting' || row.status === 'starting' || row.status === 'queued') && (
                    <Tooltip title={t('videoLibrary.upload.pause')}>
                      <Button type="text" size="small" icon={<PauseOutlined />} aria-label={t('videoLibrary.upload.pauseNamed', { name: row.file.name })} onClick={() => onPause(row.key)} />
                    </Tooltip>
                  )}
                  {row.status === 'paused' && (
                    <Button size="small" icon={<CaretRightOutlined />} onClick={() => onResume(row.key)} aria-label={t('videoLibrary.upload.resumeNamed', { name: row.file.name })}>
                      {t('videoLibrary.upload.resume')}
                    </Button>
                  )}
                  <Tooltip title={live ? t('videoLibrary.upload.cancelShort') : t('videoLibrary.upload.dismissShort')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<CloseOutlined />}
                      aria-label={live ? t('videoLibrary.upload.cancel', { name: row.file.name }) : t('videoLibrary.upload.dismiss', { name: row.file.name })}
                      onClick={() => onCancel(row.key)}
                    />
                  </Tooltip>
                </span>
              </div>
              {live && (
                <Progress
                  percent={percent}
                  size="small"
                  status={row.status === 'paused' ? 'normal' : 'active'}
                  showInfo={false}
                  aria-label={t('videoLibrary.upload.progress', { name: row.file.name })}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function speedText(t: TFunction, row: UploadRow): string {
  if (!row.speed) return '';
  const left = Math.max(0, row.file.size - row.sent) / row.speed;
  return t('videoLibrary.upload.speed', { speed: formatBytes(row.speed), left: formatDuration(left * 1000) });
}

function UploadOutcome({ row, percent, onShowExisting }: { row: UploadRow; percent: number; onShowExisting: (existing: ExistingVideo) => void }) {
  const { t } = useTranslation();
  switch (row.status) {
    case 'queued':
      return <span className="video-upload-row-state">{t('videoLibrary.upload.queued')}</span>;
    case 'starting':
      return <span className="video-upload-row-state">{t('videoLibrary.upload.starting')}</span>;
    case 'uploading':
      return (
        <span className="video-upload-row-state">
          {t('videoLibrary.upload.uploading', { percent })} <span className="video-upload-speed">{speedText(t, row)}</span>
        </span>
      );
    case 'reconnecting':
      return (
        <span className="video-upload-row-state is-warning">
          <WifiOutlined aria-hidden /> {t('videoLibrary.upload.reconnecting', { percent })}
        </span>
      );
    case 'completing':
      return (
        <span className="video-upload-row-state">
          <LoadingOutlined aria-hidden /> {t('videoLibrary.upload.completing')}
        </span>
      );
    case 'paused':
      return (
        <span className={`video-upload-row-state${row.errorCode ? ' is-warning' : ''}`}>
          {row.errorCode ? t('videoLibrary.upload.interrupted', { percent }) : t('videoLibrary.upload.paused', { percent })}
        </span>
      );
    case 'done':
      return (
        <span className="video-upload-row-state is-done">
          <CheckCircleFilled aria-hidden /> {t('videoLibrary.upload.done')}
          {row.video && <span className="video-upload-facts"> · {formatDuration(row.video.durationMs)} · {row.video.width}×{row.video.height}</span>}
        </span>
      );
    case 'duplicate': {
      const existing = row.existing!;
      return (
        <span className="video-upload-row-state is-duplicate">
          <CopyOutlined aria-hidden />{' '}
          {existing.inRecycleBin ? t('videoLibrary.upload.duplicateInBin', { name: existing.name }) : t('videoLibrary.upload.duplicate', { name: existing.name })}
          <Button size="small" type="link" onClick={() => onShowExisting(existing)}>
            {existing.inRecycleBin ? t('videoLibrary.upload.openBin') : t('videoLibrary.upload.showExisting')}
          </Button>
        </span>
      );
    }
    case 'error':
      return (
        <span className="video-upload-row-state is-error" role="alert">
          <CloseCircleFilled aria-hidden /> {uploadErrorText(t, row)}
        </span>
      );
  }
}

export function uploadErrorText(t: TFunction, row: Pick<UploadRow, 'errorCode' | 'errorDetail'>): string {
  const code = row.errorCode ?? 'UNKNOWN';
  const known: Record<string, string> = {
    VIDEO_TYPE_NOT_ALLOWED: t('videoLibrary.upload.errors.type'),
    PAYLOAD_TOO_LARGE: t('videoLibrary.upload.errors.tooLarge', { size: formatBytes(VIDEO_MAX_BYTES) }),
    EMPTY_FILE: t('videoLibrary.upload.errors.empty'),
    VIDEO_UNREADABLE: t('videoLibrary.upload.errors.unreadable'),
    VIDEO_INVALID: t('videoLibrary.upload.errors.invalid'),
    NOT_FOUND: t('videoLibrary.upload.errors.expired'),
    STORAGE_QUOTA_EXCEEDED: t('videoLibrary.upload.errors.quota'),
    TOO_MANY_OPEN_UPLOADS: t('videoLibrary.upload.errors.openUploads'),
    NETWORK_ERROR: networkErrorText(t),
  };
  return known[code] ?? row.errorDetail ?? t('videoLibrary.errors.generic');
}
