import { dayIn, formatDays, REPORT_MAX_DIMENSIONS, type Report, type ReportMetric, type ReportType } from '@ads/contracts';
import { DownloadOutlined } from '@ant-design/icons';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { apiErrorText } from '../../../shared/format';
import { QueryView } from '../../../shared/list/query-view';
import { downloadReportCsv, useReport } from '../api';
import { showToast } from '../../../shared/ui/toast';
import { Button } from '../../../shared/ui/button';
import { TrendTable } from '../../../shared/charts/trend-table';
import { PlainSelect, PlainSwitch, SegmentedRadio } from '../../../shared/ui/plain-controls';
import { KpiCards } from './kpi-cards';
import { DIMENSIONS_OF, NO_FILTERS, RANGE_PRESETS, readerTimeZone, reportRequest, useReportState, type RangePreset } from './report-state';
import './insights.css';
import { useHasPower } from '../../../shared/use-has-power';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { DimensionPicker } from './dimension-picker';
import { FilterChips, FiltersToggle } from './report-filters';

// One report page for both types: settings (in the URL), the totals, the trend (chart and its
// table), and the rows by the chosen breakdown.

const TrendChart = lazy(() => import('../../../shared/charts/trend-chart'));
// The report's first view is plain HTML (the route is a plainPage): what uses antd (a custom range's
// date picker, the rows' table, the filters' pickers, staff's account picker) loads with antd when
// first shown.
const CustomRangePicker = lazyWithAntd(() => import('./custom-range-picker'));
const ReportRows = lazyWithAntd(() => import('./report-rows'));
const FilterPanel = lazyWithAntd(() => import('./filter-panel'));
const AccountPicker = lazyWithAntd(() => import('./account-picker'));

