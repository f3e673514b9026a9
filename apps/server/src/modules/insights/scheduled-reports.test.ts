import * as contracts from '@ads/contracts';
import {
  advertiserReportCsv,
  createSavedReport,
  deleteSavedReport,
  namedRangeDays,
  notificationsList,
  renameSavedReport,
  savedReportList,
  savedReportRunFile,
  savedReportRuns,
  scheduleSavedReport,
  type ReportSchedule,
  type SavedReport,
} from '@ads/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userRoles } from '../../db/schema/identity';
import { reportRuns, savedReports } from '../../db/schema/insights';
import { rowsOf } from '../../kit/sql';
import { keptCsv } from './scheduled-reports.service';
import { endpointsTagged, foreign, proveForeignIdsAnswer404 } from '../../test/tenancy';
import { addTestAccount, buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller } from '../../test/typed-client';

// Scheduled saved reports: the next run in the schedule's zone (DST-correct), runs that are the Csv
// call's answer made with the owner's access, one run per due schedule however many job runs
// overlap, the owner's Action Center, 404 to everyone else, and runs gone after 30 days.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('scheduled reports', () => {
  let t: TestApp;
  let adv: Caller;
  let n = 0;

  const runDue = () => t.services.scheduledReports.runDue();
  /** Sets the test clock (sessions signed in at another time are forgotten). */
  const setClock = (iso: string | Date) => {
    t.clock.now = new Date(iso);
    t.forgetSessions();
  };
  const save = async (caller: Caller, query = 'range=last7&dims=campaign') =>
    caller.ok(createSavedReport, { type: 'advertiser', name: `Scheduled ${++n}`, query });
  const scheduleOf = (caller: Caller, report: SavedReport, schedule: ReportSchedule | null) =>
    caller.ok(scheduleSavedReport, { id: report.id, version: report.version, schedule });
  const runsOf = async (caller: Caller, id: number) => (await caller.ok(savedReportRuns, { id })).items;

  beforeAll(async () => {
    t = await buildTestApp();
    // The demo's scheduled report set aside: these tests count the runs of the schedules they make.
    await t.database.db.delete(savedReports);
    adv = t.as('advertiser');
  });
  beforeEach(() => setClock(new Date()));
  afterAll(() => t?.close());

  it("schedules at the hour of the schedule's zone, across a change of daylight saving time; stale versions 409", async () => {
    // Saturday 13 March 2027, 07:00 in New York (EST, UTC−5); summer time starts on the 14th.
    setClock('2027-03-13T12:00:00Z');
    const report = await save(adv);
    expect(report).toMatchObject({ schedule: null, nextRunAt: null });
    const daily = await scheduleOf(adv, report, { frequency: 'daily', timeZone: 'America/New_York', hour: 9 });
    expect(daily).toMatchObject({ schedule: { frequency: 'daily', timeZone: 'America/New_York', hour: 9 }, nextRunAt: '2027-03-13T14:00:00.000Z', version: report.version + 1 });

    // The run moves the next one to 09:00 EDT (UTC−4) on the 14th: 13:00 UTC, not 14:00.
    setClock('2027-03-13T14:00:30Z');
    expect(await runDue()).toMatchObject({ ran: 1 });
    const [after] = (await adv.ok(savedReportList, {})).items.filter((r) => r.id === report.id);
    expect(after!.nextRunAt).toBe('2027-03-14T13:00:00.000Z');

    // Weekly is on Mondays, monthly on the 1st, both at the local hour.
    const weekly = await scheduleOf(adv, after!, { frequency: 'weekly', timeZone: 'America/New_York', hour: 9 });
    expect(weekly.nextRunAt).toBe('2027-03-15T13:00:00.000Z');
    const monthly = await scheduleOf(adv, weekly, { frequency: 'monthly', timeZone: 'America/New_York', hour: 0 });
    expect(monthly.nextRunAt).toBe('2027-04-01T04:00:00.000Z');
    // Shanghai has no summer time: 08:00 there is 00:00 UTC.
    const shanghai = await scheduleOf(adv, monthly, { frequency: 'daily', timeZone: 'Asia/Shanghai', hour: 8 });
    expect(shanghai.nextRunAt).toBe('2027-03-14T00:00:00.000Z');

    const stale = await adv.call(scheduleSavedReport, { id: report.id, version: monthly.version, schedule: null });
    expect(stale.status).toBe(409);
    expect(stale.error.errorCode).toBe('STALE_VERSION');
    const cleared = await scheduleOf(adv, shanghai, null);
    expect(cleared).toMatchObject({ schedule: null, nextRunAt: null });
    await adv.ok(deleteSavedReport, { id: report.id });
  });

  it('runs a due report as the Csv call answers it for the days of its range, keeps the CSV and tells the owner', async () => {
    const report = await save(adv, 'range=last7&dims=campaign&sort=clicks&order=asc');
    const scheduled = await scheduleOf(adv, report, { frequency: 'daily', timeZone: 'Asia/Shanghai', hour: 6 });
    expect(await runDue()).toMatchObject({ ran: 0 });
    setClock(new Date(Date.parse(scheduled.nextRunAt!) + 60_000));
    expect(await runDue()).toMatchObject({ ran: 1 });

    const [run] = await runsOf(adv, report.id);
    const days = namedRangeDays('last7', 'Asia/Shanghai', t.clock.now);
    expect(run).toMatchObject({ savedReportId: report.id, ...days, timeZone: 'Asia/Shanghai', truncated: false });
    expect(Date.parse(run!.expiresAt) - Date.parse(run!.createdAt)).toBe(30 * DAY);

    const file = await adv.callUnchecked(savedReportRunFile, { id: run!.id });
    expect(file.status).toBe(200);
    expect(file.raw.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.raw.headers['content-disposition']).toContain(`advertiser-report-${days.from}-to-${days.to}.csv`);
    const csv = await adv.callUnchecked(advertiserReportCsv, { ...days, timeZone: 'Asia/Shanghai', dimensions: 'campaign', sort: 'clicks', order: 'asc' });
    expect(csv.status).toBe(200);
    expect(file.raw.body).toBe(csv.raw.body);
    expect(run!.bytes).toBe(Buffer.byteLength(csv.raw.body));
    // Rows: the lines but the header and the totals.
    expect(run!.rows).toBe(csv.raw.body.trimEnd().split('\r\n').length - 2);

    const inbox = await adv.ok(notificationsList, { pageSize: 200 });
    if (inbox.unchanged) throw new Error('a first poll has the inbox');
    const told = inbox.infos.filter((i) => i.messageKey === 'report.scheduledRun' && i.params?.runId === run!.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ menuId: 102, params: { savedReportId: report.id, runId: run!.id, name: report.name, from: days.from, to: days.to } });
    expect(told[0]!.title).toBe(`Scheduled report ready: ${report.name}`);
    expect(inbox.menus['102']).toMatchObject({ url: 'dataInsights/advertiser' });

    // Nobody else is told.
    const staffInbox = await t.as('staff').ok(notificationsList, { pageSize: 200 });
    if (!staffInbox.unchanged) expect(staffInbox.infos.some((i) => i.messageKey === 'report.scheduledRun')).toBe(false);
    await adv.ok(deleteSavedReport, { id: report.id });
  });

  it('keeps a fixed period fixed', async () => {
    const report = await save(adv, 'range=custom&from=2026-01-05&to=2026-01-11');
    const scheduled = await scheduleOf(adv, report, { frequency: 'weekly', timeZone: 'Europe/Berlin', hour: 3 });
    setClock(new Date(Date.parse(scheduled.nextRunAt!) + 1000));
    expect(await runDue()).toMatchObject({ ran: 1 });
    expect(await runsOf(adv, report.id)).toEqual([expect.objectContaining({ from: '2026-01-05', to: '2026-01-11', timeZone: 'Europe/Berlin' })]);
    await adv.ok(deleteSavedReport, { id: report.id });
  });

  it('runs a due schedule once however many job runs overlap', async () => {
    const report = await save(adv);
    const scheduled = await scheduleOf(adv, report, { frequency: 'daily', timeZone: 'UTC', hour: 1 });
    setClock(new Date(Date.parse(scheduled.nextRunAt!) + 1000));
    const outcomes = await Promise.all([runDue(), runDue(), runDue()]);
    expect(outcomes.reduce((sum, o) => sum + o.ran, 0)).toBe(1);
    expect(await runsOf(adv, report.id)).toHaveLength(1);
    // Nothing is due until the next day's hour.
    setClock(new Date(t.clock.now.getTime() + 23 * HOUR));
    await runDue();
    expect(await runsOf(adv, report.id)).toHaveLength(1);
    setClock(new Date(t.clock.now.getTime() + HOUR));
    await runDue();
    expect(await runsOf(adv, report.id)).toHaveLength(2);
    await adv.ok(deleteSavedReport, { id: report.id });
  });

  it("runs with the owner's access only: an owner who lost the power gets no run, and the schedule stops", async () => {
    const other = await addTestAccount(t, 'advertiser', 'Powerless Roasters');
    const caller = t.as(other.user);
    const report = await save(caller);
    const scheduled = await scheduleOf(caller, report, { frequency: 'daily', timeZone: 'UTC', hour: 2 });
    await t.database.db.delete(userRoles).where(eq(userRoles.userId, other.userId));
    setClock(new Date(Date.parse(scheduled.nextRunAt!) + 1000));
    expect(await runDue()).toMatchObject({ cleared: 1 });
    const rows = rowsOf(await t.database.db.execute(sql`select next_run_at, schedule_frequency from saved_reports where id = ${report.id}`));
    expect(rows).toEqual([{ next_run_at: null, schedule_frequency: null }]);
    expect(await t.database.db.select().from(reportRuns).where(eq(reportRuns.savedReportId, report.id))).toEqual([]);
  });

  it("answers 404 to another user on every call that names a user's report or run", async () => {
    const report = await save(adv);
    const scheduled = await scheduleOf(adv, report, { frequency: 'daily', timeZone: 'UTC', hour: 3 });
    setClock(new Date(Date.parse(scheduled.nextRunAt!) + 1000));
    await runDue();
    const [run] = await runsOf(adv, report.id);
    const stranger = t.as((await addTestAccount(t, 'advertiser', 'Stranger Schedules')).user);
    const mine = (await adv.ok(savedReportList, {})).items.find((r) => r.id === report.id)!;
    await proveForeignIdsAnswer404({
      stranger,
      module: endpointsTagged(contracts, 'SavedReport'),
      calls: [
        foreign(renameSavedReport, { id: mine.id, version: mine.version, name: 'Taken over' }),
        foreign(deleteSavedReport, { id: mine.id }),
        foreign(scheduleSavedReport, { id: mine.id, version: mine.version, schedule: null }),
        foreign(scheduleSavedReport, { id: mine.id, version: mine.version, schedule: { frequency: 'daily', timeZone: 'UTC', hour: 5 } }, { label: 'set' }),
        foreign(savedReportRuns, { id: mine.id }),
        foreign(savedReportRunFile, { id: run!.id }),
      ],
      unchanged: async () => ({ list: (await adv.ok(savedReportList, {})).items, runs: await runsOf(adv, report.id) }),
    });
    await adv.ok(deleteSavedReport, { id: report.id });
  });

  it('deletes runs once their 30 days are over', async () => {
    const report = await save(adv);
    const scheduled = await scheduleOf(adv, report, { frequency: 'daily', timeZone: 'UTC', hour: 4 });
    setClock(new Date(Date.parse(scheduled.nextRunAt!) + 1000));
    await runDue();
    const [run] = await runsOf(adv, report.id);
    const current = (await adv.ok(savedReportList, {})).items.find((r) => r.id === report.id)!;
    await scheduleOf(adv, current, null);
    const kept = () => t.database.db.select({ id: reportRuns.id }).from(reportRuns).where(eq(reportRuns.id, run!.id));
    setClock(new Date(Date.parse(run!.expiresAt) - 1000));
    await runDue();
    expect(await runsOf(adv, report.id)).toHaveLength(1);
    expect(await kept()).toHaveLength(1);
    setClock(new Date(Date.parse(run!.expiresAt) + 1000));
    expect((await runDue()).expired).toBeGreaterThanOrEqual(1);
    expect(await runsOf(adv, report.id)).toEqual([]);
    expect((await adv.callUnchecked(savedReportRunFile, { id: run!.id })).status).toBe(404);
    expect(await kept()).toEqual([]);
    await adv.ok(deleteSavedReport, { id: report.id });
  });

  it('refuses bad schedules with 400 by field, never a 5xx', async () => {
    const report = await save(adv);
    const bad = async (schedule: unknown, field: string) => {
      const res = await adv.callUnchecked(scheduleSavedReport, { id: report.id, version: report.version, schedule });
      expect(res.status, JSON.stringify(schedule)).toBe(400);
      expect(res.error.errorCode).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.error.fields ?? {}), JSON.stringify(schedule)).toEqual([field]);
    };
    const ok = { frequency: 'daily', timeZone: 'UTC', hour: 9 };
    await bad({ ...ok, hour: 24 }, 'schedule.hour');
    await bad({ ...ok, hour: -1 }, 'schedule.hour');
    await bad({ ...ok, hour: 1.5 }, 'schedule.hour');
    await bad({ ...ok, hour: '9' }, 'schedule.hour');
    await bad({ ...ok, timeZone: 'Mars/Olympus_Mons' }, 'schedule.timeZone');
    await bad({ ...ok, timeZone: 'Europe/Berlin\u202E' }, 'schedule.timeZone');
    await bad({ ...ok, timeZone: 'UTC\u0000' }, 'schedule.timeZone');
    await bad({ ...ok, timeZone: 'x'.repeat(65) }, 'schedule.timeZone');
    await bad({ ...ok, frequency: 'hourly' }, 'schedule.frequency');
    await bad('daily', 'schedule');
    expect((await adv.callUnchecked(savedReportRuns, { id: 0 })).status).toBe(400);
    expect((await adv.callUnchecked(savedReportRunFile, { id: 'x' })).status).toBe(400);
    expect((await adv.callUnchecked(savedReportRunFile, { id: 2 ** 31 })).status).toBe(400);
    expect((await adv.ok(savedReportList, {})).items.find((r) => r.id === report.id)).toMatchObject({ schedule: null, version: report.version });
    await adv.ok(deleteSavedReport, { id: report.id });
  });

  it('keeps at most its bytes of a CSV, cut at a whole line, and says it was cut', async () => {
    async function* lines() {
      yield 'Campaign,Impressions\r\n';
      yield 'Spring,1\r\nAutumn,2\r\nWinter,3\r\n';
      yield 'Total,6\r\n';
    }
    expect(await keptCsv(lines(), 1000)).toEqual({ csv: 'Campaign,Impressions\r\nSpring,1\r\nAutumn,2\r\nWinter,3\r\nTotal,6\r\n', truncated: false });
    // 22 bytes of header, then room for "Spring,1" and part of "Autumn,2": the part goes.
    expect(await keptCsv(lines(), 22 + 10 + 5)).toEqual({ csv: 'Campaign,Impressions\r\nSpring,1\r\n', truncated: true });
    // A multi-byte name cut in its middle is not kept either.
    async function* names() {
      yield 'Name\r\n';
      yield '咖啡,1\r\n';
    }
    expect(await keptCsv(names(), 6 + 4)).toEqual({ csv: 'Name\r\n', truncated: true });
  });
});
