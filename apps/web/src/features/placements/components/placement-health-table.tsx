import { CTR_MIN_IMPRESSIONS, CTR_OUTLIER_FACTOR, type PlacementHealth, type PlacementHealthFlag } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { ListTable } from '../../../shared/list/list-table';
import { countText, ctrText } from './placement-format';
import { AdText, CreativeThumb, SlotText } from './placement-cells';
import { Tag } from '../../../shared/ui/tag';
import type { ListColumn } from '../../../shared/list/list-table';

const FLAG_COLORS: Record<PlacementHealthFlag, string> = { notServed: 'warning', ctrHigh: 'error', ctrLow: 'warning' };

/** A placement's verdict: its flag with what it means, "Normal", or too few impressions to judge a rate. */
function HealthFlag({ row }: { row: PlacementHealth }) {
  const { t, i18n } = useTranslation();
  if (row.flag) {
    return (
      <>
        <Tag color={FLAG_COLORS[row.flag]} className="review-tag">
          {t(`inventory.placements.health.flag.${row.flag}`)}
        </Tag>
        <div className="list-muted placement-small">{t(`inventory.placements.health.flagText.${row.flag}`, { factor: CTR_OUTLIER_FACTOR })}</div>
      </>
    );
  }
  if (row.impressions < CTR_MIN_IMPRESSIONS) {
    return <span className="list-muted placement-small">{t('inventory.placements.health.tooFew', { min: countText(CTR_MIN_IMPRESSIONS, i18n.language) })}</span>;
  }
  return (
    <Tag color="success" className="review-tag">
      {t('inventory.placements.health.normal')}
    </Tag>
  );
}

// The server's order stands: no column sorts.
const unsorted = () => {};

/** Live placements with their last 24 hours: impressions, clicks, click-through rates and flags. */
export function PlacementHealthTable({ items, loading }: { items: readonly PlacementHealth[]; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const number = (value: number) => countText(value, language);

  const columns: ListColumn<PlacementHealth>[] = [
    {
      key: 'ad',
      title: t('inventory.placements.columns.ad'),
      width: 260,
      render: (_, row) => (
        <div className="placement-ad-cell">
          <CreativeThumb ad={row.ad} />
          <div className="placement-ad-text">
            <AdText ad={row.ad} />
          </div>
        </div>
      ),
    },
    { key: 'advertiser', title: t('inventory.placements.columns.advertiser'), width: 120, render: (_, row) => row.advertiser.name },
    { key: 'slot', title: t('inventory.placements.columns.slot'), width: 150, render: (_, row) => <SlotText slot={row.slot} /> },
    { key: 'impressions', title: t('inventory.placements.health.columns.impressions'), width: 100, align: 'right', render: (_, row) => number(row.impressions) },
    { key: 'clicks', title: t('inventory.placements.health.columns.clicks'), width: 80, align: 'right', render: (_, row) => number(row.clicks) },
    { key: 'ctr', title: t('inventory.placements.health.columns.ctr'), width: 80, align: 'right', render: (_, row) => ctrText(row.ctr, language) },
    { key: 'slotCtr', title: t('inventory.placements.health.columns.slotCtr'), width: 100, align: 'right', render: (_, row) => ctrText(row.slotCtr, language) },
    { key: 'flag', title: t('inventory.placements.health.columns.flag'), width: 200, render: (_, row) => <HealthFlag row={row} /> },
  ];

  return (
    <ListTable<PlacementHealth, never>
      className="placement-health-table"
      items={items}
      columns={columns}
      loading={loading}
      width={1090}
      selection={null}
      onSort={unsorted}
    />
  );
}
