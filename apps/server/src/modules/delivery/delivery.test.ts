import { AD_REQUEST_PATH, campaignDelivery, CLICK_ID_PARAM, CLICK_PATH, decidePlacements, deleteImages, type DeliveryFunnel, disapproveSlots, IMPRESSION_PATH, notificationsList, pauseCampaign, placementList, type AdAnswer } from '@ads/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../db/client';
import { runSource } from '../../test/run-process';
import { rowsOf } from '../../kit/sql';
import { secondDeliveryProcess } from '../../test/delivery-process';
import { buildTestApp, testConfig, type TestApp } from '../../test/test-app';
import { createServices } from '../../app';
import { reconcile } from './ledger.repository';
import type { Caller } from '../../test/typed-client';
import { workflow } from '../../test/workflow';
import { ensurePartitions } from './delivery.repository';

// Sizes no demo slot has, so the demo's campaigns never compete on these slots.
const W = 468;
const H = 60;
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

// Each test here takes a second or a few alone (the burst of two processes below, 5,000 decisions:
// 3 s); beside the end-to-end suite on a busy two-core machine, five to ten times that (the burst:
// 33 s, past the suite's 30 s). The limit holds there.
describe('delivery', { timeout: 120_000 }, () => {
  let t: TestApp;
  let pub: Caller;
  let adv: Caller;
  let staff: Caller;
  let wf: ReturnType<typeof workflow>;

  const reload = async () => {
    await t.services.placements.drain();
    await t.services.delivery.reload();
  };
  const flush = () => t.services.delivery.flush();

  /** The tag's request, as a browser on the publisher's site makes it. */
  const request = async (slot: { tagKey: string; width: number; height: number }, q: { r?: string; d?: string; v?: string; ua?: string } = {}) => {
    const extra = ['r', 'd', 'v'].flatMap((k) => (q[k as 'r'] ? [`&${k}=${q[k as 'r']}`] : [])).join('');
    const res = await t.app.inject({
      method: 'GET',
      url: `${AD_REQUEST_PATH}?slot=${slot.tagKey}&w=${slot.width}&h=${slot.height}&f=banner${extra}`,
      headers: { origin: 'https://www.news.fabrikam.example', 'user-agent': q.ua ?? BROWSER },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as AdAnswer).ad;
  };
  const hit = (url: string, ua = BROWSER) => t.app.inject({ method: 'GET', url, headers: { 'user-agent': ua } });

  /** A live auto-approving slot and an approved campaign showing one ad on it (settings in `doc`). */
  const served = async (doc: Parameters<typeof wf.approvedCampaign>[3] = {}, slotOverrides = {}) => {
    const slot = await wf.liveSlot(pub, { placementPolicy: 'auto', ...slotOverrides });
    const image = await wf.upload(adv);
    const campaign = await wf.approvedCampaign(adv, [image.id], [slot.id], doc);
    await reload();
    return { slot, campaign, image };
  };

  const figures = async (campaignId: number) =>
    rowsOf<{ spentMilli: string; impressions: string; clicks: string; spentMinor: string; status: string }>(
      await t.database.db.execute(sql`select spent_milli as "spentMilli", spent_minor as "spentMinor", impressions, clicks, status from campaigns where id = ${campaignId}`),
    ).map((r) => ({ spentMilli: Number(r.spentMilli), spentMinor: Number(r.spentMinor), impressions: Number(r.impressions), clicks: Number(r.clicks), status: r.status }))[0]!;

  const slotHours = async (slotId: number) =>
    rowsOf<{ requests: string; filled: string; invalid: string }>(
      await t.database.db.execute(sql`select coalesce(sum(requests), 0) as requests, coalesce(sum(filled), 0) as filled, coalesce(sum(invalid_requests), 0) as invalid from slot_hourly where slot_id = ${slotId}`),
    ).map((r) => ({ requests: Number(r.requests), filled: Number(r.filled), invalid: Number(r.invalid) }))[0]!;

  const placementHours = async (slotId: number) =>
    rowsOf<Record<string, string>>(
      await t.database.db.execute(sql`
        select coalesce(sum(h.impressions), 0) as impressions, coalesce(sum(h.clicks), 0) as clicks,
          coalesce(sum(h.invalid_impressions), 0) as "invalidImpressions", coalesce(sum(h.invalid_clicks), 0) as "invalidClicks",
          coalesce(sum(h.spend_milli), 0) as "spendMilli"
        from placement_hourly h join placements p on p.id = h.placement_id where p.slot_id = ${slotId}`),
    ).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])))[0]!;

  beforeAll(async () => {
    t = await buildTestApp();
    // Mid-day, so pacing lets half the daily budget out (tests that need the whole day move on).
    t.clock.now = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
    pub = t.as('publisher');
    adv = t.as('advertiser');
    staff = t.as('staff');
    wf = workflow(t, staff, { width: W, height: H });
    await Promise.all([pub.token(), adv.token(), staff.token()]);
  });
  afterAll(() => t?.close());

  it('serves the eligible ad with its creative and signed links, counts every request, and charges each impression once', async () => {
    const { slot, campaign, image } = await served();
    expect(campaign.status).toBe('active');
    const ad = await request(slot);
    expect(ad).toMatchObject({ kind: 'image', width: W, height: H, headline: 'Ad 1', description: 'Fresh.', poster: null });
    expect(ad!.src).toContain(`id=${image.id}`);
    expect(ad!.impressionUrl.startsWith(`${IMPRESSION_PATH}?t=`)).toBe(true);
    expect(ad!.clickUrl.startsWith(`${CLICK_PATH}?t=`)).toBe(true);
    // The creative may be shown on the publisher's page.
    const file = await hit(ad!.src);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const pixel = await hit(ad!.impressionUrl);
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    expect(pixel.headers['access-control-allow-origin']).toBe('*');
    // Data, not a document: an API's security headers (nothing loads or frames under it, no sniffing).
    expect(pixel.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(pixel.headers['x-content-type-options']).toBe('nosniff');
    // A replay, in the same batch and in a later one: neither counted nor charged.
    await hit(ad!.impressionUrl);
    await flush();
    await hit(ad!.impressionUrl);
    await flush();

    // The CPM bid is 300 minor units per thousand: one impression costs 300 milli (0.3 of a cent).
    expect(await figures(campaign.id)).toMatchObject({ impressions: 1, clicks: 0, spentMilli: 300, spentMinor: 0 });
    expect(await placementHours(slot.id)).toMatchObject({ impressions: 1, spendMilli: 300 });
    expect(await slotHours(slot.id)).toEqual({ requests: 1, filled: 1, invalid: 0 });
  });

  it('answers "no ad" (still counted) when nothing is eligible, and 404 for an unknown slot', async () => {
    const slot = await wf.liveSlot(pub);
    await reload();
    expect(await request(slot)).toBeNull();
    await flush();
    expect(await slotHours(slot.id)).toEqual({ requests: 1, filled: 0, invalid: 0 });
    const unknown = await t.app.inject({ method: 'GET', url: `${AD_REQUEST_PATH}?slot=nope-nope&w=${W}&h=${H}&f=banner` });
    expect(unknown.statusCode).toBe(404);
  });

  it("serves no ad of a suspended or closed advertiser, and none on a suspended or closed publisher's slot", async () => {
    const { slot, campaign } = await served();
    expect(await request(slot)).not.toBeNull();
    const setStatus = async (accountId: number, status: string) => {
      await t.database.db.execute(sql`update accounts set status = ${status} where id = ${accountId}`);
      await reload();
    };
    const [advertiserId, publisherId] = [campaign.accountId, slot.accountId];
    try {
      for (const status of ['suspended', 'closed']) {
        await setStatus(advertiserId, status);
        expect(await request(slot)).toBeNull();
        await setStatus(advertiserId, 'active');
        await setStatus(publisherId, status);
        expect(await request(slot)).toBeNull();
        await setStatus(publisherId, 'active');
        expect(await request(slot)).not.toBeNull();
      }
    } finally {
      await setStatus(advertiserId, 'active');
      await setStatus(publisherId, 'active');
    }
  });

  it('the highest effective bid wins; a bid under the floor never shows', async () => {
    const slot = await wf.liveSlot(pub, { placementPolicy: 'auto', floorCpmMinor: 250 });
    const [low, high, under] = [await wf.upload(adv), await wf.upload(adv), await wf.upload(adv)];
    await wf.approvedCampaign(adv, [low.id], [slot.id], { maxBidMinor: 300 });
    await wf.approvedCampaign(adv, [high.id], [slot.id], { maxBidMinor: 500 });
    // A CPC bid of 20 at the expected 1 % click rate is worth a CPM of 200: under the floor.
    await wf.approvedCampaign(adv, [under.id], [slot.id], { bidStrategy: 'cpc', maxBidMinor: 20 });
    await reload();
    for (let i = 0; i < 3; i++) expect((await request(slot))!.src).toContain(`id=${high.id}`);
  });

  it('keeps to region and device targeting, dayparting, the schedule and the placement decision', async () => {
    const targeted = await served({ group: { regions: ['DE'], devices: ['mobile'] } });
    expect(await request(targeted.slot, { r: 'US', ua: PHONE })).toBeNull();
    expect(await request(targeted.slot, { r: 'DE' })).toBeNull();
    expect(await request(targeted.slot, { r: 'DE', ua: PHONE })).not.toBeNull();
    expect(await request(targeted.slot, { r: 'DE', d: 'mobile' })).not.toBeNull();
    const edge = await t.app.inject({
      method: 'GET',
      url: `${AD_REQUEST_PATH}?slot=${targeted.slot.tagKey}&w=${W}&h=${H}&f=banner`,
      headers: { 'user-agent': PHONE, 'cf-ipcountry': 'de' },
    });
    expect(edge.json().ad).not.toBeNull();

    // Serving only on Sunday mornings (UTC): not now, a weekday noon… unless today is Sunday.
    const today = t.clock.now.getUTCDay();
    const other = (today + 3) % 7;
    const parted = await served({ dayparting: [{ day: other, fromHour: 0, toHour: 24 }] });
    expect(await request(parted.slot)).toBeNull();

    const later = await served({ startAt: new Date(t.clock.now.getTime() + 86_400_000).toISOString() });
    expect(later.campaign.status).toBe('scheduled');
    expect(await request(later.slot)).toBeNull();

    const paused = await served();
    expect(await request(paused.slot)).not.toBeNull();
    await adv.ok(pauseCampaign, { id: paused.campaign.id, version: paused.campaign.version });
    await reload();
    expect(await request(paused.slot)).toBeNull();

    // A manual slot: pending serves nothing; approved serves.
    const manual = await served({}, { placementPolicy: 'manual' });
    expect(await request(manual.slot)).toBeNull();
    const [placement] = (await pub.ok(placementList, { slot: manual.slot.id, pageSize: 10 })).items;
    await pub.ok(decidePlacements, { decision: 'approve', items: [{ id: placement!.id, version: placement!.version }] });
    await reload();
    expect(await request(manual.slot)).not.toBeNull();

    // The advertiser disapproves the slot: off at once (the trigger's reload; here, the test's).
    await adv.ok(disapproveSlots, { slotIds: [manual.slot.id], reason: 'Not for us.' });
    await reload();
    expect(await request(manual.slot)).toBeNull();
  });

  it('stops at the frequency cap for one visitor, not for another', async () => {
    const { slot } = await served({ frequencyCap: { impressions: 2, period: 'day' } });
    const v = 'visitor-aaaaaaaa';
    expect(await request(slot, { v })).not.toBeNull();
    expect(await request(slot, { v })).not.toBeNull();
    expect(await request(slot, { v })).toBeNull();
    expect(await request(slot, { v: 'visitor-bbbbbbbb' })).not.toBeNull();
  });

  it('refuses tampered links, does not count expired ones, and leads a click only to the ad’s landing page', async () => {
    const { slot, campaign } = await served({ bidStrategy: 'cpc', maxBidMinor: 50_0 });
    const ad = (await request(slot))!;
    const token = new URL(ad.impressionUrl, 'http://x').searchParams.get('t')!;
    const flipped = token.slice(0, 10) + (token[10] === 'A' ? 'B' : 'A') + token.slice(11);
    expect((await hit(`${IMPRESSION_PATH}?t=${flipped}`)).statusCode).toBe(404);
    // An impression token is no click token.
    expect((await hit(`${CLICK_PATH}?t=${token}`)).statusCode).toBe(404);
    expect((await hit(`${IMPRESSION_PATH}?t=${'x'.repeat(500)}`)).statusCode).toBe(400);

    // A click before its impression: it leads to the page but is not charged.
    const early = (await request(slot))!;
    const redirect = await hit(early.clickUrl);
    expect(redirect.statusCode).toBe(302);
    // The landing page is not told which link (and token) led there.
    expect(redirect.headers['referrer-policy']).toBe('no-referrer');
    // The ad's own page, with the click's signed id for its conversions (modules/conversions).
    const landing = new URL(String(redirect.headers.location));
    expect(`${landing.origin}${landing.pathname}`).toBe('https://www.example.com/offer');
    expect([...landing.searchParams.keys()]).toEqual([CLICK_ID_PARAM]);
    await flush();
    expect(await figures(campaign.id)).toMatchObject({ clicks: 0, spentMilli: 0 });
    expect(await placementHours(slot.id)).toMatchObject({ invalidClicks: 1 });

    // Impression then click (twice): one click charged at the CPC bid.
    await hit(ad.impressionUrl);
    await hit(ad.clickUrl);
    await hit(ad.clickUrl);
    await flush();
    expect(await figures(campaign.id)).toMatchObject({ impressions: 1, clicks: 1, spentMilli: 500_000, spentMinor: 500 });

    // Past the impression link's hour: answered, not counted.
    const late = (await request(slot))!;
    t.clock.advance(61 * 60_000);
    expect((await hit(late.impressionUrl)).statusCode).toBe(200);
    await flush();
    expect((await figures(campaign.id)).impressions).toBe(1);
    t.clock.advance(-61 * 60_000);
  });

  it('counts bots apart and never charges them', async () => {
    const { slot, campaign } = await served();
    const ad = (await request(slot, { ua: BOT }))!;
    expect(ad).not.toBeNull();
    await hit(ad.impressionUrl, BOT);
    await hit(ad.clickUrl, BOT);
    await flush();
    expect(await figures(campaign.id)).toMatchObject({ impressions: 0, clicks: 0, spentMilli: 0 });
    expect(await placementHours(slot.id)).toMatchObject({ impressions: 0, invalidImpressions: 1, invalidClicks: 1 });
    expect(await slotHours(slot.id)).toEqual({ requests: 0, filled: 0, invalid: 1 });
  });

  it('ends a campaign whose total budget is spent, telling its owners at 80 % and at the end', async () => {
    // 1,000 minor units in all at 10,000 per thousand impressions: 100 impressions spend it.
    // Serving until 13:00 today: at noon pacing lets the whole day's budget out.
    const dayparting = [{ day: t.clock.now.getUTCDay(), fromHour: 0, toHour: 13 }];
    const { slot, campaign } = await served({ dailyBudgetMinor: 1_000, totalBudgetMinor: 1_000, maxBidMinor: 10_000, dayparting });
    let shown = 0;
    for (let i = 0; i < 120; i++) {
      const ad = await request(slot);
      if (!ad) {
        await t.services.delivery.pacingIdle();
        continue;
      }
      shown++;
      await hit(ad.impressionUrl);
    }
    await flush();
    expect(shown).toBe(100);
    expect(await figures(campaign.id)).toMatchObject({ impressions: 100, spentMinor: 1_000, status: 'ended' });
    const inbox = await adv.ok(notificationsList, { pageSize: 200 });
    if (inbox.unchanged) throw new Error('unexpected unchanged answer');
    const about = inbox.infos.filter((i) => i.params?.campaignId === campaign.id).map((i) => i.messageKey);
    expect(about).toEqual(expect.arrayContaining(['campaign.budgetAlert', 'campaign.ended']));
  });

  it('two processes share a daily budget: a burst of ten times its worth spends at most its paced share', async () => {
    // 1,000 minor units a day at a CPM of 1,000: 1,000 impressions' worth, of which at noon pacing
    // lets out 13/24 (the hours gone and one ahead); the burst asks 5,000 times.
    const { slot, campaign } = await served({ dailyBudgetMinor: 1_000, totalBudgetMinor: 100_000, maxBidMinor: 1_000 });
    const paced = Math.floor((1_000_000 * 13) / 24);
    const second = secondDeliveryProcess(t);
    await second.reload();
    await t.services.delivery.settle(true);
    const url = `${AD_REQUEST_PATH}?slot=${slot.tagKey}&w=${W}&h=${H}&f=banner`;
    let shown = 0;
    for (let round = 0; round < 100; round++) {
      // Requests arrive over time (as from the network): the budget's trips to the database come back
      // meanwhile. Waiting for them, not for a moment, keeps "nearly all of it used" below true however
      // slow the database answers on a busy machine.
      await Promise.all([t.services.delivery.pacingIdle(), second.pacingIdle()]);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          i % 2
            ? second.adRequest({ slot: slot.tagKey, w: W, h: H, f: 'banner', host: null, region: '', userAgent: BROWSER })
            : t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER } }).then((r) => r.json() as AdAnswer),
        ),
      );
      for (const [i, a] of answers.entries()) {
        if (!a?.ad) continue;
        shown++;
        // Each impression goes to the process that did not decide it.
        if (i % 2) await hit(a.ad.impressionUrl);
        else await second.impression(new URL(a.ad.impressionUrl, 'http://x').searchParams.get('t')!, { userAgent: BROWSER, address: '192.0.2.1' });
      }
    }
    await Promise.all([t.services.delivery.flush(), second.flush()]);
    await Promise.all([t.services.delivery.settle(false), second.stop()]);
    const f = await figures(campaign.id);
    expect(f.impressions).toBe(shown);
    // The reports' coarse rollups, kept by triggers under both processes' concurrent batches, agree.
    const coarse = rowsOf<{ campaign: string; slot: string }>(
      await t.database.db.execute(sql`
        select (select coalesce(sum(impressions), 0) from campaign_hourly where campaign_id = ${campaign.id}) as campaign,
          (select coalesce(sum(impressions), 0) from slot_served_hourly where slot_id = ${slot.id}) as slot`),
    )[0]!;
    expect([Number(coarse.campaign), Number(coarse.slot)]).toEqual([shown, shown]);
    expect(f.spentMilli).toBeLessThanOrEqual(paced);
    // What pacing hands out is used, nearly all of it.
    expect(f.spentMilli).toBeGreaterThan(paced * 0.8);
    const pacing = rowsOf<{ held: string }>(await t.database.db.execute(sql`select held_milli as held from campaign_pacing where campaign_id = ${campaign.id}`))[0]!;
    expect(Number(pacing.held)).toBe(0);
  });

  it('rolls every batch up to exactly its events', async () => {
    const { slot } = await served();
    // Requests have no rows of their own (the log's mark counts them once): 24 from browsers, 6 from bots.
    for (let i = 0; i < 30; i++) {
      const ad = await request(slot, { ua: i % 5 ? BROWSER : BOT });
      if (ad && i % 3) await hit(ad.impressionUrl, i % 5 ? BROWSER : BOT);
      if (ad && i % 4 === 0) await hit(ad.clickUrl);
      if (i % 10 === 0) await flush();
    }
    await flush();
    const raw = rowsOf<Record<string, string>>(
      await t.database.db.execute(sql`
        select count(*) filter (where kind = 2 and valid) as impressions, count(*) filter (where kind = 3 and valid) as clicks,
          count(*) filter (where kind = 2 and not valid) as "invalidImpressions", count(*) filter (where kind = 3 and not valid) as "invalidClicks",
          coalesce(sum(cost_milli), 0) as "spendMilli"
        from delivery_events where slot_id = ${slot.id} and kind in (2, 3)`),
    ).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])))[0]!;
    expect(await placementHours(slot.id)).toEqual(raw);
    expect(raw.impressions).toBeGreaterThan(0);
    // And the reports' coarse rollups of the slot: served from placement_hourly, requests from slot_hourly.
    const coarse = rowsOf<Record<string, string>>(
      await t.database.db.execute(sql`
        select (select sum(impressions) from slot_served_hourly where slot_id = ${slot.id}) as impressions,
          (select sum(spend_milli) from slot_served_hourly where slot_id = ${slot.id}) as "spendMilli",
          (select sum(requests) from slot_requests_hourly where slot_id = ${slot.id}) as requests,
          (select sum(invalid_requests) from slot_hourly where slot_id = ${slot.id}) as "invalidRequests"`),
    )[0]!;
    expect(Number(coarse.impressions)).toBe(raw.impressions);
    expect(Number(coarse.spendMilli)).toBe(raw.spendMilli);
    expect([Number(coarse.requests), Number(coarse.invalidRequests)]).toEqual([24, 6]);
  });

  it('counts a request once when its log is replayed after the batch was written (a crash before the segment was deleted)', async () => {
    const { slot } = await served();
    const requests = async () =>
      Number(rowsOf<{ n: string }>(await t.database.db.execute(sql`select coalesce(sum(requests + invalid_requests), 0) as n from slot_hourly where slot_id = ${slot.id}`))[0]!.n);
    for (let i = 0; i < 6; i++) await request(slot, { ua: i % 3 ? BROWSER : BOT });
    // What a kill -9 right after the batch's commit leaves: its segment, not deleted yet, and the log's name.
    const events = path.join(t.dataDir, 'events');
    const left = fs.readdirSync(events).filter((f) => f.endsWith('.events') || f === 'log-id');
    expect(left).toContain('log-id');
    const copies = left.map((f) => [f, fs.readFileSync(path.join(events, f))] as const);
    await flush();
    expect(await requests()).toBe(6);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-replay-'));
    fs.mkdirSync(path.join(dataDir, 'events'));
    for (const [f, bytes] of copies) fs.writeFileSync(path.join(dataDir, 'events', f), bytes);
    const { delivery } = createServices({ config: testConfig({ DATA_DIR: dataDir }), database: t.database, now: () => t.clock.now });
    try {
      await delivery.flush(); // the replay
      expect(fs.readdirSync(path.join(dataDir, 'events')).filter((f) => f.endsWith('.events'))).toEqual([]);
      expect(await requests()).toBe(6);
    } finally {
      await delivery.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // The first log goes on from its mark.
    await request(slot);
    await flush();
    expect(await requests()).toBe(7);
  });

  it('drops whole days of raw events past their retention, keeping the recent ones and the rollups', async () => {
    const { slot } = await served();
    const ad = (await request(slot))!;
    await hit(ad.impressionUrl);
    await flush();
    await ensurePartitions(t.database.db, ['2020-01-01', '2020-01-02']);
    const partitions = async () =>
      rowsOf<{ name: string }>(
        await t.database.db.execute(sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = 'delivery_events'`),
      ).map((r) => r.name);
    expect(await partitions()).toEqual(expect.arrayContaining(['delivery_events_p20200101', 'delivery_events_p20200102']));
    const before = await placementHours(slot.id);
    expect((await t.services.delivery.dropExpiredEvents()).dropped).toBeGreaterThanOrEqual(2);
    const left = await partitions();
    expect(left).not.toContain('delivery_events_p20200101');
    expect(left).toContain(`delivery_events_p${t.clock.now.toISOString().slice(0, 10).replaceAll('-', '')}`);
    expect(await placementHours(slot.id)).toEqual(before);
  });

  /**
   * A process answering impressions and clicks as fast as it can is killed (-9) mid-burst; a new
   * one on the same data directory (or stream) replays what was answered and not yet written. Every
   * answered event is then counted exactly once, and the books balance.
   */
  const crashTest = async (events: { url: string; stream: string } | null) => {
    const { slot, campaign } = await served({ dailyBudgetMinor: 1_000_000, totalBudgetMinor: 1_000_000 });
    const [placement] = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from placements where slot_id = ${slot.id} and status = 'approved'`));
    const secret = 'crash-test-secret-'.padEnd(40, 'x');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-crash-'));
    const env: Record<string, string> = {
      SECRET: secret,
      PLACEMENT: String(placement!.id),
      SLOT: String(slot.id),
      CAMPAIGN: String(campaign.id),
      DATA_DIR: path.join(dir, 'node'),
      ...(events ? { EVENTS_URL: events.url, EVENTS_STREAM: events.stream } : {}),
    };
    // PostgreSQL: the child writes to this test's database. PGlite: to a data directory on disk made from it.
    const pgTemplate = inject('pgTemplate');
    if (pgTemplate) {
      const url = new URL(pgTemplate.url);
      url.pathname = `/${rowsOf<{ name: string }>(await t.database.db.execute(sql`select current_database() as name`))[0]!.name}`;
      env.DATABASE_URL = url.toString();
    } else {
      const dump = path.join(dir, 'dump.tar');
      fs.writeFileSync(dump, Buffer.from(await (await t.database.pglite!.dumpDataDir('none')).arrayBuffer()));
      Object.assign(env, { PGLITE_DIR: path.join(dir, 'data'), PGLITE_LOAD: dump });
    }
    const child = runSource(['src/test/delivery-crash-child.ts'], env);
    // Also when the test times out: a pending wait never reaches a `finally`, and the child would run on.
    onTestFinished(() => void child.child.kill('SIGKILL'));
    // Mid-burst: waves have been written, the next ones are being answered.
    await child.waitFor(/wave 6\n/);
    child.child.kill('SIGKILL');
    await child.exited;
    const answered = [...child.output().stdout.matchAll(/^a ([0-9a-f]{32}) ([23])$/gm)].map((m) => `${m[1]}:${m[2]}`);
    expect(answered.length).toBeGreaterThan(1_000);

    const database = pgTemplate ? t.database : await openDatabase({ dataDir: env.PGLITE_DIR });
    const config = testConfig({ DATA_DIR: env.DATA_DIR!, FILE_LINK_SECRET: secret, ...(events ? { EVENTS_URL: events.url, EVENTS_STREAM: events.stream } : {}) });
    const { delivery } = createServices({ config, database, now: () => new Date() });
    try {
      // The new process writes what the dead one answered and left in its log.
      await delivery.flush();
      const written = rowsOf<{ key: string; n: number }>(
        await database.db.execute(sql`
          select replace(decision_id::text, '-', '') || ':' || kind as key, count(*)::int as n from delivery_events
          where placement_id = ${placement!.id} and kind in (2, 3) and valid group by 1`),
      );
      const counted = new Map(written.map((r) => [r.key, r.n]));
      const missing = answered.filter((key) => counted.get(key) !== 1);
      expect(missing, `${missing.length} of ${answered.length} answered events are not counted once`).toEqual([]);
      const f = rowsOf<{ impressions: number; spent: number }>(
        await database.db.execute(sql`select impressions::int, spent_milli::int as spent from campaigns where id = ${campaign.id}`),
      )[0]!;
      const impressions = written.filter((r) => r.key.endsWith(':2')).length;
      expect(f).toEqual({ impressions, spent: impressions * 100 });
      expect(await reconcile(database.db)).toEqual([]);
    } finally {
      await delivery.stop();
      if (database !== t.database) await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
      if (events) {
        const nc = await connect({ servers: events.url });
        await (await jetstreamManager(nc)).streams.delete(events.stream).catch(() => {});
        await nc.close();
      }
    }
  };

  it('counts every answered event exactly once when a process is killed (-9) mid-burst (the local event log)', () => crashTest(null), 120_000);

  it.runIf(process.env.TEST_EVENTS_URL)('counts every answered event exactly once when a process is killed (-9) mid-burst (JetStream)', () =>
    crashTest({ url: process.env.TEST_EVENTS_URL!, stream: `CRASH_${Date.now().toString(36)}` }), 120_000);

  describe("why isn't it delivering?", () => {
    const funnelOf = (caller: Caller, id: number) => caller.ok(campaignDelivery, { id });
    const counts = (steps: DeliveryFunnel['steps']) => Object.fromEntries(steps.map((s) => [s.key, s.count]));
    const failed = (f: DeliveryFunnel) => f.checks.filter((c) => !c.passed).map((c) => [c.key, c.reason]);

    it('says a healthy campaign serves, and where each ad stops: targeting, fit, floor, disapproval, the publisher', async () => {
      const open = await wf.liveSlot(pub, { placementPolicy: 'auto' });
      const manual = await wf.liveSlot(pub);
      const pricey = await wf.liveSlot(pub, { placementPolicy: 'auto', floorCpmMinor: 900 });
      const shunned = await wf.liveSlot(pub, { placementPolicy: 'auto' });
      const elsewhere = await wf.liveSlot(pub, { placementPolicy: 'auto' });
      const [fits, wrongSize] = [await wf.upload(adv), await wf.upload(adv, 300, 50)];
      const campaign = await wf.approvedCampaign(adv, [fits.id, wrongSize.id], [open.id, manual.id, pricey.id, shunned.id]);
      await adv.ok(disapproveSlots, { slotIds: [shunned.id], reason: 'Not for us.' });
      await reload();
      expect(elsewhere.id).toBeGreaterThan(0);

      const f = await funnelOf(adv, campaign.id);
      expect(f.serving).toBe(true);
      expect(failed(f)).toEqual([]);
      const [good, bad] = f.ads;
      // Four chosen slots; all fit; the 900 floor is over the 300 bid; one is disapproved; one waits.
      expect(counts(good!.steps)).toEqual({ targeted: 4, fit: 4, floor: 3, allowed: 2, approved: 1 });
      expect(good).toMatchObject({ pending: 1, rejected: 0, bidToMeetFloor: 900 });
      expect(counts(bad!.steps)).toEqual({ targeted: 4, fit: 0, floor: 0, allowed: 0, approved: 0 });
      expect(counts(f.steps)).toEqual(counts(good!.steps));
      expect(f.liveSlots).toBeGreaterThanOrEqual(5);

      // The publisher rejects the waiting one: counted as rejected, not waiting.
      const [waiting] = (await pub.ok(placementList, { slot: manual.id, pageSize: 10 })).items;
      await pub.ok(decidePlacements, { decision: 'reject', reason: 'Not on our front page.', items: [{ id: waiting!.id, version: waiting!.version }] });
      expect((await funnelOf(adv, campaign.id)).ads[0]).toMatchObject({ pending: 0, rejected: 1 });
    });

    it("explains a paused campaign, one not started, one outside its hours, one past today's budget or its pace, and one whose budget is spent", async () => {
      const paused = await served();
      await adv.ok(pauseCampaign, { id: paused.campaign.id, version: paused.campaign.version });
      expect(failed(await funnelOf(adv, paused.campaign.id))).toEqual([['status', 'notActive']]);

      const start = new Date(t.clock.now.getTime() + 86_400_000).toISOString();
      const later = await served({ startAt: start });
      const notYet = await funnelOf(adv, later.campaign.id);
      expect(failed(notYet)).toEqual([
        ['status', 'notActive'],
        ['schedule', 'notStarted'],
      ]);
      expect(notYet.checks.find((c) => c.key === 'schedule')!.at).toBe(start);
      expect(notYet.serving).toBe(false);

      const other = (t.clock.now.getUTCDay() + 3) % 7;
      const parted = await served({ dayparting: [{ day: other, fromHour: 0, toHour: 24 }] });
      expect(failed(await funnelOf(adv, parted.campaign.id))).toEqual([['hours', 'outsideHours']]);

      // Today's budget as the pacer hands it out: all of it, or more than its share by noon (13/24).
      const today = t.clock.now.toISOString().slice(0, 10);
      const handedOut = async (id: number, share: number) =>
        t.database.db.execute(sql`insert into campaign_pacing (campaign_id, day, day_reserved_milli) values (${id}, ${today}, ${Math.round(10_000_000 * share)})
          on conflict (campaign_id) do update set day = excluded.day, day_reserved_milli = excluded.day_reserved_milli`);
      const busy = await served();
      await handedOut(busy.campaign.id, 1);
      expect(failed(await funnelOf(adv, busy.campaign.id))).toEqual([['dailyBudget', 'spentToday']]);
      await handedOut(busy.campaign.id, 0.6);
      expect(failed(await funnelOf(adv, busy.campaign.id))).toEqual([['dailyBudget', 'aheadOfPace']]);
      await handedOut(busy.campaign.id, 0.5);
      expect((await funnelOf(adv, busy.campaign.id)).serving).toBe(true);

      const spent = await served();
      await t.services.campaigns.recordFigures([{ campaignId: spent.campaign.id, spentMilli: 50_000_000, impressions: 0, clicks: 0 }]);
      expect(failed(await funnelOf(adv, spent.campaign.id))).toEqual([
        ['status', 'notActive'],
        ['totalBudget', 'spent'],
      ]);
    });

    /** Sets what the pacer handed out today (milli), as the pacer's slices leave it in campaign_pacing. */
    const handOut = (id: number, milli: number) =>
      t.database.db.execute(sql`insert into campaign_pacing (campaign_id, day, day_reserved_milli) values (${id}, ${t.clock.now.toISOString().slice(0, 10)}, ${milli})
        on conflict (campaign_id) do update set day = excluded.day, day_reserved_milli = excluded.day_reserved_milli`);
    const dailyCheck = async (id: number) => (await funnelOf(adv, id)).checks.find((c) => c.key === 'dailyBudget')!.reason;

    it('says pacing holds a campaign back once the paced room left is under one slice, whatever the amounts', async () => {
      // 10,000,000 milli a day; at noon 13/24 of it is paced: 5,416,666. A CPM of 300 reserves 300 a
      // decision; a slice is a fiftieth of the day (200,000), more than twenty decisions' worth.
      const paced = Math.floor((10_000_000 * 13) / 24);
      const cpm = await served();
      await handOut(cpm.campaign.id, paced - 200_000);
      expect(await dailyCheck(cpm.campaign.id)).toBeNull();
      // A process asking for a slice gets less, then nothing until the share grows: held back.
      await handOut(cpm.campaign.id, paced - 199_999);
      expect(await dailyCheck(cpm.campaign.id)).toBe('aheadOfPace');
      await handOut(cpm.campaign.id, paced - 299);
      const held = await funnelOf(adv, cpm.campaign.id);
      expect(failed(held)).toEqual([['dailyBudget', 'aheadOfPace']]);
      expect(held.serving).toBe(false);

      // CPC at 2,000 with the 1 % a new campaign is expected to get: 20,000 a decision, so a slice
      // is twenty of them (400,000), more than a fiftieth of the day.
      const cpc = await served({ bidStrategy: 'cpc', maxBidMinor: 2_000 });
      await handOut(cpc.campaign.id, paced - 400_000);
      expect(await dailyCheck(cpc.campaign.id)).toBeNull();
      await handOut(cpc.campaign.id, paced - 399_999);
      expect(await dailyCheck(cpc.campaign.id)).toBe('aheadOfPace');
    });

    it("says today's budget is spent once what is left cannot cover one more decision, and not ahead of pace when the pace allows the whole day", async () => {
      // Serving until 13:00 today only: at noon the pace already allows the whole daily budget.
      const { campaign } = await served({ dayparting: [{ day: t.clock.now.getUTCDay(), fromHour: 0, toHour: 13 }] });
      await handOut(campaign.id, 10_000_000 - 150_000);
      expect(await dailyCheck(campaign.id)).toBeNull();
      await handOut(campaign.id, 10_000_000 - 300);
      expect(await dailyCheck(campaign.id)).toBeNull();
      await handOut(campaign.id, 10_000_000 - 299);
      const spent = await funnelOf(adv, campaign.id);
      expect(failed(spent)).toEqual([['dailyBudget', 'spentToday']]);
      expect(spent.serving).toBe(false);
    });

    it('names an ad whose image is in the recycle bin, apart from one that does not fit', async () => {
      const slot = await wf.liveSlot(pub, { placementPolicy: 'auto' });
      const [kept, binned, wrongSize] = [await wf.upload(adv), await wf.upload(adv), await wf.upload(adv, 300, 50)];
      const campaign = await wf.approvedCampaign(adv, [kept.id, binned.id, wrongSize.id], [slot.id]);
      await adv.ok(deleteImages, { ids: [binned.id], confirmInUse: true });
      await reload();
      const f = await funnelOf(adv, campaign.id);
      expect(f.ads.map((ad) => [ad.headline, ad.creativeDeleted, counts(ad.steps).fit])).toEqual([
        ['Ad 1', false, 1],
        ['Ad 2', true, 0],
        ['Ad 3', false, 0],
      ]);
      expect(f.serving).toBe(true);
    });

    it('counts the invalid traffic filtered over the last 30 days (bots, a repeated click) beside the valid, never charged', async () => {
      const { slot, campaign } = await served();
      const since = new Date(t.clock.now.getTime() - 30 * 86_400_000);
      since.setUTCMinutes(0, 0, 0);
      expect((await funnelOf(adv, campaign.id)).invalidTraffic).toEqual({ impressions: 0, clicks: 0, validImpressions: 0, validClicks: 0, since: since.toISOString() });

      // A bot's impression and click; a person's impression and click, then the same click again a second later.
      const bot = (await request(slot, { ua: BOT }))!;
      await hit(bot.impressionUrl, BOT);
      await hit(bot.clickUrl, BOT);
      const ad = (await request(slot))!;
      await hit(ad.impressionUrl);
      await hit(ad.clickUrl);
      t.clock.advance(1_000);
      await hit(ad.clickUrl);
      t.clock.advance(-1_000);
      await flush();
      // The window: an hour before it is left out, its first hour counted (rolled up as delivery does).
      const [placement] = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from placements where slot_id = ${slot.id}`));
      await t.database.db.execute(sql`
        insert into placement_hourly (placement_id, hour, impressions, invalid_impressions, invalid_clicks)
        values (${placement!.id}, ${new Date(since.getTime() - 3_600_000)}, 50, 40, 30), (${placement!.id}, ${since}, 5, 4, 3)`);

      const f = await funnelOf(adv, campaign.id);
      expect(f.invalidTraffic).toEqual({ impressions: 1 + 4, clicks: 2 + 3, validImpressions: 1 + 5, validClicks: 1, since: since.toISOString() });
      expect(await figures(campaign.id)).toMatchObject({ impressions: 1, clicks: 1 });
    });

    it("shows staff any campaign's funnel; a publisher may not ask (another advertiser's 404: campaigns.test.ts)", async () => {
      const { campaign } = await served();
      expect((await funnelOf(staff, campaign.id)).campaignId).toBe(campaign.id);
      const res = await pub.call(campaignDelivery, { id: campaign.id });
      expect(res.status).toBe(403);
    });
  });
});
