import { formatBytes } from '@ads/contracts';
import { CaretRightOutlined, CheckCircleFilled, CloseCircleFilled, CloseOutlined, CopyOutlined, InboxOutlined, LoadingOutlined, PauseOutlined, UploadOutlined, WifiOutlined } from '@ant-design/icons';
import { Button, Progress, Tooltip, Upload } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVE_STATUSES, isLive, type ExistingItem, type UploadQueue, type UploadRow } from './use-upload-queue';
import './upload-panel.css';

// The upload panel of a library: the Upload button, the drop zone and the list of rows. Its texts are
// the feature's, under `<messages>.…` (button, listLabel, inProgress, finished, queued, uploading …),
// so each library words its own files ("3 files", "1 video").

interface PickProps {
  accept: string;
  onFiles: (files: File[]) => void;
}

const pick = ({ accept, onFiles }: PickProps) => ({
  multiple: true,
  accept,
  showUploadList: false,
  beforeUpload: (file: File) => {
    onFiles([file]);
    return Upload.LIST_IGNORE;
  },
});

/** The toolbar's Upload button: opens the file picker (several files at once). */
export function UploadButton({ label, ...props }: PickProps & { label: string }) {
  return (
    <Upload {...pick(props)}>
      <Button type="primary" icon={<UploadOutlined />}>
        {label}
      </Button>
    </Upload>
  );
}

/** Where files can be dropped (or clicked to choose), with what is accepted and where they go. */
export function UploadDropZone({ text, hint, className = '', ...props }: PickProps & { text: string; hint: string; className?: string }) {
  return (
    <Upload.Dragger className={`upload-dropzone ${className}`} {...pick(props)}>
      <div className="upload-dropzone-body">
        <InboxOutlined className="upload-dropzone-icon" aria-hidden />
        <div>
          <p className="upload-dropzone-text">{text}</p>
          <p className="upload-dropzone-hint">{hint}</p>
        </div>
      </div>
    </Upload.Dragger>
  );
}

export interface UploadListProps<T> {
  /** Where the feature's upload texts live, e.g. `assetLibrary.upload`. */
  messages: string;
  queue: UploadQueue<T>;
  /** Pause and Resume (chunked uploads). */
  resumable?: boolean;
  errorText: (row: Pick<UploadRow<T>, 'errorCode' | 'errorDetail'>) => string;
  onShowExisting: (existing: ExistingItem) => void;
  /** Beside "Uploading n%": speed and time left. */
  progressNote?: (row: UploadRow<T>) => ReactNode;
  /** Beside "Uploaded": what the server found. */
  doneNote?: (row: UploadRow<T>) => ReactNode;
}

const percentOf = (row: UploadRow<unknown>) => (row.file.size ? Math.floor((row.sent / row.file.size) * 100 + 1e-9) : 0);

