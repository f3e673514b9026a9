import type { RejectedPlacement } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { formatDateTime } from '../../../shared/format';
import { ChoiceResults } from './choice-results';
import { ListTable } from '../../../shared/list/list-table';
import type { UpdateUrlState } from '../../../shared/list/url-state';
import { useRejectedPlacements } from '../api';
import { sizeText } from './format';
import { PAGE_SIZES, unsorted, type DisapprovedState } from './list-state';
import type { ListColumn } from '../../../shared/list/list-table';

/** The account's placements that publishers rejected: read-only, the publisher decides. */
export function RejectedPlacements({ state, update }: { state: DisapprovedState; update: UpdateUrlState<DisapprovedState> }) {
  const { t, i18n } = useTranslation();
  const placements = useRejectedPlacements({ page: state.page, pageSize: state.pageSize });
  const items = placements.data?.items ?? [];

  const columns: ListColumn<RejectedPlacement>[] = [
    {
      key: 'ad',
      title: t('brandSafety.columns.ad'),
      width: 260,
      render: (_, { ad }) => (
        <div className="choice-ad">
          {ad.creative?.previewUrl ? (
            <img className="choice-thumb" src={ad.creative.previewUrl} alt={ad.creative.name} loading="lazy" />
          ) : (
            <span className="choice-thumb" aria-hidden />
          )}
          <div>
            <div className="choice-name">{ad.headline || t('brandSafety.common.untitledAd', { id: ad.id })}</div>
            <div className="list-muted choice-small">{ad.campaign.name}</div>
          </div>
        </div>
      ),
    },
    {
      key: 'slot',
      title: t('brandSafety.columns.slot'),
      width: 190,
      render: (_, { slot }) => (
        <>
          <div className="choice-name">{slot.name}</div>
          <div className="list-muted choice-small">
            {sizeText(slot)} · {t(`brandSafety.format.${slot.format}`)}
          </div>
        </>
      ),
    },
    { key: 'publisher', title: t('brandSafety.columns.publisher'), width: 150, render: (_, row) => row.publisher.name },
    { key: 'reason', title: t('brandSafety.columns.reason'), width: 240, render: (_, row) => <div className="choice-reason">{row.reason || t('brandSafety.disapproved.noReason')}</div> },
    {
      key: 'decided',
      title: t('brandSafety.columns.rejectedBy'),
      width: 180,
      render: (_, row) => (
        <>
          <div>{row.decidedBy?.name ?? row.publisher.name}</div>
          {row.decidedAt && <div className="list-muted choice-small">{formatDateTime(row.decidedAt, i18n.language)}</div>}
        </>
      ),
    },
  ];

  return (
    <>
      <p className="list-muted choice-tab-intro">{t('brandSafety.disapproved.placementsIntro')}</p>
      <h2 id="disapproved-scope" className="list-scope">
        {t('brandSafety.disapproved.placementsTab')}
        {placements.data && <span className="list-count">{t('brandSafety.disapproved.placementCount', { count: placements.data.total })}</span>}
      </h2>
      <ChoiceResults
        query={placements}
        page={state.page}
        pageSize={state.pageSize}
        pageSizes={PAGE_SIZES}
        update={update}
        empty={!items.length}
        emptyText={t('brandSafety.disapproved.placementsEmpty')}
      >
        {() => (
          <ListTable<RejectedPlacement, never>
            className="choice-table"
            items={items}
            columns={columns}
            loading={placements.isFetching}
            width={1020}
            selection={null}
            onSort={unsorted}
          />
        )}
      </ChoiceResults>
    </>
  );
}
