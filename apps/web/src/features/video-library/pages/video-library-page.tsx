import { AppstoreOutlined, ClearOutlined, DeleteOutlined, OrderedListOutlined, SwapOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { formatBytes, VIDEO_FORMATS, VIDEO_MAX_BYTES, VIDEO_REVIEW_STATUSES, type Video, type VideoFormat, type VideoReviewStatus } from '@ads/contracts';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { loadVideoUsage, useCanWriteVideos, useSeriesList, useVideoList } from '../api';
import { SeriesPanel } from '../components/series-panel';
import { useVideoActions } from '../components/use-video-actions';
import { VideoGrid } from '../components/video-grid';
import { errorText, formatDuration } from '../format';
import { effectiveSort, PAGE_SIZES, useLibraryState, videoListQuery, type LibraryView, type SortField, type SortOrder } from '../library-state';
import { videoKeys } from '../query-keys';
import { ACCEPT_ATTRIBUTE, uploadErrorText, useVideoUploads } from '../use-video-uploads';
import '../../../shared/list/list-kit.css';
import '../video-library.css';
import '../messages/register';
import { ListViewLoading } from '../../../shared/list/list-view-loading';

// The grid is what the library opens on, in plain HTML (the route is a plainPage): the list view,
// a series' order, the bin and the player (antd's table, buttons, modal) load with antd when first
// shown, not before the first cards.
const VideoTable = lazyWithAntd(() => import('../components/video-table').then((m) => ({ default: m.VideoTable })));
const SeriesOrder = lazyWithAntd(() => import('../components/series-order').then((m) => ({ default: m.SeriesOrder })));
const VideoPlayerModal = lazyWithAntd(() => import('../components/video-player-modal').then((m) => ({ default: m.VideoPlayerModal })));
// The bin is the Recycle Bin page's view, narrowed to videos (publishers have no such page).
const RecycleBinView = lazyWithAntd(() => import('../../asset-library').then((m) => ({ default: m.RecycleBinView })));

const SORTS = ['createdAt:desc', 'createdAt:asc', 'name:asc', 'name:desc', 'duration:desc', 'duration:asc', 'bytes:desc', 'bytes:asc'] as const;
/** A filter's first option, "Any …", stands for no filter: antd's cleared select. */
const ANY = '';

export default function VideoLibraryPage() {
  const { t } = useTranslation();
  const [state, update] = useLibraryState();
  // Mounted from the first video opened on, so that the player can animate its closing.
  const [playerWanted, setPlayerWanted] = useState(!!state.video);
  if (state.video && !playerWanted) setPlayerWanted(true);
  const canWrite = useCanWriteVideos();
  const seriesQuery = useSeriesList();
  const series = useMemo(() => seriesQuery.data?.items ?? [], [seriesQuery.data]);
  const query = useMemo(() => videoListQuery(state), [state]);
  const arranging = state.view === 'order' && typeof state.series === 'number';
  const inBin = state.series === 'bin' && canWrite;
  const videos = useVideoList(query, !arranging && !inBin);
  const uploads = useVideoUploads();
  const { sort, order } = effectiveSort(state);
  const currentSeries = typeof state.series === 'number' ? series.find((item) => item.id === state.series) : undefined;
  // The series being arranged: its order replaces the list.
  const arrangedSeries = arranging ? currentSeries : undefined;

  // A series that is gone (deleted elsewhere), or a bin for one who deletes nothing: all videos.
  useEffect(() => {
    if ((typeof state.series === 'number' && seriesQuery.isSuccess && !currentSeries) || (state.series === 'bin' && !canWrite)) {
      update({ series: 'all' }, { replace: true });
    }
  }, [canWrite, currentSeries, seriesQuery.isSuccess, state.series, update]);

  const items = videos.data?.items ?? [];
  const selection = useListSelection(JSON.stringify(query), items);
  const { selected, clear: clearSelection } = selection;

  const play = useCallback((video: Video) => update({ video: video.id, panel: 'play' }), [update]);
  const poster = useCallback((video: Video) => update({ video: video.id, panel: 'poster' }), [update]);
  const afterGone = useCallback(
    (ids: number[]) => {
      clearSelection();
      if (state.video && ids.includes(state.video)) update({ video: undefined }, { replace: true });
    },
    [clearSelection, state.video, update],
  );
  const { actions, elements } = useVideoActions({ series, play, poster, onRemoved: afterGone, onMoved: clearSelection });

  const scopeLabel =
    typeof state.series === 'number' ? (currentSeries?.name ?? '…') : t(`videoLibrary.series.${state.series}`);
  const uploadSeriesId = typeof state.series === 'number' ? state.series : null;

  const showExisting = (existing: ExistingItem) => {
    if (existing.inRecycleBin) update({ series: 'bin', video: undefined });
    // The duplicate's `folderId` is its series.
    else update({ series: existing.folderId ?? 'none', view: state.view === 'order' ? 'grid' : state.view, video: existing.id, panel: 'play' });
  };

  const filtered = !!(state.search || state.format || state.status);
  const addFiles = (files: File[]) => uploads.add(files, uploadSeriesId);
  const sortValue = `${sort}:${order}`;
  const sortOptions = [
    ...(typeof state.series === 'number' ? [{ value: 'position:asc', label: t('videoLibrary.gallery.sorts.position_asc') }] : []),
    ...SORTS.map((value) => ({ value, label: t(`videoLibrary.gallery.sorts.${value.replace(':', '_')}`) })),
  ];

  // Grid and List show their icons only (their names stay the radios' names and tooltips);
  // Arrange shows its word too.
  const viewOptions = [
    { value: 'grid' as const, icon: <AppstoreOutlined aria-hidden />, label: t('videoLibrary.gallery.grid'), iconOnly: true },
    { value: 'list' as const, icon: <UnorderedListOutlined aria-hidden />, label: t('videoLibrary.gallery.list'), iconOnly: true },
    ...(typeof state.series === 'number'
      ? [{ value: 'order' as const, icon: <OrderedListOutlined aria-hidden />, label: t('videoLibrary.gallery.arrange'), title: t('videoLibrary.gallery.arrangeTitle') }]
      : []),
  ];

  const filters = arranging || inBin ? null : (
    <div className="list-toolbar" role="search" aria-label={t('videoLibrary.gallery.filters')}>
      <ListSearch
        value={state.search}
        onSearch={(search) => update({ search }, { replace: true })}
        label={t('videoLibrary.gallery.search')}
        placeholder={t('videoLibrary.gallery.searchPlaceholder')}
        clearLabel={t('videoLibrary.gallery.clearSearch')}
      />
      <PlainSelect<VideoFormat | typeof ANY>
        className="video-filter"
        label={t('videoLibrary.gallery.format')}
        value={state.format ?? ANY}
        onChange={(format) => update({ format: format || undefined })}
        options={[{ value: ANY, label: t('videoLibrary.gallery.anyFormat') }, ...VIDEO_FORMATS.map((format) => ({ value: format, label: format.toUpperCase() }))]}
      />
      <PlainSelect<VideoReviewStatus | typeof ANY>
        className="video-filter"
        label={t('videoLibrary.gallery.status')}
        value={state.status ?? ANY}
        onChange={(status) => update({ status: status || undefined })}
        options={[
          { value: ANY, label: t('videoLibrary.gallery.anyStatus') },
          ...VIDEO_REVIEW_STATUSES.map((status) => ({ value: status, label: t(`videoLibrary.status.${status}`) })),
        ]}
      />
      <PlainSelect
        className="list-sort"
        label={t('videoLibrary.gallery.sort')}
        value={sortValue}
        onChange={(value) => {
          const [field, direction] = value.split(':') as [SortField, SortOrder];
          update({ sort: field, order: direction });
        }}
        options={sortOptions}
      />
    </div>
  );

  const showPosition = typeof state.series === 'number';
  return (
    <ListPage
      className="video-library"
      title={t('pages.videoLibrary.title')}
      actions={
        canWrite && (
          <>
            <StorageUsageBar queryKey={[...videoKeys.videos(), 'usage']} load={loadVideoUsage} />
            <UploadButton accept={ACCEPT_ATTRIBUTE} label={t('videoLibrary.upload.button')} onFiles={addFiles} />
          </>
        )
      }
      panel={
        <SeriesPanel
          series={series}
          loading={seriesQuery.isPending}
          error={seriesQuery.isError ? seriesQuery.error : null}
          onRetry={() => void seriesQuery.refetch()}
          selected={state.series}
          onSelect={(scope) => update({ series: scope })}
          canWrite={canWrite}
        />
      }
      contentClassName="video-content"
      scopeId="video-scope"
      toolbar={
        <>
          {filters}
          {canWrite && !inBin && (
            <UploadDropZone
              className="video-dropzone"
              accept={ACCEPT_ATTRIBUTE}
              text={currentSeries ? t('videoLibrary.upload.dropInto', { series: currentSeries.name }) : t('videoLibrary.upload.drop')}
              hint={t('videoLibrary.upload.hint', { size: formatBytes(VIDEO_MAX_BYTES) })}
              onFiles={addFiles}
            />
          )}
          <UploadList
            messages="videoLibrary.upload"
            queue={uploads}
            resumable
            errorText={(row) => uploadErrorText(t, row)}
            onShowExisting={showExisting}
            progressNote={(row) =>
              row.speed ? (
                <span className="upload-row-note">
                  {t('videoLibrary.upload.speed', { speed: formatBytes(row.speed), left: formatDuration((Math.max(0, row.file.size - row.sent) / row.speed) * 1000) })}
                </span>
              ) : null
            }
            doneNote={({ result: video }) =>
              video && (
                <span className="upload-row-note">
                  {' '}
                  · {formatDuration(video.durationMs)} · {video.width}×{video.height}
                </span>
              )
            }
          />
        </>
      }
      scope={scopeLabel}
      count={
        inBin
          ? undefined
          : arrangedSeries
            ? t('videoLibrary.gallery.count', { count: arrangedSeries.videoCount })
            : videos.data && t('videoLibrary.gallery.count', { count: videos.data.total })
      }
      scopeTools={
        !inBin && (
          <div className="list-scope-tools">
            {canWrite && !arranging && state.view === 'grid' && items.length > 0 && (
              <Button type="link" size="small" onClick={selection.togglePage}>
                {selection.allOnPageSelected ? t('videoLibrary.gallery.selectNone') : t('videoLibrary.gallery.selectPage')}
              </Button>
            )}
            <SegmentedRadio<LibraryView> className="video-view-toggle" label={t('videoLibrary.gallery.view')} value={state.view} onChange={(view) => update({ view })} options={viewOptions} />
          </div>
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
          {playerWanted && (
            <Suspense fallback={null}>
              <VideoPlayerModal
                id={state.video}
                panel={state.panel}
                onPanel={(panel) => update({ panel }, { replace: true })}
                onClose={() => update({ video: undefined })}
                actions={actions}
                canWrite={canWrite}
              />
            </Suspense>
          )}
          {elements}
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
            filtered
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
            filtered && (
              <Button icon={<ClearOutlined aria-hidden />} onClick={() => update({ search: '', format: undefined, status: undefined })}>
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
