import { addDays, dayIn, type ReportSchedule } from '@ads/contracts';

// When a scheduled report runs next: `hour`:00 local time of the schedule's zone, every day, every
// Monday or every 1st of the month — computed with Intl, so a change of daylight saving time moves
// the instant and not the local hour. A local hour that does not exist (the spring-forward gap)
// runs at the first instant after the gap; one that happens twice (fall back) at its first.

const HOUR_MS = 3_600_000;

/** The local wall time of an instant in `timeZone`, as if it were UTC (milliseconds). */
const wallOf = (at: number, timeZone: string): number => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(new Date(at))
      .map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
};

/** The zone's offset from UTC at an instant (milliseconds; positive east of Greenwich). */
const offsetAt = (at: number, timeZone: string) => wallOf(at, timeZone) - Math.floor(at / 1000) * 1000;

/** The instant of `day` at `hour`:00 local time in `timeZone`. */
export function zonedInstant(day: string, hour: number, timeZone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + hour * HOUR_MS;
  // The offsets in force a little before and after: around a change they differ.
  const before = offsetAt(wall - 12 * HOUR_MS, timeZone);
  const after = offsetAt(wall + 12 * HOUR_MS, timeZone);
  const exact = [wall - before, wall - after].filter((t) => wallOf(t, timeZone) === wall).sort((a, b) => a - b);
  // No instant shows that wall time (the gap): the offset before the change lands just after it.
  return new Date(exact[0] ?? wall - before);
}

/** Whether a schedule runs on a day (YYYY-MM-DD): weekly on Mondays, monthly on the 1st. */
const runsOn = (frequency: ReportSchedule['frequency'], day: string) =>
  frequency === 'daily' || (frequency === 'weekly' ? new Date(`${day}T00:00:00Z`).getUTCDay() === 1 : day.endsWith('-01'));

/** The schedule's first run strictly after `after`. */
export function nextRunAfter(schedule: ReportSchedule, after: Date): Date {
  // From the day before (the zone's today may be behind), at most a month and a bit ahead.
  const today = dayIn(after, schedule.timeZone);
  for (let i = -1; i <= 40; i++) {
    const day = addDays(today, i);
    if (!runsOn(schedule.frequency, day)) continue;
    const at = zonedInstant(day, schedule.hour, schedule.timeZone);
    if (at > after) return at;
  }
  throw new Error('no run within 40 days');
}
