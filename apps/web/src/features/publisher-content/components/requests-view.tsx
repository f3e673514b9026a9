import { ClearOutlined, PlusOutlined } from '@ant-design/icons';
import type { ContentRequest } from '@ads/contracts';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { ListPage } from '../../../shared/list/list-page';
import { ListResults } from '../../../shared/list/list-results';
import { ListSearch } from '../../../shared/list/list-search';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { useShownOnce } from '../../../shared/ui/lazy-named';
import { SegmentedRadio } from '../../../shared/ui/plain-controls';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { useCanRequestContent, useCanReviewContent, useContentRequestList } from '../api';
import { errorText } from './format';
import { contentListQuery, isFiltered, PAGE_SIZES, PENDING_COUNT_QUERY, TABS, useContentListState, type ContentTab } from './list-state';
import { RequestTable } from './request-table';
import './publisher-content.css';

// The list is plain HTML; the drawer and the new request dialog (antd's drawer, dialogs and text
// areas) load with antd when first opened, from a row, a button or the URL (`?request=N`).
const RequestDrawer = lazyWithAntd(() => import('./request-drawer'));
const SubmitDialog = lazyWithAntd(() => import('./submit-dialog'));

/**
 * Publication requests: staff see every account's with the pending queue first and decide them;
 * publishers see their account's, cancel a pending one and file new ones. Tab, search, sort and page in the URL.
 */
export function RequestsView() {
  const { t } = useTranslation();
  const staff = useCanReviewContent();
  const canRequest = useCanRequestContent() && !staff;
  const [state, update] = useContentListState(staff);
  const query = useMemo(() => contentListQuery(state), [state]);
  const requests = useContentRequestList(query);
  // Staff's queue count; a publisher's pending tab shows none (what waits is staff's, not theirs).
  const waiting = useContentRequestList(PENDING_COUNT_QUERY, staff);
  const items = requests.data?.items ?? [];
  const drawerWanted = useShownOnce(state.request !== undefined);
  const [creating, setCreating] = useState(false);
  const dialogWanted = useShownOnce(creating);
  const filtered = isFiltered(state);
  const tabs: readonly ContentTab[] = staff ? TABS : ['all', ...TABS.filter((tab) => tab !== 'all')];

  const open = useCallback((request: number | Pick<ContentRequest, 'id'>) => update({ request: typeof request === 'number' ? request : request.id }), [update]);
  const close = useCallback(() => update({ request: undefined }), [update]);

  const emptyText = filtered
    ? t('publisherContent.noMatches')
    : staff
      ? t(state.tab === 'pending' ? 'publisherContent.empty.staffPending' : 'publisherContent.empty.staff')
      : t('publisherContent.empty.publisher');

  return (
    <ListPage
      className="content-request-list"
      title={t('pages.publisherContent/requestApprovals.title')}
      actions={
        canRequest && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
            {t('publisherContent.newRequest')}
          </Button>
        )
      }
      scopeId="content-requests-scope"
      toolbar={
        <>
          <SegmentedRadio<ContentTab>
            className="list-tabs"
            label={t('publisherContent.tabs.label')}
            value={state.tab}
            onChange={(tab) => update({ tab })}
            options={tabs.map((tab) => ({
              value: tab,
              label: t(`publisherContent.tabs.${tab}`),
              ...(staff && tab === 'pending' ? { extra: <Badge count={waiting.data?.total ?? 0} /> } : {}),
            }))}
          />
          <div className="list-toolbar" role="search" aria-label={t('publisherContent.filters.label')}>
            <ListSearch
              value={state.search}
              onSearch={(search) => update({ search }, { replace: true })}
              label={t('publisherContent.filters.search')}
              placeholder={t('publisherContent.filters.searchPlaceholder')}
              clearLabel={t('publisherContent.filters.clearSearch')}
              className="list-search content-search"
            />
          </div>
        </>
      }
      scope={t(`publisherContent.scope.${state.tab}`)}
      count={requests.data && t('publisherContent.count', { count: requests.data.total })}
      overlays={
        <>
          {drawerWanted && (
            <Suspense fallback={null}>
              <RequestDrawer id={state.request} onClose={close} />
            </Suspense>
          )}
          {dialogWanted && (
            <Suspense fallback={null}>
              <SubmitDialog open={creating} onClose={() => setCreating(false)} onOpenRequest={open} onSubmitted={open} />
            </Suspense>
          )}
        </>
      }
    >
      <ListResults
        query={requests}
        page={state.page}
        pageSize={state.pageSize}
        pageSizes={PAGE_SIZES}
        update={update}
        rangeText={(range) => t('publisherContent.range', range)}
        errorText={(error) => errorText(t, error)}
        retryLabel={t('publisherContent.retry')}
        empty={!items.length}
        emptyText={emptyText}
        emptyAction={
          filtered && (
            <Button icon={<ClearOutlined />} onClick={() => update({ search: '' })}>
              {t('publisherContent.clearFilters')}
            </Button>
          )
        }
      >
        {() => <RequestTable items={items} loading={requests.isFetching} onOpen={open} showAccount={staff} sort={state.sort} order={state.order} onSort={(sort, order) => update({ sort, order })} />}
      </ListResults>
    </ListPage>
  );
}
