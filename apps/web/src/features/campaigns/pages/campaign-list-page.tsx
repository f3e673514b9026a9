import { ClearOutlined, PauseCircleOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_CAMPAIGN_LIST_COLUMNS, NAMED_RANGES, type CampaignListColumn, type CampaignSummary, type NamedRange } from '@ads/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { useNavigate } from '../../../shared/router/router';
import { ListPage } from '../../../shared/list/list-page';
import { ListResults } from '../../../shared/list/list-results';
import { BulkBar } from '../../../shared/list/bulk-bar';
import { useListSelection } from '../../../shared/list/use-list-selection';
import { PlainSelect } from '../../../shared/ui/plain-controls';
import { showToast } from '../../../shared/ui/toast';
import { useBulkCampaignStatus, useCampaignList, useCampaignListColumns, useCanWriteCampaigns, useSaveCampaignListColumns } from '../api';
import { CampaignColumnsMenu } from '../components/campaign-columns-menu';
import { CampaignFilters } from '../components/campaign-filters';
import { CampaignTable } from '../components/campaign-table';
import { errorText } from '../components/format';
import { LazyCampaignDrawer } from '../components/lazy-campaign-drawer';
import { campaignListQuery, DEFAULT_FIGURE_RANGE, isFiltered, PAGE_SIZES, useCampaignListState } from '../components/list-state';
import { useCampaignActions } from '../components/use-campaign-actions';
import { Button } from '../../../shared/ui/button';
import { ConversionTrackingButton } from '../../conversions';
import { Space } from '../../../shared/ui/space';
import '../components/campaigns.css';
import '../messages/register';

