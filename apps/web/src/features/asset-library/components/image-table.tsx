import { formatBytes } from '@ads/contracts';
import type { Image } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { actionsColumn, ListTable, sortOrderFor, uploadedAtColumn } from '../../../shared/list/list-table';
import { formatLabel } from '../format';
import type { SortField } from '../gallery-state';
import { ImageActionsMenu, ReviewStatusTag, type ImageActions } from './image-bits';
import { Button } from '../../../shared/ui/button';
import type { ListColumn } from '../../../shared/list/list-table';

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
  const sortOrderOf = sortOrderFor(sort, order);

  const columns: ListColumn<Image>[] = [
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
        <Button type="link" className="list-name-link" onClick={() => actions.open(image)}>
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
    uploadedAtColumn(t('assetLibrary.columns.uploadedAt'), i18n.language, sortOrderOf('createdAt')),
    actionsColumn(t('assetLibrary.columns.actions'), (image) => <ImageActionsMenu image={image} actions={actions} canWrite={canWrite} />),
  ];

  return (
    <ListTable<Image, SortField>
      className="image-table"
      items={items}
      columns={columns}
      loading={loading}
      // Fits the gallery's content beside the folder panel at 1440 px; narrower screens scroll.
      width={780}
      selection={canWrite ? { selected, onChange: onSelectionChange, labelOf: (image) => t('assetLibrary.gallery.selectNamed', { name: image.name }) } : null}
      onSort={onSort}
    />
  );
}
