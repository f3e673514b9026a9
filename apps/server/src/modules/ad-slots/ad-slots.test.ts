import * as contracts from '@ads/contracts';
import {
  AD_REQUEST_PATH,
  adSlotDetail,
  adSlotList,
  deleteAdSlot,
  notificationsList,
  pauseAdSlot,
  resumeAdSlot,
  reviewAdSlot,
  saveAdSlot,
  submitAdSlot,
  TAG_SCRIPT_PATH,
  validateAdSlot,
  type AdSlotDetail,
  type AdSlotForm,
} from '@ads/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adSlots } from '../../db/schema/ad-slots';
import { auditLog } from '../../db/schema/identity';
import { endpointsTagged, foreign, proveForeignIdsAnswer404 } from '../../test/tenancy';
import { addTestAccount, buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller } from '../../test/typed-client';

let n = 0;
/** A complete slot form with a code of its own. */
const form = (overrides: Partial<AdSlotForm> = {}): AdSlotForm => ({
  platform: 'site',
  propertyName: 'Fabrikam News',
  propertyId: 'news.fabrikam.example',
  name: `Sidebar rectangle ${++n}`,
  code: `sidebar-${n}`,
  position: 'sidebar',
  format: 'banner',
  width: 300,
  height: 250,
  floorCpmMinor: 150,
  placementPolicy: 'manual',
  ...overrides,
});