/** The first and last day of the figures (YYYY-MM-DD, the reader's days) as one range: "Nov 20 – 26, 2026". */
const formatDays = (from: string, to: string, language: string) => {
  const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const [a, b] = [new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`)];
  return from === to ? format.format(a) : format.formatRange(a, b);
};

/**
 * The advertiser's campaigns: filters, sorting and paging in the URL, actions by state, a detail
 * drawer; figures for a named range with their totals, the user's columns, bulk pause and resume.
 */
export default function CampaignListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [state, update] = useCampaignListState();
  const canWrite = useCanWriteCampaigns();
  const query = useMemo(() => campaignListQuery(state), [state]);
  const campaigns = useCampaignList(query);
  const items = campaigns.data?.items ?? [];

  const open = useCallback((campaign: CampaignSummary) => update({ campaign: campaign.id }), [update]);
  const onDeleted = useCallback((id: number) => state.campaign === id && update({ campaign: undefined }, { replace: true }), [state.campaign, update]);
  const actions = useCampaignActions({ open, onDeleted });
  const filtered = isFiltered(state);
  const create = () => navigate('/campaign/create');

  // The figures' range and the user's columns (saved on the server, for every browser).
  const range = state.range ?? DEFAULT_FIGURE_RANGE;
  const figures = campaigns.data?.figures ?? null;
  const saved = useCampaignListColumns();
  const saveColumns = useSaveCampaignListColumns();
  const columns: readonly CampaignListColumn[] = saved.data?.columns ?? DEFAULT_CAMPAIGN_LIST_COLUMNS;
  const chooseColumns = (next: CampaignListColumn[]) =>
    saveColumns.mutate({ columns: next }, { onError: (error) => showToast('error', t('campaigns.list.columnChoice.saveFailed', { reason: errorText(t, error) })) });

  // Rows ticked for a bulk pause or resume: those of the list as it is shown.
  const selection = useListSelection(JSON.stringify(query), items);
  const bulk = useBulkCampaignStatus();
  const runBulk = async (action: 'pause' | 'resume') => {
    const chosen = [...selection.selected.values()];
    try {
      const { results } = await bulk.mutateAsync({ action, items: chosen.map((c) => ({ id: c.id, version: c.version })) });
      selection.clear();
      const done = results.filter((r) => r.ok).length;
      const failed = results.flatMap((r) => (r.ok ? [] : [r.code]));
      const reasons = [...new Set(failed)].map((code) => t(`campaigns.list.bulk.reasons.${code}`, { defaultValue: t('campaigns.list.bulk.reasons.other') })).join(', ');
      const text = [
        done || !failed.length ? t(`campaigns.list.bulk.${action === 'pause' ? 'paused' : 'resumed'}`, { count: done }) : null,
        failed.length ? t('campaigns.list.bulk.failed', { count: failed.length, reasons }) : null,
      ]
        .filter(Boolean)
        .join(t('campaigns.list.bulk.separator'));
      showToast(failed.length ? (done ? 'warning' : 'error') : 'success', text);
    } catch (error) {
      showToast('error', errorText(t, error));
    }
  };
  const days = figures && formatDays(figures.from, figures.to, i18n.language);

  return (
    <ListPage
      className="campaign-list"
      title={t('pages.campaign/list.title')}
      actions={
        <Space wrap>
          <ConversionTrackingButton />
          {canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={create}>
              {t('campaigns.list.create')}
            </Button>
          )}
        </Space>
      }
      scopeId="campaign-list-scope"
      toolbar={<CampaignFilters state={state} update={update} />}
      scope={t('campaigns.list.scope')}
      count={campaigns.data && t('campaigns.list.count', { count: campaigns.data.total })}
      scopeTools={
        <div className="campaign-figures-tools">
          <label className="campaign-figures-range">
            <span>{t('campaigns.list.figures.label')}</span>
            <PlainSelect<NamedRange>
              label={t('campaigns.list.figures.select')}
              value={range}
              onChange={(next) => update({ range: next })}
              options={NAMED_RANGES.map((value) => ({ value, label: t(`campaigns.list.figures.ranges.${value}`) }))}
            />
          </label>
          {days && <span className="list-muted campaign-figures-days">{t('campaigns.list.figures.days', { days })}</span>}
          <CampaignColumnsMenu value={columns} onChange={chooseColumns} />
        </div>
      }
      bulkBar={
        canWrite && selection.selected.size > 0 ? (
          <BulkBar
            label={t('campaigns.list.bulk.label')}
            countText={t('campaigns.list.bulk.selected', { count: selection.selected.size })}
            clearLabel={t('campaigns.list.bulk.clear')}
            onClear={selection.clear}
          >
            <Button icon={<PauseCircleOutlined />} loading={bulk.isPending} onClick={() => void runBulk('pause')}>
              {t('campaigns.list.bulk.pause')}
            </Button>
            <Button icon={<PlayCircleOutlined />} loading={bulk.isPending} onClick={() => void runBulk('resume')}>
              {t('campaigns.list.bulk.resume')}
            </Button>
          </BulkBar>
        ) : undefined
      }
      overlays={
        <>
          <LazyCampaignDrawer id={state.campaign} onClose={() => update({ campaign: undefined })} actions={actions} />
          {actions.elements}
        </>
      }
    >
      <ListResults
        query={campaigns}
        page={state.page}
        pageSize={state.pageSize}
        pageSizes={PAGE_SIZES}
        update={update}
        rangeText={(range) => t('campaigns.list.range', range)}
        errorText={(error) => errorText(t, error)}
        retryLabel={t('campaigns.list.retry')}
        empty={!items.length}
        emptyText={filtered ? t('campaigns.list.noMatches') : canWrite ? t('campaigns.list.emptyAccount') : t('campaigns.list.emptyReader')}
        emptyAction={
          filtered ? (
            <Button icon={<ClearOutlined />} onClick={() => update({ search: '', statuses: [], from: undefined, to: undefined })}>
              {t('campaigns.list.clearFilters')}
            </Button>
          ) : (
            canWrite && (
              <Button type="primary" icon={<PlusOutlined />} onClick={create}>
                {t('campaigns.list.createFirst')}
              </Button>
            )
          )
        }
      >
        {() => (
          <CampaignTable
            items={items}
            columns={columns}
            totals={figures && items.length ? { figures: figures.totals, count: campaigns.data!.total, currency: items[0]!.currency } : null}
            selection={canWrite ? { selected: selection.selectedIds, onChange: selection.selectIds } : null}
            loading={campaigns.isFetching}
            actions={actions}
            onOpen={open}
            sort={state.sort}
            order={state.order}
            onSort={(sort, order) => update({ sort, order })}
          />
        )}
      </ListResults>
    </ListPage>
  );
}
