import { formatBytes } from '@ads/contracts';
import { CaretRightOutlined, CheckCircleFilled, CloseCircleFilled, CloseOutlined, CopyOutlined, InboxOutlined, LoadingOutlined, PauseOutlined, UploadOutlined, WifiOutlined } from '@ant-design/icons';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '../i18n/translate';
import { Button, IconButton } from '../ui/button';
import { ACTIVE_STATUSES, isLive, type ExistingItem, type UploadQueue, type UploadRow } from './use-upload-queue';
import './upload-panel.css';

// The upload panel of a library: the Upload button, the drop zone and the list of rows. Its texts are
// the feature's, under `<messages>.…` (button, listLabel, inProgress, finished, queued, uploading …),
// so each library words its own files ("3 files", "1 video"). Plain HTML drawn with antd's tokens
// (antd's Upload, Progress and buttons): a library's first view needs no antd.

interface PickProps {
  accept: string;
  onFiles: (files: File[]) => void;
}

/** Whether a dropped file matches `accept` (".png", "image/png", "image/*"), as antd's drop zone checks. */
export function accepts(file: File, accept: string): boolean {
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)
    .some((part) => (part.startsWith('.') ? name.endsWith(part) : part.endsWith('/*') ? type.startsWith(part.slice(0, -1)) : type === part));
}

/** Hands the files over one by one, as antd's Upload did (its rows' order follows from that). */
const handOver = (files: readonly File[], onFiles: PickProps['onFiles']) => files.forEach((file) => onFiles([file]));

/** The hidden file input both pickers open; emptied after each pick, so that the same file can be picked again. */
function FileInput({ inputRef, accept, onFiles }: PickProps & { inputRef: RefObject<HTMLInputElement | null> }) {
  return (
    <input
      ref={inputRef}
      type="file"
      multiple
      accept={accept}
      hidden
      tabIndex={-1}
      // The drop zone around it opens it on a click: its own click stays its own.
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => {
        handOver([...(event.target.files ?? [])], onFiles);
        event.target.value = '';
      }}
    />
  );
}

/** The toolbar's Upload button: opens the file picker (several files at once). */
export function UploadButton({ label, ...props }: PickProps & { label: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <span className="upload-picker">
      <FileInput inputRef={input} {...props} />
      <Button type="primary" icon={<UploadOutlined aria-hidden />} onClick={() => input.current?.click()}>
        {label}
      </Button>
    </span>
  );
}

/** Where files can be dropped (or clicked to choose), with what is accepted and where they go. */
export function UploadDropZone({ text, hint, className = '', ...props }: PickProps & { text: string; hint: string; className?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    <div
      className={`upload-dropzone ${className}${over ? ' is-dragover' : ''}`}
      role="button"
      tabIndex={0}
      onClick={() => input.current?.click()}
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
        event.preventDefault();
        input.current?.click();
      }}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        // As antd's drop zone: what the picker would not offer is left out.
        handOver([...event.dataTransfer.files].filter((file) => accepts(file, props.accept)), props.onFiles);
      }}
    >
      <FileInput inputRef={input} {...props} />
      <div className="upload-dropzone-body">
        <InboxOutlined className="upload-dropzone-icon" aria-hidden />
        <div>
          <p className="upload-dropzone-text">{text}</p>
          <p className="upload-dropzone-hint">{hint}</p>
        </div>
      </div>
    </div>
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
          <Button type="link" size="small" onClick={queue.clearFinished}>
            {text('clearFinished')}
          </Button>
        )}
      </div>
      <ul>
        {rows.map((row) => {
          const live = isLive(row.status);
          const name = row.file.name;
          const percent = percentOf(row);
          // Its tooltip (the browser's, from title) only beside Pause and Resume.
          const cancelButton = (tip?: string) => (
            <IconButton
              type="text"
              size="small"
              icon={<CloseOutlined aria-hidden />}
              title={tip}
              label={live ? text('cancel', { name }) : text('dismiss', { name })}
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
                      <IconButton type="text" size="small" icon={<PauseOutlined aria-hidden />} title={text('pause')} label={text('pauseNamed', { name })} onClick={() => queue.pause(row.key)} />
                    )}
                    {row.status === 'paused' && (
                      <Button size="small" icon={<CaretRightOutlined aria-hidden />} onClick={() => queue.resume(row.key)} aria-label={text('resumeNamed', { name })}>
                        {text('resume')}
                      </Button>
                    )}
                    {cancelButton(live ? text('cancelShort') : text('dismissShort'))}
                  </span>
                ) : (
                  cancelButton()
                )}
              </div>
              {live && <ProgressLine percent={percent} active={row.status !== 'paused'} label={text('progress', { name })} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** antd's small line Progress without its number; while active, its light sweeps along the bar. */
function ProgressLine({ percent, active, label }: { percent: number; active: boolean; label: string }) {
  return (
    <div className={`upload-progress${active ? ' is-active' : ''}`} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className="upload-progress-fill" style={{ width: `${percent}%` }} />
    </div>
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
          <Button type="link" size="small" onClick={() => onShowExisting(existing)}>
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
