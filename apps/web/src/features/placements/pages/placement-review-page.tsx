import { CheckOutlined, ClearOutlined, CloseOutlined } from '@ant-design/icons';
import { PLACEMENT_STATUSES, type PlacementStatus } from '@ads/contracts';
import { useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { BulkBar } from '../../../shared/list/bulk-bar';
import { ListPage } from '../../../shared/list/list-page';
import { ListResults } from '../../../shared/list/list-results';
import { useListSelection } from '../../../shared/list/use-list-selection';
import { usePlacementList } from '../api';
import { placementErrorText } from '../components/placement-format';
import { PlacementFilters } from '../components/placement-filters';
import { isReviewFiltered, NO_REVIEW_FILTERS, PLACEMENT_PAGE_SIZES, placementListQuery, usePlacementReviewState, WAITING_PLACEMENTS } from '../components/placement-state';
import { PlacementTable } from '../components/placement-table';
import { usePlacementDecisions } from '../components/use-placement-decisions';
import { Button } from '../../../shared/ui/button';
import '../components/placements.css';
import '../messages/register';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { SegmentedRadio } from '../../../shared/ui/plain-controls';

type Tab = PlacementStatus | 'all';

/**
 * Placement Review: the ads that would appear on the publisher's slots, each with its creative,
 * advertiser, landing page and slot; approve, or reject with a reason, one or many at once.
 */
export default function PlacementReviewPage() {
  const { t } = useTranslation();
  const [state, update] = usePlacementReviewState();
  const query = useMemo(() => placementListQuery(state), [state]);
  const placements = usePlacementList(query);
  const waiting = usePlacementList(WAITING_PLACEMENTS);
  const items = useMemo(() => placements.data?.items ?? [], [placements.data]);
  const selection = useListSelection(JSON.stringify(query), items);
  const decisions = usePlacementDecisions(selection.clear);

  // The rows as the list shows them now: their versions are what the decision is about.
  const selected = items.filter((placement) => selection.selectedIds.has(placement.id));
  const approvable = selected.filter((placement) => placement.status !== 'approved');
  const rejectable = selected.filter((placement) => placement.status !== 'rejected');
  const filtered = isReviewFiltered(state);
  const waitingCount = waiting.data?.total ?? 0;
  const emptyText = filtered
    ? t('inventory.placements.noMatches')
    : state.status
      ? t(`inventory.placements.emptyStatus.${state.status}`)
      : t('inventory.placements.empty');

  return (
    <ListPage
      className="placement-page"
      title={t('pages.adPlacementManagement/review.title')}
      intro={<p className="placement-intro">{t('inventory.placements.intro')}</p>}
      scopeId="placement-list-scope"
      toolbar={
        <>
          <SegmentedRadio<Tab>
            className="list-tabs"
            label={t('inventory.placements.tabs')}
            value={state.status ?? 'all'}
            onChange={(tab) => update({ status: tab === 'all' ? undefined : tab })}
            options={[
              { value: 'all', label: t('inventory.placements.tab.all') },
              ...PLACEMENT_STATUSES.map((status) => ({
                value: status,
                label: t(`inventory.placements.tab.${status}`),
                // Dark enough for the white count to read at 4.5:1.
                extra: status === 'pending' ? <Badge count={waitingCount} /> : undefined,
              })),
            ]}
          />
          <PlacementFilters state={state} update={update} />
        </>
      }
      scope={t('inventory.placements.scope')}
      count={placements.data && t('inventory.placements.count', { count: placements.data.total })}
      notice={
        // Stays until dismissed or the next decision: a toast would be gone before it is read.
        decisions.outOfDate && (
          <Alert
            type="warning"
            showIcon
            closable={{ onClose: decisions.dismissOutOfDate, 'aria-label': t('inventory.placements.close') }}
            title={t('inventory.placements.outOfDate')}
          />
        )
      }
      bulkBar={
        selected.length > 0 && (
          <BulkBar
            label={t('inventory.placements.bulk.label')}
            countText={t('inventory.placements.bulk.selected', { count: selected.length })}
            clearLabel={t('inventory.placements.bulk.clear')}
            onClear={selection.clear}
          >
            <Button type="primary" icon={<CheckOutlined />} disabled={!approvable.length || decisions.deciding} onClick={() => decisions.approve(approvable)}>
              {t('inventory.placements.bulk.approve', { count: approvable.length })}
            </Button>
            <Button danger icon={<CloseOutlined />} disabled={!rejectable.length || decisions.deciding} onClick={() => decisions.reject(rejectable)}>
              {t('inventory.placements.bulk.reject', { count: rejectable.length })}
            </Button>
          </BulkBar>
        )
      }
      overlays={decisions.elements}
    >
      <ListResults
        query={placements}
        page={state.page}
        pageSize={state.pageSize}
        pageSizes={PLACEMENT_PAGE_SIZES}
        update={update}
        rangeText={(range) => t('inventory.placements.range', range)}
        errorText={(error) => placementErrorText(t, error)}
        retryLabel={t('inventory.placements.retry')}
        empty={!items.length}
        emptyText={emptyText}
        emptyAction={
          filtered && (
            <Button icon={<ClearOutlined />} onClick={() => update(NO_REVIEW_FILTERS)}>
              {t('inventory.placements.clearFilters')}
            </Button>
          )
        }
      >
        {() => (
          <PlacementTable
            items={items}
            loading={placements.isFetching}
            selection={selection}
            deciding={decisions.deciding}
            onApprove={(placement) => decisions.approve([placement])}
            onReject={(placement) => decisions.reject([placement])}
          />
        )}
      </ListResults>
    </ListPage>
  );
}
