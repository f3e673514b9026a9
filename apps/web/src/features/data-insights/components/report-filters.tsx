import { MAX_PAGE_SIZE, type ReportType } from '@ads/contracts';
import { CloseOutlined, FilterOutlined } from '@ant-design/icons';
import { useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { useRegionName } from '../../../shared/region-name';
import { Button } from '../../../shared/ui/button';
import { useFilterValues, type ReportRequest } from '../api';
import { activeFilters, FILTER_MAX, filterParams, NO_FILTERS, type FilterDimension, type ReportState } from './report-state';

// The report's filters: per dimension of the type, the values to keep (in the URL, so in the
// report's call, its CSV and a saved report). Regions and devices are fixed lists; the records
// (campaigns, ad groups, ads, slots, sites, advertisers) come from the report itself — its rows by
// that dimension in the period, the largest first — so a picker offers exactly what the caller may
// see and what has figures. The chosen ones show as chips under the settings.

export type Update = (patch: Partial<ReportState>) => void;

export const isEntity = (d: FilterDimension) => d !== 'region' && d !== 'device';

/**
 * The call behind a picker (`chosen` false: the values with figures, the other filters applied) or
 * behind the chips (`chosen` true: the names of the values chosen): the report by that dimension,
 * one bucket a month, impressions only.
 */
export function valuesRequest(type: ReportType, request: ReportRequest, state: ReportState, dimension: FilterDimension, chosen: boolean): ReportRequest {
  return {
    from: request.from,
    to: request.to,
    timeZone: request.timeZone,
    granularity: 'month',
    dimensions: dimension,
    metrics: 'impressions',
    sort: 'impressions',
    order: 'desc',
    ...(request.accountId ? { accountId: request.accountId } : {}),
    ...(chosen ? { [dimension]: state[dimension].join(',') } : filterParams(type, state, dimension)),
    page: 1,
    pageSize: chosen ? FILTER_MAX : MAX_PAGE_SIZE,
  } as ReportRequest;
}

/** The name of a filter's value: a region's or device's own, a record's from the report (else its id). */
export function useValueLabel(type: ReportType, dimension: FilterDimension, state: ReportState, request: ReportRequest): (value: string) => string {
  const { t } = useTranslation();
  const regionName = useRegionName();
  const entity = isEntity(dimension);
  const names = useFilterValues(type, valuesRequest(type, request, state, dimension, true), entity && state[dimension].length > 0);
  return useMemo(() => {
    if (dimension === 'region') return regionName;
    if (dimension === 'device') return (value: string) => t(`dataInsights.device.${value}`, { defaultValue: value });
    const byId = new Map((names.data?.rows ?? []).map((row) => [row.keys[0]!.id, row.keys[0]!.label]));
    return (value: string) => byId.get(value) || t('dataInsights.filters.unnamed', { id: value });
  }, [dimension, names.data, regionName, t]);
}

/** The "Filters" switch of the settings bar: shows or hides the panel. */
export function FiltersToggle({ type, state, open, onToggle, panelId }: { type: ReportType; state: ReportState; open: boolean; onToggle: () => void; panelId: string }) {
  const { t } = useTranslation();
  const count = activeFilters(type, state).reduce((n, d) => n + state[d].length, 0);
  return (
    // Outlined in blue (antd's primary ghost) while filters apply.
    <Button type={count ? 'primary' : 'default'} ghost icon={<FilterOutlined aria-hidden="true" />} aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
      {count ? t('dataInsights.filters.buttonCount', { count }) : t('dataInsights.filters.button')}
    </Button>
  );
}

/** The filters applied, as chips that remove themselves, and "Clear filters". */
export function FilterChips({ type, state, update, request }: { type: ReportType; state: ReportState; update: Update; request: ReportRequest }) {
  const { t } = useTranslation();
  const active = activeFilters(type, state);
  if (!active.length) return null;
  return (
    <div className="insight-chips" role="group" aria-label={t('dataInsights.filters.chosen')}>
      {active.map((dimension) => (
        <ChipGroup key={dimension} type={type} dimension={dimension} state={state} update={update} request={request} />
      ))}
      <Button type="link" size="small" onClick={() => update(NO_FILTERS)}>
        {t('dataInsights.filters.clear')}
      </Button>
    </div>
  );
}

function ChipGroup({ type, dimension, state, update, request }: { type: ReportType; dimension: FilterDimension; state: ReportState; update: Update; request: ReportRequest }) {
  const { t } = useTranslation();
  const labelOf = useValueLabel(type, dimension, state, request);
  const values = state[dimension] as (string | number)[];
  return values.map((value) => {
    const text = t('dataInsights.filters.chip', { dimension: t(`dataInsights.dimension.${dimension}`), value: labelOf(String(value)) });
    return (
      <span key={`${dimension}:${value}`} className="insight-chip">
        <span className="insight-chip-text">{text}</span>
        <button
          type="button"
          className="insight-chip-remove"
          aria-label={t('dataInsights.filters.remove', { name: text })}
          title={t('dataInsights.filters.remove', { name: text })}
          onClick={() => update({ [dimension]: values.filter((v) => v !== value) } as Partial<ReportState>)}
        >
          <CloseOutlined aria-hidden="true" />
        </button>
      </span>
    );
  });
}
