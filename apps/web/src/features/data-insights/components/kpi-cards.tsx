import type { Report } from '@ads/contracts';
import { useTranslation } from 'react-i18next';
import { changeOf, formatChange, formatMetric } from '../../../shared/metric-format';

/** The period's totals, each with its change against the previous period when compared. */
export function KpiCards({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="insight-kpis" aria-label={t('dataInsights.totals')}>
      {report.metrics.map((metric) => {
        const value = report.totals[metric];
        const change = report.previousTotals ? changeOf(value, report.previousTotals[metric]) : null;
        return (
          <li key={metric} className="insight-kpi">
            <span className="insight-kpi-name">{t(`dataInsights.metric.${metric}`)}</span>
            <strong className="insight-kpi-value">{formatMetric(metric, value, report.currency, i18n.language)}</strong>
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
