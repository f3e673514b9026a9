import { AppstoreOutlined, ClearOutlined, DeleteOutlined, SwapOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { formatBytes, IMAGE_FORMATS, IMAGE_MAX_BYTES, IMAGE_REVIEW_STATUSES, type Image, type ImageFormat, type ImageReviewStatus } from '@ads/contracts';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BulkBar } from '../../../shared/list/bulk-bar';
import { ListPage } from '../../../shared/list/list-page';
import { ListResults } from '../../../shared/list/list-results';
import { ListSearch } from '../../../shared/list/list-search';
import { useListSelection } from '../../../shared/list/use-list-selection';
import { Button } from '../../../shared/ui/button';
import { PlainSelect, SegmentedRadio } from '../../../shared/ui/plain-controls';
import { StorageUsageBar } from '../../../shared/ui/storage-usage-bar';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { UploadButton, UploadDropZone, UploadList } from '../../../shared/upload/upload-panel';
import type { ExistingItem } from '../../../shared/upload/use-upload-queue';
import { assetKeys, loadImageUsage, useCanWriteAssets, useFolderTree, useImageList } from '../api';
import { FolderPanel } from '../components/folder-panel';
import { ImageGrid } from '../components/image-grid';
import { useImageActions } from '../components/use-image-actions';
import { errorText, formatLabel } from '../format';
import { buildFolderTree, findNode } from '../folder-tree';
import { imageListQuery, PAGE_SIZES, SIZE_RANGES, useGalleryState, type GalleryTab, type GalleryView, type SizeRange, type SortField } from '../gallery-state';
import { ACCEPT_ATTRIBUTE, uploadErrorText, useImageUploads } from '../upload';
import '../../../shared/list/list-kit.css';
import '../asset-library.css';
import '../messages/register';
import { ListViewLoading } from '../../../shared/list/list-view-loading';

// The grid is what the gallery opens on, in plain HTML, so that the route can be a plainPage: the
// table view, the rejected tab and the detail drawer (antd's table, timeline and descriptions) load
// with antd when first shown, not before the first thumbnails.
const ImageTable = lazyWithAntd(() => import('../components/image-table').then((m) => ({ default: m.ImageTable })));
const RejectedList = lazyWithAntd(() => import('../components/rejected-list').then((m) => ({ default: m.RejectedList })));
const ImageDetailDrawer = lazyWithAntd(() => import('../components/image-detail-drawer').then((m) => ({ default: m.ImageDetailDrawer })));

const SORTS = ['createdAt:desc', 'createdAt:asc', 'name:asc', 'name:desc', 'bytes:desc', 'bytes:asc'] as const;
type Sort = (typeof SORTS)[number];
/** A filter's first option, "Any …", stands for no filter: antd's cleared select. */
const ANY = '';

