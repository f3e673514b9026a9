import { describe, expect, it } from 'vitest';
import { dayIn, NAMED_RANGES, namedRangeDays, rangeDays } from './date-ranges';

// The named ranges the reports and the dashboards share: past days end yesterday (Google Ads'
// reading), today and this month run to today, and days are the reader's time zone's.

describe('named ranges', () => {
  it('covers the days a Google Ads user expects', () => {
    expect(Object.fromEntries(NAMED_RANGES.map((r) => [r, rangeDays(r, '2026-11-27')]))).toEqual({
      today: { from: '2026-11-27', to: '2026-11-27' },
      yesterday: { from: '2026-11-26', to: '2026-11-26' },
      last7: { from: '2026-11-20', to: '2026-11-26' },
      last30: { from: '2026-10-28', to: '2026-11-26' },
      thisMonth: { from: '2026-11-01', to: '2026-11-27' },
      lastMonth: { from: '2026-10-01', to: '2026-10-31' },
    });
  });

  it('crosses months, years and leap days', () => {
    expect(rangeDays('yesterday', '2024-03-01')).toEqual({ from: '2024-02-29', to: '2024-02-29' });
    expect(rangeDays('lastMonth', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(rangeDays('last7', '2026-01-03')).toEqual({ from: '2025-12-27', to: '2026-01-02' });
    expect(rangeDays('thisMonth', '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
  });

  it("reads today in the reader's time zone", () => {
    const at = new Date('2026-11-27T20:00:00Z');
    expect(dayIn(at, 'UTC')).toBe('2026-11-27');
    expect(dayIn(at, 'Asia/Shanghai')).toBe('2026-11-28');
    expect(namedRangeDays('last7', 'Asia/Shanghai', at)).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(namedRangeDays('last7', 'America/Los_Angeles', at)).toEqual({ from: '2026-11-20', to: '2026-11-26' });
  });
});
