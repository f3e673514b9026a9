import { ClearOutlined, DeleteOutlined, SwapOutlined } from '@ant-design/icons';
import { formatBytes, VIDEO_MAX_BYTES } from '@ads/contracts';
import { Suspense } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { BulkBar } from '../../../shared/list/bulk-bar';
import { ListPage } from '../../../shared/list/list-page';
import { ListResults } from '../../../shared/list/list-results';
import { Button } from '../../../shared/ui/button';
import { StorageUsageBar } from '../../../shared/ui/storage-usage-bar';
import { lazyNamed } from '../../../shared/ui/lazy-named';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { UploadButton, UploadDropZone } from '../../../shared/upload/upload-panel';
import { loadVideoUsage } from '../api';
import { SeriesPanel } from '../components/series-panel';
import { SeriesPublishAction, useCanPublishSeries } from '../components/series-publish';
import { useVideoLibrary } from '../components/use-video-library';
import { VideoFilters } from '../components/video-filters';
import { VideoGrid } from '../components/video-grid';
import { VideoScopeTools } from '../components/video-scope-tools';
import { VideoUploadList } from '../components/video-upload-list';
import { errorText } from '../format';
import { PAGE_SIZES } from '../library-state';
import { videoKeys } from '../query-keys';
import { ACCEPT_ATTRIBUTE } from '../use-video-uploads';
import '../../../shared/list/list-kit.css';
import '../video-library.css';
import '../messages/register';
import { ListViewLoading } from '../../../shared/list/list-view-loading';

// The grid is what the library opens on, in plain HTML: the list view (plain too) loads when
// chosen; a series' order, the bin's dialogs and the player load with antd when first shown.
const VideoTable = lazyNamed(() => import('../components/video-table'), 'VideoTable');
const SeriesOrder = lazyWithAntd(() => import('../components/series-order').then((m) => ({ default: m.SeriesOrder })));
const VideoPlayerModal = lazyWithAntd(() => import('../components/video-player-modal').then((m) => ({ default: m.VideoPlayerModal })));
// The bin is the Recycle Bin page's view, narrowed to videos (publishers have no such page).
const RecycleBinView = lazyWithAntd(() => import('../../asset-library').then((m) => ({ default: m.RecycleBinView })));

