import {
  AD_REQUEST_PATH,
  CLICK_ID_PARAM,
  CONVERSION_PIXEL_PATH,
  CONVERSION_POSTBACK_PATH,
  CONVERSION_SCRIPT_PATH,
  CONVERSIONS_PER_CLICK_MAX,
  conversionList,
  conversionTag,
  rotateConversionSecret,
  updateConversionTag,
  VIEWER_COOKIE,
  type AdAnswer,
} from '@ads/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../kit/sql';
import { addTestAccount, buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller } from '../../test/typed-client';
import { BROWSER, visitorsOf } from '../../test/visitors';
import { workflow } from '../../test/workflow';
import { loadLinkSecret } from '../../storage/signed-links';
import { createClickIds } from './click-ids';
import { createConversionsService, postbackSignature } from './conversions.service';

// Sizes no demo slot and no other test's slot has, so only this file's campaigns serve on them.
const W = 234;
const H = 60;
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('conversions', () => {
  let t: TestApp;
  let adv: Caller;
  let rival: Caller;
  let wf: ReturnType<typeof workflow>;
  let served: { slot: { id: number; tagKey: string; width: number; height: number }; campaign: { id: number } };
  let orders = 0;

  const { hit, click } = visitorsOf(() => t, () => served.slot, { width: W, height: H });
  const flush = () => t.services.delivery.flush();

  const pixel = (tag: string, clid: string, order: string, value?: number, ua = BROWSER) =>
    hit(`${CONVERSION_PIXEL_PATH}?tag=${tag}&clid=${clid}&order=${encodeURIComponent(order)}${value === undefined ? '' : `&value=${value}`}`, ua);

  const postback = (body: Record<string, unknown>, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: CONVERSION_POSTBACK_PATH, headers: { 'content-type': contentType }, payload: typeof body === 'string' ? body : JSON.stringify(body) });

  const signed = (secret: string, b: { tag: string; clid: string; order: string; value: number; ts?: number }) => {
    const ts = b.ts ?? Math.floor(t.clock.now.getTime() / 1000);
    return { ...b, ts, signature: postbackSignature(secret, { ...b, ts }) };
  };

  const order = () => `ORD-${++orders}`;
  const statusOf = async (caller: Caller, orderId: string) => (await caller.ok(conversionList, { pageSize: 100 })).items.find((c) => c.orderId === orderId);

  const counted = async (campaignId: number) =>
    rowsOf<{ conversions: string; value: string }>(
      await t.database.db.execute(sql`
        select coalesce(sum(conversions), 0) as conversions, coalesce(sum(conversion_value_minor), 0) as value
        from campaign_hourly where campaign_id = ${campaignId}`),
    ).map((r) => ({ conversions: Number(r.conversions), value: Number(r.value) }))[0]!;

  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.now = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
    const staff = t.as('staff');
    adv = t.as('advertiser');
    const other = await addTestAccount(t, 'advertiser', 'Rival Conversions');
    rival = t.as(other.user);
    wf = workflow(t, staff, { width: W, height: H });
    const pub = t.as('publisher');
    const slot = await wf.liveSlot(pub, { placementPolicy: 'auto' });
    const image = await wf.upload(adv);
    const campaign = await wf.approvedCampaign(adv, [image.id], [slot.id], { dailyBudgetMinor: 1_000_000, totalBudgetMinor: 10_000_000 });
    await t.services.placements.drain();
    await t.services.delivery.reload();
    served = { slot, campaign };
  });
  afterAll(() => t?.close());

  it('gives each advertiser its own tag, made once, and only advertisers', async () => {
    const [a, b] = await Promise.all([adv.ok(conversionTag, {}), adv.ok(conversionTag, {})]);
    expect(a.tagId).toBe(b.tagId);
    expect(a.clickWindowDays).toBe(30);
    expect((await rival.ok(conversionTag, {})).tagId).not.toBe(a.tagId);
    expect((await t.as('publisher').call(conversionTag, {})).status).toBe(403);
    expect((await t.as('staff').call(conversionTag, {})).status).toBe(403);
    const script = await hit(`${CONVERSION_SCRIPT_PATH}?tag=${a.tagId}`);
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain(CLICK_ID_PARAM);
  });

  it('counts a conversion of a valid click once per order id, in the rollups every report reads', async () => {
    const { tagId } = await adv.ok(conversionTag, {});
    const before = await counted(served.campaign.id);
    const clid = await click();
    await flush();
    const id = order();
    const res = await pixel(tagId, clid, id, 4_250);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    // The same order again, from the pixel or a second tab: counted once.
    expect((await pixel(tagId, clid, id, 4_250)).statusCode).toBe(200);
    expect(await statusOf(adv, id)).toMatchObject({ status: 'attributed', reason: null, campaignId: served.campaign.id, valueMinor: 4_250, source: 'pixel' });
    expect(await counted(served.campaign.id)).toEqual({ conversions: before.conversions + 1, value: before.value + 4_250 });
  });

  it('keeps a conversion pending until its click is written, then the job attributes it', async () => {
    const { tagId } = await adv.ok(conversionTag, {});
    const before = await counted(served.campaign.id);
    const clid = await click();
    const id = order();
    await pixel(tagId, clid, id, 100);
    expect(await statusOf(adv, id)).toMatchObject({ status: 'pending' });
    await flush();
    expect(await t.services.conversions.attributePending()).toMatchObject({ attributed: 1 });
    expect(await statusOf(adv, id)).toMatchObject({ status: 'attributed', campaignId: served.campaign.id });
    expect(await counted(served.campaign.id)).toEqual({ conversions: before.conversions + 1, value: before.value + 100 });
  });

  it('never counts invalid traffic: a bot’s click, a click without its impression, a bot’s report', async () => {
    const { tagId } = await adv.ok(conversionTag, {});
    const before = await counted(served.campaign.id);
    const botClick = await click({ ua: BOT });
    const blindClick = await click({ impression: false });
    const goodClick = await click();
    await flush();
    const [a, b, c] = [order(), order(), order()];
    await pixel(tagId, botClick, a);
    await pixel(tagId, blindClick, b);
    await pixel(tagId, goodClick, c, 10, BOT);
    expect(await statusOf(adv, a)).toMatchObject({ status: 'unattributed', reason: 'invalidClick' });
    expect(await statusOf(adv, b)).toMatchObject({ status: 'unattributed', reason: 'invalidClick' });
    expect(await statusOf(adv, c)).toMatchObject({ status: 'unattributed', reason: 'botReport' });
    expect(await counted(served.campaign.id)).toEqual(before);
  });

  it('credits only clicks within the window, and only the advertiser’s own', async () => {
    const tag = await adv.ok(conversionTag, {});
    const clid = await click();
    await flush();
    const narrowed = await adv.ok(updateConversionTag, { version: tag.version, clickWindowDays: 1 });
    expect(narrowed.clickWindowDays).toBe(1);
    expect((await adv.call(updateConversionTag, { version: tag.version, clickWindowDays: 7 })).status).toBe(409);
    expect((await adv.call(updateConversionTag, { version: narrowed.version, clickWindowDays: 91 })).status).toBe(400);

    // The rival reports our click under its own tag: not its click.
    const rivalTag = await rival.ok(conversionTag, {});
    const stolen = order();
    await pixel(rivalTag.tagId, clid, stolen);
    expect(await statusOf(rival, stolen)).toMatchObject({ status: 'unattributed', reason: 'otherAccount', campaignId: null });
    expect(await statusOf(adv, stolen)).toBeUndefined();

    t.clock.advance(2 * 86_400_000);
    t.forgetSessions();
    try {
      const late = order();
      await pixel(tag.tagId, clid, late);
      expect(await statusOf(adv, late)).toMatchObject({ status: 'unattributed', reason: 'outsideWindow' });
    } finally {
      t.clock.advance(-2 * 86_400_000);
      t.forgetSessions();
      const now = await adv.ok(conversionTag, {});
      await adv.ok(updateConversionTag, { version: now.version, clickWindowDays: 30 });
    }
  });

  it('takes signed postbacks, refuses a wrong or old signature, and a rotated secret', async () => {
    const tag = await adv.ok(conversionTag, {});
    const clid = await click();
    await flush();
    const id = order();
    const ok = await postback(signed(tag.secret, { tag: tag.tagId, clid, order: id, value: 999 }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ result: 'recorded' });
    expect((await postback(signed(tag.secret, { tag: tag.tagId, clid, order: id, value: 999 }))).json()).toEqual({ result: 'duplicate' });
    expect(await statusOf(adv, id)).toMatchObject({ status: 'attributed', source: 'postback', valueMinor: 999 });

    const forged = { ...signed(tag.secret, { tag: tag.tagId, clid, order: order(), value: 1 }), value: 1_000_000 };
    expect((await postback(forged)).statusCode).toBe(401);
    const old = signed(tag.secret, { tag: tag.tagId, clid, order: order(), value: 1, ts: Math.floor(t.clock.now.getTime() / 1000) - 3_600 });
    expect((await postback(old)).statusCode).toBe(400);

    const rotated = await adv.ok(rotateConversionSecret, { version: tag.version });
    expect(rotated.secret).not.toBe(tag.secret);
    expect((await postback(signed(tag.secret, { tag: tag.tagId, clid, order: order(), value: 1 }))).statusCode).toBe(401);
    expect((await postback(signed(rotated.secret, { tag: tag.tagId, clid, order: order(), value: 1 }))).statusCode).toBe(200);
  });

  it('answers bad reports with 4xx and keeps nothing of them', async () => {
    const { tagId } = await adv.ok(conversionTag, {});
    const clid = await click();
    const tampered = clid.slice(0, 5) + (clid[5] === 'A' ? 'B' : 'A') + clid.slice(6);
    const total = async () => (await adv.ok(conversionList, {})).total;
    const kept = await total();
    for (const url of [
      `${CONVERSION_PIXEL_PATH}?tag=${tagId}&clid=${tampered}&order=X1`,
      `${CONVERSION_PIXEL_PATH}?tag=${tagId}&clid=${clid}&order=${encodeURIComponent('a\u0000b')}`,
      `${CONVERSION_PIXEL_PATH}?tag=${tagId}&clid=${clid}&order=${'x'.repeat(65)}`,
      `${CONVERSION_PIXEL_PATH}?tag=${tagId}&clid=${clid}&order=X2&value=-5`,
      `${CONVERSION_PIXEL_PATH}?tag=${tagId}&clid=${clid}&order=X3&value=99999999999999`,
      `${CONVERSION_PIXEL_PATH}?tag=${tagId}&clid=${clid}&order[]=X4`,
      `${CONVERSION_PIXEL_PATH}?tag=${tagId}`,
    ]) {
      expect((await hit(url)).statusCode, url).toBe(400);
    }
    expect((await hit(`${CONVERSION_PIXEL_PATH}?tag=nosuchtag000&clid=${clid}&order=X5`)).statusCode).toBe(404);
    expect((await postback({ tag: tagId }, 'text/plain')).statusCode).toBe(400);
    expect((await postback({ tag: tagId, clid, order: 'X6', ts: 1, signature: 'f'.repeat(64), pad: 'x'.repeat(4000) })).statusCode).toBe(413);
    expect((await postback({ tag: tagId, clid, order: 'X7', ts: 'soon', signature: 'zz' })).statusCode).toBe(400);
    expect(await total()).toBe(kept);
  });

  it('counts an order reported many times at once exactly once', async () => {
    const { tagId } = await adv.ok(conversionTag, {});
    const clid = await click();
    await flush();
    const before = await counted(served.campaign.id);
    const id = order();
    const answers = await Promise.all(Array.from({ length: 12 }, () => pixel(tagId, clid, id, 50)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    expect(await statusOf(adv, id)).toMatchObject({ status: 'attributed' });
    expect(await counted(served.campaign.id)).toEqual({ conversions: before.conversions + 1, value: before.value + 50 });
  });

  it('keeps at most CONVERSIONS_PER_CLICK_MAX conversions of one click, however many arrive at once', async () => {
    const { tagId } = await adv.ok(conversionTag, {});
    const clid = await click();
    await flush();
    const before = await counted(served.campaign.id);
    const answers = await Promise.all(Array.from({ length: CONVERSIONS_PER_CLICK_MAX + 10 }, () => pixel(tagId, clid, order(), 1)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(CONVERSIONS_PER_CLICK_MAX);
    const refused = answers.find((a) => a.statusCode !== 200)!;
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.clid).toContain(String(CONVERSIONS_PER_CLICK_MAX));
    expect(await counted(served.campaign.id)).toEqual({ conversions: before.conversions + CONVERSIONS_PER_CLICK_MAX, value: before.value + CONVERSIONS_PER_CLICK_MAX });
  });

  it('keeps an order once and a click’s cap when reports arrive at two processes at once', async () => {
    const { tagId } = await adv.ok(conversionTag, {});
    const second = createConversionsService({
      db: t.database.db,
      audit: { record: async () => {} },
      clickIds: createClickIds(loadLinkSecret(undefined, t.dataDir)),
      now: () => t.clock.now,
    });
    const processes = [t.services.conversions, second];
    const clid = await click();
    await flush();
    const before = await counted(served.campaign.id);
    // One order, reported twelve times across both; then more orders of one click than it may have.
    const once = order();
    const report = (i: number, orderId: string) =>
      processes[i % 2]!.pixel({ tag: tagId, clid, order: orderId, value: 7, userAgent: BROWSER }).then(
        (result) => result,
        (err: { statusCode?: number }) => err.statusCode,
      );
    const same = await Promise.all(Array.from({ length: 12 }, (_, i) => report(i, once)));
    expect(same.filter((r) => r === 'recorded')).toHaveLength(1);
    expect(same.filter((r) => r === 'duplicate')).toHaveLength(11);
    const many = await Promise.all(Array.from({ length: CONVERSIONS_PER_CLICK_MAX + 10 }, (_, i) => report(i, order())));
    expect(many.filter((r) => r === 'recorded')).toHaveLength(CONVERSIONS_PER_CLICK_MAX - 1);
    expect(many.filter((r) => r === 400)).toHaveLength(11);
    expect(await counted(served.campaign.id)).toEqual({ conversions: before.conversions + CONVERSIONS_PER_CLICK_MAX, value: before.value + 7 * CONVERSIONS_PER_CLICK_MAX });
  });

  it('credits a conversion without a click id to the ad its browser saw, within the view window the advertiser set', async () => {
    const tag = await adv.ok(conversionTag, {});
    expect(tag.viewWindowDays).toBe(0);
    const show = async (ua = BROWSER, cookie?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${AD_REQUEST_PATH}?slot=${served.slot.tagKey}&w=${W}&h=${H}&f=banner`,
        headers: { origin: 'https://www.news.fabrikam.example', 'user-agent': ua },
      });
      const shown = await t.app.inject({ method: 'GET', url: (res.json() as AdAnswer).ad!.impressionUrl, headers: { 'user-agent': ua, ...(cookie ? { cookie } : {}) } });
      expect(shown.statusCode).toBe(200);
      return shown;
    };
    // The first impression names the browser; later ones keep its name.
    const first = await show();
    const set = String(first.headers['set-cookie']);
    expect(set).toMatch(new RegExp(`^${VIEWER_COOKIE}=[A-Za-z0-9_-]{22}; Max-Age=\\d+; Path=/serve; HttpOnly; SameSite=`));
    const cookie = set.split(';')[0]!;
    expect((await show(BROWSER, cookie)).headers['set-cookie']).toBeUndefined();
    await show(BOT, 'ads_vid=botbotbotbotbotbotbot0');
    await flush();
    const viewPixel = (tagId: string, orderId: string, withCookie = cookie) =>
      t.app.inject({ method: 'GET', url: `${CONVERSION_PIXEL_PATH}?tag=${tagId}&order=${orderId}&value=300`, headers: { 'user-agent': BROWSER, cookie: withCookie } });
    const total = async () => (await adv.ok(conversionList, {})).total;
    const kept = await total();
    const before = await counted(served.campaign.id);

    // Off by default: nothing vouches for the report, so nothing is kept.
    const off = order();
    expect((await viewPixel(tag.tagId, off)).statusCode).toBe(200);
    expect(await total()).toBe(kept);

    const on = await adv.ok(updateConversionTag, { version: tag.version, clickWindowDays: tag.clickWindowDays, viewWindowDays: 1 });
    expect(on).toMatchObject({ viewWindowDays: 1, clickWindowDays: tag.clickWindowDays });
    expect((await adv.call(updateConversionTag, { version: on.version, clickWindowDays: 30, viewWindowDays: 31 })).status).toBe(400);
    const seen = order();
    await viewPixel(tag.tagId, seen);
    expect(await statusOf(adv, seen)).toMatchObject({ status: 'attributed', via: 'view', campaignId: served.campaign.id, valueMinor: 300 });
    expect(await counted(served.campaign.id)).toEqual({ conversions: before.conversions + 1, value: before.value + 300 });

    // A browser no valid impression names (a bot's, an unknown one), another advertiser's tag, or
    // a window that has passed: not credited, not kept.
    const rivalTag = await rival.ok(conversionTag, {});
    await rival.ok(updateConversionTag, { version: rivalTag.version, clickWindowDays: 30, viewWindowDays: 30 });
    const [bot, stranger, theirs] = [order(), order(), order()];
    await viewPixel(tag.tagId, bot, 'ads_vid=botbotbotbotbotbotbot0');
    await viewPixel(tag.tagId, stranger, 'ads_vid=nobodynobodynobodynob1');
    await viewPixel(rivalTag.tagId, theirs);
    t.clock.advance(2 * 86_400_000);
    t.forgetSessions();
    try {
      await viewPixel(tag.tagId, order());
    } finally {
      t.clock.advance(-2 * 86_400_000);
      t.forgetSessions();
    }
    expect(await total()).toBe(kept + 1);
    expect((await rival.ok(conversionList, { pageSize: 100 })).items.some((c) => c.orderId === theirs)).toBe(false);
    expect(await counted(served.campaign.id)).toEqual({ conversions: before.conversions + 1, value: before.value + 300 });
    const now = await adv.ok(conversionTag, {});
    await adv.ok(updateConversionTag, { version: now.version, clickWindowDays: 30, viewWindowDays: 0 });
  });

  it('shows an advertiser only its own conversions', async () => {
    const mine = await adv.ok(conversionList, { pageSize: 100 });
    const theirs = await rival.ok(conversionList, { pageSize: 100 });
    expect(mine.items.length).toBeGreaterThan(0);
    const ids = new Set(mine.items.map((c) => c.id));
    expect(theirs.items.some((c) => ids.has(c.id))).toBe(false);
    expect((await rival.ok(conversionList, { campaignId: served.campaign.id })).total).toBe(0);
  });
});
