import {
  advertiserOverview,
  advertiserReport,
  bulkCampaignStatus,
  campaignDetail,
  campaignList,
  campaignListColumns,
  CONVERSION_PIXEL_PATH,
  conversionTag,
  pauseCampaign,
  rangeDays,
  saveCampaignListColumns,
} from '@ads/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestAccount, buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller } from '../../test/typed-client';
import { BROWSER, visitorsOf } from '../../test/visitors';
import { workflow } from '../../test/workflow';

// The advertiser's campaign list: its figures for a named range (the advertiser report's, from the
// same rollups), the totals of every campaign the filters match, bulk pause and resume, and each
// user's own choice of columns.

// A size no demo slot and no other test's slot has, so only this file's campaigns serve on it.
const W = 176;
const H = 146;
const DAY = 86_400_000;

describe('campaign list', () => {
  let t: TestApp;
  let adv: Caller;
  let rival: Caller;
  let slot: { tagKey: string };
  let mine: { id: number; version: number }[];
  let theirs: { id: number; version: number };
  const { hit, click } = visitorsOf(() => t, () => slot, { width: W, height: H });
  const today = () => t.clock.now.toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.now = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
    const staff = t.as('staff');
    const a = await addTestAccount(t, 'advertiser', 'Listing Roasters');
    const b = await addTestAccount(t, 'advertiser', 'Rival Listers');
    adv = t.as(a.user);
    rival = t.as(b.user);
    const wf = workflow(t, staff, { width: W, height: H });
    slot = await wf.liveSlot(t.as('publisher'), { placementPolicy: 'auto' });
    const budget = { dailyBudgetMinor: 1_000_000, totalBudgetMinor: 10_000_000 };
    mine = [
      await wf.approvedCampaign(adv, [(await wf.upload(adv)).id], undefined, { name: 'Listed one', ...budget }),
      await wf.approvedCampaign(adv, [(await wf.upload(adv)).id], undefined, { name: 'Listed two', ...budget }),
      await wf.approvedCampaign(adv, [(await wf.upload(adv)).id], undefined, { name: 'Listed three', ...budget }),
    ];
    // Another size: it never serves on this file's slot, so every click is ours.
    theirs = await wf.approvedCampaign(rival, [(await wf.upload(rival, 300, 250)).id], undefined, { name: 'Not yours', ...budget });
    await t.services.placements.drain();
    await t.services.delivery.reload();
    // Traffic and conversions today: a click may convert more than once (two orders of one click).
    const { tagId } = await adv.ok(conversionTag, {});
    const clicks = [];
    for (let i = 0; i < 8; i++) clicks.push(await click());
    await t.services.delivery.flush();
    const pixel = async (clid: string, order: string, value: number) =>
      expect((await hit(`${CONVERSION_PIXEL_PATH}?tag=${tagId}&clid=${clid}&order=${order}&value=${value}`, BROWSER, '198.18.0.1')).statusCode).toBe(200);
    await pixel(clicks[0]!, 'O-1', 2_500);
    await pixel(clicks[0]!, 'O-2', 1_000);
    await pixel(clicks[1]!, 'O-3', 500);
    await Promise.all([adv.token(), rival.token()]);
  });
  afterAll(() => t?.close());

  it("shows each campaign's figures for the range as the advertiser report does, and the totals of every page", async () => {
    const report = await adv.ok(advertiserReport, { from: today(), to: today(), timeZone: 'UTC', dimensions: 'campaign', pageSize: 100 });
    expect(report.totals).toMatchObject({ clicks: 8, conversions: 3, conversionValue: 4_000 });

    const list = await adv.ok(campaignList, { range: 'today', timeZone: 'UTC', pageSize: 100 });
    expect(list.figures).toMatchObject({ range: 'today', from: today(), to: today(), timeZone: 'UTC' });
    // The totals are the report's, metric by metric (rates from the sums).
    const { ctr, impressions, clicks, spend, conversions, conversionRate, costPerConversion, conversionValue } = report.totals;
    expect(list.figures!.totals).toEqual({ impressions, clicks, ctr, spend, conversions, conversionRate, costPerConversion, conversionValue });
    // Each row is the report's row of its campaign; a campaign without figures reads 0 and no rates.
    for (const item of list.items) {
      const row = report.rows.find((r) => r.keys[0]!.id === String(item.id));
      if (!row) {
        expect(item.figures).toEqual({ impressions: 0, clicks: 0, ctr: null, spend: 0, conversions: 0, conversionRate: null, costPerConversion: null, conversionValue: 0 });
        continue;
      }
      const v = row.values;
      expect(item.figures).toEqual({
        impressions: v.impressions,
        clicks: v.clicks,
        ctr: v.ctr,
        spend: v.spend,
        conversions: v.conversions,
        conversionRate: v.conversionRate,
        costPerConversion: v.costPerConversion,
        conversionValue: v.conversionValue,
      });
    }

    // One row a page: the totals are still every matching campaign's.
    const first = await adv.ok(campaignList, { range: 'today', timeZone: 'UTC', pageSize: 1, sort: 'conversions', order: 'desc' });
    expect(first.items).toHaveLength(1);
    expect(first.figures!.totals).toEqual(list.figures!.totals);
    // Sorted by the range's conversions: the one with the most first.
    const most = Math.max(...list.items.map((i) => i.figures!.conversions));
    expect(first.items[0]!.figures!.conversions).toBe(most);
    // A filter narrows the totals to what it matches.
    const none = await adv.ok(campaignList, { range: 'today', timeZone: 'UTC', search: 'no such campaign' });
    expect(none.figures!.totals).toMatchObject({ impressions: 0, clicks: 0, ctr: null, conversions: 0 });

    // Yesterday had nothing; the last 7 days end yesterday (date-ranges.ts), as the dashboard's.
    const last7 = await adv.ok(campaignList, { range: 'last7', timeZone: 'UTC' });
    expect(last7.figures).toMatchObject({ ...rangeDays('last7', today()), totals: { impressions: 0, conversions: 0 } });

    // A day later today's figures are yesterday's, on the list, the report and the dashboard alike.
    t.clock.advance(DAY);
    t.forgetSessions();
    try {
      const yesterday = await adv.ok(campaignList, { range: 'yesterday', timeZone: 'UTC' });
      const dashboard = await adv.ok(advertiserOverview, { timeZone: 'UTC' });
      const kpi = dashboard.kpis.find((k) => k.key === 'yesterday')!.values;
      expect(yesterday.figures!.totals).toMatchObject({ impressions: kpi.impressions, clicks: kpi.clicks, spend: kpi.spend, conversions: kpi.conversions, conversionValue: kpi.conversionValue });
    } finally {
      t.clock.advance(-DAY);
      t.forgetSessions();
    }

    // Without a range: the campaign's kept counters, and no totals (staff's lists).
    const lifetime = await adv.ok(campaignList, {});
    expect(lifetime.figures).toBeNull();
    expect(lifetime.items.every((i) => i.figures === null)).toBe(true);
  });

  it("never counts another account's figures", async () => {
    const list = await rival.ok(campaignList, { range: 'today', timeZone: 'UTC' });
    expect(list.items.map((i) => i.id)).toEqual([theirs.id]);
    expect(list.figures!.totals).toMatchObject({ impressions: 0, clicks: 0, conversions: 0 });
    expect(list.items[0]!.figures).toMatchObject({ impressions: 0, clicks: 0, conversions: 0 });
  });

  it('refuses an unknown range or time zone with field errors', async () => {
    for (const query of [{ range: 'forever' }, { range: 'today', timeZone: 'Mars/Olympus' }]) {
      const res = await adv.callUnchecked(campaignList, query);
      expect(res.status).toBe(400);
    }
  });

  it('pauses and resumes the selected campaigns, each as Pause and Resume would, and says why one could not be', async () => {
    const [one, two, three] = await Promise.all(mine.map((c) => adv.ok(campaignDetail, { id: c.id })));
    const stale = { id: three!.id, version: three!.version - 1 };
    const paused = await adv.ok(bulkCampaignStatus, {
      action: 'pause',
      items: [
        { id: one!.id, version: one!.version },
        { id: two!.id, version: two!.version },
        stale,
        { id: theirs.id, version: theirs.version },
        { id: 999_999, version: 1 },
      ],
    });
    expect(paused.results.map((r) => [r.id, r.ok, r.ok ? r.campaign.status : r.code])).toEqual([
      [one!.id, true, 'paused'],
      [two!.id, true, 'paused'],
      [three!.id, false, 'STALE_VERSION'],
      [theirs.id, false, 'NOT_FOUND'],
      [999_999, false, 'NOT_FOUND'],
    ]);
    // Another account's campaign did not move; the stale one neither.
    expect((await rival.ok(campaignDetail, { id: theirs.id })).status).toBe('active');
    expect((await adv.ok(campaignDetail, { id: three!.id })).status).toBe('active');

    // Resume: the paused ones run again; one that is not paused answers CAMPAIGN_STATE.
    const [p1, p2] = paused.results.map((r) => (r.ok ? r.campaign : null));
    const resumed = await adv.ok(bulkCampaignStatus, {
      action: 'resume',
      items: [
        { id: p1!.id, version: p1!.version },
        { id: p2!.id, version: p2!.version },
        { id: three!.id, version: three!.version },
      ],
    });
    expect(resumed.results.map((r) => [r.id, r.ok, r.ok ? r.campaign.status : r.code])).toEqual([
      [p1!.id, true, 'active'],
      [p2!.id, true, 'active'],
      [three!.id, false, 'CAMPAIGN_STATE'],
    ]);
    // The single Pause takes the versions the bulk answered.
    const again = resumed.results[0]!;
    expect(again.ok && (await adv.call(pauseCampaign, { id: again.campaign.id, version: again.campaign.version })).status).toBe(200);
  });

  it('refuses an empty, repeated or over-long selection, and a reader without the power', async () => {
    const c = mine[1]!;
    for (const items of [[], [{ id: c.id, version: 1 }, { id: c.id, version: 1 }], Array.from({ length: 101 }, (_, i) => ({ id: i + 1, version: 1 }))]) {
      const res = await adv.callUnchecked(bulkCampaignStatus, { action: 'pause', items });
      expect(res.status).toBe(400);
    }
    expect((await adv.callUnchecked(bulkCampaignStatus, { action: 'stop', items: [{ id: c.id, version: 1 }] })).status).toBe(400);
    expect((await t.as('publisher').call(bulkCampaignStatus, { action: 'pause', items: [{ id: c.id, version: 1 }] })).status).toBe(403);
  });

  it("keeps each user's own columns: another user neither reads nor changes them", async () => {
    const staff = t.as('staff');
    expect(await adv.ok(campaignListColumns, {})).toEqual({ columns: null, version: 0 });
    const saved = await adv.ok(saveCampaignListColumns, { columns: ['conversions', 'spend', 'impressions'] });
    // Stored in the list's order.
    expect(saved).toEqual({ columns: ['spend', 'impressions', 'conversions'], version: 1 });
    expect(await adv.ok(campaignListColumns, {})).toEqual(saved);

    // Another advertiser and staff see their own (none yet), and saving theirs leaves ours alone.
    expect((await rival.ok(campaignListColumns, {})).columns).toBeNull();
    expect((await staff.ok(campaignListColumns, {})).columns).toBeNull();
    await rival.ok(saveCampaignListColumns, { columns: ['review'] });
    expect(await adv.ok(campaignListColumns, {})).toEqual(saved);
    expect((await rival.ok(campaignListColumns, {})).columns).toEqual(['review']);

    // The last save wins; an empty choice is a choice.
    expect(await adv.ok(saveCampaignListColumns, { columns: [] })).toEqual({ columns: [], version: 2 });
    expect((await rival.ok(campaignListColumns, {})).columns).toEqual(['review']);

    // Unknown or repeated columns are refused, with nothing stored.
    for (const columns of [['name'], ['spend', 'spend'], ['x'.repeat(10_000)]]) {
      expect((await adv.callUnchecked(saveCampaignListColumns, { columns })).status).toBe(400);
    }
    expect((await adv.ok(campaignListColumns, {})).columns).toEqual([]);
    expect((await t.as('publisher').call(campaignListColumns, {})).status).toBe(403);
  });
});