export default function VideoLibraryPage() {
  const { t } = useTranslation();
  const { state, update, canWrite, series, arranging, inBin, videos, items, uploads, sort, order, arrangedSeries, selection, actions, ...library } = useVideoLibrary();
  const { selected, clear: clearSelection } = selection;
  const showPosition = typeof state.series === 'number';
  const canPublish = useCanPublishSeries() && canWrite;

  return (
    <ListPage
      className="video-library"
      title={t('pages.videoLibrary.title')}
      actions={
        canWrite && (
          <>
            <StorageUsageBar queryKey={[...videoKeys.videos(), 'usage']} load={loadVideoUsage} />
            <UploadButton accept={ACCEPT_ATTRIBUTE} label={t('videoLibrary.upload.button')} onFiles={library.addFiles} />
          </>
        )
      }
      panel={
        <SeriesPanel
          series={series}
          loading={library.seriesQuery.isPending}
          error={library.seriesQuery.isError ? library.seriesQuery.error : null}
          onRetry={() => void library.seriesQuery.refetch()}
          selected={state.series}
          onSelect={(scope) => update({ series: scope })}
          canWrite={canWrite}
        />
      }
      contentClassName="video-content"
      scopeId="video-scope"
      toolbar={
        <>
          {!arranging && !inBin && <VideoFilters state={state} update={update} />}
          {canWrite && !inBin && (
            <UploadDropZone
              className="video-dropzone"
              accept={ACCEPT_ATTRIBUTE}
              text={library.currentSeries ? t('videoLibrary.upload.dropInto', { series: library.currentSeries.name }) : t('videoLibrary.upload.drop')}
              hint={t('videoLibrary.upload.hint', { size: formatBytes(VIDEO_MAX_BYTES) })}
              onFiles={library.addFiles}
            />
          )}
          <VideoUploadList queue={uploads} onShowExisting={library.showExisting} />
        </>
      }
      scope={library.scopeLabel}
      count={
        inBin
          ? undefined
          : arrangedSeries
            ? t('videoLibrary.gallery.count', { count: arrangedSeries.videoCount })
            : videos.data && t('videoLibrary.gallery.count', { count: videos.data.total })
      }
      scopeTools={
        !inBin && (
          <VideoScopeTools
            view={state.view}
            onView={(view) => update({ view })}
            inSeries={typeof state.series === 'number'}
            canSelectPage={canWrite && !arranging && state.view === 'grid' && items.length > 0}
            allOnPageSelected={selection.allOnPageSelected}
            onTogglePage={selection.togglePage}
            extra={canPublish && library.currentSeries && <SeriesPublishAction series={library.currentSeries} />}
          />
        )
      }
      bulkBar={
        !inBin &&
        !arrangedSeries &&
        selected.size > 0 && (
          <BulkBar
            label={t('videoLibrary.bulk.label')}
            countText={t('videoLibrary.bulk.selected', { count: selected.size })}
            clearLabel={t('videoLibrary.bulk.clear')}
            onClear={clearSelection}
          >
            <Button icon={<SwapOutlined aria-hidden />} onClick={() => actions.move([...selected.values()])}>
              {t('videoLibrary.bulk.move')}
            </Button>
            <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => actions.remove([...selected.values()])}>
              {t('videoLibrary.bulk.delete')}
            </Button>
          </BulkBar>
        )
      }
      overlays={
        <>
          {library.playerWanted && (
            <Suspense fallback={null}>
              <VideoPlayerModal id={state.video} panel={state.panel} onPanel={library.showPanel} onClose={library.closePlayer} actions={actions} canWrite={canWrite} />
            </Suspense>
          )}
          {library.elements}
        </>
      }
    >
      {inBin ? (
        <Suspense fallback={<ListViewLoading />}>
          <RecycleBinView kinds={['video']} />
        </Suspense>
      ) : arrangedSeries ? (
        <Suspense fallback={<ListViewLoading />}>
          <SeriesOrder seriesId={arrangedSeries.id} seriesName={arrangedSeries.name} actions={actions} canWrite={canWrite} />
        </Suspense>
      ) : (
        <ListResults
          query={videos}
          page={state.page}
          pageSize={state.pageSize}
          pageSizes={PAGE_SIZES}
          update={update}
          rangeText={(range) => t('videoLibrary.gallery.range', range)}
          errorText={(error) => errorText(t, error)}
          retryLabel={t('videoLibrary.common.retry')}
          className="video-results"
          empty={!items.length}
          emptyText={
            library.filtered
              ? t('videoLibrary.gallery.noMatches')
              : state.series === 'all'
                ? canWrite
                  ? t('videoLibrary.gallery.emptyLibrary')
                  : t('videoLibrary.gallery.emptyLibraryReadOnly')
                : state.series === 'none'
                  ? t('videoLibrary.gallery.emptyNone')
                  : t('videoLibrary.gallery.emptySeries')
          }
          emptyAction={
            library.filtered && (
              <Button icon={<ClearOutlined aria-hidden />} onClick={library.clearFilters}>
                {t('videoLibrary.gallery.clearFilters')}
              </Button>
            )
          }
        >
          {() =>
            state.view === 'list' ? (
              <Suspense fallback={<ListViewLoading />}>
                <VideoTable
                  items={items}
                  series={series}
                  loading={videos.isFetching}
                  selected={selection.selectedIds}
                  canWrite={canWrite}
                  actions={actions}
                  sort={sort}
                  order={order}
                  showPosition={showPosition}
                  onSort={(field, direction) => update({ sort: field, order: direction })}
                  onSelectionChange={selection.selectIds}
                />
              </Suspense>
            ) : (
              <VideoGrid
                items={items}
                selected={selection.selectedIds}
                canWrite={canWrite}
                actions={actions}
                showPosition={showPosition && sort === 'position'}
                onToggle={selection.toggle}
              />
            )
          }
        </ListResults>
      )}
    </ListPage>
  );
}
