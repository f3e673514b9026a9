import { useTranslation } from '../i18n/translate';
import { formatBucket, formatMetric } from '../metric-format';
import type { TrendChartProps } from './trend-chart';

/** A trend's figures as a table, visually hidden: what a screen reader reads instead of the chart's canvas. */
export function TrendTable({
  caption,
  series,
  previous,
  metric,
  currency,
  granularity,
  timeZone,
  labels,
}: Omit<TrendChartProps, 'height'> & { caption: string }) {
  const { i18n } = useTranslation();
  const figure = (v: number | null | undefined) => formatMetric(metric, v, currency, i18n.language);
  return (
    <table className="visually-hidden">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{labels.bucket}</th>
          <th scope="col">{labels.current}</th>
          {previous && <th scope="col">{labels.previous}</th>}
        </tr>
      </thead>
      <tbody>
        {series.map((b, i) => (
          <tr key={b.at}>
            <th scope="row">{formatBucket(b.at, granularity, timeZone, i18n.language)}</th>
            <td>{figure(b.values[metric])}</td>
            {previous && <td>{figure(previous[i]?.values[metric])}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
