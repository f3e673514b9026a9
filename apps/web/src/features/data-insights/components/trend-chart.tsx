import type { Report, ReportMetric } from '@ads/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatBucket, formatMetric } from './format';

// The trend, drawn with uPlot (about 20 KB gzip, canvas): loaded after the totals, in a chunk of its
// own. A canvas says nothing to a screen reader, so the chart is hidden from it and the same figures
// are read from the table beside it (TrendTable).

interface Props {
  report: Report;
  metric: ReportMetric;
  timeZone: string;
}

export default function TrendChart({ report, metric, timeZone }: Props) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    // The chart sizes itself to its box; where that cannot be observed (a test's DOM) the table stands alone.
    if (!el || typeof ResizeObserver === 'undefined') return;
    const xs = report.series.map((b) => Date.parse(b.at) / 1000);
    const now = report.series.map((b) => b.values[metric] ?? null);
    const before = report.previousSeries?.map((b) => b.values[metric] ?? null);
    const label = (v: number | null) => formatMetric(metric, v, report.currency, i18n.language);
    const series: uPlot.Series[] = [
      { label: t('dataInsights.bucket'), value: (_u, v) => (v === null ? '' : formatBucket(new Date(v * 1000).toISOString(), report.granularity, timeZone, i18n.language)) },
      { label: t('dataInsights.thisPeriod'), stroke: '#1677ff', width: 2, fill: 'rgba(22, 119, 255, 0.08)', value: (_u, v) => label(v) },
    ];
    const data: uPlot.AlignedData = [xs, now];
    if (before && before.length === xs.length) {
      series.push({ label: t('dataInsights.lastPeriod'), stroke: '#8c8c8c', width: 1.5, dash: [6, 4], value: (_u, v) => label(v) });
      data.push(before);
    }
    const chart = new uPlot(
      {
        width: el.clientWidth,
        height: 260,
        // Room on the right for the last date's label.
        padding: [12, 36, 0, 0],
        series,
        scales: { x: { time: true } },
        axes: [
          { values: (_u, ticks) => ticks.map((v) => formatBucket(new Date(v * 1000).toISOString(), report.granularity, timeZone, i18n.language)), space: 90 },
          { values: (_u, ticks) => ticks.map((v) => label(v)), size: 80 },
        ],
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), timeZone),
        legend: { live: true },
        cursor: { drag: { x: false, y: false } },
      },
      data,
      el,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: 260 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [report, metric, timeZone, t, i18n.language]);

  return <div ref={box} className="insight-chart" aria-hidden="true" />;
}
