import zlib from 'node:zlib';
import { advertiserReport, advertiserReportCsv, publisherReport, publisherReportCsv, type Report } from '@ads/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../kit/sql';
import { addTestAccount, buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller } from '../../test/typed-client';
import { workflow } from '../../test/workflow';

// Reports against hand-computed figures: rollup rows written for placements of this file's own
// slots and campaigns (a size the demo does not use), in days of their own (2025, before the
// demo's history), so every expected number is summed here by hand.

const W = 970;
const H = 250;
const at = (iso: string) => new Date(iso);

describe('data insights', () => {
  let t: TestApp;
  let adv: Caller;
  let pub: Caller;
  let staff: Caller;
  let otherAdv: Caller;
  let ids: { campaign: number; other: number; slotA: number; slotB: number; placementA: number; placementB: number; foreign: number; advertiser: number; publisher: number };

  const hourly = async (placementId: number, hour: string, region: string, device: string, impressions: number, clicks: number, spendMilli: number) =>
    t.database.db.execute(sql`insert into placement_hourly (placement_id, hour, region, device, impressions, clicks, spend_milli)
      values (${placementId}, ${at(hour)}, ${region}, ${device}, ${impressions}, ${clicks}, ${spendMilli})`);
  const requests = async (slotId: number, hour: string, region: string, device: string, n: number, filled: number) =>
    t.database.db.execute(sql`insert into slot_hourly (slot_id, hour, region, device, requests, filled, invalid_requests)
      values (${slotId}, ${at(hour)}, ${region}, ${device}, ${n}, ${filled}, 0)`);

  beforeAll(async () => {
    t = await buildTestApp();
    adv = t.as('advertiser');
    pub = t.as('publisher');
    staff = t.as('staff');
    const other = await addTestAccount(t, 'advertiser', 'Other Roasters');
    otherAdv = t.as(other.user);
    const wf = workflow(t, staff, { width: W, height: H });
    const slotA = await wf.liveSlot(pub, { placementPolicy: 'auto', name: 'Billboard A' });
    const slotB = await wf.liveSlot(pub, { placementPolicy: 'auto', name: 'Billboard B', propertyName: 'Fabrikam Sports', propertyId: 'sports.fabrikam.example' });
    const campaign = await wf.approvedCampaign(adv, [(await wf.upload(adv)).id], undefined, { name: 'Insight campaign' });
    const foreign = await wf.approvedCampaign(otherAdv, [(await wf.upload(otherAdv)).id], [slotA.id], { name: 'Foreign campaign' });
    await t.services.placements.drain();
    const placements = rowsOf<{ id: number; slotId: number; campaignId: number }>(
      await t.database.db.execute(sql`select id, slot_id as "slotId", campaign_id as "campaignId" from placements where slot_id in (${slotA.id}, ${slotB.id})`),
    );
    const of = (campaignId: number, slotId: number) => placements.find((p) => p.campaignId === campaignId && p.slotId === slotId)!.id;
    ids = {
      campaign: campaign.id,
      other: foreign.id,
      slotA: slotA.id,
      slotB: slotB.id,
      placementA: of(campaign.id, slotA.id),
      placementB: of(campaign.id, slotB.id),
      foreign: of(foreign.id, slotA.id),
      advertiser: campaign.accountId,
      publisher: slotA.accountId,
    };
    // 2025-03-10 and 11 (UTC): the campaign on both slots, the other advertiser on A.
    await hourly(ids.placementA, '2025-03-10T09:00:00Z', 'US', 'mobile', 1000, 20, 300_000);
    await hourly(ids.placementA, '2025-03-10T10:00:00Z', 'GB', 'desktop', 500, 5, 150_000);
    await hourly(ids.placementB, '2025-03-11T15:00:00Z', 'US', 'desktop', 2000, 10, 600_000);
    await hourly(ids.foreign, '2025-03-10T09:00:00Z', 'US', 'mobile', 700, 7, 700_000);
    // The day before (the previous period of a one-day report on the 10th).
    await hourly(ids.placementA, '2025-03-09T12:00:00Z', 'US', 'mobile', 400, 2, 120_000);
    await requests(ids.slotA, '2025-03-10T09:00:00Z', 'US', 'mobile', 2000, 1700);
    await requests(ids.slotA, '2025-03-10T10:00:00Z', 'GB', 'desktop', 1000, 500);
    await requests(ids.slotB, '2025-03-11T15:00:00Z', 'US', 'desktop', 4000, 2000);
    await Promise.all([adv.token(), pub.token(), staff.token(), otherAdv.token()]);
  });
  afterAll(() => t?.close());

  const row = (r: Report, label: string) => r.rows.find((x) => x.keys.map((k) => k.label).join(' / ') === label);

  it("an advertiser's report: totals, rows by campaign and slot, a daily trend, each metric computed", async () => {
    const r = await adv.ok(advertiserReport, { from: '2025-03-10', to: '2025-03-11', dimensions: 'campaign,slot', campaign: String(ids.campaign), sort: 'impressions' });
    // 1,000 + 500 + 2,000 impressions; 35 clicks; 1,050,000 milli = 1,050 minor units.
    // No conversions: a rate of 0 over the clicks, and no cost per conversion (nothing to divide by).
    expect(r.totals).toEqual({ impressions: 3500, clicks: 35, ctr: 0.01, spend: 1050, cpm: 300, cpc: 30, conversions: 0, conversionRate: 0, costPerConversion: null, conversionValue: 0 });
    expect(r.currency).toBe('USD');
    expect(r.rows.map((x) => [x.keys.map((k) => k.label).join(' / '), x.values.impressions])).toEqual([
      ['Insight campaign / Billboard B', 2000],
      ['Insight campaign / Billboard A', 1500],
    ]);
    expect(row(r, 'Insight campaign / Billboard A')!.values).toEqual({ impressions: 1500, clicks: 25, ctr: 0.016667, spend: 450, cpm: 300, cpc: 18, conversions: 0, conversionRate: 0, costPerConversion: null, conversionValue: 0 });
    expect(r.series).toEqual([
      { at: '2025-03-10T00:00:00Z', values: expect.objectContaining({ impressions: 1500, spend: 450 }) },
      { at: '2025-03-11T00:00:00Z', values: expect.objectContaining({ impressions: 2000, spend: 600 }) },
    ]);
    // By region and device, and filtered.
    const byRegion = await adv.ok(advertiserReport, { from: '2025-03-10', to: '2025-03-11', dimensions: 'region,device', campaign: String(ids.campaign), metrics: 'impressions,clicks' });
    expect(byRegion.rows.map((x) => [x.keys.map((k) => k.id).join('/'), x.values])).toEqual([
      ['US/desktop', { impressions: 2000, clicks: 10 }],
      ['US/mobile', { impressions: 1000, clicks: 20 }],
      ['GB/desktop', { impressions: 500, clicks: 5 }],
    ]);
    const mobile = await adv.ok(advertiserReport, { from: '2025-03-10', to: '2025-03-11', device: 'mobile', campaign: String(ids.campaign) });
    expect(mobile.totals.impressions).toBe(1000);
  });

  it('compares with the period just before, totals and rows alike', async () => {
    const r = await adv.ok(advertiserReport, { from: '2025-03-10', to: '2025-03-10', dimensions: 'slot', campaign: String(ids.campaign), compare: 'true' });
    expect(r.previous).toEqual({ from: '2025-03-09', to: '2025-03-09', until: null });
    expect(r.totals.impressions).toBe(1500);
    expect(r.previousTotals!.impressions).toBe(400);
    expect(row(r, 'Billboard A')!.previous).toMatchObject({ impressions: 400, clicks: 2, spend: 120 });
    expect(r.previousSeries).toEqual([{ at: '2025-03-09T00:00:00Z', values: expect.objectContaining({ impressions: 400 }) }]);
    // By two dimensions, and a row without figures before (Billboard B): zeros, rates empty.
    const two = await adv.ok(advertiserReport, { from: '2025-03-10', to: '2025-03-11', dimensions: 'campaign,slot', campaign: String(ids.campaign), compare: 'true' });
    expect(row(two, 'Insight campaign / Billboard A')!.previous).toMatchObject({ impressions: 400, clicks: 2, spend: 120 });
    expect(row(two, 'Insight campaign / Billboard B')!.previous).toMatchObject({ impressions: 0, clicks: 0, spend: 0, ctr: null });
  });

  it("a publisher's report: ad requests, fill rate, revenue (its share) and eCPM, by site; requests have no advertiser", async () => {
    const r = await pub.ok(publisherReport, { from: '2025-03-10', to: '2025-03-11', dimensions: 'site', slot: `${ids.slotA},${ids.slotB}` });
    // Slot A: 1,500 + 700 impressions (both advertisers), 3,000 requests (2,200 filled); slot B: 2,000 of 4,000.
    expect(r.totals).toEqual({ requests: 7000, impressions: 4200, fillRate: 4200 / 7000, clicks: 42, ctr: 0.01, revenue: 1225, ecpm: 291.666667 });
    expect(row(r, 'Fabrikam Sports')!.values).toMatchObject({ requests: 4000, impressions: 2000, fillRate: 0.5, revenue: 420 });
    const byAdvertiser = await pub.ok(publisherReport, { from: '2025-03-10', to: '2025-03-11', dimensions: 'advertiser', slot: String(ids.slotA), metrics: 'requests,impressions,revenue' });
    expect(byAdvertiser.rows.map((x) => [x.keys[0]!.label, x.values])).toEqual([
      ['Contoso Coffee', { requests: null, impressions: 1500, revenue: 315 }],
      ['Other Roasters', { requests: null, impressions: 700, revenue: 490 }],
    ]);
  });

  it("days are the reader's: a daily report in New York across the end of daylight saving time", async () => {
    // 2025-11-02 in New York lasts 25 hours: 04:00Z to 05:00Z the next day.
    await hourly(ids.placementA, '2025-11-02T04:00:00Z', 'US', 'mobile', 10, 0, 0); // 00:00 EDT, the 2nd
    await hourly(ids.placementA, '2025-11-03T04:00:00Z', 'US', 'mobile', 20, 0, 0); // 23:00 EST, still the 2nd
    await hourly(ids.placementA, '2025-11-03T05:00:00Z', 'US', 'mobile', 40, 0, 0); // 00:00 EST, the 3rd
    const r = await adv.ok(advertiserReport, { from: '2025-11-02', to: '2025-11-03', timeZone: 'America/New_York', campaign: String(ids.campaign), metrics: 'impressions' });
    expect(r.series).toEqual([
      { at: '2025-11-02T04:00:00Z', values: { impressions: 30 } },
      { at: '2025-11-03T05:00:00Z', values: { impressions: 40 } },
    ]);
    expect(r.totals.impressions).toBe(70);
  });

  it('reads the same figures, conversions too, from the rollups by account, by campaign or slot, and the fine ones, after rows are added to as the ingest does', async () => {
    const add = (placementId: number, region: string, impressions: number, clicks: number, spendMilli: number, conversions = 0, valueMinor = 0) =>
      t.database.db.execute(sql`insert into placement_hourly as h (placement_id, hour, region, device, impressions, clicks, spend_milli, conversions, conversion_value_minor)
        values (${placementId}, ${at('2025-04-01T08:00:00Z')}, ${region}, 'mobile', ${impressions}, ${clicks}, ${spendMilli}, ${conversions}, ${valueMinor})
        on conflict (placement_id, hour, region, device) do update set impressions = h.impressions + excluded.impressions,
          clicks = h.clicks + excluded.clicks, spend_milli = h.spend_milli + excluded.spend_milli,
          conversions = h.conversions + excluded.conversions, conversion_value_minor = h.conversion_value_minor + excluded.conversion_value_minor`);
    const ask = (slotId: number, region: string, n: number, filled: number) =>
      t.database.db.execute(sql`insert into slot_hourly as h (slot_id, hour, region, device, requests, filled, invalid_requests)
        values (${slotId}, ${at('2025-04-01T08:00:00Z')}, ${region}, 'mobile', ${n}, ${filled}, 0)
        on conflict (slot_id, hour, region, device) do update set requests = h.requests + excluded.requests, filled = h.filled + excluded.filled`);
    await add(ids.placementA, 'US', 100, 3, 30_000, 1, 2_500);
    await add(ids.placementA, 'US', 50, 1, 15_000, 1, 1_000); // the same row, added to
    await add(ids.placementB, 'DE', 80, 2, 24_000);
    await add(ids.foreign, 'US', 60, 0, 60_000, 1, 700); // a conversion in an hour without clicks: no rate
    await ask(ids.slotA, 'US', 300, 200);
    await ask(ids.slotA, 'US', 30, 10);
    const day = { from: '2025-04-01', to: '2025-04-01' };
    const sum = (r: Report, metric: string) => r.rows.reduce((n, x) => n + (x.values[metric as 'impressions'] ?? 0), 0);

    // Advertiser: by campaign (coarse) against by campaign and region (fine).
    const coarse = await staff.ok(advertiserReport, { ...day, dimensions: 'campaign', campaign: `${ids.campaign},${ids.other}` });
    const fine = await staff.ok(advertiserReport, { ...day, dimensions: 'campaign,region', campaign: `${ids.campaign},${ids.other}` });
    expect(coarse.totals).toMatchObject({ impressions: 290, clicks: 6, spend: 129, conversions: 3, conversionRate: 0.5, costPerConversion: 43, conversionValue: 4200 });
    expect(fine.totals).toEqual(coarse.totals);
    expect(row(coarse, 'Insight campaign')!.values).toMatchObject({ impressions: 230, clicks: 6, spend: 69, conversions: 2, conversionRate: 0.333333, costPerConversion: 34.5, conversionValue: 3500 });
    expect(row(coarse, 'Foreign campaign')!.values).toMatchObject({ clicks: 0, conversions: 1, conversionRate: null, costPerConversion: 60, conversionValue: 700 });
    for (const key of ['Insight campaign', 'Foreign campaign']) {
      const fineRows = fine.rows.filter((x) => x.keys[0]!.label === key);
      expect(fineRows.reduce((n, x) => n + x.values.conversions!, 0)).toBe(row(coarse, key)!.values.conversions);
    }
    expect(sum(fine, 'impressions')).toBe(290);
    // Publisher: by slot (coarse) against by slot and region (fine); requests from slot_hourly.
    const slots = `${ids.slotA},${ids.slotB}`;
    const pubCoarse = await pub.ok(publisherReport, { ...day, dimensions: 'slot', slot: slots });
    const pubFine = await pub.ok(publisherReport, { ...day, dimensions: 'slot,region', slot: slots });
    expect(pubCoarse.totals).toMatchObject({ requests: 330, impressions: 290, clicks: 6, revenue: expect.closeTo(90.3, 6) });
    expect(pubFine.totals).toEqual(pubCoarse.totals);
    expect(row(pubCoarse, 'Billboard A')!.values).toMatchObject({ requests: 330, impressions: 210, fillRate: expect.closeTo(210 / 330, 6) });
    expect(sum(pubFine, 'requests')).toBe(330);
    // Every account's, without a breakdown: the rollups by account.
    expect((await staff.ok(advertiserReport, day)).totals).toEqual(fine.totals);
    expect((await staff.ok(publisherReport, day)).totals).toEqual(pubFine.totals);
    expect((await adv.ok(advertiserReport, day)).totals).toMatchObject({ impressions: 230, clicks: 6, spend: 69, conversions: 2, conversionValue: 3500 });
  });

  it('shows each account only its own figures; staff any one or all', async () => {
    const mine = await adv.ok(advertiserReport, { from: '2025-03-10', to: '2025-03-10', dimensions: 'campaign' });
    expect(mine.rows.map((x) => x.keys[0]!.label)).toEqual(['Insight campaign']);
    const theirs = await otherAdv.ok(advertiserReport, { from: '2025-03-10', to: '2025-03-10', dimensions: 'campaign' });
    expect(theirs.rows.map((x) => [x.keys[0]!.label, x.values.impressions])).toEqual([['Foreign campaign', 700]]);
    // Naming another account's campaign filters to nothing; naming another account is refused.
    expect((await otherAdv.ok(advertiserReport, { from: '2025-03-10', to: '2025-03-10', campaign: String(ids.campaign) })).totals.impressions).toBe(0);
    expect((await otherAdv.call(advertiserReport, { from: '2025-03-10', to: '2025-03-10', accountId: ids.advertiser })).status).toBe(403);
    // A publisher has no advertiser report, an advertiser no publisher report.
    expect((await pub.call(advertiserReport, { from: '2025-03-10', to: '2025-03-10' })).status).toBe(403);
    expect((await adv.call(publisherReport, { from: '2025-03-10', to: '2025-03-10' })).status).toBe(403);

    const all = await staff.ok(advertiserReport, { from: '2025-03-10', to: '2025-03-10', dimensions: 'campaign' });
    expect(all.rows.map((x) => x.keys[0]!.label).sort()).toEqual(expect.arrayContaining(['Foreign campaign', 'Insight campaign']));
    const one = await staff.ok(advertiserReport, { from: '2025-03-10', to: '2025-03-10', dimensions: 'campaign', accountId: ids.advertiser });
    expect(one.rows.map((x) => x.keys[0]!.label)).toEqual(['Insight campaign']);
    const publisherSide = await staff.ok(publisherReport, { from: '2025-03-10', to: '2025-03-10', accountId: ids.publisher, slot: String(ids.slotA) });
    expect(publisherSide.totals).toMatchObject({ requests: 3000, impressions: 2200 });
  });

  it('exports exactly the table as CSV: every row, the totals, the comparison; headers in the reader’s language', async () => {
    const query = { from: '2025-03-10', to: '2025-03-11', dimensions: 'campaign,slot', campaign: String(ids.campaign) };
    const shown = await adv.ok(advertiserReport, query);
    const res = await adv.callUnchecked(advertiserReportCsv, query);
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.raw.headers['content-disposition']).toContain('advertiser-report-2025-03-10-to-2025-03-11.csv');
    const lines = res.raw.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Campaign,Ad slot,Impressions,Clicks,CTR (%),Spend (USD),CPM (USD),CPC (USD),Conversions,Conversion rate (%),Cost per conversion (USD),Conversion value (USD)',
    );
    // The rows in the table's order, each figure as shown (money in dollars, rates in per cent; no
    // cost per conversion without a conversion).
    expect(lines.slice(1)).toEqual([
      'Insight campaign,Billboard B,2000,10,0.50,6.00,3.00,0.60,0,0.00,,0.00',
      'Insight campaign,Billboard A,1500,25,1.67,4.50,3.00,0.18,0,0.00,,0.00',
      'Total,,3500,35,1.00,10.50,3.00,0.30,0,0.00,,0.00',
    ]);
    expect(shown.rows.map((r) => r.values.impressions)).toEqual([2000, 1500]);

    const compared = await pub.callUnchecked(publisherReportCsv, { from: '2025-03-10', to: '2025-03-10', slot: String(ids.slotA), compare: 'true', metrics: 'requests,impressions', language: 'zh-CN' });
    const zh = compared.raw.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(zh[0]).toBe('时间段,广告请求,广告请求（上一周期）,广告请求变化（%）,展示次数,展示次数（上一周期）,展示次数变化（%）');
    expect(zh[1]).toBe('2025-03-10,3000,0,,2200,400,450.0');
    expect(zh.at(-1)).toBe('合计,3000,0,,2200,400,450.0');
    // Refusals answer as JSON, before any CSV.
    expect((await pub.callUnchecked(advertiserReportCsv, query)).status).toBe(403);
  });

  it('writes enumerated values in the reader’s language too (devices, regions); names and numbers as they are', async () => {
    const query = { from: '2025-03-10', to: '2025-03-11', dimensions: 'campaign,device,region', campaign: String(ids.campaign), metrics: 'impressions' };
    const lines = async (language: 'en-US' | 'zh-CN') => (await adv.callUnchecked(advertiserReportCsv, { ...query, language })).raw.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(await lines('zh-CN')).toEqual(['广告活动,设备,地区,展示次数', 'Insight campaign,桌面设备,美国,2000', 'Insight campaign,手机,美国,1000', 'Insight campaign,桌面设备,英国,500', '合计,,,3500']);
    expect(await lines('en-US')).toEqual(['Campaign,Device,Region,Impressions', 'Insight campaign,Desktop,United States,2000', 'Insight campaign,Mobile,United States,1000', 'Insight campaign,Desktop,United Kingdom,500', 'Total,,,3500']);
  });

  it('refuses periods too long, dimensions of the other type and unknown time zones, field by field', async () => {
    const long = await adv.call(advertiserReport, { from: '2024-01-01', to: '2025-06-01' });
    expect(long.status).toBe(400);
    expect(long.error.fields).toHaveProperty('to');
    const hourly = await adv.call(advertiserReport, { from: '2025-01-01', to: '2025-03-01', granularity: 'hour' });
    expect(hourly.error.fields).toHaveProperty('granularity');
    const wrong = await adv.call(advertiserReport, { from: '2025-03-10', to: '2025-03-10', dimensions: 'site', timeZone: 'Mars/Olympus' });
    expect(Object.keys(wrong.error.fields ?? {}).sort()).toEqual(['dimensions', 'timeZone']);
  });

  it('answers hostile queries with 400 naming the field: impossible days, over-long lists, control characters', async () => {
    const fieldsOf = async (call: Promise<{ status: number; error: { fields?: Record<string, string> } }>) => {
      const res = await call;
      expect(res.status).toBe(400);
      return res.error.fields ?? {};
    };
    const day = { from: '2025-03-10', to: '2025-03-10' };
    expect((await fieldsOf(adv.call(advertiserReport, { from: '2026-02-30', to: '2026-03-01' }))).from).toMatch(/no such day/);
    expect(await fieldsOf(adv.call(advertiserReport, { from: '2025-03-10', to: '2025-02-29' }))).toHaveProperty('to');
    expect(await fieldsOf(adv.call(advertiserReport, { from: '0000-01-01', to: '0000-01-01' }))).toHaveProperty('from');
    // Lists longer than their parameter takes, and a list given twice, are refused before any rule reads them.
    const long = 'campaign,'.repeat(30);
    expect(await fieldsOf(adv.call(advertiserReport, { ...day, dimensions: long }))).toHaveProperty('dimensions');
    expect(await fieldsOf(adv.call(advertiserReport, { ...day, metrics: 'clicks,'.repeat(40) }))).toHaveProperty('metrics');
    expect(await fieldsOf(adv.callUnchecked(advertiserReport, { ...day, dimensions: ['campaign', 'slot'] }))).toHaveProperty('dimensions');
    // The same value named twice counts once.
    expect((await adv.ok(advertiserReport, { ...day, dimensions: 'campaign,campaign', metrics: 'clicks,clicks' })).dimensions).toEqual(['campaign']);
    for (const site of ['a\u0000b', 'w-rtl\u202Egnp', 'a\nb']) {
      expect((await fieldsOf(pub.call(publisherReport, { ...day, site }))).site).toMatch(/^Filters cannot contain/);
    }
  });

  it('answers a refused CSV export as JSON, never as a file to save', async () => {
    const bad = await pub.callUnchecked(publisherReportCsv, { from: '2026-02-30', to: '2026-03-01', site: 'a\u0000b', dimensions: 'x'.repeat(300) });
    expect(bad.status).toBe(400);
    expect(bad.raw.headers['content-disposition']).toBeUndefined();
    expect(bad.raw.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(bad.error.fields ?? {}).sort()).toEqual(['dimensions', 'from', 'site']);

    // A failure after the header line was made but before a byte left (gzip holds the first line): JSON all the same.
    const csv = t.services.insights.csv;
    t.services.insights.csv = async function* () {
      yield 'Period,Impressions\r\n';
      throw new Error('the database went away');
    };
    try {
      const failed = await t.app.inject({
        method: 'GET',
        url: '/api/DataInsights/PublisherReport/Csv?from=2025-03-10&to=2025-03-10',
        headers: { ...(await pub.headers()), 'accept-encoding': 'gzip' },
      });
      expect(failed.statusCode).toBe(500);
      expect(failed.headers['content-disposition']).toBeUndefined();
      expect(failed.headers['content-type']).toMatch(/^application\/json/);
      const body = failed.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(failed.rawPayload).toString() : failed.body;
      expect(JSON.parse(body).errorCode).toBe('INTERNAL_ERROR');
    } finally {
      t.services.insights.csv = csv;
    }
  });

  it('escapes names a spreadsheet would run as formulas in the CSV, not the negative figures', async () => {
    const wf = workflow(t, staff, { width: W, height: H });
    const names = ["-2+3+cmd|' /C calc'!A0", '-1+HYPERLINK("http://evil.example","x")'];
    const slots = [];
    for (const name of names) slots.push(await wf.liveSlot(pub, { placementPolicy: 'auto', name }));
    for (const slot of slots) await requests(slot.id, '2025-05-05T09:00:00Z', 'US', 'mobile', 100, 0);
    const res = await pub.callUnchecked(publisherReportCsv, {
      from: '2025-05-05',
      to: '2025-05-05',
      dimensions: 'slot',
      slot: slots.map((x) => x.id).join(','),
      metrics: 'requests',
      sort: 'requests',
      compare: 'true',
    });
    expect(res.status).toBe(200);
    const lines = res.raw.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines.slice(1, 3).sort()).toEqual([
      `"'-1+HYPERLINK(""http://evil.example"",""x"")",100,0,`,
      `'-2+3+cmd|' /C calc'!A0,100,0,`,
    ]);
  });
});
