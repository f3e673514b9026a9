import type { Granularity, ReportMetric } from '@ads/contracts';
import { useTranslation } from 'react-i18next';
import { formatBucket, formatMetric } from '../metric-format';
import type { TrendPoint } from './trend-chart';

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
}: {
  caption: string;
  series: TrendPoint[];
  previous?: TrendPoint[] | null;
  metric: ReportMetric;
  currency: string | null;
  granularity: Granularity;
  timeZone: string;
  labels: { bucket: string; current: string; previous: string };
}) {
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
