import { CheckCircleFilled, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../shared/i18n/translate';
import { Link } from '../../../shared/router/router';
import type { RestoredNote } from './use-recycle-bin';

/**
 * What the last restore brought back and where, each with a link to its folder or series: antd's
 * success alert with a description and a close button (role alert, as antd's), in plain HTML.
 */
export function RestoredAlert({ notes, readsImages, onClose }: { notes: readonly RestoredNote[]; readsImages: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="bin-alert is-success has-description recycle-restored" role="alert">
      <CheckCircleFilled className="bin-alert-icon" aria-hidden />
      <div className="bin-alert-body">
        <div className="bin-alert-title">{t('recycleBin.restoredTitle', { count: notes.length })}</div>
        <ul className="restored-list">
          {notes.map((note) => (
            <li key={`${note.kind}-${note.name}-${note.folderId}`}>
              {note.kind === 'video' && note.folderId === null
                ? t('recycleBin.restoredNoSeries', { name: note.name })
                : t('recycleBin.restoredTo', { name: note.name, where: note.where })}{' '}
              {note.kind === 'video' ? (
                <Link to={`/videoLibrary?series=${note.folderId ?? 'none'}`}>{t('recycleBin.openFolder')}</Link>
              ) : (
                readsImages && (
                  <Link to={`/assetLibrary/imageGallery?folder=${note.kind === 'folder' ? 'all' : (note.folderId ?? 'root')}`}>{t('recycleBin.openFolder')}</Link>
                )
              )}
            </li>
          ))}
        </ul>
      </div>
      <button type="button" className="bin-alert-close" aria-label={t('assetLibrary.common.close')} onClick={onClose}>
        <CloseOutlined aria-hidden />
      </button>
    </div>
  );
}
