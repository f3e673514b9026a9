import { DeleteOutlined, FileImageOutlined, FolderOutlined, RollbackOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { formatBytes, RECYCLE_RETENTION_DAYS, type RecycleItem, type RecycleKind } from '@ads/contracts';
import { Alert, Button, Empty, Input, Segmented, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { BulkBar } from '../../../shared/list/bulk-bar';
import { useListSelection } from '../../../shared/list/use-list-selection';
import { useMemo, useState } from 'react';
import { KeyboardScroll } from '../../../shared/list/keyboard-scroll';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AppModal, useConfirm } from '../../../shared/ui/dialogs';
import { showToast } from '../../../shared/ui/toast';
import { useDeleteForever, useEmptyBin, useFolderTree, useHasPower, useRecycleList, useRestore } from '../api';
import { formatDateTime } from '../../../shared/format';
import { errorText } from '../format';
import '../asset-library.css';
import '../messages/register';

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

/**
 * The bin's table, its filters and actions, for the kinds the caller keeps: the Recycle Bin page
 * (images, folders and videos) and, for publishers, whose menu has no bin, the video library.
 */
/** Where a restore puts the item: the folder path from the top; folders still in the bin come back with it. */
function ReturnsTo({ path }: { path: RecycleItem['returnsTo'] }) {
  const { t } = useTranslation();
  const comingBack = path.filter((folder) => folder.inRecycleBin).length;
  const text = path.map((folder) => folder.name).join(' / ');
  if (!comingBack) return <span>{text}</span>;
  return (
    <Tooltip title={t('recycleBin.returnsWithFolders', { count: comingBack })}>
      <span>
        {text} <span className="recycle-muted">({t('recycleBin.returnsWithFoldersShort', { count: comingBack })})</span>
      </span>
    </Tooltip>
  );
}

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

  const columns: TableColumnsType<RecycleItem> = [
    ...(compact
      ? [
          {
            key: 'name',
            title: t('assetLibrary.columns.name'),
            render: (_: unknown, item: RecycleItem) => (
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
            render: (_: unknown, item: RecycleItem) => preview(item),
          },
          { key: 'name', dataIndex: 'name', title: t('assetLibrary.columns.name'), render: (name: string) => <span className="recycle-name">{name}</span> },
          { key: 'kind', title: t('recycleBin.kind'), width: 90, render: (_: unknown, item: RecycleItem) => kindLabel(item.kind) },
        ]),
    {
      key: 'origin',
      title: t('recycleBin.origin'),
      width: 160,
      render: (_, item) =>
        item.kind === 'video' ? (
          // A video's place is its series; one whose series is gone comes back outside any.
          (item.originalFolderName ?? t('recycleBin.noSeries'))
        ) : item.originalFolderId !== null && item.returnsTo.length === 0 ? (
          // Its folder was deleted for good: it comes back at the root.
          <Tooltip title={t('recycleBin.originGone')}>
            <span>
              {t('assetLibrary.folders.root')} <span className="recycle-muted">({t('recycleBin.originGoneShort')})</span>
            </span>
          </Tooltip>
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
      render: (_, item) => (
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
      render: (_, item) =>
        item.daysLeft <= DAYS_LEFT_WARNING ? (
          <Tag color="warning" className="days-left is-soon" data-days-left={item.daysLeft}>
            {t('recycleBin.days', { count: item.daysLeft })}
          </Tag>
        ) : (
          <span className="days-left" data-days-left={item.daysLeft}>
            {t('recycleBin.days', { count: item.daysLeft })}
          </span>
        ),
    },
    ...(compact ? [] : [{ key: 'size', title: t('recycleBin.sizeOrContents'), width: 150, render: (_: unknown, item: RecycleItem) => sizeOf(item) }]),
    {
      key: 'actions',
      title: <span className="visually-hidden">{t('assetLibrary.columns.actions')}</span>,
      width: 96,
      // In reach however far the table scrolls inside its card.
      fixed: 'right',
      render: (_, item) => (
        <Space size={0}>
          <Tooltip title={t('recycleBin.restore')}>
            <Button type="text" icon={<RollbackOutlined />} aria-label={t('recycleBin.restoreNamed', { name: item.name })} onClick={() => void doRestore([item])} />
          </Tooltip>
          <Tooltip title={t('recycleBin.deleteForever')}>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('recycleBin.deleteForeverNamed', { name: item.name })} onClick={() => askDeleteForever([item])} />
          </Tooltip>
        </Space>
      ),
    },
  ];

  const total = list.data?.total ?? 0;

  return (
    <div className="recycle-bin">
      <Alert className="recycle-rule" type="info" showIcon title={t(videosOnly ? 'recycleBin.videosOnly.rule' : 'recycleBin.rule', { days: RECYCLE_RETENTION_DAYS })} />
      {restored && (
        <Alert
          className="recycle-restored"
          type="success"
          showIcon
          closable={{ 'aria-label': t('assetLibrary.common.close') }}
          onClose={() => setRestored(null)}
          title={t('recycleBin.restoredTitle', { count: restored.length })}
          description={
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
          }
        />
      )}
      <div className="recycle-toolbar">
        {kinds.length > 1 && (
          <Segmented
            aria-label={t('recycleBin.kind')}
            value={kind ?? 'all'}
            onChange={(value) => setQuery({ kind: value === 'all' ? undefined : (value as RecycleKind) })}
            options={[{ value: 'all', label: t('recycleBin.kinds.all') }, ...kinds.map((value) => ({ value, label: kindLabel(value) }))]}
          />
        )}
        <Button className="recycle-empty" danger icon={<DeleteOutlined />} disabled={!total} onClick={() => setEmptying(true)}>
          {t(videosOnly ? 'recycleBin.videosOnly.empty' : 'recycleBin.empty')}
        </Button>
        {selected.length > 0 && (
          <BulkBar
            label={t('assetLibrary.bulk.label')}
            countText={t('assetLibrary.bulk.selected', { count: selected.length })}
            clearLabel={t('assetLibrary.bulk.clear')}
            onClear={selection.clear}
          >
            <Button icon={<RollbackOutlined />} loading={restore.isPending} onClick={() => void doRestore(selected)}>
              {t('recycleBin.restore')}
            </Button>
            <Button danger icon={<DeleteOutlined />} onClick={() => askDeleteForever(selected)}>
              {t('recycleBin.deleteForever')}
            </Button>
          </BulkBar>
        )}
      </div>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorText(t, list.error)}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('assetLibrary.common.retry')}
            </Button>
          }
        />
      ) : (
        <KeyboardScroll>
          <Table<RecycleItem>
            rowKey={keyOf}
            className="recycle-table"
            columns={columns}
            dataSource={items}
            loading={list.isFetching}
            scroll={{ x: compact ? 720 : 1040 }}
            rowSelection={{
              selectedRowKeys: [...selection.selectedIds],
              onChange: (keys) => selection.selectIds(keys as string[]),
              getCheckboxProps: (item) => ({ 'aria-label': t('assetLibrary.gallery.selectNamed', { name: item.name }) }),
            }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(videosOnly ? 'recycleBin.videosOnly.emptyState' : 'recycleBin.emptyState')} /> }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total,
              showSizeChanger: false,
              hideOnSinglePage: true,
              onChange: (next) => setQuery({ kind, page: next }),
            }}
          />
        </KeyboardScroll>
      )}
      {emptying && <EmptyBinDialog kinds={kinds} onClose={() => setEmptying(false)} />}
      {confirmHolder}
    </div>
  );
}

