import { CheckCircleOutlined, ClearOutlined, StopOutlined } from '@ant-design/icons';
import { useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { BulkBar } from '../../../shared/list/bulk-bar';
import { ListPage } from '../../../shared/list/list-page';
import { ChoiceResults } from '../components/choice-results';
import { useListSelection } from '../../../shared/list/use-list-selection';
import { useCanChooseSlots, useSlotCatalogue } from '../api';
import { CatalogueFilters } from '../components/catalogue-filters';
import { CatalogueTable } from '../components/catalogue-table';
import { catalogueQuery, isCatalogueFiltered, NO_CATALOGUE_FILTERS, PAGE_SIZES, useCatalogueState } from '../components/list-state';
import { useSlotDecisions } from '../components/slot-decisions';
import { Button } from '../../../shared/ui/button';
import '../slot-choices.css';
import '../messages/register';

/** Slot Review: every publisher's live slots, and which of them the account keeps its ads off. */
export default function SlotReviewPage() {
  const { t } = useTranslation();
  const [state, update] = useCatalogueState();
  const canChoose = useCanChooseSlots();
  const query = useMemo(() => catalogueQuery(state), [state]);
  const slots = useSlotCatalogue(query);
  const items = useMemo(() => slots.data?.items ?? [], [slots.data]);
  const selection = useListSelection(JSON.stringify(query), items);
  const decisions = useSlotDecisions(selection.clear);
  const selected = [...selection.selected.values()];
  const allowed = selected.filter((slot) => !slot.disapproval);
  const disapproved = selected.filter((slot) => slot.disapproval);
  const filtered = isCatalogueFiltered(state);

  return (
    <ListPage
      className="slot-choices"
      title={t('pages.advAdSlotManagement/review.title')}
      intro={<p className="choice-intro">{t('brandSafety.catalogue.intro')}</p>}
      scopeId="catalogue-scope"
      toolbar={<CatalogueFilters state={state} update={update} />}
      scope={t('brandSafety.catalogue.scope')}
      count={slots.data && t('brandSafety.catalogue.count', { count: slots.data.total })}
      bulkBar={
        selected.length > 0 && (
          <BulkBar
            label={t('brandSafety.common.bulkLabel')}
            countText={t('brandSafety.common.selected', { count: selected.length })}
            clearLabel={t('brandSafety.common.clearSelection')}
            onClear={selection.clear}
          >
            <Button danger icon={<StopOutlined />} disabled={!allowed.length} onClick={() => decisions.disapprove(allowed)}>
              {t('brandSafety.catalogue.bulk.disapprove')}
            </Button>
            <Button icon={<CheckCircleOutlined />} disabled={!disapproved.length} loading={decisions.restoring} onClick={() => void decisions.restore(disapproved)}>
              {t('brandSafety.catalogue.bulk.approve')}
            </Button>
          </BulkBar>
        )
      }
      overlays={decisions.elements}
    >
      <ChoiceResults
        query={slots}
        page={state.page}
        pageSize={state.pageSize}
        pageSizes={PAGE_SIZES}
        update={update}
        empty={!items.length}
        emptyText={filtered ? t('brandSafety.catalogue.noMatches') : t('brandSafety.catalogue.empty')}
        emptyAction={
          filtered && (
            <Button icon={<ClearOutlined />} onClick={() => update(NO_CATALOGUE_FILTERS)}>
              {t('brandSafety.common.clearFilters')}
            </Button>
          )
        }
      >
        {() => (
          <CatalogueTable
            items={items}
            loading={slots.isFetching}
            sort={state.sort}
            order={state.order}
            onSort={(sort, order) => update({ sort, order })}
            selection={canChoose ? { selected: selection.selectedIds, onChange: selection.selectIds } : null}
            decisions={canChoose ? decisions : null}
          />
        )}
      </ChoiceResults>
    </ListPage>
  );
}
