import type { Granularity, ReportMetric } from '@ads/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/translate';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatBucket, formatMetric } from '../metric-format';
import './charts.css';

// A trend over time, drawn with uPlot (about 20 KB gzip, canvas): import it lazily so it loads after
// the figures it illustrates, in a chunk of its own. A canvas says nothing to a screen reader, so
// the chart is hidden from it; pages put a TrendTable with the same figures beside it.

export type TrendPoint = { at: string; values: Partial<Record<string, number | null>> };

export interface TrendChartProps {
  series: TrendPoint[];
  /** The period compared with, bucket by bucket (a dashed second line). */
  previous?: TrendPoint[] | null;
  metric: ReportMetric;
  currency: string | null;
  granularity: Granularity;
  timeZone: string;
  /** The legend's names: the bucket, this period and the previous one. */
  labels: { bucket: string; current: string; previous: string };
  height?: number;
}

export default function TrendChart({ series: points, previous, metric, currency, granularity, timeZone, labels, height = 260 }: TrendChartProps) {
  const { i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const { bucket: bucketLabel, current: currentLabel, previous: previousLabel } = labels;

  useEffect(() => {
    const el = box.current;
    // The chart sizes itself to its box; where that cannot be observed (a test's DOM) the table stands alone.
    if (!el || typeof ResizeObserver === 'undefined') return;
    const xs = points.map((b) => Date.parse(b.at) / 1000);
    const now = points.map((b) => b.values[metric] ?? null);
    const before = previous?.map((b) => b.values[metric] ?? null);
    const label = (v: number | null) => formatMetric(metric, v, currency, i18n.language);
    const series: uPlot.Series[] = [
      { label: bucketLabel, value: (_u, v) => (v === null ? '' : formatBucket(new Date(v * 1000).toISOString(), granularity, timeZone, i18n.language)) },
      { label: currentLabel, stroke: '#1677ff', width: 2, fill: 'rgba(22, 119, 255, 0.08)', value: (_u, v) => label(v) },
    ];
    const data: uPlot.AlignedData = [xs, now];
    if (before && before.length === xs.length) {
      series.push({ label: previousLabel, stroke: '#8c8c8c', width: 1.5, dash: [6, 4], value: (_u, v) => label(v) });
      data.push(before);
    }
    const chart = new uPlot(
      {
        width: el.clientWidth,
        height,
        // Room on the right for the last date's label.
        padding: [12, 48, 0, 0],
        series,
        scales: { x: { time: true } },
        axes: [
          {
            // Ticks on the buckets themselves, every k-th so that labels stay 90 px apart: uPlot's own
            // time ticks fall between a week's or a month's buckets, each named as its bucket.
            splits: (u) => {
              const every = Math.max(1, Math.ceil((xs.length * 90 * uPlot.pxRatio) / Math.max(u.bbox.width, 1)));
              return xs.filter((_x, i) => i % every === 0);
            },
            values: (_u, ticks) => ticks.map((v) => formatBucket(new Date(v * 1000).toISOString(), granularity, timeZone, i18n.language)),
          },
          { values: (_u, ticks) => ticks.map((v) => label(v)), size: 80 },
        ],
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), timeZone),
        legend: { live: true },
        cursor: { drag: { x: false, y: false } },
      },
      data,
      el,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [points, previous, metric, currency, granularity, timeZone, bucketLabel, currentLabel, previousLabel, height, i18n.language]);

  return <div ref={box} className="trend-chart" style={{ minHeight: height + 30 }} aria-hidden="true" />;
}
