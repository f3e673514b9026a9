import type { Report } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { changeOf, formatChange, formatMetric } from '../../../shared/metric-format';

/** Conversions start a row of their own: what the ads brought, after what they cost. */
const STARTS_ROW = new Set<string>(['conversions']);

/** The period's totals, each with its change against the previous period when compared. */
export function KpiCards({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const count = (v: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(v);
  /** What a metric divides or counts, where its name alone does not say. */
  const definitionOf = (metric: string) =>
    metric === 'fillRate' ? t('dataInsights.fillRate.definition') : i18n.exists(`dataInsights.definition.${metric}`) ? t(`dataInsights.definition.${metric}`) : undefined;
  return (
    <ul className="insight-kpis" aria-label={t('dataInsights.totals')}>
      {report.metrics.map((metric) => {
        const value = report.totals[metric];
        const change = report.previousTotals ? changeOf(value, report.previousTotals[metric]) : null;
        return (
          <li key={metric} className={`insight-kpi${STARTS_ROW.has(metric) ? ' starts-row' : ''}`}>
            <span className="insight-kpi-name">{t(`dataInsights.metric.${metric}`)}</span>
            <strong className="insight-kpi-value" title={definitionOf(metric)}>
              {formatMetric(metric, value, report.currency, i18n.language)}
            </strong>
            {/* Fill rate is that division: the counts it divides, said beside it. */}
            {metric === 'fillRate' && typeof report.totals.requests === 'number' && typeof report.totals.impressions === 'number' && (
              <span className="insight-kpi-basis">
                {t('dataInsights.fillRate.basis', { impressions: count(report.totals.impressions), requests: count(report.totals.requests) })}
              </span>
            )}
            {report.previousTotals && (
              <span className={`insight-kpi-change${change === null ? '' : change > 0 ? ' is-up' : change < 0 ? ' is-down' : ''}`}>
                {change === null ? t('dataInsights.noPrevious') : change === 0 ? t('dataInsights.noChange') : t('dataInsights.change', { change: formatChange(change, i18n.language) })}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
