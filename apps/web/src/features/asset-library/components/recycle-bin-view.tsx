import {
  CheckCircleFilled,
  CloseOutlined,
  DeleteOutlined,
  FileImageOutlined,
  FolderOutlined,
  InfoCircleFilled,
  RollbackOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { formatBytes, RECYCLE_RETENTION_DAYS, type RecycleItem, type RecycleKind } from '@ads/contracts';
import { BulkBar } from '../../../shared/list/bulk-bar';
import { ListPagination } from '../../../shared/list/list-pagination';
import { QueryView } from '../../../shared/list/query-view';
import { useListSelection } from '../../../shared/list/use-list-selection';
import { Button, IconButton } from '../../../shared/ui/button';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useConfirm } from '../../../shared/ui/confirm';
import { SegmentedRadio } from '../../../shared/ui/plain-controls';
import { showToast } from '../../../shared/ui/toast';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { useDeleteForever, useFolderTree, useHasPower, useRecycleList, useRestore } from '../api';
import { formatDateTime } from '../../../shared/format';
import { errorText } from '../format';
import { RecycleBinTable, type BinColumn } from './recycle-bin-table';
import '../asset-library.css';
import './recycle-bin.css';
import '../messages/register';

// The bin's first view is plain HTML (no antd): its dialogs (emptying the bin, the confirmations)
// load with antd when first opened.
const EmptyBinDialog = lazyWithAntd(() => import('./recycle-bin-empty-dialog'));

const PAGE_SIZE = 50;
/** Rows with this many days left or fewer are shown in warning colours. */
export const DAYS_LEFT_WARNING = 3;

