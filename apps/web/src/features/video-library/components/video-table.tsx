import type { Series, Video } from '@ads/contracts';
import { Button, Table, type TableColumnsType } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDateAndTime } from '../../../shared/format';
import { codecLabel, formatDuration, formatResolution } from '../format';
import type { SortField, SortOrder } from '../library-state';
import { ReviewStatusTag, VideoActionsMenu, VideoPoster, type VideoActions } from './video-bits';

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
  const sortOrderOf = (field: SortField): 'ascend' | 'descend' | null => (sort === field ? (order === 'asc' ? 'ascend' : 'descend') : null);
  const seriesName = new Map(series.map((item) => [item.id, item.name]));

  const columns: TableColumnsType<Video> = [
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
            <Button type="link" className="video-table-name" onClick={() => actions.play(video)}>
              {video.name}
            </Button>
            <div>
              <ReviewStatusTag status={video.reviewStatus} />
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
          <div className="video-muted">{`${video.format.toUpperCase()} · ${codecLabel(video.codec)}`}</div>
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
            render: (_: unknown, video: Video) => (video.seriesId === null ? <span className="video-muted">—</span> : (seriesName.get(video.seriesId) ?? '…')),
          },
        ]),
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('videoLibrary.columns.uploadedAt'),
      width: 124,
      sorter: true,
      sortOrder: sortOrderOf('createdAt'),
      render: (iso: string) => {
        const [date, time] = formatDateAndTime(iso, i18n.language);
        return (
          <>
            <div>{date}</div>
            <div className="video-muted">{time}</div>
          </>
        );
      },
    },
    {
      key: 'actions',
      title: <span className="visually-hidden">{t('videoLibrary.columns.actions')}</span>,
      width: 56,
      align: 'center',
      // Always in reach, however far the table scrolls.
      fixed: 'right',
      render: (_, video) => <VideoActionsMenu video={video} actions={actions} canWrite={canWrite} />,
    },
  ];

  return (
    <Table<Video>
      rowKey="id"
      className="video-table"
      columns={columns}
      dataSource={items as Video[]}
      loading={loading}
      pagination={false}
      size="middle"
      scroll={{ x: 800 }}
      sortDirections={['ascend', 'descend', 'ascend']}
      rowSelection={
        canWrite
          ? {
              selectedRowKeys: [...selected],
              onChange: (keys) => onSelectionChange(keys as number[]),
              getCheckboxProps: (video) => ({ 'aria-label': t('videoLibrary.gallery.selectNamed', { name: video.name }) }),
            }
          : undefined
      }
      onChange={(_, __, sorter) => {
        const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Video> | undefined;
        const field = single?.columnKey as SortField | undefined;
        if (field && single?.order) onSort(field, single.order === 'ascend' ? 'asc' : 'desc');
      }}
    />
  );
}
