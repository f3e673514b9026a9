import { DEVICES, MAX_PAGE_SIZE, REGIONS, type ReportType } from '@ads/contracts';
import { CloseOutlined, FilterOutlined } from '@ant-design/icons';
import { Select, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegionName } from '../../../shared/region-name';
import { useFilterValues, type ReportRequest } from '../api';
import { activeFilters, FILTER_MAX, filterParams, FILTERS_OF, NO_FILTERS, type FilterDimension, type ReportState } from './report-state';

// The report's filters: per dimension of the type, the values to keep (in the URL, so in the
// report's call, its CSV and a saved report). Regions and devices are fixed lists; the records
// (campaigns, ad groups, ads, slots, sites, advertisers) come from the report itself — its rows by
// that dimension in the period, the largest first — so a picker offers exactly what the caller may
// see and what has figures. The chosen ones show as chips under the settings.

type Update = (patch: Partial<ReportState>) => void;

const isEntity = (d: FilterDimension) => d !== 'region' && d !== 'device';

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
function useValueLabel(type: ReportType, dimension: FilterDimension, state: ReportState, request: ReportRequest): (value: string) => string {
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
    <button type="button" className={count ? 'plain-button is-active' : 'plain-button'} aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
      <FilterOutlined aria-hidden="true" />
      {count ? t('dataInsights.filters.buttonCount', { count }) : t('dataInsights.filters.button')}
    </button>
  );
}

/** One picker per dimension of the type. */
export function FilterPanel({ id, type, state, update, request }: { id: string; type: ReportType; state: ReportState; update: Update; request: ReportRequest }) {
  const { t } = useTranslation();
  return (
    <section id={id} className="insight-filter-panel" aria-labelledby={`${id}-title`}>
      <div className="insight-filter-head">
        <h2 id={`${id}-title`}>{t('dataInsights.filters.panel')}</h2>
        <span className="list-muted">{t('dataInsights.filters.hint')}</span>
      </div>
      <div className="insight-filter-grid">
        {FILTERS_OF[type].map((dimension) => (
          <FilterField key={dimension} type={type} dimension={dimension} state={state} update={update} request={request} />
        ))}
      </div>
    </section>
  );
}

function FilterField({ type, dimension, state, update, request }: { type: ReportType; dimension: FilterDimension; state: ReportState; update: Update; request: ReportRequest }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const labelOf = useValueLabel(type, dimension, state, request);
  const entity = isEntity(dimension);
  // Asked when the picker first opens, and kept (other filters change what it offers).
  const [asked, setAsked] = useState(false);
  const values = useFilterValues(type, valuesRequest(type, request, state, dimension, false), entity && (open || asked));
  const chosen = state[dimension];
  const name = t(`dataInsights.dimension.${dimension}`);

  const options = useMemo(() => {
    const offered =
      dimension === 'region'
        ? REGIONS.map((code) => ({ value: code, label: labelOf(code) }))
        : dimension === 'device'
          ? DEVICES.map((device) => ({ value: device, label: labelOf(device) }))
          : (values.data?.rows ?? []).filter((row) => row.keys[0]!.id !== '').map((row) => ({ value: row.keys[0]!.id, label: row.keys[0]!.label || row.keys[0]!.id }));
    const missing = chosen.map(String).filter((value) => !offered.some((o) => o.value === value));
    return [...missing.map((value) => ({ value, label: labelOf(value) })), ...offered];
  }, [dimension, values.data, chosen, labelOf]);

  const set = (next: string[]) => update({ [dimension]: dimension === 'site' || !entity ? next : next.map(Number) } as Partial<ReportState>);
  const common = {
    className: 'insight-filter-select',
    options,
    allowClear: true,
    showSearch: { optionFilterProp: 'label' },
    placeholder: t('dataInsights.filters.any'),
    'aria-label': name,
    loading: values.isFetching,
    notFoundContent: values.isFetching ? <Spin size="small" aria-label={t('dataInsights.filters.loading')} /> : t('dataInsights.filters.noValues'),
    onOpenChange: (next: boolean) => {
      setOpen(next);
      if (next) setAsked(true);
    },
  };

  return (
    <label className="insight-field insight-filter-field">
      <span>{name}</span>
      {dimension === 'site' ? (
        // The API filters by one site or app.
        <Select<string> {...common} value={chosen[0] as string | undefined} onChange={(value) => set(value ? [value] : [])} />
      ) : (
        <Select<string[]> {...common} mode="multiple" maxCount={FILTER_MAX} maxTagCount="responsive" value={chosen.map(String)} onChange={set} />
      )}
    </label>
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
      <button type="button" className="link-button" onClick={() => update(NO_FILTERS)}>
        {t('dataInsights.filters.clear')}
      </button>
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
