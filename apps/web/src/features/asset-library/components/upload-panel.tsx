import { CheckCircleFilled, CloseCircleFilled, CloseOutlined, CopyOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { IMAGE_MAX_BYTES, type ErrorDetails } from '@ads/contracts';
import { Button, Progress, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes, networkErrorText } from '../../../shared/format';
import { ACCEPT_ATTRIBUTE } from '../upload';
import type { UploadRow } from '../use-uploads';

export type ExistingImage = ErrorDetails<'IMAGE_DUPLICATE'>['existing'];

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
        {t('assetLibrary.upload.button')}
      </Button>
    </Upload>
  );
}

/** Where files can be dropped (or clicked to choose), with what is accepted and where they go. */
export function UploadDropZone({ onFiles, target }: { onFiles: (files: File[]) => void; target: string }) {
  const { t } = useTranslation();
  return (
    <Upload.Dragger
      className="upload-dropzone"
      multiple
      accept={ACCEPT_ATTRIBUTE}
      showUploadList={false}
      beforeUpload={(file) => {
        onFiles([file]);
        return Upload.LIST_IGNORE;
      }}
    >
      <div className="upload-dropzone-body">
        <InboxOutlined className="upload-dropzone-icon" aria-hidden />
        <div>
          <p className="upload-dropzone-text">{t('assetLibrary.upload.drop', { folder: target })}</p>
          <p className="upload-dropzone-hint">{t('assetLibrary.upload.hint', { size: formatBytes(IMAGE_MAX_BYTES) })}</p>
        </div>
      </div>
    </Upload.Dragger>
  );
}

interface UploadListProps {
  rows: readonly UploadRow[];
  onCancel: (key: string) => void;
  onClearFinished: () => void;
  onShowExisting: (existing: ExistingImage) => void;
}

/** One row per file: progress while it goes, then done, duplicate (with the image already there) or the error. */
export function UploadList({ rows, onCancel, onClearFinished, onShowExisting }: UploadListProps) {
  const { t } = useTranslation();
  if (!rows.length) return null;
  const active = rows.filter((row) => row.status === 'queued' || row.status === 'uploading').length;
  const done = rows.filter((row) => row.status === 'done').length;

  return (
    <section className="upload-list" aria-label={t('assetLibrary.upload.listLabel')}>
      <div className="upload-list-head">
        <span aria-live="polite">
          {active
            ? t('assetLibrary.upload.inProgress', { count: active })
            : t('assetLibrary.upload.finished', { count: done, total: rows.length })}
        </span>
        {active < rows.length && (
          <Button size="small" type="link" onClick={onClearFinished}>
            {t('assetLibrary.upload.clearFinished')}
          </Button>
        )}
      </div>
      <ul>
        {rows.map((row) => (
          <li key={row.key} className={`upload-row is-${row.status}`} data-status={row.status}>
            <div className="upload-row-main">
              <span className="upload-row-name" title={row.file.name}>
                {row.file.name}
              </span>
              <span className="upload-row-size">{formatBytes(row.file.size)}</span>
              <UploadOutcome row={row} onShowExisting={onShowExisting} />
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={
                  row.status === 'uploading' || row.status === 'queued'
                    ? t('assetLibrary.upload.cancel', { name: row.file.name })
                    : t('assetLibrary.upload.dismiss', { name: row.file.name })
                }
                onClick={() => onCancel(row.key)}
              />
            </div>
            {(row.status === 'uploading' || row.status === 'queued') && (
              <Progress
                percent={row.percent}
                size="small"
                status="active"
                showInfo={false}
                aria-label={t('assetLibrary.upload.progress', { name: row.file.name })}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function UploadOutcome({ row, onShowExisting }: { row: UploadRow; onShowExisting: (existing: ExistingImage) => void }) {
  const { t } = useTranslation();
  switch (row.status) {
    case 'queued':
      return <span className="upload-row-state">{t('assetLibrary.upload.queued')}</span>;
    case 'uploading':
      return <span className="upload-row-state">{t('assetLibrary.upload.uploading', { percent: row.percent })}</span>;
    case 'done':
      return (
        <span className="upload-row-state is-done">
          <CheckCircleFilled aria-hidden /> {t('assetLibrary.upload.done')}
        </span>
      );
    case 'duplicate': {
      const existing = row.existing!;
      return (
        <span className="upload-row-state is-duplicate">
          <CopyOutlined aria-hidden />{' '}
          {existing.inRecycleBin
            ? t('assetLibrary.upload.duplicateInBin', { name: existing.name })
            : t('assetLibrary.upload.duplicate', { name: existing.name })}
          <Button size="small" type="link" onClick={() => onShowExisting(existing)}>
            {existing.inRecycleBin ? t('assetLibrary.upload.openBin') : t('assetLibrary.upload.showExisting')}
          </Button>
        </span>
      );
    }
    case 'error':
      return (
        <span className="upload-row-state is-error" role="alert">
          <CloseCircleFilled aria-hidden /> {uploadErrorText(t, row)}
        </span>
      );
  }
}

export function uploadErrorText(t: (key: string, options?: Record<string, unknown>) => string, row: Pick<UploadRow, 'errorCode' | 'errorDetail'>): string {
  const code = row.errorCode ?? 'UNKNOWN';
  const known: Record<string, string> = {
    IMAGE_TYPE_NOT_ALLOWED: t('assetLibrary.upload.errors.type'),
    PAYLOAD_TOO_LARGE: t('assetLibrary.upload.errors.tooLarge', { size: formatBytes(IMAGE_MAX_BYTES) }),
    IMAGE_TOO_LARGE_PIXELS: t('assetLibrary.upload.errors.pixels'),
    IMAGE_TOO_LARGE_DECODED: t('assetLibrary.upload.errors.decoded'),
    IMAGE_UNREADABLE: t('assetLibrary.upload.errors.unreadable'),
    STORAGE_QUOTA_EXCEEDED: t('assetLibrary.upload.errors.quota'),
    NETWORK_ERROR: networkErrorText(t),
  };
  return known[code] ?? row.errorDetail ?? t('assetLibrary.errors.generic');
}
