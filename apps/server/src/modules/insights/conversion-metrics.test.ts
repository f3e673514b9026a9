import {
  advertiserOverview,
  advertiserReport,
  advertiserReportCsv,
  CONVERSION_PIXEL_PATH,
  conversionTag,
  rangeDays,
  type Report,
} from '@ads/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestAccount, buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller } from '../../test/typed-client';
import { BROWSER, visitorsOf } from '../../test/visitors';
import { workflow } from '../../test/workflow';

// Conversions in the reports, the CSV and the dashboard, counted the real way: an ad requested,
// shown and clicked through the public routes, then the site's pixel with the click id its landing
// page was given. Every page reads them from the same rollups, so each shows the same figures.

// A size no demo slot and no other test's slot has, so only this file's campaign serves on it.
const W = 180;
const H = 150;
const DAY = 86_400_000;

describe('conversion metrics', () => {
  let t: TestApp;
  let adv: Caller;
  let rival: Caller;
  let slot: { tagKey: string };
  let campaign: { id: number; name: string };
  let advertiserId: number;

  const { hit, click } = visitorsOf(() => t, () => slot, { width: W, height: H });
  const pixel = async (tag: string, clid: string, order: string, value: number) =>
    expect((await hit(`${CONVERSION_PIXEL_PATH}?tag=${tag}&clid=${clid}&order=${order}&value=${value}`, BROWSER, '198.18.0.1')).statusCode).toBe(200);

  const today = () => t.clock.now.toISOString().slice(0, 10);
  const reportOfToday = (caller: Caller, extra: Record<string, string> = {}) => caller.ok(advertiserReport, { from: today(), to: today(), timeZone: 'UTC', ...extra });
  const csvLines = async (query: Record<string, string>) => {
    const res = await adv.callUnchecked(advertiserReportCsv, query);
    expect(res.status).toBe(200);
    return res.raw.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  };

  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.now = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
    const staff = t.as('staff');
    const mine = await addTestAccount(t, 'advertiser', 'Converting Roasters');
    const other = await addTestAccount(t, 'advertiser', 'Rival Converters');
    adv = t.as(mine.user);
    rival = t.as(other.user);
    advertiserId = mine.accountId;
    const wf = workflow(t, staff, { width: W, height: H });
    slot = await wf.liveSlot(t.as('publisher'), { placementPolicy: 'auto' });
    campaign = await wf.approvedCampaign(adv, [(await wf.upload(adv)).id], undefined, { name: 'Converting campaign', dailyBudgetMinor: 1_000_000, totalBudgetMinor: 10_000_000 });
    await t.services.placements.drain();
    await t.services.delivery.reload();
    await Promise.all([adv.token(), rival.token()]);
  });
  afterAll(() => t?.close());

  it('has no conversion rate without clicks and no cost per conversion without conversions', async () => {
    expect((await reportOfToday(adv)).totals).toMatchObject({ clicks: 0, conversions: 0, conversionRate: null, costPerConversion: null, conversionValue: 0 });
    for (let i = 0; i < 3; i++) await click();
    await t.services.delivery.flush();
    const clicked = await reportOfToday(adv);
    expect(clicked.totals).toMatchObject({ clicks: 3, conversions: 0, conversionRate: 0, costPerConversion: null });
    expect(clicked.totals.spend).toBeGreaterThan(0);
  });

  it('shows a conversion fired by the tag with the same figures in the report, its row by campaign, the CSV and the dashboard', async () => {
    const { tagId } = await adv.ok(conversionTag, {});
    const [first, second] = [await click(), await click()];
    await t.services.delivery.flush();
    await pixel(tagId, first, 'ORDER-1', 4_250);
    await pixel(tagId, first, 'ORDER-1', 4_250); // the same order again: counted once
    await pixel(tagId, second, 'ORDER-2', 1_750);

    // Report totals: 5 clicks (3 before), 2 conversions worth 60.00.
    const r = await reportOfToday(adv, { compare: 'true' });
    const spend = r.totals.spend!;
    expect(r.totals).toMatchObject({ clicks: 5, conversions: 2, conversionRate: 0.4, conversionValue: 6_000 });
    expect(r.totals.costPerConversion).toBeCloseTo(spend / 2, 5);

    // The row by campaign, and the totals of the report with it.
    const byCampaign = await reportOfToday(adv, { dimensions: 'campaign' });
    expect(byCampaign.rows).toEqual([{ keys: [{ dimension: 'campaign', id: String(campaign.id), label: 'Converting campaign' }], values: r.totals, previous: null }]);
    expect(byCampaign.totals).toEqual(r.totals);

    // The CSV: the same figures, money in dollars, the rate in per cent, headers in the reader's language.
    const query = { from: today(), to: today(), timeZone: 'UTC', dimensions: 'campaign', metrics: 'clicks,spend,conversions,conversionRate,costPerConversion,conversionValue' };
    const dollars = (minor: number) => (minor / 100).toFixed(2);
    const figures = `5,${dollars(spend)},2,40.00,${dollars(spend / 2)},60.00`;
    expect(await csvLines(query)).toEqual([
      'Campaign,Clicks,Spend (USD),Conversions,Conversion rate (%),Cost per conversion (USD),Conversion value (USD)',
      `Converting campaign,${figures}`,
      `Total,${figures}`,
    ]);
    expect((await csvLines({ ...query, language: 'zh-CN' }))[0]).toBe('广告活动,点击次数,花费 (USD),转化次数,转化率 (%),每次转化费用 (USD),转化价值 (USD)');

    // The dashboard's "today" is the report of today, compared the same way.
    const o = await adv.ok(advertiserOverview, { timeZone: 'UTC' });
    const kpi = o.kpis.find((k) => k.key === 'today')!;
    expect(kpi.values).toEqual(r.totals);
    expect(kpi.previous).toEqual(r.previousTotals);

    // A day later the conversions are yesterday's: the dashboard's yesterday and its top campaigns
    // (the last 30 days, which end yesterday) read them as the reports of those ranges do.
    t.clock.advance(DAY);
    t.forgetSessions();
    try {
      const later = await adv.ok(advertiserOverview, { timeZone: 'UTC' });
      const yesterday = await adv.ok(advertiserReport, { ...rangeDays('yesterday', today()), timeZone: 'UTC' });
      expect(later.kpis.find((k) => k.key === 'yesterday')!.values).toEqual(yesterday.totals);
      expect(yesterday.totals).toMatchObject({ conversions: 2, conversionValue: 6_000 });
      const last30 = await adv.ok(advertiserReport, { ...rangeDays('last30', today()), timeZone: 'UTC', dimensions: 'campaign', sort: 'spend' });
      const top = later.topCampaigns.find((c) => c.id === campaign.id)!;
      expect(top.values).toEqual(last30.rows.find((x) => x.keys[0]!.id === String(campaign.id))!.values);
      expect(top.values).toMatchObject({ conversions: 2, conversionRate: 0.4, conversionValue: 6_000 });
    } finally {
      t.clock.advance(-DAY);
      t.forgetSessions();
    }
  });

  it("never shows one advertiser another's conversions", async () => {
    const theirs: Report = await reportOfToday(rival, { dimensions: 'campaign' });
    expect(theirs.totals).toMatchObject({ conversions: 0, conversionValue: 0 });
    expect(theirs.rows).toEqual([]);
    // Naming our campaign filters to nothing; naming our account is refused, the CSV too.
    expect((await reportOfToday(rival, { campaign: String(campaign.id) })).totals).toMatchObject({ conversions: 0, conversionValue: 0 });
    expect((await rival.call(advertiserReport, { from: today(), to: today(), accountId: advertiserId })).status).toBe(403);
    expect((await rival.callUnchecked(advertiserReportCsv, { from: today(), to: today(), accountId: advertiserId })).status).toBe(403);
    const dashboard = await rival.ok(advertiserOverview, { timeZone: 'UTC' });
    expect(dashboard.kpis.every((k) => k.values.conversions === 0)).toBe(true);
    expect(dashboard.topCampaigns).toEqual([]);
  });
});
