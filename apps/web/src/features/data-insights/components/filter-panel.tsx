import { DEVICES, REGIONS, type ReportType } from '@ads/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { useFilterValues, type ReportRequest } from '../api';
import { FILTER_MAX, FILTERS_OF, type FilterDimension, type ReportState } from './report-state';
import { isEntity, useValueLabel, valuesRequest, type Update } from './report-filters';
import { Select } from '../../../shared/ui/select';
import { Spin } from '../../../shared/ui/spin';

// The filters' panel (antd's searchable selects): loaded when "Filters" is first pressed.

/** One picker per dimension of the type. */
export default function FilterPanel({ id, type, state, update, request }: { id: string; type: ReportType; state: ReportState; update: Update; request: ReportRequest }) {
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

