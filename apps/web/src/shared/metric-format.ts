import { MONEY_METRICS as MONEY, RATE_METRICS as RATES, type ReportMetric } from '@ads/contracts';
import { formatMoney } from './money';

// How a report's figures read: counts whole, rates as percentages, money in the report's currency.

export function formatMetric(metric: ReportMetric, value: number | null | undefined, currency: string | null, language: string): string {
  if (value === null || value === undefined) return '—';
  if (RATES.includes(metric)) return new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  if (MONEY.includes(metric)) {
    if (currency) return formatMoney(value, currency, language);
    return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value / 100);
  }
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(value);
}

/** The change from `previous` to `value` as a signed percentage; null when there is nothing to compare with. */
export function changeOf(value: number | null | undefined, previous: number | null | undefined): number | null {
  if (value === null || value === undefined || previous === null || previous === undefined || previous === 0) return null;
  return (value - previous) / previous;
}

export const formatChange = (change: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 1 }).format(change);

/** A bucket's start as the granularity reads it, in the reader's time zone. */
export function formatBucket(iso: string, granularity: string, timeZone: string, language: string): string {
  const at = new Date(iso);
  const options: Intl.DateTimeFormatOptions =
    granularity === 'hour'
      ? { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }
      : granularity === 'month'
        ? { year: 'numeric', month: 'short' }
        : { year: 'numeric', month: 'short', day: 'numeric' };
  return new Intl.DateTimeFormat(language, { ...options, timeZone }).format(at);
}
