import {
  AD_REQUEST_PATH,
  advertiserOverview,
  advertiserReport,
  campaignList,
  publisherOverview,
  publisherReport,
  platformAdvertiserOverview,
  platformPublisherOverview,
  reviewCampaign,
  saveCampaignDraft,
  submitCampaign,
  type AdAnswer,
  type AdvertiserOverview,
  type PublisherOverview,
} from '@ads/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../kit/sql';
import { addTestAccount, buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller } from '../../test/typed-client';
import { workflow } from '../../test/workflow';

// The dashboards against hand-computed figures: this file's own accounts, rollup rows written in
// days of their own (2025, before the demo's history) with the clock at 2025-03-12 10:30 UTC, and
// real traffic through delivery for the figures that must agree across every page.

const W = 160;
const H = 600;
const NOW = new Date('2025-03-12T10:30:00Z');
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe('overview dashboards', () => {
  let t: TestApp;
  let staff: Caller;
  let adv: Caller;
  let pub: Caller;
  let wf: ReturnType<typeof workflow>;
  let ids: { active: number; idle: number; rejected: number; draft: number; slot: number; manualSlot: number; advertiser: number; publisher: number };

  const hourly = async (placementId: number, hour: string, impressions: number, clicks: number) =>
    t.database.db.execute(sql`insert into placement_hourly (placement_id, hour, region, device, impressions, clicks, spend_milli)
      values (${placementId}, ${new Date(hour)}, 'US', 'mobile', ${impressions}, ${clicks}, ${impressions * 300})`);
  const requests = async (slotId: number, hour: string, n: number, filled: number) =>
    t.database.db.execute(sql`insert into slot_hourly (slot_id, hour, region, device, requests, filled, invalid_requests)
      values (${slotId}, ${new Date(hour)}, 'US', 'mobile', ${n}, ${filled}, 0)`);

  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.now = NOW;
    staff = t.as('staff');
    const a = await addTestAccount(t, 'advertiser', 'Dashboard Roasters');
    const p = await addTestAccount(t, 'publisher', 'Dashboard Media');
    adv = t.as(a.user);
    pub = t.as(p.user);
    wf = workflow(t, staff, { width: W, height: H });
    const slot = await wf.liveSlot(pub, { placementPolicy: 'auto', name: 'Sidebar' });
    const manualSlot = await wf.liveSlot(pub, { placementPolicy: 'manual', name: 'Footer' });
    const image = await wf.upload(adv);
    const active = await wf.approvedCampaign(adv, [image.id], [slot.id, manualSlot.id], { name: 'Spring Beans' });
    // Its bid is under every floor (100): active, never delivering.
    const idle = await wf.approvedCampaign(adv, [image.id], [slot.id], { name: 'Cheap Beans', maxBidMinor: 50 });
    const toReject = await adv.ok(saveCampaignDraft, { name: 'Loud Beans', objective: 'traffic', dailyBudgetMinor: 5_000, totalBudgetMinor: 9_000, startAt: NOW.toISOString(), bidStrategy: 'cpm', maxBidMinor: 200, adGroups: [{ name: 'G', ads: [{ format: 'image', imageId: image.id, headline: 'Loud', description: 'x', landingUrl: 'https://www.example.com/' }] }] });
    const sent = await adv.ok(submitCampaign, { id: toReject.id, version: toReject.version });
    await staff.ok(reviewCampaign, { id: sent.id, version: sent.version, decision: 'reject', reason: 'The landing page does not load.' });
    const draft = await adv.ok(saveCampaignDraft, { name: 'Winter Beans' });
    await t.services.placements.drain();
    const placementOf = async (slotId: number) =>
      rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from placements where campaign_id = ${active.id} and slot_id = ${slotId}`))[0]!.id;
    const placement = await placementOf(slot.id);
    ids = { active: active.id, idle: idle.id, rejected: toReject.id, draft: draft.id, slot: slot.id, manualSlot: manualSlot.id, advertiser: a.accountId, publisher: p.accountId };

    // Today (until 10:30), yesterday (08:00 is before 10:30, 20:00 after), the day before, and two
    // older days: 2025-03-06 is in the last 7 days (03-05 to 03-11), 02-28 in the 7 before.
    await hourly(placement, '2025-03-12T09:00:00Z', 1000, 10);
    await hourly(placement, '2025-03-11T08:00:00Z', 600, 6);
    await hourly(placement, '2025-03-11T20:00:00Z', 400, 4);
    await hourly(placement, '2025-03-10T12:00:00Z', 500, 5);
    await hourly(placement, '2025-03-06T12:00:00Z', 2000, 20);
    await hourly(placement, '2025-02-28T12:00:00Z', 700, 7);
    await requests(slot.id, '2025-03-12T09:00:00Z', 4000, 1000);
    await requests(slot.id, '2025-03-11T08:00:00Z', 1000, 600);
    await Promise.all([adv.token(), pub.token(), staff.token()]);
  });
  afterAll(() => t?.close());

  const kpi = (o: AdvertiserOverview | PublisherOverview, key: string) => o.kpis.find((k) => k.key === key)!;

  it("an advertiser's KPIs: today so far against yesterday at the same time, yesterday, the last 7 days, each with the period before", async () => {
    const o = await adv.ok(advertiserOverview, {});
    expect(o.currency).toBe('USD');
    expect(o.started).toBe(true);
    // Spend is 0.3 minor units an impression.
    expect(kpi(o, 'today')).toMatchObject({ from: '2025-03-12T00:00:00.000Z', to: NOW.toISOString(), values: { impressions: 1000, clicks: 10, ctr: 0.01, spend: 300 }, previous: { impressions: 600, spend: 180 } });
    expect(kpi(o, 'yesterday')).toMatchObject({ values: { impressions: 1000, clicks: 10, spend: 300 }, previous: { impressions: 500 } });
    expect(kpi(o, 'last7')).toMatchObject({ days: { from: '2025-03-05', to: '2025-03-11' }, from: '2025-03-05T00:00:00.000Z', to: '2025-03-12T00:00:00.000Z', values: { impressions: 3500 }, previous: { impressions: 700 } });
    // The last 30 days by day, as the report's "Last 30 days": they end yesterday.
    expect(o.trendDays).toEqual({ from: '2025-02-10', to: '2025-03-11' });
    expect(o.trend).toHaveLength(30);
    expect(o.trend[0]!.at).toBe('2025-02-10T00:00:00Z');
    expect(o.trend.at(-1)).toEqual({ at: '2025-03-11T00:00:00Z', values: expect.objectContaining({ impressions: 1000, spend: 300 }) });
    expect(o.trend.reduce((n, b) => n + (b.values.impressions ?? 0), 0)).toBe(4200);
    // Staff-only parts stay out.
    expect(o.topAccounts).toBeNull();
    expect(o.reviewQueues).toBeNull();
  });

  it("days are the reader's: in Shanghai (UTC+8) today began at 16:00 UTC yesterday", async () => {
    const o = await adv.ok(advertiserOverview, { timeZone: 'Asia/Shanghai' });
    expect(kpi(o, 'today')).toMatchObject({ from: '2025-03-11T16:00:00.000Z', values: { impressions: 1400 } });
    expect(o.trend.at(-1)!.at).toBe('2025-03-10T16:00:00Z');
  });

  it('top campaigns, campaigns by status, pacing, and what needs attention with the funnel’s reason', async () => {
    const o = await adv.ok(advertiserOverview, {});
    expect(o.topCampaigns).toEqual([{ id: ids.active, name: 'Spring Beans', status: 'active', values: expect.objectContaining({ impressions: 4200, spend: 1260 }) }]);
    expect(Object.fromEntries(o.statusCounts.map((s) => [s.status, s.count]))).toEqual({ draft: 1, pending_review: 0, rejected: 1, scheduled: 0, active: 2, paused: 0, ended: 0 });
    // 10.5 of 24 hours gone: 4,375 of the 10,000 daily budget expected, 300 spent.
    expect(o.pacing.counts).toEqual({ onTrack: 0, under: 2, over: 0 });
    expect(o.pacing.campaigns.find((c) => c.id === ids.active)).toEqual({ id: ids.active, name: 'Spring Beans', dailyBudget: 10_000, spentToday: 300, expectedByNow: 4375, state: 'under' });
    expect(o.attention).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'rejected', campaignId: ids.rejected, name: 'Loud Beans', reason: 'The landing page does not load.' }),
        expect.objectContaining({ kind: 'draft', campaignId: ids.draft, name: 'Winter Beans' }),
        expect.objectContaining({ kind: 'idle', campaignId: ids.idle, name: 'Cheap Beans', reason: 'floor' }),
      ]),
    );
    // Delivering in the last 24 hours: not idle.
    expect(o.attention!.some((a) => a.campaignId === ids.active)).toBe(false);
  });

  it("a publisher's KPIs, top slots, slot statuses and the placements waiting for its review", async () => {
    const o = await pub.ok(publisherOverview, {});
    expect(kpi(o, 'today').values).toEqual({ requests: 4000, impressions: 1000, fillRate: 0.25, clicks: 10, ctr: 0.01, revenue: 210, ecpm: 210 });
    expect(kpi(o, 'today').previous).toMatchObject({ requests: 1000, impressions: 600 });
    // Fill rate is impressions ÷ ad requests (1,000 of 4,000), not the requests the server answered with an ad.
    expect(kpi(o, 'today').values.fillRate).toBe(1000 / 4000);
    expect(o.topSlots).toEqual([{ id: ids.slot, name: 'Sidebar', status: 'live', values: expect.objectContaining({ impressions: 4200, requests: 1000 }) }]);
    expect(Object.fromEntries(o.statusCounts.map((s) => [s.status, s.count]))).toMatchObject({ live: 2, draft: 0 });
    // The manual slot waits for the publisher's decision on Spring Beans' ad.
    expect(o.pendingPlacements.count).toBe(1);
    expect(o.pendingPlacements.items).toEqual([expect.objectContaining({ campaign: 'Spring Beans', advertiser: 'Dashboard Roasters', slot: 'Footer' })]);
  });

  it('staff see every account: top accounts and the review queues', async () => {
    const o = await staff.ok(platformAdvertiserOverview, {});
    expect(o.attention).toBeNull();
    expect(o.topAccounts).toEqual(expect.arrayContaining([expect.objectContaining({ id: ids.advertiser, name: 'Dashboard Roasters' })]));
    expect(kpi(o, 'today').values.impressions).toBeGreaterThanOrEqual(1000);
    const queued = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from campaigns where status = 'pending_review'`))[0]!.n;
    expect(o.reviewQueues).toEqual([
      { key: 'campaigns', count: queued, route: 'advertiserCampaign' },
      expect.objectContaining({ key: 'adSlots', route: 'adSlotManagement/review' }),
      expect.objectContaining({ key: 'placements', route: null }),
    ]);
    const p = await staff.ok(platformPublisherOverview, {});
    expect(p.topAccounts).toEqual(expect.arrayContaining([expect.objectContaining({ id: ids.publisher, name: 'Dashboard Media' })]));
    expect(p.pendingPlacements.count).toBeGreaterThanOrEqual(1);
  });

  it('each account only its own dashboard; staff only the platform one', async () => {
    expect((await pub.call(advertiserOverview, {})).status).toBe(403);
    expect((await adv.call(publisherOverview, {})).status).toBe(403);
    expect((await adv.call(platformAdvertiserOverview, {})).status).toBe(403);
    expect((await pub.call(platformPublisherOverview, {})).status).toBe(403);
    expect((await staff.call(advertiserOverview, {})).status).toBe(403);
    // The demo advertiser sees none of this file's figures.
    const demo = await t.as('advertiser').ok(advertiserOverview, {});
    expect(demo.trend.reduce((n, b) => n + (b.values.impressions ?? 0), 0)).toBe(0);
    expect(demo.topCampaigns.some((c) => c.id === ids.active)).toBe(false);
  });

  it('an account with nothing yet: not started, zeros and empty lists', async () => {
    const fresh = t.as((await addTestAccount(t, 'advertiser', 'Fresh Roasters')).user);
    const o = await fresh.ok(advertiserOverview, {});
    expect(o.started).toBe(false);
    expect(kpi(o, 'today').values).toMatchObject({ impressions: 0, spend: 0, ctr: null });
    expect(o.topCampaigns).toEqual([]);
    expect(o.pacing).toEqual({ counts: { onTrack: 0, under: 0, over: 0 }, campaigns: [] });
    expect(o.attention).toEqual([]);
    const freshPub = t.as((await addTestAccount(t, 'publisher', 'Fresh Media')).user);
    expect((await freshPub.ok(publisherOverview, {})).started).toBe(false);
  });

  it("figures agree everywhere: real traffic's impressions on the campaign list, both reports and both dashboards", async () => {
    const a = await addTestAccount(t, 'advertiser', 'Agreeing Roasters');
    const p = await addTestAccount(t, 'publisher', 'Agreeing Media');
    const advB = t.as(a.user);
    const pubB = t.as(p.user);
    const slot = await wf.liveSlot(pubB, { placementPolicy: 'auto', name: 'Agreeing slot' });
    const campaign = await wf.approvedCampaign(advB, [(await wf.upload(advB)).id], [slot.id], { name: 'Agreeing campaign' });
    await t.services.placements.drain();
    await t.services.delivery.reload();
    let shown = 0;
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${AD_REQUEST_PATH}?slot=${slot.tagKey}&w=${W}&h=${H}&f=banner&v=visitor${i}`,
        headers: { origin: 'https://www.news.fabrikam.example', 'user-agent': BROWSER },
      });
      const ad = (res.json() as AdAnswer).ad;
      // Two of them never load the creative: requests and fill differ from impressions.
      if (ad && i % 6 !== 0) {
        expect((await t.app.inject({ method: 'GET', url: ad.impressionUrl, headers: { 'user-agent': BROWSER } })).statusCode).toBe(200);
        shown += 1;
      }
    }
    await t.services.delivery.flush();
    expect(shown).toBeGreaterThan(0);

    const day = '2025-03-12';
    const listed = (await advB.ok(campaignList, { page: 1, pageSize: 10 })).items.find((c) => c.id === campaign.id)!;
    const advReport = await advB.ok(advertiserReport, { from: day, to: day });
    const pubReport = await pubB.ok(publisherReport, { from: day, to: day });
    const advDash = await advB.ok(advertiserOverview, {});
    const pubDash = await pubB.ok(publisherOverview, {});
    const staffReport = await staff.ok(advertiserReport, { from: day, to: day, accountId: a.accountId });
    expect([listed.impressions, advReport.totals.impressions, pubReport.totals.impressions, kpi(advDash, 'today').values.impressions, kpi(pubDash, 'today').values.impressions, staffReport.totals.impressions]).toEqual(
      Array(6).fill(shown),
    );
    expect(kpi(advDash, 'today').values.spend).toBe(advReport.totals.spend);
    expect(kpi(pubDash, 'today').values.requests).toBe(12);
    expect(pubReport.totals.requests).toBe(12);
  });
});
