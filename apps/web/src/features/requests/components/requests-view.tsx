import { ClearOutlined } from '@ant-design/icons';
import { STATUS_CHANGE_KINDS, STATUS_CHANGE_RULES, type StatusChange, type StatusChangeKind } from '@ads/contracts';
import { Suspense, useCallback, useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { ListPage } from '../../../shared/list/list-page';
import { ListResults } from '../../../shared/list/list-results';
import { ListSearch } from '../../../shared/list/list-search';
import { useSession } from '../../../shared/session';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { useShownOnce } from '../../../shared/ui/lazy-named';
import { PlainMultiSelect, SegmentedRadio } from '../../../shared/ui/plain-controls';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { useCanReviewRequests, useStatusChangeList } from '../api';
import { errorText, kindLabel } from './format';
import { isFiltered, NO_FILTERS, PAGE_SIZES, PENDING_COUNT_QUERY, requestListQuery, TABS, useRequestListState, type RequestTab } from './list-state';
import { RequestTable } from './request-table';
import './requests.css';

// The list is plain HTML; the drawer (antd's drawer, dialogs and text areas) loads with antd when a
// request is first opened, from a row or the URL (`?request=N`, where notifications lead).
const RequestDrawer = lazyWithAntd(() => import('./request-drawer'));

/** The kinds a requester of this account kind may ask for (staff see every kind). */
const kindsFor = (accountKind: string | undefined, staff: boolean): readonly StatusChangeKind[] =>
  staff ? STATUS_CHANGE_KINDS : STATUS_CHANGE_KINDS.filter((kind) => [accountKind, 'any'].includes(STATUS_CHANGE_RULES[kind].requester));

/**
 * Status change requests: staff see every account's with the pending queue first and decide them;
 * requesters see their account's and cancel a pending one. Tab, kinds, search, sort and page in the URL.
 */
export function RequestsView() {
  const { t } = useTranslation();
  const staff = useCanReviewRequests();
  const accountKind = useSession()?.userInfo.userBasicInfo.accountKind;
  const [state, update] = useRequestListState(staff);
  const query = useMemo(() => requestListQuery(state), [state]);
  const requests = useStatusChangeList(query);
  // Staff's queue count; a requester's pending tab shows none (what waits is staff's, not theirs).
  const waiting = useStatusChangeList(PENDING_COUNT_QUERY, staff);
  const items = requests.data?.items ?? [];
  const drawerWanted = useShownOnce(state.request !== undefined);
  const filtered = isFiltered(state);
  const kinds = kindsFor(accountKind, staff);
  const tabs: readonly RequestTab[] = staff ? TABS : ['all', ...TABS.filter((tab) => tab !== 'all')];

  const open = useCallback((request: Pick<StatusChange, 'id'>) => update({ request: request.id }), [update]);
  const close = useCallback(() => update({ request: undefined }), [update]);

  const emptyText = filtered
    ? t('requests.noMatches')
    : staff
      ? t(state.tab === 'pending' ? 'requests.empty.staffPending' : 'requests.empty.staff')
      : t(accountKind === 'advertiser' || accountKind === 'publisher' ? `requests.empty.${accountKind}` : 'requests.empty.other');

  return (
    <ListPage
      className="request-list"
      title={t('requests.title')}
      scopeId="requests-scope"
      toolbar={
        <>
          <SegmentedRadio<RequestTab>
            className="list-tabs"
            label={t('requests.tabs.label')}
            value={state.tab}
            onChange={(tab) => update({ tab })}
            options={tabs.map((tab) => ({
              value: tab,
              label: t(`requests.tabs.${tab}`),
              ...(staff && tab === 'pending' ? { extra: <Badge count={waiting.data?.total ?? 0} /> } : {}),
            }))}
          />
          <div className="list-toolbar" role="search" aria-label={t('requests.filters.label')}>
            <ListSearch
              value={state.search}
              onSearch={(search) => update({ search }, { replace: true })}
              label={t('requests.filters.search')}
              placeholder={t('requests.filters.searchPlaceholder')}
              clearLabel={t('requests.filters.clearSearch')}
              className="list-search request-search"
            />
            {kinds.length > 1 && (
              <PlainMultiSelect<StatusChangeKind>
                className="request-kind-filter"
                label={t('requests.filters.kind')}
                placeholder={t('requests.filters.anyKind')}
                clearLabel={t('requests.filters.clearKinds')}
                value={state.kinds}
                onChange={(chosen) => update({ kinds: chosen })}
                options={kinds.map((kind) => ({ value: kind, label: kindLabel(t, kind) }))}
              />
            )}
          </div>
        </>
      }
      scope={t(`requests.scope.${state.tab}`)}
      count={requests.data && t('requests.count', { count: requests.data.total })}
      overlays={
        drawerWanted && (
          <Suspense fallback={null}>
            <RequestDrawer id={state.request} onClose={close} />
          </Suspense>
        )
      }
    >
      <ListResults
        query={requests}
        page={state.page}
        pageSize={state.pageSize}
        pageSizes={PAGE_SIZES}
        update={update}
        rangeText={(range) => t('requests.range', range)}
        errorText={(error) => errorText(t, error)}
        retryLabel={t('requests.retry')}
        empty={!items.length}
        emptyText={emptyText}
        emptyAction={
          filtered && (
            <Button icon={<ClearOutlined />} onClick={() => update(NO_FILTERS)}>
              {t('requests.clearFilters')}
            </Button>
          )
        }
      >
        {() => (
          <RequestTable items={items} loading={requests.isFetching} onOpen={open} showAccount={staff} sort={state.sort} order={state.order} onSort={(sort, order) => update({ sort, order })} />
        )}
      </ListResults>
    </ListPage>
  );
}
