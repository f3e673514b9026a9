import {
  advertiserOverview,
  advertiserReport,
  advertiserReportCsv,
  dayIn,
  publisherOverview,
  publisherReport,
  rangeDays,
  type AdvertiserOverview,
  type NamedRange,
  type PublisherOverview,
  type Report,
} from '@ads/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../kit/sql';
import { addTestAccount, buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller } from '../../test/typed-client';
import { workflow } from '../../test/workflow';

// One definition of every named range: the dashboards' figures and the reports' totals for the
// same range agree, for an advertiser and a publisher, in time zones either side of UTC. Rollup
// rows at four hours of each of the last 70 days (none after the clock), with requests, ads
// answered and impressions all different, so a range one day off or a rate over the wrong count
// shows.

const W = 300;
const H = 600;
/** A Wednesday mid-month, 10:30 UTC: today is partial, this month and last month differ. */
const NOW = new Date('2025-06-18T10:30:00Z');
const HOURS = [2, 10, 11, 20];
const DAYS_BACK = 70;
const ZONES = ['UTC', 'Asia/Shanghai', 'America/New_York'];

/** The figures of the hour `h` of the day `d` days before NOW's (UTC). */
const figuresAt = (d: number, h: number) => {
  const impressions = 10 * (d + 1) + h;
  return { impressions, clicks: (d + h) % 5, spendMilli: impressions * 300, requests: impressions * 3 + h, filled: impressions + 5 };
};
const hoursOfData = () =>
  Array.from({ length: DAYS_BACK }, (_, d) => HOURS.map((h) => ({ d, h, at: new Date(Date.UTC(2025, 5, 18 - d, h)) })))
    .flat()
    .filter((x) => x.at <= NOW);

