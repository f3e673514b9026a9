import type { Video } from '@ads/contracts';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { useListSelection } from '../../../shared/list/use-list-selection';
import { useShownOnce } from '../../../shared/ui/lazy-named';
import type { ExistingItem } from '../../../shared/upload/use-upload-queue';
import { useCanWriteVideos, useSeriesList, useVideoList } from '../api';
import { effectiveSort, useLibraryState, videoListQuery, type PreviewPanel } from '../library-state';
import { useVideoUploads } from '../use-video-uploads';
import { useVideoActions } from './use-video-actions';

// The library's data for VideoLibraryPage: its URL state, the series and video lists, uploads, the
// selection, and the actions with their dialogs.

export function useVideoLibrary() {
  const { t } = useTranslation();
  const [state, update] = useLibraryState();
  // Mounted from the first video opened on, so that the player can animate its closing.
  const playerWanted = useShownOnce(!!state.video);
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

  const items = videos.data?.items ?? [];
  const selection = useListSelection(JSON.stringify(query), items);
  const { clear: clearSelection } = selection;

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

  const uploadSeriesId = typeof state.series === 'number' ? state.series : null;
  const showExisting = (existing: ExistingItem) => {
    if (existing.inRecycleBin) update({ series: 'bin', video: undefined });
    // The duplicate's `folderId` is its series.
    else update({ series: existing.folderId ?? 'none', view: state.view === 'order' ? 'grid' : state.view, video: existing.id, panel: 'play' });
  };

  return {
    state,
    update,
    playerWanted,
    canWrite,
    seriesQuery,
    series,
    arranging,
    inBin,
    videos,
    items,
    uploads,
    sort,
    order,
    currentSeries,
    /** The series being arranged: its order replaces the list. */
    arrangedSeries: arranging ? currentSeries : undefined,
    selection,
    actions,
    /** The actions' dialogs, for the page's overlays. */
    elements,
    scopeLabel: typeof state.series === 'number' ? (currentSeries?.name ?? '…') : t(`videoLibrary.series.${state.series}`),
    showExisting,
    filtered: !!(state.search || state.format || state.status),
    addFiles: (files: File[]) => uploads.add(files, uploadSeriesId),
    clearFilters: () => update({ search: '', format: undefined, status: undefined }),
    showPanel: (panel: PreviewPanel) => update({ panel }, { replace: true }),
    closePlayer: () => update({ video: undefined }),
  };
}
