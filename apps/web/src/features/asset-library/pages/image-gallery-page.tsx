import { ClearOutlined, DeleteOutlined, SwapOutlined } from '@ant-design/icons';
import { formatBytes, IMAGE_MAX_BYTES } from '@ads/contracts';
import { Suspense } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { BulkBar } from '../../../shared/list/bulk-bar';
import { ListPage } from '../../../shared/list/list-page';
import { ListResults } from '../../../shared/list/list-results';
import { Button } from '../../../shared/ui/button';
import { SegmentedRadio } from '../../../shared/ui/plain-controls';
import { StorageUsageBar } from '../../../shared/ui/storage-usage-bar';
import { lazyNamed } from '../../../shared/ui/lazy-named';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { UploadButton, UploadDropZone, UploadList } from '../../../shared/upload/upload-panel';
import { assetKeys, loadImageUsage } from '../api';
import { FolderPanel } from '../components/folder-panel';
import { GalleryFilters } from '../components/gallery-filters';
import { ImageGrid } from '../components/image-grid';
import { useImageGallery } from '../components/use-image-gallery';
import { errorText } from '../format';
import { PAGE_SIZES, type GalleryTab } from '../gallery-state';
import { ACCEPT_ATTRIBUTE, uploadErrorText } from '../upload';
import '../../../shared/list/list-kit.css';
import '../asset-library.css';
import '../messages/register';
import { ListViewLoading } from '../../../shared/list/list-view-loading';

// The grid is what the gallery opens on, in plain HTML: the list view (plain too) loads when chosen;
// the rejected tab and the detail drawer (antd's table and timeline) load with antd when first shown.
const ImageTable = lazyNamed(() => import('../components/image-table'), 'ImageTable');
const RejectedList = lazyWithAntd(() => import('../components/rejected-list').then((m) => ({ default: m.RejectedList })));
const ImageDetailDrawer = lazyWithAntd(() => import('../components/image-detail-drawer').then((m) => ({ default: m.ImageDetailDrawer })));

export default function ImageGalleryPage() {
  const { t } = useTranslation();
  const { state, update, canWrite, folders, tree, rejected, images, items, uploads, selection, actions, ...gallery } = useImageGallery();
  const { selected, clear: clearSelection } = selection;

  return (
    <ListPage
      className="asset-library"
      title={t('pages.assetLibrary/imageGallery.title')}
      actions={
        <>
          {canWrite && <StorageUsageBar queryKey={[...assetKeys.images(), 'usage']} load={loadImageUsage} />}
          {canWrite && !rejected && <UploadButton accept={ACCEPT_ATTRIBUTE} label={t('assetLibrary.upload.button')} onFiles={gallery.addFiles} />}
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
          <GalleryFilters state={state} update={update} />
          {!rejected && (
            <>
              {canWrite && (
                <UploadDropZone
                  accept={ACCEPT_ATTRIBUTE}
                  text={t('assetLibrary.upload.drop', { folder: gallery.uploadTarget })}
                  hint={t('assetLibrary.upload.hint', { size: formatBytes(IMAGE_MAX_BYTES) })}
                  onFiles={gallery.addFiles}
                />
              )}
              <UploadList messages="assetLibrary.upload" queue={uploads} errorText={(row) => uploadErrorText(t, row)} onShowExisting={gallery.showExisting} />
            </>
          )}
        </>
      }
      scope={rejected ? t('assetLibrary.rejected.title') : gallery.scopeLabel}
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
          {gallery.drawerWanted && (
            <Suspense fallback={null}>
              <ImageDetailDrawer id={state.image} onClose={gallery.closeDrawer} actions={actions} canWrite={canWrite} onGoToFolder={gallery.goToFolder} />
            </Suspense>
          )}
          {gallery.elements}
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
            gallery.filtered ? t('assetLibrary.gallery.noMatches') : state.folder === 'all' ? t('assetLibrary.gallery.emptyLibrary') : t('assetLibrary.gallery.emptyFolder')
          }
          emptyAction={
            gallery.filtered && (
              <Button icon={<ClearOutlined aria-hidden />} onClick={gallery.clearFilters}>
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
