import type { ContentRequest } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { formatDateTime } from '../../../shared/format';
import { ListTable, sortOrderFor, type ListColumn } from '../../../shared/list/list-table';
import { Button } from '../../../shared/ui/button';
import type { ContentSortField } from './list-state';
import { ContentStatusTag } from './status-tag';

interface RequestTableProps {
  items: readonly ContentRequest[];
  loading: boolean;
  onOpen: (request: ContentRequest) => void;
  /** Staff: every account's requests, each named. */
  showAccount: boolean;
  sort: ContentSortField;
  order: 'asc' | 'desc';
  onSort: (sort: ContentSortField, order: 'asc' | 'desc') => void;
}

/** The requests of one page; the server sorts by a column's key (submitted or decided). */
export function RequestTable({ items, loading, onOpen, showAccount, sort, order, onSort }: RequestTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const sortOrderOf = sortOrderFor(sort, order);
  const columns: ListColumn<ContentRequest>[] = [
    {
      key: 'series',
      title: t('publisherContent.columns.series'),
      width: 240,
      fixed: 'left',
      render: (_, request) => (
        <>
          <Button type="link" className="list-name-link content-series-link" onClick={() => onOpen(request)}>
            {request.seriesName}
          </Button>
          <div className="list-muted">
            #{request.id} · {t(`publisherContent.kind.${request.kind}`)}
          </div>
        </>
      ),
    },
    ...(showAccount
      ? [{ key: 'account', title: t('publisherContent.columns.account'), width: 160, ellipsis: true, render: (_: unknown, request: ContentRequest) => request.accountName }]
      : []),
    {
      key: 'videos',
      title: t('publisherContent.columns.videos'),
      width: 200,
      render: (_, request) => (
        <>
          <div>{t('publisherContent.total', { count: request.counts.total })}</div>
          <div className="list-muted">{t('publisherContent.counts', request.counts)}</div>
        </>
      ),
    },
    {
      key: 'submittedAt',
      title: t('publisherContent.columns.submittedAt'),
      width: 190,
      sorter: true,
      sortOrder: sortOrderOf('submittedAt'),
      render: (_, request) => (
        <>
          <div>{formatDateTime(request.submittedAt, language)}</div>
          <div className="list-muted">{t('publisherContent.by', { name: request.submittedBy.name })}</div>
        </>
      ),
    },
    { key: 'status', title: t('publisherContent.columns.status'), width: 110, render: (_, request) => <ContentStatusTag status={request.status} /> },
    {
      key: 'decidedAt',
      title: t('publisherContent.columns.decidedAt'),
      width: 160,
      sorter: true,
      sortOrder: sortOrderOf('decidedAt'),
      render: (_, request) => (request.decidedAt ? formatDateTime(request.decidedAt, language) : t('publisherContent.notDecided')),
    },
  ];
  return (
    <ListTable<ContentRequest, ContentSortField>
      className="content-request-table"
      items={items}
      columns={columns}
      loading={loading}
      width={showAccount ? 1060 : 900}
      selection={null}
      onSort={onSort}
    />
  );
}