describe('ad slots', () => {
  let t: TestApp;
  let pub: Caller;
  let other: Caller;
  let staff: Caller;
  let otherAccountId: number;

  const save = async (caller: Caller, body: AdSlotForm & { id?: number; version?: number }) => {
    const res = await caller.call(saveAdSlot, body);
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const submitted = async (caller = pub, overrides: Partial<AdSlotForm> = {}) => {
    const draft = await save(caller, form(overrides));
    const res = await caller.call(submitAdSlot, { id: draft.id, version: draft.version });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const inbox = async (caller: Caller) => {
    const body = (await caller.call(notificationsList, { pageSize: 200 })).body;
    if (body.unchanged) throw new Error('unexpected unchanged answer');
    return body.infos;
  };
  const expectState = (res: { status: number; error: { errorCode: string } & Record<string, unknown> }, status: string) => {
    expect(res.status).toBe(409);
    expect(res.error.errorCode).toBe('AD_SLOT_STATE');
    expect(res.error.status).toBe(status);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    pub = t.as('publisher');
    staff = t.as('staff');
    const account = await addTestAccount(t, 'publisher', 'Other Publisher');
    otherAccountId = account.accountId;
    other = t.as(account.user);
    await Promise.all([pub.token(), staff.token(), other.token()]);
  });
  afterAll(() => t?.close());

  describe('the form', () => {
    it('creates a draft and edits it; the code is unique in the account, not across accounts', async () => {
      const draft = await save(pub, form({ code: 'Home-Top', propertyId: 'News.Fabrikam.Example' }));
      expect(draft).toMatchObject({ status: 'draft', code: 'home-top', propertyId: 'news.fabrikam.example', version: 1, currency: 'USD', reviews: [] });
      const edited = await save(pub, { ...form({ code: 'home-top', name: 'Home top' }), id: draft.id, version: draft.version });
      expect(edited).toMatchObject({ name: 'Home top', version: 2 });

      const clash = await pub.call(saveAdSlot, form({ code: 'home-top' }));
      expect(clash.status).toBe(409);
      expect(clash.error).toMatchObject({ errorCode: 'NAME_TAKEN', fields: { code: 'Another of your ad slots has this code.' } });
      expect((await other.call(saveAdSlot, form({ code: 'home-top' }))).status).toBe(200);
    });

    it('refuses bad values by field and a stale version', async () => {
      const bad = await pub.callUnchecked(saveAdSlot, {
        ...form(),
        propertyId: 'not a domain',
        code: '-x',
        width: 0,
        height: 5000,
        floorCpmMinor: 10_001,
        name: 'Bad\u202ename',
      });
      expect(bad.status).toBe(400);
      const fields = (bad.error as { fields: Record<string, string> }).fields;
      expect(Object.keys(fields).sort()).toEqual(['code', 'floorCpmMinor', 'height', 'name', 'propertyId', 'width']);
      const video = await pub.callUnchecked(saveAdSlot, { ...form(), format: 'video', width: 120, height: 90 });
      expect((video.error as { fields: Record<string, string> }).fields).toEqual({ width: 'A video slot is at least 200 pixels wide.' });

      const draft = await save(pub, form());
      await save(pub, { ...form({ code: draft.code }), id: draft.id, version: draft.version });
      const stale = await pub.call(saveAdSlot, { ...form({ code: draft.code }), id: draft.id, version: draft.version });
      expect(stale.status).toBe(409);
      expect(stale.error.errorCode).toBe('STALE_VERSION');
    });
  });

  describe('review', () => {
    it('submits to staff (told through the Action Center), who approve; a slot in review or approved cannot be edited', async () => {
      const slot = await submitted(pub, { name: 'Leaderboard' });
      expect(slot).toMatchObject({ status: 'pending_review', reviews: [{ action: 'submitted' }] });
      const notice = (await inbox(staff)).find((i) => i.messageKey === 'adSlot.submitted' && i.params?.adSlotId === slot.id);
      expect(notice).toMatchObject({ type: 20, params: { name: 'Leaderboard', accountName: 'Fabrikam News' } });

      expectState(await pub.call(saveAdSlot, { ...form({ code: slot.code }), id: slot.id, version: slot.version }), 'pending_review');
      expectState(await pub.call(submitAdSlot, { id: slot.id, version: slot.version }), 'pending_review');

      const approved = await staff.call(reviewAdSlot, { id: slot.id, version: slot.version, decision: 'approve' });
      expect(approved.status, approved.text).toBe(200);
      expect(approved.body).toMatchObject({ status: 'approved', reviewReason: null });
      expect(approved.body.reviews.map((r) => r.action)).toEqual(['approved', 'submitted']);
      expect((await inbox(pub)).find((i) => i.messageKey === 'adSlot.approved' && i.params?.adSlotId === slot.id)).toMatchObject({ type: 25 });
      expectState(await staff.call(reviewAdSlot, { id: slot.id, version: approved.body.version, decision: 'approve' }), 'approved');
      expectState(await pub.call(deleteAdSlot, { id: slot.id, version: approved.body.version }), 'approved');

      const audited = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'ad_slot'), eq(auditLog.entityId, String(slot.id))));
      expect(audited.map((a) => a.action).sort()).toEqual(['adslot.approve', 'adslot.create', 'adslot.submit']);
    });

    it('rejects with a reason the publisher reads; the publisher edits and submits again', async () => {
      const slot = await submitted(pub, { name: 'Footer banner' });
      const noReason = await staff.callUnchecked(reviewAdSlot, { id: slot.id, version: slot.version, decision: 'reject' });
      expect(noReason.status).toBe(400);
      const rejected = await staff.call(reviewAdSlot, { id: slot.id, version: slot.version, decision: 'reject', reason: 'Too close to the navigation.' });
      expect(rejected.body).toMatchObject({ status: 'rejected', reviewReason: 'Too close to the navigation.' });
      const told = (await inbox(pub)).find((i) => i.messageKey === 'adSlot.rejected' && i.params?.adSlotId === slot.id);
      expect(told).toMatchObject({ type: 20, params: { reason: 'Too close to the navigation.' } });

      const fixed = await save(pub, { ...form({ code: slot.code, position: 'in_content' }), id: slot.id, version: rejected.body.version });
      expect(fixed.status).toBe('rejected');
      const again = await pub.call(submitAdSlot, { id: fixed.id, version: fixed.version });
      expect(again.body).toMatchObject({ status: 'pending_review', reviewReason: null });
      expect(again.body.reviews.map((r) => r.action)).toEqual(['submitted', 'rejected', 'submitted']);
    });

    it('lets one of two racing reviews win', async () => {
      const slot = await submitted();
      const results = await Promise.all([
        staff.call(reviewAdSlot, { id: slot.id, version: slot.version, decision: 'approve' }),
        staff.call(reviewAdSlot, { id: slot.id, version: slot.version, decision: 'reject', reason: 'No.' }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const detail = (await pub.call(adSlotDetail, { id: slot.id })).body;
      expect(detail.reviews.filter((r) => r.action !== 'submitted')).toHaveLength(1);
    });

    it('deletes drafts only', async () => {
      const draft = await save(pub, form());
      expect((await pub.call(deleteAdSlot, { id: draft.id, version: draft.version })).status).toBe(200);
      expect((await pub.call(adSlotDetail, { id: draft.id })).status).toBe(404);
    });
  });

  describe('the tag and validation', () => {
    const approvedSlot = async (overrides: Partial<AdSlotForm> = {}) => {
      const slot = await submitted(pub, overrides);
      const res = await staff.call(reviewAdSlot, { id: slot.id, version: slot.version, decision: 'approve' });
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    /** The tag's ad request, as a page on `origin` (or an app) makes it. */
    const tagCall = (slot: Pick<AdSlotDetail, 'tagKey' | 'width' | 'height' | 'format'>, from: { origin?: string; app?: string; width?: number } = {}) =>
      t.app.inject({
        method: 'GET',
        url: `${AD_REQUEST_PATH}?slot=${slot.tagKey}&w=${from.width ?? slot.width}&h=${slot.height}&f=${slot.format}${from.app ? `&app=${from.app}` : ''}`,
        headers: from.origin ? { origin: from.origin } : {},
      });
    const validate = async (slot: { id: number; version: number }) => {
      const res = await pub.call(validateAdSlot, { id: slot.id, version: slot.version });
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    const passed = (slot: AdSlotDetail) => Object.fromEntries((slot.checks ?? []).map((c) => [c.key, c.passed]));

    it('serves the tag script and answers "no ad" to any page, keeping the call on its slot', async () => {
      const script = await t.app.inject({ method: 'GET', url: TAG_SCRIPT_PATH });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toContain('javascript');
      expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(script.body).toContain(AD_REQUEST_PATH);

      const slot = await approvedSlot();
      const res = await tagCall(slot, { origin: 'https://www.news.fabrikam.example' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ad: null });
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect((await pub.call(adSlotDetail, { id: slot.id })).body.tagSeenAt).toBe(t.clock.now.toISOString());

      expect((await t.app.inject({ method: 'GET', url: `${AD_REQUEST_PATH}?slot=nope&w=300&h=250&f=banner` })).statusCode).toBe(404);
      const bad = await t.app.inject({ method: 'GET', url: `${AD_REQUEST_PATH}?slot=${slot.tagKey}&w=0&h=99999&f=popup` });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields).sort()).toEqual(['f', 'h', 'w']);
    });

    it("keeps a known slot's latest call off the request's path: on its row within a second unread, at once when the slot is read", async () => {
      const slot = await approvedSlot();
      const call = { host: 'www.news.fabrikam.example', width: slot.width, height: slot.height, format: slot.format };
      const seenAt = async () =>
        (await t.database.db.select({ at: adSlots.tagSeenAt, host: adSlots.tagSeenHost }).from(adSlots).where(eq(adSlots.id, slot.id)))[0]!;

      // Nobody reads the slot: the call still reaches its row.
      const first = t.clock.now.toISOString();
      t.services.adSlots.noteTagCall(slot.tagKey, call);
      await vi.waitFor(async () => expect((await seenAt()).at?.toISOString()).toBe(first), { timeout: 5000, interval: 50 });

      // Two calls before a write: the later one is kept, whichever is noted last; a read shows it at once.
      t.clock.advance(120_000);
      const later = t.clock.now.toISOString();
      t.services.adSlots.noteTagCall(slot.tagKey, { ...call, host: 'm.news.fabrikam.example' });
      t.clock.advance(-60_000);
      t.services.adSlots.noteTagCall(slot.tagKey, call);
      t.clock.advance(60_000);
      const read = (await pub.call(adSlotDetail, { id: slot.id })).body;
      expect(read.tagSeenAt).toBe(later);
      expect(await seenAt()).toEqual({ at: new Date(later), host: 'm.news.fabrikam.example' });
    });

    it("keeps a slot's call that cannot be written from holding back the others, and tries it again until a later call replaces it", async () => {
      const [a, b] = [await approvedSlot(), await approvedSlot()];
      const callOf = (slot: AdSlotDetail, host = 'www.news.fabrikam.example') => ({ host, width: slot.width, height: slot.height, format: slot.format });
      const seenHost = async (slot: AdSlotDetail) =>
        (await t.database.db.select({ host: adSlots.tagSeenHost }).from(adSlots).where(eq(adSlots.id, slot.id)))[0]!.host;
      // The database refuses a NUL in text: a's write fails first, b's still lands.
      t.services.adSlots.noteTagCall(a.tagKey, callOf(a, 'bad\u0000host'));
      t.services.adSlots.noteTagCall(b.tagKey, callOf(b));
      await expect(t.services.adSlots.keepTagCalls()).rejects.toThrow();
      expect(await seenHost(b)).toBe('www.news.fabrikam.example');
      expect(await seenHost(a)).toBeNull();
      // Still waiting; a later call takes its place and is written.
      await expect(t.services.adSlots.keepTagCalls()).rejects.toThrow();
      t.clock.advance(1000);
      t.services.adSlots.noteTagCall(a.tagKey, callOf(a));
      await t.services.adSlots.keepTagCalls();
      expect(await seenHost(a)).toBe('www.news.fabrikam.example');
    });

    it('goes live when the tag called lately from the declared site at its size, and tells the publisher', async () => {
      const slot = await approvedSlot({ name: 'Validated rectangle' });
      // Before any call: every check fails, and the slot stays approved.
      const unseen = await validate(slot);
      expect(unseen).toMatchObject({ status: 'approved', checks: [{ key: 'tagSeen', passed: false, observed: null }, { key: 'domain', passed: false }, { key: 'sizeFormat', passed: false }] });

      // From another site, at another width: seen, but two checks fail.
      await tagCall(slot, { origin: 'https://elsewhere.example', width: 320 });
      const wrong = await validate(unseen);
      expect(passed(wrong)).toEqual({ tagSeen: true, domain: false, sizeFormat: false });
      expect(wrong.checks!.find((c) => c.key === 'domain')!.observed).toBe('elsewhere.example');
      expect(wrong.status).toBe('approved');

      // From a page of the declared site (a subdomain counts) at the slot's size: live.
      await tagCall(slot, { origin: 'https://www.news.fabrikam.example' });
      const live = await validate(wrong);
      expect(passed(live)).toEqual({ tagSeen: true, domain: true, sizeFormat: true });
      expect(live).toMatchObject({ status: 'live', liveAt: t.clock.now.toISOString() });
      expect((await inbox(pub)).find((i) => i.messageKey === 'adSlot.live' && i.params?.adSlotId === slot.id)).toMatchObject({ type: 25 });

      // Live ⇄ paused; a call older than a day fails the first check, and a live slot stays live.
      const paused = (await pub.call(pauseAdSlot, { id: live.id, version: live.version })).body;
      expect(paused.status).toBe('paused');
      expectState(await pub.call(pauseAdSlot, { id: paused.id, version: paused.version }), 'paused');
      const resumed = (await pub.call(resumeAdSlot, { id: paused.id, version: paused.version })).body;
      expect(resumed.status).toBe('live');
      t.clock.advance(25 * 3_600_000);
      t.forgetSessions();
      const old = await validate(resumed);
      expect(passed(old)).toEqual({ tagSeen: false, domain: true, sizeFormat: true });
      expect(old.status).toBe('live');
    });

    it("takes an app's bundle id for its domain, and refuses to validate a slot not yet approved", async () => {
      const app = await approvedSlot({ platform: 'app', propertyName: 'Fabrikam app', propertyId: 'com.fabrikam.news', format: 'native', width: 320, height: 100 });
      await tagCall(app, { app: 'com.fabrikam.news' });
      expect((await validate(app)).status).toBe('live');

      const draft = await save(pub, form());
      expectState(await pub.call(validateAdSlot, { id: draft.id, version: draft.version }), 'draft');
    });
  });

  describe('lists', () => {
    it("lists the publisher's own slots, filtered and sorted; staff see every publisher's, the queue first", async () => {
      await submitted(other, { name: 'Their slot' });
      const mine = (await pub.call(adSlotList, { pageSize: 200 })).body;
      expect(mine.items.length).toBeGreaterThan(0);
      expect(mine.items.every((s) => s.accountName === 'Fabrikam News')).toBe(true);
      expect(mine.total).toBe(mine.items.length);

      const waiting = (await pub.call(adSlotList, { status: 'pending_review', pageSize: 200 })).body;
      expect(waiting.items.every((s) => s.status === 'pending_review')).toBe(true);
      const byName = (await pub.call(adSlotList, { sort: 'name', order: 'asc', pageSize: 200 })).body.items.map((s) => s.name.toLowerCase());
      expect(byName).toEqual([...byName].sort());
      // Case-insensitive, by name, code or site (the demo's "Home leaderboard" matches too).
      const found = (await pub.call(adSlotList, { search: 'LEADERB', pageSize: 200 })).body.items.map((s) => s.name);
      expect(found).toContain('Leaderboard');
      expect(found.every((n) => n.toLowerCase().includes('leaderb'))).toBe(true);
      expect((await pub.call(adSlotList, { search: 'home-t' })).body.items.map((s) => s.code)).toEqual(['home-top']);

      const queue = (await staff.call(adSlotList, { queueFirst: 'true', pageSize: 200 })).body;
      const firstOther = queue.items.findIndex((s) => s.status !== 'pending_review');
      expect(queue.items.slice(firstOther === -1 ? queue.items.length : firstOther).every((s) => s.status !== 'pending_review')).toBe(true);
      expect(queue.items.some((s) => s.accountId === otherAccountId)).toBe(true);
      expect(queue.total).toBe(queue.items.length);
      const onlyQueue = (await staff.call(adSlotList, { queueFirst: 'true', status: 'pending_review', pageSize: 200 })).body;
      expect(onlyQueue.total).toBe(onlyQueue.items.length);
      expect((await staff.call(adSlotList, { accountId: otherAccountId, pageSize: 200 })).body.items.every((s) => s.accountId === otherAccountId)).toBe(true);
    });
  });

  describe('tenancy', () => {
    it("answers 404 to another publisher's slot; advertisers and publishers cannot review", async () => {
      const theirs = await submitted(other);
      const draft = await save(other, form());
      await proveForeignIdsAnswer404({
        stranger: pub,
        module: endpointsTagged(contracts, 'AdSlot'),
        calls: [
          foreign(adSlotDetail, { id: theirs.id }),
          foreign(saveAdSlot, { ...form(), id: draft.id, version: draft.version }),
          foreign(submitAdSlot, { id: draft.id, version: draft.version }),
          foreign(deleteAdSlot, { id: draft.id, version: draft.version }),
          foreign(validateAdSlot, { id: theirs.id, version: theirs.version }),
          foreign(pauseAdSlot, { id: theirs.id, version: theirs.version }),
          foreign(resumeAdSlot, { id: theirs.id, version: theirs.version }),
        ],
        exempt: {
          'GET /api/AdSlot/List': "accountId narrows staff's view only; anyone else lists their own slots",
          'POST /api/AdSlot/Review': "staff review every publisher's slots; publishers lack the power (403)",
        },
        unchanged: async () => ({
          theirs: (await other.call(adSlotDetail, { id: theirs.id })).body,
          draft: (await other.call(adSlotDetail, { id: draft.id })).body,
        }),
      });
      expect((await pub.call(adSlotList, { accountId: otherAccountId, pageSize: 200 })).body.items.map((s) => s.id)).not.toContain(theirs.id);
      expect((await pub.call(reviewAdSlot, { id: theirs.id, version: theirs.version, decision: 'approve' })).status).toBe(403);
      expect((await t.as('advertiser').call(saveAdSlot, form())).status).toBe(403);
    });
  });
});
