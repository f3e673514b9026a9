import { CheckCircleOutlined } from '@ant-design/icons';
import type { EndpointResponse, disapprovedSlots } from '@ads/contracts';
import { useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { Link } from '../../../shared/router/router';
import { BulkBar } from '../../../shared/list/bulk-bar';
import { ChoiceResults } from './choice-results';
import { ListTable } from '../../../shared/list/list-table';
import type { UpdateUrlState } from '../../../shared/list/url-state';
import { useListSelection } from '../../../shared/list/use-list-selection';
import { useCanChooseSlots, useDisapprovedSlots } from '../api';
import { sizeText } from './format';
import { PAGE_SIZES, unsorted, type DisapprovedState } from './list-state';
import { DisapprovalByLine, PropertyCell } from './slot-bits';
import { useSlotDecisions } from './slot-decisions';
import { Button } from '../../../shared/ui/button';
import type { ListColumn } from '../../../shared/list/list-table';

type DisapprovedSlot = EndpointResponse<typeof disapprovedSlots>['items'][number];

/** The slots the account disapproved, with why, who and when; Approve brings the account's ads back to them. */
export function DisapprovedSlots({ state, update }: { state: DisapprovedState; update: UpdateUrlState<DisapprovedState> }) {
  const { t } = useTranslation();
  const canChoose = useCanChooseSlots();
  const query = useMemo(() => ({ page: state.page, pageSize: state.pageSize }), [state.page, state.pageSize]);
  const slots = useDisapprovedSlots(query);
  const items = useMemo(() => slots.data?.items ?? [], [slots.data]);
  const selection = useListSelection(JSON.stringify(query), items);
  const decisions = useSlotDecisions(selection.clear);
  const selected = [...selection.selected.values()];

  const columns: ListColumn<DisapprovedSlot>[] = [
    {
      key: 'slot',
      title: t('brandSafety.columns.slot'),
      width: 180,
      render: (_, slot) => (
        <>
          <div className="choice-name">{slot.name}</div>
          <div className="list-muted choice-small">{slot.publisher.name}</div>
          {slot.status !== 'live' && <div className="list-muted choice-small">{t('brandSafety.disapproved.notLive', { status: t(`brandSafety.slotStatus.${slot.status}`) })}</div>}
        </>
      ),
    },
    { key: 'property', title: t('brandSafety.columns.property'), width: 180, render: (_, slot) => <PropertyCell slot={slot} /> },
    { key: 'format', title: t('brandSafety.columns.format'), width: 84, render: (_, slot) => t(`brandSafety.format.${slot.format}`) },
    { key: 'size', title: t('brandSafety.columns.size'), width: 96, render: (_, slot) => sizeText(slot) },
    { key: 'reason', title: t('brandSafety.columns.reason'), width: 216, render: (_, slot) => <div className="choice-reason">{slot.disapproval.reason}</div> },
    {
      key: 'disapproved',
      title: t('brandSafety.columns.disapprovedBy'),
      width: 170,
      render: (_, slot) => <DisapprovalByLine disapproval={slot.disapproval} />,
    },
    ...(canChoose
      ? [
          {
            key: 'approve',
            title: <span className="visually-hidden">{t('brandSafety.columns.actions')}</span>,
            width: 124,
            // In reach however far the table scrolls inside its card.
            fixed: 'right' as const,
            render: (_: unknown, slot: DisapprovedSlot) => (
              <Button size="small" icon={<CheckCircleOutlined />} aria-label={t('brandSafety.disapproved.approveNamed', { name: slot.name })} onClick={() => void decisions.restore([slot])}>
                {t('brandSafety.disapproved.approve')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <p className="list-muted choice-tab-intro">{t('brandSafety.disapproved.slotsIntro')}</p>
      <h2 id="disapproved-scope" className="list-scope">
        {t('brandSafety.disapproved.slotsTab')}
        {slots.data && <span className="list-count">{t('brandSafety.catalogue.count', { count: slots.data.total })}</span>}
      </h2>
      {selected.length > 0 && (
        <BulkBar
          label={t('brandSafety.common.bulkLabel')}
          countText={t('brandSafety.common.selected', { count: selected.length })}
          clearLabel={t('brandSafety.common.clearSelection')}
          onClear={selection.clear}
        >
          <Button icon={<CheckCircleOutlined />} loading={decisions.restoring} onClick={() => void decisions.restore(selected)}>
            {t('brandSafety.catalogue.bulk.approve')}
          </Button>
        </BulkBar>
      )}
      <ChoiceResults
        query={slots}
        page={state.page}
        pageSize={state.pageSize}
        pageSizes={PAGE_SIZES}
        update={update}
        empty={!items.length}
        emptyText={t('brandSafety.disapproved.slotsEmpty')}
        emptyAction={<Link to="/advAdSlotManagement/review">{t('brandSafety.disapproved.openCatalogue')}</Link>}
      >
        {() => (
          <ListTable<DisapprovedSlot, never>
            className="choice-table"
            items={items}
            columns={columns}
            loading={slots.isFetching}
            // The columns' sum (with the checkboxes'): fits the card at 1440 px with room for a scrollbar.
            width={canChoose ? 1082 : 926}
            selection={canChoose ? { selected: selection.selectedIds, onChange: selection.selectIds, labelOf: (slot) => t('brandSafety.common.select', { name: slot.name }) } : null}
            onSort={unsorted}
          />
        )}
      </ChoiceResults>
      {decisions.elements}
    </>
  );
}
