import type { AdSlotListQuery } from '@ads/contracts';
import { useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { ListPage } from '../../../shared/list/list-page';
import { ListResults } from '../../../shared/list/list-results';
import { ListSearch } from '../../../shared/list/list-search';
import { defineUrlState, pageField, pageSizeField, searchField, useUrlState } from '../../../shared/list/url-state';
import { useAdSlotList } from '../api';
import { errorText } from '../components/format';
import { SlotValidationCard } from '../components/slot-validation-card';
import '../../../shared/list/list-kit.css';
import '../components/ad-slots.css';
import '../messages/register';

const PAGE_SIZES = [10, 20, 50] as const;

interface ValidationState {
  search: string;
  page: number;
  pageSize: number;
}

// #/adSlotManagement/validation?q=…&page=2
const validationState = defineUrlState<ValidationState>({
  fields: { search: searchField, page: pageField, pageSize: pageSizeField(PAGE_SIZES[0]) },
});

/** The publisher's approved, live and paused slots: each one's tag, its checks, Validate now. */
export default function AdSlotValidationPage() {
  const { t } = useTranslation();
  const [state, update] = useUrlState(validationState);
  const query = useMemo<AdSlotListQuery>(
    () => ({ status: 'approved,live,paused', search: state.search.trim() || undefined, sort: 'name', order: 'asc', page: state.page, pageSize: state.pageSize }),
    [state],
  );
  const slots = useAdSlotList(query);
  const items = slots.data?.items ?? [];

  return (
    <ListPage
      className="slot-validation"
      title={t('pages.adSlotManagement/validation.title')}
      intro={<p className="slot-validation-intro">{t('inventory.validation.intro')}</p>}
      scopeId="slot-validation-scope"
      toolbar={
        <div className="list-toolbar" role="search" aria-label={t('inventory.validation.search')}>
          <ListSearch
            value={state.search}
            onSearch={(search) => update({ search })}
            label={t('inventory.validation.search')}
            placeholder={t('inventory.validation.search')}
            clearLabel={t('inventory.slots.filters.clearSearch')}
          />
        </div>
      }
      scope={t('pages.adSlotManagement/validation.title')}
      count={slots.data && t('inventory.validation.count', { count: slots.data.total })}
    >
      <ListResults
        query={slots}
        page={state.page}
        pageSize={state.pageSize}
        pageSizes={PAGE_SIZES}
        update={update}
        rangeText={(range) => t('inventory.validation.range', range)}
        className="slot-validation-list"
        errorText={(error) => errorText(t, error)}
        retryLabel={t('inventory.validation.retry')}
        empty={!items.length}
        emptyText={state.search.trim() ? t('inventory.validation.noMatches') : t('inventory.validation.empty')}
        skeletonRows={8}
      >
        {() => items.map((slot) => <SlotValidationCard key={slot.id} slot={slot} />)}
      </ListResults>
    </ListPage>
  );
}