/** `platform`: staff's page (every account's figures, or the one picked). */
export function ReportView({ type, platform = false }: { type: ReportType; platform?: boolean }) {
  const { t, i18n } = useTranslation();
  const [state, update] = useReportState();
  const [exporting, setExporting] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const timeZone = useMemo(() => readerTimeZone(), []);
  const request = useMemo(() => reportRequest(type, state, timeZone, { platform }), [type, state, timeZone, platform]);
  const report = useReport(type, request);
  const [chartMetric, setChartMetric] = useState<ReportMetric | undefined>();
  const compareId = useId();
  const trendLabels = useMemo(() => ({ bucket: t('dataInsights.bucket'), current: t('dataInsights.thisPeriod'), previous: t('dataInsights.lastPeriod') }), [t]);
  const filterPanelId = useId();
  const readsAccounts = useHasPower('account.read');
  const picksAccount = platform && readsAccounts;
  const data = report.data;
  const shownMetric = data && chartMetric && data.metrics.includes(chartMetric) ? chartMetric : data?.metrics[type === 'advertiser' ? 0 : 1];
  const dims = state.dims.filter((d) => (DIMENSIONS_OF[type] as readonly string[]).includes(d));
  const empty = !!data && data.series.every((b) => data.metrics.every((m) => !b.values[m]));

  return (
    <div className="insight-report">
      <div className="insight-controls" role="group" aria-label={t('dataInsights.controls')}>
        {picksAccount && (
          <Suspense fallback={<span className="insight-account-placeholder" />}>
            <AccountPicker
              type={type}
              accountId={state.accountId}
              // Records of one account are no filter for another: those filters go with the account.
              onChange={(accountId) => update({ accountId, ...NO_FILTERS, region: state.region, device: state.device })}
            />
          </Suspense>
        )}
        <label className="insight-field">
          <span>{t('dataInsights.range')}</span>
          <PlainSelect<RangePreset>
            value={state.range}
            onChange={(range) => update({ range, ...(range === 'custom' ? { from: request.from, to: request.to } : { from: undefined, to: undefined }) })}
            options={RANGE_PRESETS.map((value) => ({ value, label: t(`dataInsights.ranges.${value}`) }))}
            className="insight-range"
            label={t('dataInsights.range')}
          />
        </label>
        {state.range === 'custom' && (
          <Suspense fallback={<span className="insight-range-placeholder" />}>
            <CustomRangePicker
              label={t('dataInsights.customRange')}
              from={request.from}
              to={request.to}
              onChange={(from, to) => update({ from, to })}
            />
          </Suspense>
        )}
        <SegmentedRadio
          label={t('dataInsights.granularity')}
          value={state.granularity}
          onChange={(granularity) => update({ granularity })}
          options={(['hour', 'day', 'week', 'month'] as const).map((value) => ({ value, label: t(`dataInsights.granularities.${value}`) }))}
        />
        <DimensionPicker
          value={dims}
          max={REPORT_MAX_DIMENSIONS}
          onChange={(value) => update({ dims: value })}
          options={DIMENSIONS_OF[type].map((value) => ({ value, label: t(`dataInsights.dimension.${value}`) }))}
        />
        <FiltersToggle type={type} state={state} open={filtersOpen} onToggle={() => setFiltersOpen((open) => !open)} panelId={filterPanelId} />
        <span className="insight-switch">
          <PlainSwitch id={compareId} checked={state.compare} onChange={(compare) => update({ compare })} />
          <label htmlFor={compareId}>{t('dataInsights.compare')}</label>
        </span>
        <Button
          className="insight-export"
          icon={<DownloadOutlined aria-hidden />}
          loading={exporting}
          onClick={() => {
            setExporting(true);
            downloadReportCsv(type, request, i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US')
              .catch((error: unknown) => showToast('error', apiErrorText(t, error, t('dataInsights.exportFailed'))))
              .finally(() => setExporting(false));
          }}
        >
          {exporting ? t('dataInsights.exporting') : t('dataInsights.exportCsv')}
        </Button>
      </div>
      {filtersOpen && (
        <Suspense fallback={<div id={filterPanelId} className="insight-filter-panel insight-panel-loading shimmer" aria-busy="true" />}>
          <FilterPanel id={filterPanelId} type={type} state={state} update={update} request={request} />
        </Suspense>
      )}
      <FilterChips type={type} state={state} update={update} request={request} />
      <PeriodLine from={request.from} to={request.to} timeZone={timeZone} previous={data?.previous} />
      <QueryView
        query={report}
        errorText={(error) => apiErrorText(t, error, t('dataInsights.failed'))}
        retryLabel={t('dataInsights.retry')}
        empty={empty}
        emptyText={type === 'advertiser' ? t('dataInsights.noDelivery') : t('dataInsights.noDeliveryPublisher')}
        skeletonRows={8}
      >
        {() =>
          data && (
            <>
              <KpiCards report={data} />
              <section className="insight-card" aria-labelledby="insight-trend">
                <div className="insight-card-head">
                  <h2 id="insight-trend">{shownMetric ? t('dataInsights.trendOf', { metric: t(`dataInsights.metric.${shownMetric}`) }) : t('dataInsights.trend')}</h2>
                  <PlainSelect<ReportMetric>
                    value={shownMetric}
                    onChange={setChartMetric}
                    options={data.metrics.map((value) => ({ value, label: t(`dataInsights.metric.${value}`) }))}
                    className="insight-chart-metric"
                    label={t('dataInsights.chartMetric')}
                  />
                </div>
                {shownMetric && (
                  <>
                    <Suspense fallback={<div className="insight-chart-skeleton shimmer" role="img" aria-busy="true" aria-label={t('dataInsights.chartLoading')} />}>
                      <TrendChart series={data.series} previous={data.previousSeries} metric={shownMetric} currency={data.currency} granularity={data.granularity} timeZone={timeZone} labels={trendLabels} />
                    </Suspense>
                    <TrendTable
                      caption={t('dataInsights.trendOf', { metric: t(`dataInsights.metric.${shownMetric}`) })}
                      series={data.series}
                      previous={data.previousSeries}
                      metric={shownMetric}
                      currency={data.currency}
                      granularity={data.granularity}
                      timeZone={timeZone}
                      labels={trendLabels}
                    />
                  </>
                )}
              </section>
              <section className="insight-card" aria-labelledby="insight-table">
                <h2 id="insight-table">
                  {t('dataInsights.table')}
                  {dims.length > 0 && <span className="list-count">{t('dataInsights.rows', { count: data.total })}</span>}
                </h2>
                {dims.length ? (
                  <Suspense fallback={<div className="insight-rows-loading shimmer" aria-busy="true" />}>
                    <ReportRows report={data} state={state} loading={report.isFetching} update={update} />
                  </Suspense>
                ) : (
                  <p className="list-muted">{t('dataInsights.noBreakdown')}</p>
                )}
              </section>
            </>
          )
        }
      </QueryView>
    </div>
  );
}

/**
 * The days the range covers (a named range's too: "Last 7 days" ends yesterday), whether today is
 * counted so far, and what it is compared with — up to the same time when the period is going.
 */
function PeriodLine({ from, to, timeZone, previous }: { from: string; to: string; timeZone: string; previous: Report['previous'] | undefined }) {
  const { t, i18n } = useTranslation();
  const today = dayIn(new Date(), timeZone);
  const days = formatDays(from, to, i18n.language);
  const time = (iso: string) => new Intl.DateTimeFormat(i18n.language, { timeZone, month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  return (
    <p className="insight-period" id="insight-period">
      {t(from <= today && today <= to ? 'dataInsights.periodOngoing' : 'dataInsights.period', { days, zone: timeZone })}
      {previous && (
        <span>
          {' · '}
          {previous.until
            ? t('dataInsights.previousPeriodUntil', { days: formatDays(previous.from, previous.to, i18n.language), time: time(previous.until) })
            : t('dataInsights.previousPeriod', { days: formatDays(previous.from, previous.to, i18n.language) })}
        </span>
      )}
    </p>
  );
}
