import { ClearOutlined, PlusOutlined } from '@ant-design/icons';
import { ACCOUNT_STATUSES, type AccountKind, type AccountStatus, type ManagedAccount } from '@ads/contracts';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { ListPage } from '../../../shared/list/list-page';
import { ListResults } from '../../../shared/list/list-results';
import { ListSearch } from '../../../shared/list/list-search';
import { Button } from '../../../shared/ui/button';
import { useShownOnce } from '../../../shared/ui/lazy-named';
import { PlainSelect } from '../../../shared/ui/plain-controls';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { useAccountList, useCanWriteAccounts } from '../api';
import { AccountTable } from './account-table';
import { errorText } from './format';
import { accountListQuery, isFiltered, NO_FILTERS, PAGE_SIZES, useAccountListState } from './list-state';
import './accounts.css';

// The list is plain HTML; the drawer and the create dialog (antd's drawer, form and modals) load
// with antd when first opened, from a row, the button or the URL.
const AccountDrawer = lazyWithAntd(() => import('./account-drawer'));
const CreateAccountDialog = lazyWithAntd(() => import('./create-account-dialog'));

/** "Any status" stands for no filter. */
const ANY = '';

/** Staff's accounts of one kind: search, status, sort and page in the URL; an account's drawer by `?account=`. */
export function AccountsView({ kind }: { kind: AccountKind }) {
  const { t } = useTranslation();
  const [state, update] = useAccountListState();
  const query = useMemo(() => accountListQuery(kind, state), [kind, state]);
  const accounts = useAccountList(query);
  const items = accounts.data?.items ?? [];
  const canWrite = useCanWriteAccounts();
  const [creating, setCreating] = useState(false);
  const drawerWanted = useShownOnce(state.account !== undefined);
  const createWanted = useShownOnce(creating);
  const filtered = isFiltered(state);

  const open = useCallback((account: Pick<ManagedAccount, 'id'>) => update({ account: account.id }), [update]);
  const close = useCallback(() => update({ account: undefined }), [update]);

  return (
    <ListPage
      className="account-list"
      title={t(`accounts.title.${kind}`)}
      actions={
        canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('accounts.newAccount')}
          </Button>
        )
      }
      scopeId="accounts-scope"
      toolbar={
        <div className="list-toolbar" role="search" aria-label={t('accounts.filters.label')}>
          <ListSearch
            value={state.search}
            onSearch={(search) => update({ search }, { replace: true })}
            label={t('accounts.filters.search')}
            placeholder={t('accounts.filters.searchPlaceholder')}
            clearLabel={t('accounts.filters.clearSearch')}
            className="list-search account-search"
          />
          <PlainSelect<AccountStatus | typeof ANY>
            className="account-status-filter"
            label={t('accounts.filters.status')}
            value={state.status ?? ANY}
            onChange={(status) => update({ status: status || undefined })}
            options={[{ value: ANY, label: t('accounts.filters.anyStatus') }, ...ACCOUNT_STATUSES.map((status) => ({ value: status, label: t(`accounts.status.${status}`) }))]}
          />
        </div>
      }
      scope={t(`accounts.scope.${kind}`)}
      count={accounts.data && t('accounts.count', { count: accounts.data.total })}
      overlays={
        <>
          {drawerWanted && (
            <Suspense fallback={null}>
              <AccountDrawer id={state.account} onClose={close} />
            </Suspense>
          )}
          {createWanted && (
            <Suspense fallback={null}>
              <CreateAccountDialog kind={kind} open={creating} onClose={() => setCreating(false)} onCreated={open} />
            </Suspense>
          )}
        </>
      }
    >
      <ListResults
        query={accounts}
        page={state.page}
        pageSize={state.pageSize}
        pageSizes={PAGE_SIZES}
        update={update}
        rangeText={(range) => t('accounts.range', range)}
        errorText={(error) => errorText(t, error)}
        retryLabel={t('accounts.retry')}
        empty={!items.length}
        emptyText={filtered ? t('accounts.noMatches') : t('accounts.noAccounts')}
        emptyAction={
          filtered && (
            <Button icon={<ClearOutlined />} onClick={() => update(NO_FILTERS)}>
              {t('accounts.clearFilters')}
            </Button>
          )
        }
      >
        {() => <AccountTable items={items} loading={accounts.isFetching} onOpen={open} sort={state.sort} order={state.order} onSort={(sort, order) => update({ sort, order })} />}
      </ListResults>
    </ListPage>
  );
}
