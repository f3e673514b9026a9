import { CAMPAIGN_LIST_COLUMNS, type CampaignFigures, type CampaignListColumn, type CampaignSortField, type CampaignSummary } from '@ads/contracts';
import { LineChartOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { Link } from '../../../shared/router/router';
import { actionsColumn, ListTable, sortOrderFor } from '../../../shared/list/list-table';
import { CampaignActionsMenu } from './campaign-actions-menu';
import { formatCount, formatDate, formatMoney, formatRatio } from './format';
import { CampaignStatusTag, ReviewOutcomeTag } from './status-tag';
import type { CampaignActions } from './use-campaign-actions';
import { Button } from '../../../shared/ui/button';
import type { ListColumn } from '../../../shared/list/list-table';

/** A row: the campaign, with its figures for the list's range when the list has one. */
export type CampaignRow = CampaignSummary & { figures?: CampaignFigures | null };

/** The columns staff's lists show (whole-life figures: no conversions). */
export const LIFETIME_COLUMNS: readonly CampaignListColumn[] = ['objective', 'budget', 'spend', 'impressions', 'clicks', 'ctr', 'dates', 'review'];

interface CampaignTableProps {
  items: readonly CampaignRow[];
  /** The optional columns shown, in any order (the table keeps its own). */
  columns?: readonly CampaignListColumn[];
  /** The filtered campaigns' totals for the range (every page), as a last row; none: no row. */
  totals?: { figures: CampaignFigures; count: number; currency: string } | null;
  /** Checkboxes on the rows (the bulk actions'); null: none. */
  selection?: { selected: ReadonlySet<number>; onChange: (ids: number[]) => void } | null;
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
export function CampaignTable({
  items,
  columns: shown = LIFETIME_COLUMNS,
  totals = null,
  selection = null,
  loading,
  actions,
  onOpen,
  sort,
  order,
  onSort,
  showAdvertiser = false,
}: CampaignTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const sortOrderOf = sortOrderFor(sort, order);
  const money = (minor: number | null, campaign: CampaignSummary) => (minor === null ? '—' : formatMoney(minor, campaign.currency, language));
  const rate = (value: number | null) => (value === null ? '—' : formatRatio(value, language));
  // A campaign's figures: the range's when the list has one, else its whole life's (no conversions).
  const figuresOf = (campaign: CampaignRow): CampaignFigures =>
    campaign.figures ?? {
      impressions: campaign.impressions,
      clicks: campaign.clicks,
      ctr: campaign.ctr,
      spend: campaign.spentMinor,
      conversions: 0,
      conversionRate: null,
      costPerConversion: null,
      conversionValue: 0,
    };
  type FigureKey = keyof CampaignFigures;
  const FORMAT: Record<FigureKey, (value: number | null, currency: string) => string> = {
    impressions: (v) => formatCount(v ?? 0, language),
    clicks: (v) => formatCount(v ?? 0, language),
    ctr: rate,
    spend: (v, currency) => (v === null ? '—' : formatMoney(v, currency, language)),
    conversions: (v) => formatCount(v ?? 0, language),
    conversionRate: rate,
    costPerConversion: (v, currency) => (v === null ? '—' : formatMoney(v, currency, language)),
    conversionValue: (v, currency) => (v === null ? '—' : formatMoney(v, currency, language)),
  };
  /** A figure's column: `key` is its sort field, `title`'s tooltip its definition. */
  const figure = (key: CampaignSortField, field: FigureKey, title: string, width: number, definition?: string): ListColumn<CampaignRow> => ({
    key,
    title: definition ? <span title={definition}>{title}</span> : title,
    width,
    align: 'right',
    sorter: true,
    sortOrder: sortOrderOf(key),
    render: (_, campaign) => FORMAT[field](figuresOf(campaign)[field], campaign.currency),
  });

  const optional: Record<CampaignListColumn, ListColumn<CampaignRow>> = {
    objective: {
      key: 'objective',
      title: t('campaigns.list.columns.objective'),
      width: 96,
      render: (_, campaign) => (campaign.objective ? t(`campaigns.common.objective.${campaign.objective}`) : '—'),
    },
    budget: {
      key: 'totalBudgetMinor',
      title: t('campaigns.list.columns.budget'),
      width: 112,
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
    spend: figure('spentMinor', 'spend', t('campaigns.list.columns.spend'), 96),
    impressions: figure('impressions', 'impressions', t('campaigns.list.columns.impressions'), 112),
    clicks: figure('clicks', 'clicks', t('campaigns.list.columns.clicks'), 72),
    ctr: figure('ctr', 'ctr', t('campaigns.list.columns.ctr'), 72),
    conversions: figure('conversions', 'conversions', t('campaigns.list.columns.conversions'), 116, t('campaigns.list.definitions.conversions')),
    conversionRate: figure('conversionRate', 'conversionRate', t('campaigns.list.columns.conversionRate'), 96, t('campaigns.list.definitions.conversionRate')),
    costPerConversion: figure('costPerConversion', 'costPerConversion', t('campaigns.list.columns.costPerConversion'), 96, t('campaigns.list.definitions.costPerConversion')),
    conversionValue: figure('conversionValue', 'conversionValue', t('campaigns.list.columns.conversionValue'), 104, t('campaigns.list.definitions.conversionValue')),
    dates: {
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
    review: {
      key: 'review',
      title: t('campaigns.list.columns.review'),
      width: 108,
      render: (_, campaign) => <ReviewOutcomeTag outcome={campaign.reviewOutcome} reason={campaign.reviewReason} />,
    },
  };

  const columns: ListColumn<CampaignRow>[] = [
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
          {/* The campaign's page (performance over time, tabs, change history); the name opens the drawer. */}
          <Link to={`/campaign/view?id=${campaign.id}`} className="campaign-page-link" aria-label={t('campaigns.page.openPage', { name: campaign.name })} title={t('campaigns.page.openPageShort')}>
            <LineChartOutlined aria-hidden />
          </Link>
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
      width: 84,
      sorter: true,
      sortOrder: sortOrderOf('status'),
      render: (_, campaign) => <CampaignStatusTag status={campaign.status} />,
    },
    // The optional columns in the table's own order, whatever order they were chosen in.
    ...CAMPAIGN_LIST_COLUMNS.filter((column) => shown.includes(column)).map((column) => optional[column]),
    actionsColumn(t('campaigns.list.columns.actions'), (campaign) => <CampaignActionsMenu campaign={campaign} actions={actions} />),
  ];

  // The totals row: the figures' columns, each formatted as its rows; the name cell says what it sums.
  const FIGURE_OF: Partial<Record<string, keyof CampaignFigures>> = {
    spentMinor: 'spend',
    impressions: 'impressions',
    clicks: 'clicks',
    ctr: 'ctr',
    conversions: 'conversions',
    conversionRate: 'conversionRate',
    costPerConversion: 'costPerConversion',
    conversionValue: 'conversionValue',
  };
  const summary = totals && {
    label: t('campaigns.list.totals.label'),
    cells: Object.fromEntries(
      columns.map((column): [string, ReactNode] => {
        if (column.key === 'name')
          return [
            column.key,
            <>
              <div>{t('campaigns.list.totals.title')}</div>
              <div className="list-muted campaign-totals-count">{t('campaigns.list.count', { count: totals.count })}</div>
            </>,
          ];
        const field = FIGURE_OF[column.key];
        return [column.key, field ? FORMAT[field](totals.figures[field], totals.currency) : null];
      }),
    ),
  };

  return (
    <ListTable<CampaignRow, CampaignSortField>
      className="campaign-table"
      items={items}
      columns={columns}
      loading={loading}
      // The columns' sum (and the checkboxes'): at 1440 px the default columns fit the card beside
      // the menu; more columns, or narrower screens, scroll sideways with the name kept in view.
      width={columns.reduce((sum, column) => sum + (column.width ?? 0), 0) + (selection ? 40 : 0)}
      selection={selection && { ...selection, labelOf: (campaign) => t('campaigns.list.bulk.selectNamed', { name: campaign.name }) }}
      onSort={onSort}
      summary={summary}
    />
  );
}