/**
 * Emptying the bin (of the kinds shown) is for good: the user types the confirmation word before the
 * danger button works. The count is of everything that goes, whatever kind the table is filtered to.
 */
export function EmptyBinDialog({ kinds, onClose }: { kinds: readonly RecycleKind[]; onClose: () => void }) {
  const { t } = useTranslation();
  const emptyBin = useEmptyBin();
  const videosOnly = kinds.length === 1 && kinds[0] === 'video';
  const everything = useRecycleList(kinds.length === 1 ? kinds[0] : undefined, 1, 1);
  const total = everything.data?.total ?? 0;
  const [typed, setTyped] = useState('');
  const word = t('recycleBin.emptyWord');
  const ready = typed.trim().toLocaleLowerCase() === word.toLocaleLowerCase() && everything.isSuccess;
  const text = (key: 'emptyTitle' | 'emptyText' | 'emptied') => (videosOnly ? `recycleBin.videosOnly.${key}` : `recycleBin.${key}`);

  const submit = async () => {
    try {
      const result = await emptyBin.mutateAsync([...kinds]);
      showToast('success', t(text('emptied'), { count: result.images + result.folders + result.videos }));
      onClose();
    } catch (cause) {
      showToast('error', errorText(t, cause));
    }
  };

  return (
    <AppModal
      open
      title={t(text('emptyTitle'))}
      okText={t('recycleBin.emptyOk', { count: total })}
      okButtonProps={{ danger: true, disabled: !ready }}
      cancelText={t('assetLibrary.common.cancel')}
      confirmLoading={emptyBin.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t(text('emptyText'), { count: total })}</p>
      <label className="field-label" htmlFor="empty-bin-confirm">
        {t('recycleBin.emptyTypeLabel', { word })}
      </label>
      <Input id="empty-bin-confirm" value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" autoFocus />
    </AppModal>
  );
}
