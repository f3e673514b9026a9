// The named date ranges ("Last 7 days" …), defined once for the reports and the dashboards, the
// server and the web alike, and zod-free (the dashboard is the landing page). As in Google Ads,
// a range of past days ends yesterday: only "Today" and "This month" include today, so far. Days
// are the reader's, in the time zone the page sends.

export const NAMED_RANGES = ['today', 'yesterday', 'last7', 'last30', 'thisMonth', 'lastMonth'] as const;
export type NamedRange = (typeof NAMED_RANGES)[number];

const DAY_MS = 86_400_000;

/** The calendar day (YYYY-MM-DD) of an instant in `timeZone`. */
export const dayIn = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** The day `n` days after `day` (before, when negative). */
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The first and last day (inclusive) a named range covers, `today` being the reader's today. */
export function rangeDays(range: NamedRange, today: string): { from: string; to: string } {
  switch (range) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last7':
      return { from: addDays(today, -7), to: addDays(today, -1) };
    case 'last30':
      return { from: addDays(today, -30), to: addDays(today, -1) };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'lastMonth': {
      const last = addDays(`${today.slice(0, 8)}01`, -1);
      return { from: `${last.slice(0, 8)}01`, to: last };
    }
  }
}

/** The days of a named range as of `at` in `timeZone`. */
export const namedRangeDays = (range: NamedRange, timeZone: string, at: Date) => rangeDays(range, dayIn(at, timeZone));
