import { DeleteOutlined, FileImageOutlined, FolderOutlined, RollbackOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { formatBytes, type RecycleItem, type RecycleKind } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { formatDateTime } from '../../../shared/format';
import { IconButton } from '../../../shared/ui/button';
import type { PlainColumn } from '../../../shared/list/plain-table';

/** Rows with this many days left or fewer are shown in warning colours. */
const DAYS_LEFT_WARNING = 3;

/** Where a restore puts the item: the folder path from the top; folders still in the bin come back with it. */
function ReturnsTo({ path }: { path: RecycleItem['returnsTo'] }) {
  const { t } = useTranslation();
  const comingBack = path.filter((folder) => folder.inRecycleBin).length;
  const text = path.map((folder) => folder.name).join(' / ');
  if (!comingBack) return <span>{text}</span>;
  return (
    <span title={t('recycleBin.returnsWithFolders', { count: comingBack })}>
      {text} <span className="recycle-muted">({t('recycleBin.returnsWithFoldersShort', { count: comingBack })})</span>
    </span>
  );
}

function Preview({ item }: { item: RecycleItem }) {
  return item.thumbnailUrl ? (
    <img className="image-table-thumb" src={item.thumbnailUrl} alt="" loading="lazy" />
  ) : (
    <span className="recycle-icon" aria-hidden>
      {item.kind === 'folder' ? <FolderOutlined /> : item.kind === 'video' ? <VideoCameraOutlined /> : <FileImageOutlined />}
    </span>
  );
}

interface ColumnsInput {
  /**
   * One kind only (the video library's bin, beside the series panel): no kind column, and the
   * preview and size go with the name, so the table fits the narrower space.
   */
  compact: boolean;
  onRestore: (item: RecycleItem) => void;
  onDeleteForever: (item: RecycleItem) => void;
}

/** The bin table's columns, a row's Restore and Delete forever at the end. */
export function useRecycleBinColumns({ compact, onRestore, onDeleteForever }: ColumnsInput): PlainColumn<RecycleItem>[] {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatDateTime(iso, i18n.language);
  const kindLabel = (value: RecycleKind) => t(`recycleBin.kinds.${value}`);
  const sizeOf = (item: RecycleItem) =>
    item.contains && item.contains.folders + item.contains.images === 0
      ? t('recycleBin.containsNothing')
      : item.contains
      ? t('recycleBin.contains', {
          folders: t('recycleBin.containsFolders', { count: item.contains.folders }),
          images: t('recycleBin.containsImages', { count: item.contains.images }),
        })
      : item.bytes !== null
        ? formatBytes(item.bytes)
        : '—';

  return [
    ...(compact
      ? [
          {
            key: 'name',
            title: t('assetLibrary.columns.name'),
            render: (item: RecycleItem) => (
              <div className="recycle-item">
                <Preview item={item} />
                <div>
                  <div className="recycle-name">{item.name}</div>
                  <div className="recycle-muted">{sizeOf(item)}</div>
                </div>
              </div>
            ),
          },
        ]
      : [
          {
            key: 'preview',
            title: <span className="visually-hidden">{t('assetLibrary.columns.preview')}</span>,
            width: 72,
            render: (item: RecycleItem) => <Preview item={item} />,
          },
          { key: 'name', title: t('assetLibrary.columns.name'), render: (item: RecycleItem) => <span className="recycle-name">{item.name}</span> },
          { key: 'kind', title: t('recycleBin.kind'), width: 90, render: (item: RecycleItem) => kindLabel(item.kind) },
        ]),
    {
      key: 'origin',
      title: t('recycleBin.origin'),
      width: 160,
      render: (item) =>
        item.kind === 'video' ? (
          // A video's place is its series; one whose series is gone comes back outside any.
          (item.originalFolderName ?? t('recycleBin.noSeries'))
        ) : item.originalFolderId !== null && item.returnsTo.length === 0 ? (
          // Its folder was deleted for good: it comes back at the root.
          <span title={t('recycleBin.originGone')}>
            {t('assetLibrary.folders.root')} <span className="recycle-muted">({t('recycleBin.originGoneShort')})</span>
          </span>
        ) : item.returnsTo.length === 0 ? (
          t('assetLibrary.folders.root')
        ) : (
          <ReturnsTo path={item.returnsTo} />
        ),
    },
    {
      key: 'deleted',
      title: t('recycleBin.deleted'),
      width: 190,
      render: (item) => (
        <div>
          <div>{date(item.deletedAt)}</div>
          {item.deletedBy && <div className="recycle-muted">{t('recycleBin.by', { name: item.deletedBy.name })}</div>}
        </div>
      ),
    },
    {
      key: 'daysLeft',
      title: t('recycleBin.daysLeft'),
      width: 100,
      render: (item) =>
        item.daysLeft <= DAYS_LEFT_WARNING ? (
          // antd's warning tag, in colours that read (5.2:1).
          <span className="bin-tag is-warning days-left is-soon" data-days-left={item.daysLeft}>
            {t('recycleBin.days', { count: item.daysLeft })}
          </span>
        ) : (
          <span className="days-left" data-days-left={item.daysLeft}>
            {t('recycleBin.days', { count: item.daysLeft })}
          </span>
        ),
    },
    ...(compact ? [] : [{ key: 'size', title: t('recycleBin.sizeOrContents'), width: 150, render: (item: RecycleItem) => sizeOf(item) }]),
    {
      key: 'actions',
      title: <span className="visually-hidden">{t('assetLibrary.columns.actions')}</span>,
      width: 96,
      // In reach however far the table scrolls inside its card.
      fixed: 'end',
      render: (item) => (
        <span className="bin-row-actions">
          <IconButton
            type="text"
            icon={<RollbackOutlined aria-hidden />}
            title={t('recycleBin.restore')}
            label={t('recycleBin.restoreNamed', { name: item.name })}
            onClick={() => onRestore(item)}
          />
          <IconButton
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden />}
            title={t('recycleBin.deleteForever')}
            label={t('recycleBin.deleteForeverNamed', { name: item.name })}
            onClick={() => onDeleteForever(item)}
          />
        </span>
      ),
    },
  ];
}
