import type { Series, Video } from '@ads/contracts';
import { Button, Table, type TableColumnsType } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { codecLabel, formatBytes, formatDateTime, formatDuration, formatResolution } from '../format';
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
    {
      key: 'poster',
      title: <span className="visually-hidden">{t('videoLibrary.columns.poster')}</span>,
      width: 92,
      render: (_, video) => <VideoPoster video={video} className="video-table-poster" />,
    },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('videoLibrary.columns.name'),
      minWidth: 200,
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (_, video) => (
        <Button type="link" className="video-table-name" onClick={() => actions.play(video)}>
          {video.name}
        </Button>
      ),
    },
    {
      key: 'duration',
      title: t('videoLibrary.columns.duration'),
      width: 90,
      sorter: true,
      sortOrder: sortOrderOf('duration'),
      render: (_, video) => formatDuration(video.durationMs),
    },
    { key: 'resolution', title: t('videoLibrary.columns.resolution'), width: 110, render: (_, video) => formatResolution(video.width, video.height) },
    {
      key: 'bytes',
      dataIndex: 'bytes',
      title: t('videoLibrary.columns.size'),
      width: 100,
      sorter: true,
      sortOrder: sortOrderOf('bytes'),
      render: (bytes: number) => formatBytes(bytes),
    },
    { key: 'codec', title: t('videoLibrary.columns.codec'), width: 130, render: (_, video) => `${video.format.toUpperCase()} · ${codecLabel(video.codec)}` },
    ...(showPosition
      ? []
      : [
          {
            key: 'series',
            title: t('videoLibrary.columns.series'),
            width: 140,
            ellipsis: true,
            render: (_: unknown, video: Video) => (video.seriesId === null ? <span className="video-muted">—</span> : (seriesName.get(video.seriesId) ?? '…')),
          },
        ]),
    { key: 'status', title: t('videoLibrary.columns.status'), width: 120, render: (_, video) => <ReviewStatusTag status={video.reviewStatus} /> },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('videoLibrary.columns.uploadedAt'),
      width: 160,
      sorter: true,
      sortOrder: sortOrderOf('createdAt'),
      render: (iso: string) => formatDateTime(iso, i18n.language),
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
      scroll={{ x: 'max-content' }}
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