describe('named ranges: the dashboards and the reports agree', () => {
  let t: TestApp;
  let adv: Caller;
  let pub: Caller;
  let ids: { campaign: number; slot: number };

  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.now = NOW;
    const staff = t.as('staff');
    const a = await addTestAccount(t, 'advertiser', 'Ranged Roasters');
    const p = await addTestAccount(t, 'publisher', 'Ranged Media');
    adv = t.as(a.user);
    pub = t.as(p.user);
    const wf = workflow(t, staff, { width: W, height: H });
    const slot = await wf.liveSlot(pub, { placementPolicy: 'auto', name: 'Ranged slot' });
    const campaign = await wf.approvedCampaign(adv, [(await wf.upload(adv)).id], [slot.id], { name: 'Ranged campaign' });
    await t.services.placements.drain();
    const placement = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from placements where campaign_id = ${campaign.id} and slot_id = ${slot.id}`))[0]!.id;
    ids = { campaign: campaign.id, slot: slot.id };
    const hours = hoursOfData();
    await t.database.db.execute(sql`insert into placement_hourly (placement_id, hour, region, device, impressions, clicks, spend_milli) values ${sql.join(
      hours.map(({ d, h, at }) => {
        const f = figuresAt(d, h);
        return sql`(${placement}, ${at}, 'US', 'mobile', ${f.impressions}, ${f.clicks}, ${f.spendMilli})`;
      }),
      sql`, `,
    )}`);
    await t.database.db.execute(sql`insert into slot_hourly (slot_id, hour, region, device, requests, filled, invalid_requests) values ${sql.join(
      hours.map(({ d, h, at }) => {
        const f = figuresAt(d, h);
        return sql`(${slot.id}, ${at}, 'US', 'mobile', ${f.requests}, ${f.filled}, 0)`;
      }),
      sql`, `,
    )}`);
    await Promise.all([adv.token(), pub.token()]);
  });
  afterAll(() => t?.close());

  const reportOf = (type: 'advertiser' | 'publisher', range: NamedRange, timeZone: string, extra: Record<string, string> = {}) => {
    const days = rangeDays(range, dayIn(NOW, timeZone));
    return type === 'advertiser'
      ? adv.ok(advertiserReport, { ...days, timeZone, ...extra })
      : pub.ok(publisherReport, { ...days, timeZone, ...extra });
  };

  for (const type of ['advertiser', 'publisher'] as const) {
    for (const timeZone of ZONES) {
      it(`${type}, ${timeZone}: each KPI period is the report of that named range, compared the same way`, async () => {
        const o: AdvertiserOverview | PublisherOverview = type === 'advertiser' ? await adv.ok(advertiserOverview, { timeZone }) : await pub.ok(publisherOverview, { timeZone });
        expect(o.kpis.map((k) => k.key)).toEqual(['today', 'yesterday', 'last7']);
        for (const k of o.kpis) {
          const r = await reportOf(type, k.key, timeZone, { compare: 'true' });
          expect({ range: k.key, days: k.days }).toEqual({ range: k.key, days: { from: r.from, to: r.to } });
          expect({ range: k.key, values: k.values }).toEqual({ range: k.key, values: r.totals });
          expect({ range: k.key, previous: k.previous }).toEqual({ range: k.key, previous: r.previousTotals });
          expect(k.values.impressions).toBeGreaterThan(0);
        }
      });

      it(`${type}, ${timeZone}: the trend and the top list are the report's "Last 30 days", which ends yesterday`, async () => {
        const o: AdvertiserOverview | PublisherOverview = type === 'advertiser' ? await adv.ok(advertiserOverview, { timeZone }) : await pub.ok(publisherOverview, { timeZone });
        const r = await reportOf(type, 'last30', timeZone);
        const today = dayIn(NOW, timeZone);
        expect(o.trendDays).toEqual({ from: r.from, to: r.to });
        expect(r.to < today).toBe(true);
        expect(o.trend).toEqual(r.series);
        const key = type === 'advertiser' ? 'campaign' : 'slot';
        const byRecord = await reportOf(type, 'last30', timeZone, { dimensions: key, sort: type === 'advertiser' ? 'spend' : 'revenue' });
        const top = 'topCampaigns' in o ? o.topCampaigns : o.topSlots;
        const mine = top.find((x) => x.id === (type === 'advertiser' ? ids.campaign : ids.slot))!;
        expect(mine.values).toEqual(byRecord.rows.find((row) => row.keys[0]!.id === String(mine.id))!.values);
      });
    }
  }

  it('every named range covers the days a Google Ads user expects, and the report counts exactly those', async () => {
    const today = dayIn(NOW, 'UTC');
    expect(Object.fromEntries((['today', 'yesterday', 'last7', 'last30', 'thisMonth', 'lastMonth'] as const).map((r) => [r, rangeDays(r, today)]))).toEqual({
      today: { from: '2025-06-18', to: '2025-06-18' },
      yesterday: { from: '2025-06-17', to: '2025-06-17' },
      last7: { from: '2025-06-11', to: '2025-06-17' },
      last30: { from: '2025-05-19', to: '2025-06-17' },
      thisMonth: { from: '2025-06-01', to: '2025-06-18' },
      lastMonth: { from: '2025-05-01', to: '2025-05-31' },
    });
    // Last 7 days by hand: the days 1 to 7 before today, every hour.
    const expected = hoursOfData()
      .filter(({ d }) => d >= 1 && d <= 7)
      .reduce((n, { d, h }) => n + figuresAt(d, h).impressions, 0);
    expect((await reportOf('advertiser', 'last7', 'UTC')).totals.impressions).toBe(expected);
  });

  it('compares like with like: a period still going is compared with the same hours of the one before', async () => {
    // Today until 10:30 holds its 02:00 and 10:00 hours; yesterday is counted up to 10:30 too.
    const sum = (d: number, hours: number[], of: 'impressions' | 'requests') => hours.reduce((n, h) => n + figuresAt(d, h)[of], 0);
    const r = await reportOf('advertiser', 'today', 'UTC', { compare: 'true', dimensions: 'campaign', campaign: String(ids.campaign) });
    expect(r.previous).toEqual({ from: '2025-06-17', to: '2025-06-17', until: '2025-06-17T10:30:00.000Z' });
    expect(r.totals.impressions).toBe(sum(0, [2, 10], 'impressions'));
    expect(r.previousTotals!.impressions).toBe(sum(1, [2, 10], 'impressions'));
    // The rows are compared the same way as the totals.
    expect(r.rows[0]!.previous!.impressions).toBe(sum(1, [2, 10], 'impressions'));
    // This month (18 days so far) against the 18 days before it, cut at the same point.
    const month = await reportOf('advertiser', 'thisMonth', 'UTC', { compare: 'true' });
    expect(month.previous).toEqual({ from: '2025-05-14', to: '2025-05-31', until: '2025-05-31T10:30:00.000Z' });
    const before = hoursOfData()
      .filter(({ at }) => at >= new Date('2025-05-14T00:00:00Z') && at < new Date('2025-05-31T10:30:00Z'))
      .reduce((n, { d, h }) => n + figuresAt(d, h).impressions, 0);
    expect(month.previousTotals!.impressions).toBe(before);
    // A period that is over compares with the whole one before.
    const yesterday = await reportOf('advertiser', 'yesterday', 'UTC', { compare: 'true' });
    expect(yesterday.previous).toEqual({ from: '2025-06-16', to: '2025-06-16', until: null });
    expect(yesterday.previousTotals!.impressions).toBe(sum(2, HOURS, 'impressions'));
    // The CSV's change column says the same.
    const csv = await adv.callUnchecked(advertiserReportCsv, { ...rangeDays('today', '2025-06-18'), compare: 'true', metrics: 'impressions' });
    const total = csv.raw.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n').at(-1)!;
    const now = sum(0, [2, 10], 'impressions');
    const then = sum(1, [2, 10], 'impressions');
    expect(total).toBe(`Total,${now},${then},${(Math.round(((now - then) / then) * 1000) / 10).toFixed(1)}`);
  });

  it('fill rate is impressions ÷ ad requests of the same scope and range, wherever it is shown', async () => {
    const o = await pub.ok(publisherOverview, {});
    for (const k of o.kpis) expect(k.values.fillRate).toBe(Math.round((k.values.impressions! / k.values.requests!) * 1e6) / 1e6);
    const slot = o.topSlots.find((s) => s.id === ids.slot)!;
    expect(slot.values.fillRate).toBe(Math.round((slot.values.impressions! / slot.values.requests!) * 1e6) / 1e6);
    const r: Report = await reportOf('publisher', 'last30', 'UTC', { dimensions: 'slot,device' });
    for (const row of [...r.rows, { values: r.totals }]) expect(row.values.fillRate).toBe(Math.round((row.values.impressions! / row.values.requests!) * 1e6) / 1e6);
    // Yesterday by hand: its four hours' impressions over their requests (not the requests answered with an ad).
    const y = o.kpis.find((k) => k.key === 'yesterday')!;
    const imps = HOURS.reduce((n, h) => n + figuresAt(1, h).impressions, 0);
    const requests = HOURS.reduce((n, h) => n + figuresAt(1, h).requests, 0);
    expect(y.values).toMatchObject({ impressions: imps, requests, fillRate: Math.round((imps / requests) * 1e6) / 1e6 });
  });
});
