import { AppstoreOutlined, ClearOutlined, DeleteOutlined, OrderedListOutlined, ReloadOutlined, SearchOutlined, SwapOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { VIDEO_FORMATS, VIDEO_REVIEW_STATUSES, videoStorageUsage, type Video } from '@ads/contracts';
import { Alert, Button, Empty, Input, Pagination, Segmented, Select, Skeleton, Space } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../shared/api-client';
import { StorageUsageBar } from '../../../shared/ui/storage-usage-bar';
import { useSearchBox } from '../../../shared/use-search-box';
// The bin is the Recycle Bin page's view, narrowed to videos (publishers have no such page).
import { RecycleBinView } from '../../asset-library/components/recycle-bin-view';
import { useCanWriteVideos, useSeriesList, useVideoList } from '../api';
import { SeriesOrder } from '../components/series-order';
import { SeriesPanel } from '../components/series-panel';
import { UploadButton, UploadDropZone, UploadList, type ExistingVideo } from '../components/upload-panel';
import { useVideoActions } from '../components/use-video-actions';
import { VideoGrid } from '../components/video-grid';
import { VideoPlayerModal } from '../components/video-player-modal';
import { VideoTable } from '../components/video-table';
import { errorText } from '../format';
import { effectiveSort, PAGE_SIZES, useLibraryState, videoListQuery, type LibraryView, type SortField, type SortOrder } from '../library-state';
import { videoKeys } from '../query-keys';
import { useVideoUploads } from '../use-video-uploads';
import '../../../shared/ui/library-layout.css';
import '../video-library.css';
import '../messages/register';

const SORTS = ['createdAt:desc', 'createdAt:asc', 'name:asc', 'name:desc', 'duration:desc', 'duration:asc', 'bytes:desc', 'bytes:asc'] as const;

export default function VideoLibraryPage() {
  const { t } = useTranslation();
  const [state, update] = useLibraryState();
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

  // A series that is gone (deleted elsewhere), or a bin for one who deletes nothing: all videos.
  useEffect(() => {
    if ((typeof state.series === 'number' && seriesQuery.isSuccess && !currentSeries) || (state.series === 'bin' && !canWrite)) {
      update({ series: 'all' }, { replace: true });
    }
  }, [canWrite, currentSeries, seriesQuery.isSuccess, state.series, update]);

  // Past the last page (after deleting or moving its videos): show the last page there is.
  const lastPage = videos.data ? Math.max(1, Math.ceil(videos.data.total / state.pageSize)) : undefined;
  useEffect(() => {
    if (lastPage !== undefined && !videos.isPlaceholderData && !arranging && state.page > lastPage) update({ page: lastPage }, { replace: true });
  }, [arranging, lastPage, videos.isPlaceholderData, state.page, update]);

  // The search box types freely; the URL (and the request) follow after a pause.
  const [searchText, setSearchText] = useSearchBox(state.search, (search) => update({ search }, { replace: true }));

  // The selection belongs to what is listed: another series, filter or page starts it afresh.
  const listKey = JSON.stringify(query);
  const [selection, setSelection] = useState<{ key: string; videos: Map<number, Video> }>({ key: listKey, videos: new Map() });
  const selected = useMemo(() => (selection.key === listKey ? selection.videos : new Map<number, Video>()), [selection, listKey]);
  const selectedIds = useMemo(() => new Set(selected.keys()), [selected]);
  const setSelected = (next: Map<number, Video>) => setSelection({ key: listKey, videos: next });
  const clearSelection = useCallback(() => setSelection({ key: '', videos: new Map() }), []);

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

  const showExisting = (existing: ExistingVideo) => {
    if (existing.inRecycleBin) update({ series: 'bin', video: undefined });
    // The duplicate's `folderId` is its series.
    else update({ series: existing.folderId ?? 'none', view: state.view === 'order' ? 'grid' : state.view, video: existing.id, panel: 'play' });
  };

  const filtered = !!(state.search || state.format || state.status);
  const items = videos.data?.items ?? [];
  const allOnPageSelected = items.length > 0 && items.every((video) => selected.has(video.id));
  const sortValue = `${sort}:${order}`;
  const sortOptions = [
    ...(typeof state.series === 'number' ? [{ value: 'position:asc', label: t('videoLibrary.gallery.sorts.position_asc') }] : []),
    ...SORTS.map((value) => ({ value, label: t(`videoLibrary.gallery.sorts.${value.replace(':', '_')}`) })),
  ];

  const viewOptions = [
    { value: 'grid' as const, icon: <AppstoreOutlined />, label: <span className="visually-hidden">{t('videoLibrary.gallery.grid')}</span>, title: t('videoLibrary.gallery.grid') },
    { value: 'list' as const, icon: <UnorderedListOutlined />, label: <span className="visually-hidden">{t('videoLibrary.gallery.list')}</span>, title: t('videoLibrary.gallery.list') },
    ...(typeof state.series === 'number'
      ? [{ value: 'order' as const, icon: <OrderedListOutlined />, label: t('videoLibrary.gallery.arrange'), title: t('videoLibrary.gallery.arrangeTitle') }]
      : []),
  ];

  const toolbar = arranging || inBin ? null : (
    <div className="video-toolbar" role="search" aria-label={t('videoLibrary.gallery.filters')}>
      <Input
        className="video-search"
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('videoLibrary.gallery.searchPlaceholder')}
        aria-label={t('videoLibrary.gallery.search')}
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
        onPressEnter={() => update({ search: searchText }, { replace: true })}
      />
      <Select
        className="video-filter"
        allowClear
        aria-label={t('videoLibrary.gallery.format')}
        placeholder={t('videoLibrary.gallery.anyFormat')}
        value={state.format}
        onChange={(format) => update({ format })}
        options={VIDEO_FORMATS.map((format) => ({ value: format, label: format.toUpperCase() }))}
      />
      <Select
        className="video-filter"
        allowClear
        aria-label={t('videoLibrary.gallery.status')}
        placeholder={t('videoLibrary.gallery.anyStatus')}
        value={state.status}
        onChange={(status) => update({ status })}
        options={VIDEO_REVIEW_STATUSES.map((status) => ({ value: status, label: t(`videoLibrary.status.${status}`) }))}
      />
      <Select
        className="video-sort"
        aria-label={t('videoLibrary.gallery.sort')}
        value={sortValue}
        onChange={(value: string) => {
          const [field, direction] = value.split(':') as [SortField, SortOrder];
          update({ sort: field, order: direction });
        }}
        options={sortOptions}
      />
    </div>
  );

  const content = () => {
    if (videos.isError) {
      return (
        <Alert
          type="error"
          showIcon
          title={errorText(t, videos.error)}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void videos.refetch()}>
              {t('videoLibrary.common.retry')}
            </Button>
          }
        />
      );
    }
    if (videos.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
    if (!items.length) {
      return (
        <Empty
          className="video-empty"
          description={
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
        >
          {filtered && (
            <Button icon={<ClearOutlined />} onClick={() => update({ search: '', format: undefined, status: undefined })}>
              {t('videoLibrary.gallery.clearFilters')}
            </Button>
          )}
        </Empty>
      );
    }
    const showPosition = typeof state.series === 'number';
    return state.view === 'list' ? (
      <VideoTable
        items={items}
        series={series}
        loading={videos.isFetching}
        selected={selectedIds}
        canWrite={canWrite}
        actions={actions}
        sort={sort}
        order={order}
        showPosition={showPosition}
        onSort={(field, direction) => update({ sort: field, order: direction })}
        onSelectionChange={(ids) => setSelected(new Map(items.filter((video) => ids.includes(video.id)).map((video) => [video.id, video])))}
      />
    ) : (
      <VideoGrid
        items={items}
        selected={selectedIds}
        canWrite={canWrite}
        actions={actions}
        showPosition={showPosition && sort === 'position'}
        onToggle={(video, checked) => {
          const next = new Map(selected);
          if (checked) next.set(video.id, video);
          else next.delete(video.id);
          setSelected(next);
        }}
      />
    );
  };

  return (
    <div className="video-library">
      <div className="library-head">
        <h1 className="page-title">{t('pages.videoLibrary.title')}</h1>
        {canWrite && (
          <StorageUsageBar
            queryKey={[...videoKeys.videos(), 'usage']}
            load={(signal) => callApi(videoStorageUsage, {}, { signal })}
          />
        )}
        {canWrite && <UploadButton onFiles={(files) => uploads.add(files, uploadSeriesId)} />}
      </div>
      <div className="library-layout">
        <SeriesPanel
          series={series}
          loading={seriesQuery.isPending}
          error={seriesQuery.isError ? seriesQuery.error : null}
          onRetry={() => void seriesQuery.refetch()}
          selected={state.series}
          onSelect={(scope) => update({ series: scope })}
          canWrite={canWrite}
        />
        <section className="video-content" aria-labelledby="video-scope">
          {toolbar}
          {canWrite && !inBin && <UploadDropZone target={currentSeries?.name ?? null} onFiles={(files) => uploads.add(files, uploadSeriesId)} />}
          <UploadList
            rows={uploads.rows}
            onPause={uploads.pause}
            onResume={uploads.resume}
            onCancel={uploads.cancel}
            onClearFinished={uploads.clearFinished}
            onShowExisting={showExisting}
          />
          <div className="video-scope-row">
            <h2 id="video-scope" className="video-scope">
              {scopeLabel}
              {inBin ? null : arranging && currentSeries ? (
                <span className="video-count">{t('videoLibrary.gallery.count', { count: currentSeries.videoCount })}</span>
              ) : (
                videos.data && <span className="video-count">{t('videoLibrary.gallery.count', { count: videos.data.total })}</span>
              )}
            </h2>
            {!inBin && (
              <div className="video-scope-tools">
                {canWrite && !arranging && state.view === 'grid' && items.length > 0 && (
                  <Button size="small" type="link" onClick={() => setSelected(allOnPageSelected ? new Map() : new Map(items.map((video) => [video.id, video])))}>
                    {allOnPageSelected ? t('videoLibrary.gallery.selectNone') : t('videoLibrary.gallery.selectPage')}
                  </Button>
                )}
                <Segmented<LibraryView> className="video-view-toggle" aria-label={t('videoLibrary.gallery.view')} value={state.view} onChange={(view) => update({ view })} options={viewOptions} />
              </div>
            )}
          </div>
          {inBin ? (
            <RecycleBinView kinds={['video']} />
          ) : arranging && currentSeries ? (
            <SeriesOrder seriesId={currentSeries.id} seriesName={currentSeries.name} actions={actions} canWrite={canWrite} />
          ) : (
            <>
              {selected.size > 0 && (
                <div className="video-bulk-bar" role="region" aria-label={t('videoLibrary.bulk.label')}>
                  <span aria-live="polite">{t('videoLibrary.bulk.selected', { count: selected.size })}</span>
                  <Space wrap>
                    <Button icon={<SwapOutlined />} onClick={() => actions.move([...selected.values()])}>
                      {t('videoLibrary.bulk.move')}
                    </Button>
                    <Button danger icon={<DeleteOutlined />} onClick={() => actions.remove([...selected.values()])}>
                      {t('videoLibrary.bulk.delete')}
                    </Button>
                    <Button type="text" onClick={clearSelection}>
                      {t('videoLibrary.bulk.clear')}
                    </Button>
                  </Space>
                </div>
              )}
              <div className="video-results" aria-busy={videos.isFetching}>
                {content()}
              </div>
              {videos.data && videos.data.total > 0 && (
                <Pagination
                  className="video-pagination"
                  current={state.page}
                  pageSize={state.pageSize}
                  total={videos.data.total}
                  pageSizeOptions={PAGE_SIZES.map(String)}
                  showSizeChanger
                  showTotal={(total, [from, to]) => t('videoLibrary.gallery.range', { from, to, total })}
                  onChange={(page, pageSize) => update({ page, pageSize })}
                />
              )}
            </>
          )}
        </section>
      </div>
      <VideoPlayerModal
        id={state.video}
        panel={state.panel}
        onPanel={(panel) => update({ panel }, { replace: true })}
        onClose={() => update({ video: undefined })}
        actions={actions}
        canWrite={canWrite}
      />
      {elements}
    </div>
  );
}
