import type { AccountSortField, ManagedAccount } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { ListTable, sortOrderFor, uploadedAtColumn, type ListColumn } from '../../../shared/list/list-table';
import { Button } from '../../../shared/ui/button';
import { AccountStatusTag } from './status-tag';

interface AccountTableProps {
  items: readonly ManagedAccount[];
  loading: boolean;
  onOpen: (account: ManagedAccount) => void;
  sort: AccountSortField;
  order: 'asc' | 'desc';
  onSort: (sort: AccountSortField, order: 'asc' | 'desc') => void;
}

/** The accounts of one page; the server sorts by a column's key. */
export function AccountTable({ items, loading, onOpen, sort, order, onSort }: AccountTableProps) {
  const { t, i18n } = useTranslation();
  const sortOrderOf = sortOrderFor(sort, order);
  const columns: ListColumn<ManagedAccount>[] = [
    {
      key: 'name',
      title: t('accounts.columns.name'),
      width: 240,
      fixed: 'left',
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (_, account) => (
        <>
          <Button type="link" className="list-name-link" onClick={() => onOpen(account)}>
            {account.name}
          </Button>
          <div className="list-muted account-code">{account.code}</div>
        </>
      ),
    },
    { key: 'status', title: t('accounts.columns.status'), width: 112, sorter: true, sortOrder: sortOrderOf('status'), render: (_, account) => <AccountStatusTag status={account.status} /> },
    {
      key: 'users',
      title: t('accounts.columns.users'),
      width: 140,
      render: (_, account) => t('accounts.usersCell', { active: account.activeUserCount, total: account.userCount }),
    },
    { key: 'contactEmail', title: t('accounts.columns.contactEmail'), width: 240, ellipsis: true, dataIndex: 'contactEmail' },
    uploadedAtColumn(t('accounts.columns.createdAt'), i18n.language, sortOrderOf('createdAt')),
  ];
  return <ListTable<ManagedAccount, AccountSortField> className="account-table" items={items} columns={columns} loading={loading} width={856} selection={null} onSort={onSort} />;
}