const keyOf = (item: Pick<RecycleItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;

interface RestoredNote {
  name: string;
  kind: RecycleKind;
  where: string;
  folderId: number | null;
}

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

/**
 * The bin's table, its filters and actions, for the kinds the caller keeps: the Recycle Bin page
 * (images, folders and videos) and, for publishers, whose menu has no bin, the video library.
 */
export function RecycleBinView({ kinds }: { kinds: readonly RecycleKind[] }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind =
    kinds.length === 1 ? kinds[0] : kinds.includes(kindParam as RecycleKind) ? (kindParam as RecycleKind) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  // Only the bin's own keys change: a page embedding the view keeps its other query keys.
  const setQuery = (next: { kind?: RecycleKind; page?: number }) => {
    setParams((previous) => {
      const search = new URLSearchParams(previous);
      search.delete('kind');
      search.delete('page');
      if (next.kind && kinds.length > 1) search.set('kind', next.kind);
      if (next.page && next.page > 1) search.set('page', String(next.page));
      return search;
    });
  };

  const list = useRecycleList(kind, page, PAGE_SIZE);
  const readsImages = useHasPower('asset.read');
  // The video library's bin: its own texts, and emptying it leaves images and folders alone.
  const videosOnly = kinds.length === 1 && kinds[0] === 'video';
  const folders = useFolderTree(readsImages && !videosOnly);
  const restore = useRestore();
  const deleteForever = useDeleteForever();
  const [confirm, confirmHolder] = useConfirm();
  const [restored, setRestored] = useState<RestoredNote[] | null>(null);
  const [emptying, setEmptying] = useState(false);
  const items = list.data?.items ?? [];
  // A refetch (after a restore elsewhere) starts the selection afresh too.
  const selection = useListSelection(`${kind ?? ''}:${page}:${list.dataUpdatedAt}`, items, keyOf);
  const selected = [...selection.selected.values()];
  const folderNames = useMemo(() => new Map((folders.data?.items ?? []).map((folder) => [folder.id, folder.name])), [folders.data]);

  const date = (iso: string) => formatDateTime(iso, i18n.language);
  const kindLabel = (value: RecycleKind) => t(`recycleBin.kinds.${value}`);

  const doRestore = async (rows: RecycleItem[]) => {
    try {
      const result = await restore.mutateAsync({ items: rows.map(({ kind: k, id }) => ({ kind: k, id })) });
      // The folder list is refetched after the restore; a restored folder may be the destination.
      const names = new Map(folderNames);
      for (const row of result.restored) if (row.kind === 'folder') names.set(row.id, row.name);
      const series = new Map(rows.filter((row) => row.kind === 'video').map((row) => [row.id, row.originalFolderName]));
      // Folders brought back with an item are not in the (older) folder list yet.
      for (const row of rows) for (const folder of row.returnsTo) if (!names.has(folder.id)) names.set(folder.id, folder.name);
      setRestored(
        result.restored.map((row) => ({
          name: row.name,
          kind: row.kind,
          folderId: row.folderId,
          where:
            row.kind === 'video'
              ? (series.get(row.id) ?? t('recycleBin.aSeries'))
              : row.folderId === null
                ? t('assetLibrary.folders.root')
                : (names.get(row.folderId) ?? t('recycleBin.aFolder')),
        })),
      );
      selection.clear();
      showToast('success', t('recycleBin.restoredToast', { count: result.restored.length }));
    } catch (cause) {
      showToast('error', errorText(t, cause));
    }
  };

  const askDeleteForever = (rows: RecycleItem[]) => {
    void confirm({
      title: t('recycleBin.deleteForeverTitle', { count: rows.length, name: rows[0]?.name ?? '' }),
      content: t('recycleBin.deleteForeverText', { count: rows.length }),
      okText: t('recycleBin.deleteForeverOk', { count: rows.length }),
      okButtonProps: { danger: true },
      cancelText: t('assetLibrary.common.cancel'),
      onOk: async () => {
        try {
          await deleteForever.mutateAsync({ items: rows.map(({ kind: k, id }) => ({ kind: k, id })) });
          selection.clear();
          showToast('success', t('recycleBin.deletedForever', { count: rows.length }));
        } catch (cause) {
          showToast('error', errorText(t, cause));
        }
      },
    });
  };

  const preview = (item: RecycleItem) =>
    item.thumbnailUrl ? (
      <img className="image-table-thumb" src={item.thumbnailUrl} alt="" loading="lazy" />
    ) : (
      <span className="recycle-icon" aria-hidden>
        {item.kind === 'folder' ? <FolderOutlined /> : item.kind === 'video' ? <VideoCameraOutlined /> : <FileImageOutlined />}
      </span>
    );
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
  // One kind only (the video library's bin, beside the series panel): no kind column, and the
  // preview and size go with the name, so the table fits the narrower space.
  const compact = kinds.length === 1;

  const columns: BinColumn<RecycleItem>[] = [
    ...(compact
      ? [
          {
            key: 'name',
            title: t('assetLibrary.columns.name'),
            render: (item: RecycleItem) => (
              <div className="recycle-item">
                {preview(item)}
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
            render: (item: RecycleItem) => preview(item),
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
      sticky: true,
      render: (item) => (
        <span className="bin-row-actions">
          <IconButton
            type="text"
            icon={<RollbackOutlined aria-hidden />}
            title={t('recycleBin.restore')}
            label={t('recycleBin.restoreNamed', { name: item.name })}
            onClick={() => void doRestore([item])}
          />
          <IconButton
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden />}
            title={t('recycleBin.deleteForever')}
            label={t('recycleBin.deleteForeverNamed', { name: item.name })}
            onClick={() => askDeleteForever([item])}
          />
        </span>
      ),
    },
  ];

  const total = list.data?.total ?? 0;

  return (
    <div className="recycle-bin">
      {/* antd's info and success alerts (role alert, as antd's), in plain HTML. */}
      <div className="bin-alert is-info recycle-rule" role="alert">
        <InfoCircleFilled className="bin-alert-icon" aria-hidden />
        <div className="bin-alert-body">{t(videosOnly ? 'recycleBin.videosOnly.rule' : 'recycleBin.rule', { days: RECYCLE_RETENTION_DAYS })}</div>
      </div>
      {restored && (
        <div className="bin-alert is-success has-description recycle-restored" role="alert">
          <CheckCircleFilled className="bin-alert-icon" aria-hidden />
          <div className="bin-alert-body">
            <div className="bin-alert-title">{t('recycleBin.restoredTitle', { count: restored.length })}</div>
            <ul className="restored-list">
              {restored.map((note) => (
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
          <button type="button" className="bin-alert-close" aria-label={t('assetLibrary.common.close')} onClick={() => setRestored(null)}>
            <CloseOutlined aria-hidden />
          </button>
        </div>
      )}
      <div className="recycle-toolbar">
        {kinds.length > 1 && (
          <SegmentedRadio<RecycleKind | 'all'>
            label={t('recycleBin.kind')}
            value={kind ?? 'all'}
            onChange={(value) => setQuery({ kind: value === 'all' ? undefined : value })}
            options={[{ value: 'all', label: t('recycleBin.kinds.all') }, ...kinds.map((value) => ({ value, label: kindLabel(value) }))]}
          />
        )}
        <Button danger className="recycle-empty" icon={<DeleteOutlined aria-hidden />} disabled={!total} onClick={() => setEmptying(true)}>
          {t(videosOnly ? 'recycleBin.videosOnly.empty' : 'recycleBin.empty')}
        </Button>
        {selected.length > 0 && (
          <BulkBar
            label={t('assetLibrary.bulk.label')}
            countText={t('assetLibrary.bulk.selected', { count: selected.length })}
            clearLabel={t('assetLibrary.bulk.clear')}
            onClear={selection.clear}
          >
            {/* While restoring: spinning, and a second press does nothing. */}
            <Button icon={<RollbackOutlined aria-hidden />} loading={restore.isPending} onClick={() => void doRestore(selected)}>
              {t('recycleBin.restore')}
            </Button>
            <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => askDeleteForever(selected)}>
              {t('recycleBin.deleteForever')}
            </Button>
          </BulkBar>
        )}
      </div>
      <QueryView
        query={list}
        errorText={(error) => errorText(t, error)}
        retryLabel={t('assetLibrary.common.retry')}
        // The table draws its own empty state, under its header as antd's did.
        empty={false}
        emptyText=""
      >
        {() => (
          <>
            <RecycleBinTable<RecycleItem>
              label={t(videosOnly ? 'recycleBin.videosOnly.table' : 'recycleBin.table')}
              columns={columns}
              items={items}
              rowKey={keyOf}
              minWidth={compact ? 720 : 1040}
              loading={list.isFetching}
              emptyText={t(videosOnly ? 'recycleBin.videosOnly.emptyState' : 'recycleBin.emptyState')}
              selection={{
                selected: selection.selectedIds,
                toggle: selection.toggle,
                togglePage: selection.togglePage,
                allOnPageSelected: selection.allOnPageSelected,
                pageLabel: t('assetLibrary.gallery.selectPage'),
                labelOf: (item) => t('assetLibrary.gallery.selectNamed', { name: item.name }),
              }}
            />
            <ListPagination total={total} page={page} pageSize={PAGE_SIZE} pageSizes={[PAGE_SIZE]} hideOnSinglePage onChange={(next) => setQuery({ kind, page: next.page })} />
          </>
        )}
      </QueryView>
      {emptying && (
        <Suspense fallback={null}>
          <EmptyBinDialog kinds={kinds} onClose={() => setEmptying(false)} />
        </Suspense>
      )}
      {confirmHolder}
    </div>
  );
}
