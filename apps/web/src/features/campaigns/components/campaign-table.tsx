import type { CampaignSortField, CampaignSummary } from '@ads/contracts';
import { useTranslation } from 'react-i18next';
import { actionsColumn, ListTable, sortOrderFor } from '../../../shared/list/list-table';
import { CampaignActionsMenu } from './campaign-actions-menu';
import { formatCount, formatDate, formatMoney, formatRatio } from './format';
import { CampaignStatusTag, ReviewOutcomeTag } from './status-tag';
import type { CampaignActions } from './use-campaign-actions';
import { Button } from '../../../shared/ui/button';
import type { ListColumn } from '../../../shared/list/list-table';

interface CampaignTableProps {
  items: readonly CampaignSummary[];
  loading: boolean;
  actions: CampaignActions;
  onOpen: (campaign: CampaignSummary) => void;
  sort: CampaignSortField;
  order: 'asc' | 'desc';
  onSort: (sort: CampaignSortField, order: 'asc' | 'desc') => void;
  /** Staff: each row names its advertiser. */
  showAdvertiser?: boolean;
}

/** The campaigns of one page: the server sorts by a column's key; figures read 0 until delivery. */
export function CampaignTable({ items, loading, actions, onOpen, sort, order, onSort, showAdvertiser = false }: CampaignTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const sortOrderOf = sortOrderFor(sort, order);
  const money = (minor: number | null, campaign: CampaignSummary) => (minor === null ? '—' : formatMoney(minor, campaign.currency, language));
  const numeric = (key: 'impressions' | 'clicks', title: string) => ({
    key,
    title,
    width: key === 'clicks' ? 76 : 116,
    align: 'right' as const,
    sorter: true,
    sortOrder: sortOrderOf(key),
    render: (_: unknown, campaign: CampaignSummary) => formatCount(campaign[key], language),
  });

  const columns: ListColumn<CampaignSummary>[] = [
    {
      key: 'name',
      title: t('campaigns.list.columns.name'),
      sorter: true,
      sortOrder: sortOrderOf('name'),
      width: 140,
      // On a phone the other columns scroll under it, so that each row keeps its name.
      fixed: 'left',
      render: (_, campaign) => (
        <>
          <Button type="link" className="list-name-link" onClick={() => onOpen(campaign)}>
            {campaign.name}
          </Button>
          {showAdvertiser && (
            <div className="list-muted">
              {campaign.accountName} · #{campaign.accountId}
            </div>
          )}
        </>
      ),
    },
    {
      key: 'status',
      title: t('campaigns.list.columns.status'),
      width: 92,
      sorter: true,
      sortOrder: sortOrderOf('status'),
      render: (_, campaign) => <CampaignStatusTag status={campaign.status} />,
    },
    {
      key: 'objective',
      title: t('campaigns.list.columns.objective'),
      width: 96,
      render: (_, campaign) => (campaign.objective ? t(`campaigns.common.objective.${campaign.objective}`) : '—'),
    },
    {
      key: 'totalBudgetMinor',
      title: t('campaigns.list.columns.budget'),
      width: 120,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf('totalBudgetMinor'),
      render: (_, campaign) =>
        campaign.dailyBudgetMinor === null && campaign.totalBudgetMinor === null ? (
          <span className="list-muted">{t('campaigns.list.drawer.notSet')}</span>
        ) : (
          <>
            <div>{t('campaigns.list.perDay', { amount: money(campaign.dailyBudgetMinor, campaign) })}</div>
            <div className="list-muted">{t('campaigns.list.inTotal', { amount: money(campaign.totalBudgetMinor, campaign) })}</div>
          </>
        ),
    },
    {
      key: 'spentMinor',
      title: t('campaigns.list.columns.spend'),
      width: 88,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf('spentMinor'),
      render: (_, campaign) => money(campaign.spentMinor, campaign),
    },
    numeric('impressions', t('campaigns.list.columns.impressions')),
    numeric('clicks', t('campaigns.list.columns.clicks')),
    {
      key: 'ctr',
      title: t('campaigns.list.columns.ctr'),
      width: 72,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf('ctr'),
      render: (_, campaign) => formatRatio(campaign.ctr, language),
    },
    {
      key: 'startAt',
      title: t('campaigns.list.columns.dates'),
      width: 118,
      sorter: true,
      sortOrder: sortOrderOf('startAt'),
      render: (_, campaign) =>
        campaign.startAt ? (
          <>
            <div>{formatDate(campaign.startAt, language)}</div>
            <div className="list-muted">{campaign.endAt ? t('campaigns.list.until', { date: formatDate(campaign.endAt, language) }) : t('campaigns.list.noEnd')}</div>
          </>
        ) : (
          <span className="list-muted">{t('campaigns.list.notScheduled')}</span>
        ),
    },
    {
      key: 'review',
      title: t('campaigns.list.columns.review'),
      width: 108,
      render: (_, campaign) => <ReviewOutcomeTag outcome={campaign.reviewOutcome} reason={campaign.reviewReason} />,
    },
    actionsColumn(t('campaigns.list.columns.actions'), (campaign) => <CampaignActionsMenu campaign={campaign} actions={actions} />),
  ];

  return (
    <ListTable<CampaignSummary, CampaignSortField>
      className="campaign-table"
      items={items}
      columns={columns}
      loading={loading}
      // The columns' sum: fits the card at 1440 px beside the menu, with room for a scrollbar (wider,
      // the table scrolled and the last column went under the row menu); narrower screens scroll.
      width={1082}
      selection={null}
      onSort={onSort}
    />
  );
}
