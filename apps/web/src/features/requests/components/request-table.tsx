import type { StatusChange } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { formatDateTime } from '../../../shared/format';
import { ListTable, sortOrderFor, type ListColumn } from '../../../shared/list/list-table';
import { Button } from '../../../shared/ui/button';
import { entityStatusLabel, kindLabel } from './format';
import type { RequestSortField } from './list-state';
import { RequestStatusTag } from './status-tag';

interface RequestTableProps {
  items: readonly StatusChange[];
  loading: boolean;
  onOpen: (request: StatusChange) => void;
  /** Staff: every account's requests, each named. */
  showAccount: boolean;
  sort: RequestSortField;
  order: 'asc' | 'desc';
  onSort: (sort: RequestSortField, order: 'asc' | 'desc') => void;
}

/** The requests of one page; the server sorts by a column's key (requested or decided). */
export function RequestTable({ items, loading, onOpen, showAccount, sort, order, onSort }: RequestTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const sortOrderOf = sortOrderFor(sort, order);
  const columns: ListColumn<StatusChange>[] = [
    {
      key: 'kind',
      title: t('requests.columns.request'),
      width: 220,
      fixed: 'left',
      render: (_, request) => (
        <>
          <Button type="link" className="list-name-link" onClick={() => onOpen(request)}>
            {kindLabel(t, request.kind)}
          </Button>
          <div className="list-muted">#{request.id}</div>
        </>
      ),
    },
    {
      key: 'entity',
      title: t('requests.columns.entity'),
      width: 240,
      render: (_, request) => (
        <>
          <div className="request-entity-name">{request.entityName}</div>
          <div className="list-muted">
            {t(`requests.entity.${request.entity}`)} · {t('requests.nowStatus', { status: entityStatusLabel(t, request.entity, request.entityStatus) })}
          </div>
        </>
      ),
    },
    ...(showAccount ? [{ key: 'account', title: t('requests.columns.account'), width: 180, ellipsis: true, render: (_: unknown, request: StatusChange) => request.accountName }] : []),
    {
      key: 'requestedAt',
      title: t('requests.columns.requestedAt'),
      width: 200,
      sorter: true,
      sortOrder: sortOrderOf('requestedAt'),
      render: (_, request) => (
        <>
          <div>{formatDateTime(request.requestedAt, language)}</div>
          <div className="list-muted">{t('requests.by', { name: request.requestedBy.name })}</div>
        </>
      ),
    },
    {
      key: 'status',
      title: t('requests.columns.status'),
      width: 150,
      render: (_, request) => (
        <>
          <RequestStatusTag status={request.status} />
          {request.direct && <div className="list-muted">{t('requests.direct')}</div>}
        </>
      ),
    },
    {
      key: 'decidedAt',
      title: t('requests.columns.decidedAt'),
      width: 180,
      sorter: true,
      sortOrder: sortOrderOf('decidedAt'),
      render: (_, request) => (request.decidedAt ? formatDateTime(request.decidedAt, language) : t('requests.none')),
    },
  ];
  return (
    <ListTable<StatusChange, RequestSortField>
      className="request-table"
      items={items}
      columns={columns}
      loading={loading}
      width={showAccount ? 1170 : 990}
      selection={null}
      onSort={onSort}
    />
  );
}