export default function ImageGalleryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, update] = useGalleryState();
  // Mounted from the first image opened on, so that the drawer can animate its closing.
  const [drawerWanted, setDrawerWanted] = useState(!!state.image);
  if (state.image && !drawerWanted) setDrawerWanted(true);
  const canWrite = useCanWriteAssets();
  const folders = useFolderTree();
  const tree = useMemo(() => buildFolderTree(folders.data?.items ?? []), [folders.data]);
  const query = useMemo(() => imageListQuery(state), [state]);
  const rejected = state.tab === 'rejected';
  const images = useImageList(query, !rejected);
  const uploads = useImageUploads();
  const items = images.data?.items ?? [];
  const selection = useListSelection(JSON.stringify(query), items);
  const { selected, clear: clearSelection } = selection;

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

  const showExisting = (existing: ExistingItem) => {
    if (existing.inRecycleBin) navigate('/assetLibrary/recycleBin');
    else update({ folder: existing.folderId ?? 'root', tab: 'images', image: existing.id });
  };

  const filtered = !!(state.search || state.format || state.size || state.status);
  const addFiles = (files: File[]) => uploads.add(files, uploadFolderId);

  const filters = (
    <div className="list-toolbar" role="search" aria-label={t('assetLibrary.gallery.filters')}>
      <ListSearch
        value={state.search}
        onSearch={(search) => update({ search }, { replace: true })}
        label={t('assetLibrary.gallery.search')}
        placeholder={t('assetLibrary.gallery.searchPlaceholder')}
        clearLabel={t('assetLibrary.gallery.clearSearch')}
      />
      {!rejected && (
        <>
          <PlainSelect<ImageFormat | typeof ANY>
            className="gallery-filter"
            label={t('assetLibrary.gallery.format')}
            value={state.format ?? ANY}
            onChange={(format) => update({ format: format || undefined })}
            options={[{ value: ANY, label: t('assetLibrary.gallery.anyFormat') }, ...IMAGE_FORMATS.map((format) => ({ value: format, label: formatLabel(format) }))]}
          />
          <PlainSelect<SizeRange | typeof ANY>
            className="gallery-filter"
            label={t('assetLibrary.gallery.size')}
            value={state.size ?? ANY}
            onChange={(size) => update({ size: size || undefined })}
            options={[
              { value: ANY, label: t('assetLibrary.gallery.anySize') },
              ...(Object.keys(SIZE_RANGES) as SizeRange[]).map((size) => ({ value: size, label: t(`assetLibrary.gallery.sizes.${size}`) })),
            ]}
          />
          <PlainSelect<ImageReviewStatus | typeof ANY>
            className="gallery-filter"
            label={t('assetLibrary.gallery.status')}
            value={state.status ?? ANY}
            onChange={(status) => update({ status: status || undefined })}
            options={[
              { value: ANY, label: t('assetLibrary.gallery.anyStatus') },
              ...IMAGE_REVIEW_STATUSES.map((status) => ({ value: status, label: t(`assetLibrary.status.${status}`) })),
            ]}
          />
          <PlainSelect<Sort>
            className="list-sort"
            label={t('assetLibrary.gallery.sort')}
            value={`${state.sort}:${state.order}` as Sort}
            onChange={(value) => {
              const [sort, order] = value.split(':') as [SortField, 'asc' | 'desc'];
              update({ sort, order });
            }}
            options={SORTS.map((value) => ({ value, label: t(`assetLibrary.gallery.sorts.${value.replace(':', '_')}`) }))}
          />
          <SegmentedRadio<GalleryView>
            label={t('assetLibrary.gallery.view')}
            iconOnly
            value={state.view}
            onChange={(view) => update({ view })}
            options={[
              { value: 'grid', icon: <AppstoreOutlined aria-hidden />, label: t('assetLibrary.gallery.grid') },
              { value: 'list', icon: <UnorderedListOutlined aria-hidden />, label: t('assetLibrary.gallery.list') },
            ]}
          />
        </>
      )}
    </div>
  );

  return (
    <ListPage
      className="asset-library"
      title={t('pages.assetLibrary/imageGallery.title')}
      actions={
        <>
          {canWrite && <StorageUsageBar queryKey={[...assetKeys.images(), 'usage']} load={loadImageUsage} />}
          {canWrite && !rejected && <UploadButton accept={ACCEPT_ATTRIBUTE} label={t('assetLibrary.upload.button')} onFiles={addFiles} />}
        </>
      }
      panel={
        <FolderPanel
          tree={tree}
          loading={folders.isPending}
          error={folders.isError ? folders.error : null}
          onRetry={() => void folders.refetch()}
          selected={rejected ? 'all' : state.folder}
          onSelect={(folder) => update({ folder, tab: 'images' })}
          canWrite={canWrite}
        />
      }
      contentClassName="gallery-content"
      scopeId="gallery-scope"
      toolbar={
        <>
          <SegmentedRadio<GalleryTab>
            className="gallery-tabs"
            label={t('assetLibrary.gallery.sections')}
            value={state.tab}
            onChange={(tab) => update({ tab })}
            options={[
              { value: 'images', label: t('assetLibrary.gallery.imagesTab') },
              { value: 'rejected', label: t('assetLibrary.gallery.rejectedTab') },
            ]}
          />
          {filters}
          {!rejected && (
            <>
              {canWrite && (
                <UploadDropZone
                  accept={ACCEPT_ATTRIBUTE}
                  text={t('assetLibrary.upload.drop', { folder: uploadTarget })}
                  hint={t('assetLibrary.upload.hint', { size: formatBytes(IMAGE_MAX_BYTES) })}
                  onFiles={addFiles}
                />
              )}
              <UploadList messages="assetLibrary.upload" queue={uploads} errorText={(row) => uploadErrorText(t, row)} onShowExisting={showExisting} />
            </>
          )}
        </>
      }
      scope={rejected ? t('assetLibrary.rejected.title') : scopeLabel}
      count={!rejected && images.data ? t('assetLibrary.gallery.count', { count: images.data.total }) : undefined}
      scopeTools={
        !rejected &&
        canWrite &&
        state.view === 'grid' &&
        items.length > 0 && (
          <Button type="link" size="small" onClick={selection.togglePage}>
            {selection.allOnPageSelected ? t('assetLibrary.gallery.selectNone') : t('assetLibrary.gallery.selectPage')}
          </Button>
        )
      }
      bulkBar={
        !rejected &&
        selected.size > 0 && (
          <BulkBar
            label={t('assetLibrary.bulk.label')}
            countText={t('assetLibrary.bulk.selected', { count: selected.size })}
            clearLabel={t('assetLibrary.bulk.clear')}
            onClear={clearSelection}
          >
            <Button icon={<SwapOutlined aria-hidden />} onClick={() => actions.move([...selected.values()])}>
              {t('assetLibrary.bulk.move')}
            </Button>
            <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => actions.remove([...selected.values()])}>
              {t('assetLibrary.bulk.delete')}
            </Button>
          </BulkBar>
        )
      }
      overlays={
        <>
          {drawerWanted && (
            <Suspense fallback={null}>
              <ImageDetailDrawer
                id={state.image}
                onClose={() => update({ image: undefined })}
                actions={actions}
                canWrite={canWrite}
                onGoToFolder={(folderId) => update({ folder: folderId ?? 'root', tab: 'images', image: undefined })}
              />
            </Suspense>
          )}
          {elements}
        </>
      }
    >
      {rejected ? (
        <Suspense fallback={<ListViewLoading />}>
          <RejectedList search={state.search} page={state.page} onPage={(page) => update({ page })} actions={actions} canWrite={canWrite} />
        </Suspense>
      ) : (
        <ListResults
          query={images}
          page={state.page}
          pageSize={state.pageSize}
          pageSizes={PAGE_SIZES}
          update={update}
          rangeText={(range) => t('assetLibrary.gallery.range', range)}
          errorText={(error) => errorText(t, error)}
          retryLabel={t('assetLibrary.common.retry')}
          className="gallery-results"
          empty={!items.length}
          emptyText={
            filtered ? t('assetLibrary.gallery.noMatches') : state.folder === 'all' ? t('assetLibrary.gallery.emptyLibrary') : t('assetLibrary.gallery.emptyFolder')
          }
          emptyAction={
            filtered && (
              <Button icon={<ClearOutlined aria-hidden />} onClick={() => update({ search: '', format: undefined, size: undefined, status: undefined })}>
                {t('assetLibrary.gallery.clearFilters')}
              </Button>
            )
          }
        >
          {() =>
            state.view === 'grid' ? (
              <ImageGrid items={items} selected={selection.selectedIds} canWrite={canWrite} actions={actions} onToggle={selection.toggle} />
            ) : (
              <Suspense fallback={<ListViewLoading />}>
                <ImageTable
                  items={items}
                  loading={images.isFetching}
                  selected={selection.selectedIds}
                  canWrite={canWrite}
                  actions={actions}
                  sort={state.sort}
                  order={state.order}
                  onSort={(sort, order) => update({ sort, order })}
                  onSelectionChange={selection.selectIds}
                />
              </Suspense>
            )
          }
        </ListResults>
      )}
    </ListPage>
  );
}
