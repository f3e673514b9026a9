import { formatBytes } from '@ads/contracts';
import type { Series, Video } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { actionsColumn, ListTable, sortOrderFor, uploadedAtColumn } from '../../../shared/list/list-table';
import { codecLabel, formatDuration, formatResolution } from '../format';
import type { SortField, SortOrder } from '../library-state';
import { VideoActionsMenu, VideoStatusTags, VideoPoster, type VideoActions } from './video-bits';
import { Button } from '../../../shared/ui/button';
import type { ListColumn } from '../../../shared/list/list-table';

interface VideoTableProps {
  items: readonly Video[];
  series: readonly Series[];
  loading: boolean;
  selected: ReadonlySet<number>;
  onSelectionChange: (ids: number[]) => void;
  actions: VideoActions;
  canWrite: boolean;
  sort: SortField;
  order: SortOrder;
  onSort: (sort: SortField, order: SortOrder) => void;
  showPosition: boolean;
}

/** The list view: the cards' facts in columns; sorting by name, length, size or date asks the server. */
export function VideoTable({ items, series, loading, selected, onSelectionChange, actions, canWrite, sort, order, onSort, showPosition }: VideoTableProps) {
  const { t, i18n } = useTranslation();
  const sortOrderOf = sortOrderFor(sort, order);
  const seriesName = new Map(series.map((item) => [item.id, item.name]));

  const columns: ListColumn<Video>[] = [
    ...(showPosition
      ? [
          {
            key: 'position',
            dataIndex: 'position',
            title: t('videoLibrary.columns.position'),
            width: 64,
            sorter: true,
            sortOrder: sortOrderOf('position'),
          },
        ]
      : []),
    // The poster and the review status go with the name, and the resolution with the codec, so that
    // the table fits beside the series panel at 1440 px.
    {
      key: 'name',
      dataIndex: 'name',
      title: t('videoLibrary.columns.name'),
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (_, video) => (
        <div className="video-table-item">
          <VideoPoster video={video} className="video-table-poster" />
          <div>
            <Button type="link" className="list-name-link" onClick={() => actions.play(video)}>
              {video.name}
            </Button>
            <div>
              <VideoStatusTags video={video} />
            </div>
          </div>
        </div>
      ),
    },
    {
      key: 'duration',
      title: t('videoLibrary.columns.duration'),
      width: 100,
      sorter: true,
      sortOrder: sortOrderOf('duration'),
      render: (_, video) => formatDuration(video.durationMs),
    },
    {
      key: 'media',
      title: t('videoLibrary.columns.media'),
      width: 124,
      render: (_, video) => (
        <>
          <div>{formatResolution(video.width, video.height)}</div>
          <div className="list-muted">{`${video.format.toUpperCase()} · ${codecLabel(video.codec)}`}</div>
        </>
      ),
    },
    {
      key: 'bytes',
      dataIndex: 'bytes',
      title: t('videoLibrary.columns.size'),
      width: 90,
      sorter: true,
      sortOrder: sortOrderOf('bytes'),
      render: (bytes: number) => formatBytes(bytes),
    },
    ...(showPosition
      ? []
      : [
          {
            key: 'series',
            title: t('videoLibrary.columns.series'),
            width: 120,
            ellipsis: true,
            render: (_: unknown, video: Video) => (video.seriesId === null ? <span className="list-muted">—</span> : (seriesName.get(video.seriesId) ?? '…')),
          },
        ]),
    uploadedAtColumn(t('videoLibrary.columns.uploadedAt'), i18n.language, sortOrderOf('createdAt')),
    actionsColumn(t('videoLibrary.columns.actions'), (video) => <VideoActionsMenu video={video} actions={actions} canWrite={canWrite} />),
  ];

  return (
    <ListTable<Video, SortField>
      className="video-table"
      items={items}
      columns={columns}
      loading={loading}
      width={800}
      selection={canWrite ? { selected, onChange: onSelectionChange, labelOf: (video) => t('videoLibrary.gallery.selectNamed', { name: video.name }) } : null}
      onSort={onSort}
    />
  );
}