/** One row per file: progress while it goes, then done, duplicate (with the one already there) or the error. */
export function UploadList<T>({ messages, queue, resumable = false, errorText, onShowExisting, progressNote, doneNote }: UploadListProps<T>) {
  const { t } = useTranslation();
  const { rows } = queue;
  if (!rows.length) return null;
  const text = (key: string, values?: Record<string, unknown>) => t(`${messages}.${key}`, values);
  const active = rows.filter((row) => ACTIVE_STATUSES.has(row.status)).length;
  const paused = rows.filter((row) => row.status === 'paused').length;
  const done = rows.filter((row) => row.status === 'done').length;

  return (
    <section className={`upload-list${resumable ? ' is-resumable' : ''}`} aria-label={text('listLabel')}>
      <div className="upload-list-head">
        <span aria-live="polite">
          {active
            ? text('inProgress', { count: active })
            : paused
              ? text('pausedCount', { count: paused })
              : text('finished', { count: done, total: rows.length })}
        </span>
        {active + paused < rows.length && (
          <Button size="small" type="link" onClick={queue.clearFinished}>
            {text('clearFinished')}
          </Button>
        )}
      </div>
      <ul>
        {rows.map((row) => {
          const live = isLive(row.status);
          const name = row.file.name;
          const percent = percentOf(row);
          const cancelButton = (
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={live ? text('cancel', { name }) : text('dismiss', { name })}
              onClick={() => queue.cancel(row.key)}
            />
          );
          return (
            <li key={row.key} className={`upload-row is-${row.status}`} data-status={row.status}>
              <div className="upload-row-main">
                <span className="upload-row-name" title={name}>
                  {name}
                </span>
                <span className="upload-row-size">{formatBytes(row.file.size)}</span>
                <Outcome row={row} percent={percent} text={text} errorText={errorText} onShowExisting={onShowExisting} progressNote={progressNote} doneNote={doneNote} />
                {resumable ? (
                  <span className="upload-row-buttons">
                    {ACTIVE_STATUSES.has(row.status) && row.status !== 'completing' && (
                      <Tooltip title={text('pause')}>
                        <Button type="text" size="small" icon={<PauseOutlined />} aria-label={text('pauseNamed', { name })} onClick={() => queue.pause(row.key)} />
                      </Tooltip>
                    )}
                    {row.status === 'paused' && (
                      <Button size="small" icon={<CaretRightOutlined />} onClick={() => queue.resume(row.key)} aria-label={text('resumeNamed', { name })}>
                        {text('resume')}
                      </Button>
                    )}
                    <Tooltip title={live ? text('cancelShort') : text('dismissShort')}>{cancelButton}</Tooltip>
                  </span>
                ) : (
                  cancelButton
                )}
              </div>
              {live && (
                <Progress percent={percent} size="small" status={row.status === 'paused' ? 'normal' : 'active'} showInfo={false} aria-label={text('progress', { name })} />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

interface OutcomeProps<T> extends Pick<UploadListProps<T>, 'errorText' | 'onShowExisting' | 'progressNote' | 'doneNote'> {
  row: UploadRow<T>;
  percent: number;
  text: (key: string, values?: Record<string, unknown>) => string;
}

function Outcome<T>({ row, percent, text, errorText, onShowExisting, progressNote, doneNote }: OutcomeProps<T>) {
  switch (row.status) {
    case 'queued':
    case 'starting':
      return <span className="upload-row-state">{text(row.status)}</span>;
    case 'uploading':
      return (
        <span className="upload-row-state">
          {text('uploading', { percent })}
          {progressNote && <> {progressNote(row)}</>}
        </span>
      );
    case 'reconnecting':
      return (
        <span className="upload-row-state is-warning">
          <WifiOutlined aria-hidden /> {text('reconnecting', { percent })}
        </span>
      );
    case 'completing':
      return (
        <span className="upload-row-state">
          <LoadingOutlined aria-hidden /> {text('completing')}
        </span>
      );
    case 'paused':
      return (
        <span className={`upload-row-state${row.errorCode ? ' is-warning' : ''}`}>
          {row.errorCode ? text('interrupted', { percent }) : text('paused', { percent })}
        </span>
      );
    case 'done':
      return (
        <span className="upload-row-state is-done">
          <CheckCircleFilled aria-hidden /> {text('done')}
          {doneNote?.(row)}
        </span>
      );
    case 'duplicate': {
      const existing = row.existing!;
      return (
        <span className="upload-row-state is-duplicate">
          <CopyOutlined aria-hidden /> {existing.inRecycleBin ? text('duplicateInBin', { name: existing.name }) : text('duplicate', { name: existing.name })}
          <Button size="small" type="link" onClick={() => onShowExisting(existing)}>
            {existing.inRecycleBin ? text('openBin') : text('showExisting')}
          </Button>
        </span>
      );
    }
    case 'error':
      return (
        <span className="upload-row-state is-error" role="alert">
          <CloseCircleFilled aria-hidden /> {errorText(row)}
        </span>
      );
  }
}
