import { AppstoreOutlined, ClearOutlined, DeleteOutlined, ReloadOutlined, SearchOutlined, SwapOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { IMAGE_FORMATS, IMAGE_REVIEW_STATUSES, imageStorageUsage, type Image } from '@ads/contracts';
import { Alert, Button, Empty, Input, Pagination, Segmented, Select, Skeleton, Space } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../../shared/api-client';
import { StorageUsageBar } from '../../../shared/ui/storage-usage-bar';
import { useSearchBox } from '../../../shared/use-search-box';
import { assetKeys, useCanWriteAssets, useFolderTree, useImageList } from '../api';
import { FolderPanel } from '../components/folder-panel';
import { ImageDetailDrawer } from '../components/image-detail-drawer';
import { ImageGrid } from '../components/image-grid';
import { ImageTable } from '../components/image-table';
import { RejectedList } from '../components/rejected-list';
import { UploadButton, UploadDropZone, UploadList, type ExistingImage } from '../components/upload-panel';
import { useImageActions } from '../components/use-image-actions';
import { errorText, formatLabel } from '../format';
import { buildFolderTree, findNode } from '../folder-tree';
import { imageListQuery, PAGE_SIZES, SIZE_RANGES, useGalleryState, type GalleryTab, type GalleryView, type SizeRange, type SortField } from '../gallery-state';
import { useUploads } from '../use-uploads';
import '../../../shared/ui/library-layout.css';
import '../asset-library.css';
import '../messages/register';

const SORTS = ['createdAt:desc', 'createdAt:asc', 'name:asc', 'name:desc', 'bytes:desc', 'bytes:asc'] as const;

export default function ImageGalleryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, update] = useGalleryState();
  const canWrite = useCanWriteAssets();
  const folders = useFolderTree();
  const tree = useMemo(() => buildFolderTree(folders.data?.items ?? []), [folders.data]);
  const query = useMemo(() => imageListQuery(state), [state]);
  const images = useImageList(query, state.tab === 'images');
  const uploads = useUploads();

  // Past the last page (after deleting or moving its images): show the last page there is.
  const lastPage = images.data ? Math.max(1, Math.ceil(images.data.total / state.pageSize)) : undefined;
  useEffect(() => {
    if (lastPage !== undefined && !images.isPlaceholderData && state.tab === 'images' && state.page > lastPage) update({ page: lastPage }, { replace: true });
  }, [lastPage, images.isPlaceholderData, state.page, state.tab, update]);

  // The search box types freely; the URL (and the request) follow after a pause.
  const [searchText, setSearchText] = useSearchBox(state.search, (search) => update({ search }, { replace: true }));

  // The selection belongs to what is listed: another folder, filter or page starts it afresh.
  const listKey = JSON.stringify(query);
  const [selection, setSelection] = useState<{ key: string; images: Map<number, Image> }>({ key: listKey, images: new Map() });
  const selected = useMemo(() => (selection.key === listKey ? selection.images : new Map<number, Image>()), [selection, listKey]);
  const selectedIds = useMemo(() => new Set(selected.keys()), [selected]);
  const setSelected = (next: Map<number, Image>) => setSelection({ key: listKey, images: next });
  const clearSelection = useCallback(() => setSelection({ key: '', images: new Map() }), []);

  const open = useCallback((image: Image) => update({ image: image.id }), [update]);
  const afterGone = useCallback(
    (ids: number[]) => {
      clearSelection();
      if (state.image && ids.includes(state.image)) update({ image: undefined }, { replace: true });
    },
    [clearSelection, state.image, update],
  );
  const { actions, elements } = useImageActions({ tree, open, onRemoved: afterGone, onMoved: clearSelection });

  const currentFolder = typeof state.folder === 'number' ? findNode(tree, state.folder) : undefined;
  const uploadFolderId = typeof state.folder === 'number' ? state.folder : null;
  const scopeLabel =
    state.folder === 'all'
      ? t('assetLibrary.folders.all')
      : state.folder === 'root'
        ? t('assetLibrary.folders.root')
        : (currentFolder?.path.join(' / ') ?? '…');
  const uploadTarget = currentFolder ? currentFolder.path.join(' / ') : t('assetLibrary.folders.root');

  const showExisting = (existing: ExistingImage) => {
    if (existing.inRecycleBin) navigate('/assetLibrary/recycleBin');
    else update({ folder: existing.folderId ?? 'root', tab: 'images', image: existing.id });
  };

  const filtered = !!(state.search || state.format || state.size || state.status);
  const items = images.data?.items ?? [];
  const allOnPageSelected = items.length > 0 && items.every((image) => selected.has(image.id));

  const toolbar = (
    <div className="gallery-toolbar" role="search" aria-label={t('assetLibrary.gallery.filters')}>
      <Input
        className="gallery-search"
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('assetLibrary.gallery.searchPlaceholder')}
        aria-label={t('assetLibrary.gallery.search')}
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
        onPressEnter={() => update({ search: searchText }, { replace: true })}
      />
      {state.tab === 'images' && (
        <>
          <Select
            className="gallery-filter"
            allowClear
            aria-label={t('assetLibrary.gallery.format')}
            placeholder={t('assetLibrary.gallery.anyFormat')}
            value={state.format}
            onChange={(format) => update({ format })}
            options={IMAGE_FORMATS.map((format) => ({ value: format, label: formatLabel(format) }))}
          />
          <Select<SizeRange>
            className="gallery-filter"
            allowClear
            aria-label={t('assetLibrary.gallery.size')}
            placeholder={t('assetLibrary.gallery.anySize')}
            value={state.size}
            onChange={(size) => update({ size })}
            options={(Object.keys(SIZE_RANGES) as SizeRange[]).map((size) => ({ value: size, label: t(`assetLibrary.gallery.sizes.${size}`) }))}
          />
          <Select
            className="gallery-filter"
            allowClear
            aria-label={t('assetLibrary.gallery.status')}
            placeholder={t('assetLibrary.gallery.anyStatus')}
            value={state.status}
            onChange={(status) => update({ status })}
            options={IMAGE_REVIEW_STATUSES.map((status) => ({ value: status, label: t(`assetLibrary.status.${status}`) }))}
          />
          <Select
            className="gallery-sort"
            aria-label={t('assetLibrary.gallery.sort')}
            value={`${state.sort}:${state.order}`}
            onChange={(value: string) => {
              const [sort, order] = value.split(':') as [SortField, 'asc' | 'desc'];
              update({ sort, order });
            }}
            options={SORTS.map((value) => ({ value, label: t(`assetLibrary.gallery.sorts.${value.replace(':', '_')}`) }))}
          />
          <Segmented<GalleryView>
            aria-label={t('assetLibrary.gallery.view')}
            value={state.view}
            onChange={(view) => update({ view })}
            options={[
              { value: 'grid', icon: <AppstoreOutlined />, label: <span className="visually-hidden">{t('assetLibrary.gallery.grid')}</span>, title: t('assetLibrary.gallery.grid') },
              { value: 'list', icon: <UnorderedListOutlined />, label: <span className="visually-hidden">{t('assetLibrary.gallery.list')}</span>, title: t('assetLibrary.gallery.list') },
            ]}
          />
        </>
      )}
    </div>
  );

  const content = () => {
    if (images.isError) {
      return (
        <Alert
          type="error"
          showIcon
          title={errorText(t, images.error)}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void images.refetch()}>
              {t('assetLibrary.common.retry')}
            </Button>
          }
        />
      );
    }
    if (images.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
    if (!items.length) {
      return (
        <Empty
          className="gallery-empty"
          description={
            filtered
              ? t('assetLibrary.gallery.noMatches')
              : state.folder === 'all'
                ? t('assetLibrary.gallery.emptyLibrary')
                : t('assetLibrary.gallery.emptyFolder')
          }
        >
          {filtered && (
            <Button icon={<ClearOutlined />} onClick={() => update({ search: '', format: undefined, size: undefined, status: undefined })}>
              {t('assetLibrary.gallery.clearFilters')}
            </Button>
          )}
        </Empty>
      );
    }
    return state.view === 'grid' ? (
      <ImageGrid
        items={items}
        selected={selectedIds}
        canWrite={canWrite}
        actions={actions}
        onToggle={(image, checked) => {
          const next = new Map(selected);
          if (checked) next.set(image.id, image);
          else next.delete(image.id);
          setSelected(next);
        }}
      />
    ) : (
      <ImageTable
        items={items}
        loading={images.isFetching}
        selected={selectedIds}
        canWrite={canWrite}
        actions={actions}
        sort={state.sort}
        order={state.order}
        onSort={(sort, order) => update({ sort, order })}
        onSelectionChange={(ids) => setSelected(new Map(items.filter((image) => ids.includes(image.id)).map((image) => [image.id, image])))}
      />
    );
  };

  return (
    <div className="asset-library">
      <div className="library-head">
        <h1 className="page-title">{t('pages.assetLibrary/imageGallery.title')}</h1>
        {canWrite && (
          <StorageUsageBar
            queryKey={[...assetKeys.images(), 'usage']}
            load={(signal) => callApi(imageStorageUsage, {}, { signal })}
          />
        )}
        {canWrite && state.tab === 'images' && <UploadButton onFiles={(files) => uploads.add(files, uploadFolderId)} />}
      </div>
      <div className="library-layout">
        <FolderPanel
          tree={tree}
          loading={folders.isPending}
          error={folders.isError ? folders.error : null}
          onRetry={() => void folders.refetch()}
          selected={state.tab === 'images' ? state.folder : 'all'}
          onSelect={(folder) => update({ folder, tab: 'images' })}
          canWrite={canWrite}
        />
        <section className="gallery-content" aria-labelledby="gallery-scope">
          <Segmented<GalleryTab>
            className="gallery-tabs"
            aria-label={t('assetLibrary.gallery.sections')}
            value={state.tab}
            onChange={(tab) => update({ tab })}
            options={[
              { value: 'images', label: t('assetLibrary.gallery.imagesTab') },
              { value: 'rejected', label: t('assetLibrary.gallery.rejectedTab') },
            ]}
          />
          {toolbar}
          {state.tab === 'rejected' ? (
            <>
              <h2 id="gallery-scope" className="gallery-scope">
                {t('assetLibrary.rejected.title')}
              </h2>
              <RejectedList search={state.search} page={state.page} onPage={(page) => update({ page })} actions={actions} canWrite={canWrite} />
            </>
          ) : (
            <>
              {canWrite && <UploadDropZone target={uploadTarget} onFiles={(files) => uploads.add(files, uploadFolderId)} />}
              <UploadList rows={uploads.rows} onCancel={uploads.cancel} onClearFinished={uploads.clearFinished} onShowExisting={showExisting} />
              <div className="gallery-scope-row">
                <h2 id="gallery-scope" className="gallery-scope">
                  {scopeLabel}
                  {images.data && <span className="gallery-count">{t('assetLibrary.gallery.count', { count: images.data.total })}</span>}
                </h2>
                {canWrite && state.view === 'grid' && items.length > 0 && (
                  <Button
                    size="small"
                    type="link"
                    onClick={() =>
                      setSelected(allOnPageSelected ? new Map() : new Map(items.map((image) => [image.id, image])))
                    }
                  >
                    {allOnPageSelected ? t('assetLibrary.gallery.selectNone') : t('assetLibrary.gallery.selectPage')}
                  </Button>
                )}
              </div>
              {selected.size > 0 && (
                <div className="bulk-bar" role="region" aria-label={t('assetLibrary.bulk.label')}>
                  <span aria-live="polite">{t('assetLibrary.bulk.selected', { count: selected.size })}</span>
                  <Space wrap>
                    <Button icon={<SwapOutlined />} onClick={() => actions.move([...selected.values()])}>
                      {t('assetLibrary.bulk.move')}
                    </Button>
                    <Button danger icon={<DeleteOutlined />} onClick={() => actions.remove([...selected.values()])}>
                      {t('assetLibrary.bulk.delete')}
                    </Button>
                    <Button type="text" onClick={clearSelection}>
                      {t('assetLibrary.bulk.clear')}
                    </Button>
                  </Space>
                </div>
              )}
              <div className="gallery-results" aria-busy={images.isFetching}>
                {content()}
              </div>
              {images.data && images.data.total > 0 && (
                <Pagination
                  className="gallery-pagination"
                  current={state.page}
                  pageSize={state.pageSize}
                  total={images.data.total}
                  pageSizeOptions={PAGE_SIZES.map(String)}
                  showSizeChanger
                  showTotal={(total, [from, to]) => t('assetLibrary.gallery.range', { from, to, total })}
                  onChange={(page, pageSize) => update({ page, pageSize })}
                />
              )}
            </>
          )}
        </section>
      </div>
      <ImageDetailDrawer
        id={state.image}
        onClose={() => update({ image: undefined })}
        actions={actions}
        canWrite={canWrite}
        onGoToFolder={(folderId) => update({ folder: folderId ?? 'root', tab: 'images', image: undefined })}
      />
      {elements}
    </div>
  );
}
