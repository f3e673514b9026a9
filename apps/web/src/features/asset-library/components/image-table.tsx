import type { Image } from '@ads/contracts';
import { Button, Table, type TableColumnsType } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDateAndTime } from '../../../shared/format';
import { formatLabel } from '../format';
import type { SortField } from '../gallery-state';
import { ImageActionsMenu, ReviewStatusTag, type ImageActions } from './image-bits';

interface ImageTableProps {
  items: readonly Image[];
  loading: boolean;
  selected: ReadonlySet<number>;
  onSelectionChange: (ids: number[]) => void;
  actions: ImageActions;
  canWrite: boolean;
  sort: SortField;
  order: 'asc' | 'desc';
  onSort: (sort: SortField, order: 'asc' | 'desc') => void;
}

/** The list view: the grid's columns in a table; sorting by name, date or size asks the server. */
export function ImageTable({ items, loading, selected, onSelectionChange, actions, canWrite, sort, order, onSort }: ImageTableProps) {
  const { t, i18n } = useTranslation();
  const sortOrderOf = (field: SortField) => (sort === field ? (order === 'asc' ? 'ascend' : 'descend') : null);

  const columns: TableColumnsType<Image> = [
    {
      key: 'preview',
      title: <span className="visually-hidden">{t('assetLibrary.columns.preview')}</span>,
      width: 64,
      render: (_, image) => <img className="image-table-thumb" src={image.thumbnailUrl} alt="" loading="lazy" />,
    },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('assetLibrary.columns.name'),
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (_, image) => (
        <Button type="link" className="image-table-name" onClick={() => actions.open(image)}>
          {image.name}
        </Button>
      ),
    },
    {
      key: 'dimensions',
      title: t('assetLibrary.columns.dimensions'),
      width: 100,
      render: (_, image) => `${image.width}×${image.height}`,
    },
    {
      key: 'bytes',
      dataIndex: 'bytes',
      title: t('assetLibrary.columns.size'),
      width: 90,
      sorter: true,
      sortOrder: sortOrderOf('bytes'),
      render: (bytes: number) => formatBytes(bytes),
    },
    { key: 'format', title: t('assetLibrary.columns.format'), width: 72, render: (_, image) => formatLabel(image.format) },
    {
      key: 'status',
      title: t('assetLibrary.columns.status'),
      width: 112,
      render: (_, image) => <ReviewStatusTag status={image.reviewStatus} />,
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('assetLibrary.columns.uploadedAt'),
      width: 124,
      sorter: true,
      sortOrder: sortOrderOf('createdAt'),
      render: (iso: string) => {
        const [date, time] = formatDateAndTime(iso, i18n.language);
        return (
          <>
            <div>{date}</div>
            <div className="image-table-time">{time}</div>
          </>
        );
      },
    },
    {
      key: 'actions',
      title: <span className="visually-hidden">{t('assetLibrary.columns.actions')}</span>,
      width: 56,
      align: 'center',
      // In reach however far the table scrolls inside its card.
      fixed: 'right',
      render: (_, image) => <ImageActionsMenu image={image} actions={actions} canWrite={canWrite} />,
    },
  ];

  return (
    <Table<Image>
      rowKey="id"
      className="image-table"
      columns={columns}
      dataSource={items as Image[]}
      loading={loading}
      pagination={false}
      size="middle"
      // Fits the gallery's content beside the folder panel at 1440 px; narrower screens scroll.
      scroll={{ x: 780 }}
      sortDirections={['ascend', 'descend', 'ascend']}
      rowSelection={
        canWrite
          ? {
              selectedRowKeys: [...selected],
              onChange: (keys) => onSelectionChange(keys as number[]),
              getCheckboxProps: (image) => ({ 'aria-label': t('assetLibrary.gallery.selectNamed', { name: image.name }) }),
            }
          : undefined
      }
      onChange={(_, __, sorter) => {
        const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Image> | undefined;
        const field = single?.columnKey as SortField | undefined;
        if (field && single?.order) onSort(field, single.order === 'ascend' ? 'asc' : 'desc');
      }}
    />
  );
}
