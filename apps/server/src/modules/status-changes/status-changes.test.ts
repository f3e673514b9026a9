import {
  accountDetail,
  adSlotDetail,
  adSlotList,
  approveStatusChange,
  campaignDetail,
  cancelStatusChange,
  createStatusChange,
  NOTIFICATION_TYPES,
  notificationsList,
  rejectStatusChange,
  requestReactivation,
  saveAdSlot,
  setAccountStatus,
  statusChangeDetail,
  statusChangeList,
  userInfo,
  type AccountKind,
  type AdSlotStatus,
  type CampaignStatus,
  type Power,
  type StatusChange,
} from '@ads/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adSlots } from '../../db/schema/ad-slots';
import { campaigns } from '../../db/schema/campaigns';
import { auditLog } from '../../db/schema/identity';
import { placements, placementWork } from '../../db/schema/placements';
import { statusChanges } from '../../db/schema/status-changes';
import { buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller } from '../../test/typed-client';

const PASSWORD = 'Request-pass-42';

describe('status change requests', () => {
  let t: TestApp;
  let staff: Caller;
  let n = 0;

  /** A fresh account of `kind` with one signed-in user (every test its own, so none sees another's). */
  const party = async (kind: AccountKind, status = 'active') => {
    n++;
    const email = `requests-${kind}-${n}@example.com`;
    const { account, user } = await t.services.identity.createAccountWithUser({
      account: { name: `Requests ${kind} ${n}`, kind, status },
      user: { email, name: `Requester ${n}`, password: PASSWORD },
    });
    return { accountId: account.id, accountName: account.name, userId: user.id, email, caller: t.as({ email, password: PASSWORD }) };
  };
  type Party = Awaited<ReturnType<typeof party>>;

  const campaignOf = async (owner: Party, status: CampaignStatus) => {
    const [row] = await t.database.db
      .insert(campaigns)
      .values({ accountId: owner.accountId, name: `Campaign ${++n}`, status, createdBy: owner.userId })
      .returning({ id: campaigns.id });
    return row!.id;
  };
  const slotOf = async (owner: Party, status: AdSlotStatus) => {
    const publisher = { userId: owner.userId, accountId: owner.accountId, accountKind: 'publisher' as const, powers: new Set<Power>(['adslot.read', 'adslot.write']) };
    const form = { platform: 'site', propertyName: 'Site', propertyId: 'site.example', name: `Slot ${++n}`, code: `slot-${n}`, position: 'header', format: 'banner', width: 728, height: 90, floorCpmMinor: 100, placementPolicy: 'auto' };
    const slot = await t.services.adSlots.save(publisher, saveAdSlot.request.parse(form));
    await t.database.db.update(adSlots).set({ status }).where(eq(adSlots.id, slot.id));
    return slot.id;
  };
  const campaignStatus = async (id: number) => (await t.database.db.select({ s: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)))[0]!.s;

  const file = async (who: Party, kind: StatusChange['kind'], entityId: number, reason = 'Please') => {
    const res = await who.caller.call(createStatusChange, { kind, entityId, reason });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const approve = (r: StatusChange, note?: string) => staff.call(approveStatusChange, { id: r.id, version: r.version, ...(note ? { note } : {}) });
  const inbox = async (caller: Caller) => {
    const res = await caller.ok(notificationsList, { pageSize: 200 });
    if (res.unchanged) throw new Error('asked without knownVersion');
    return res.infos;
  };
  const aboutRequest = (infos: Awaited<ReturnType<typeof inbox>>, id: number, key: string) => infos.filter((i) => i.messageKey === key && i.params?.requestId === id);

  beforeAll(async () => {
    t = await buildTestApp();
    staff = t.as('staff');
  });
  afterAll(() => t.close());

  it("holds the demo's requests: the advertiser's termination waiting in staff's Actions, the publisher's rejected offline request", async () => {
    const pending = await staff.ok(statusChangeList, { status: 'pending', kind: 'campaign.terminate' });
    const spring = pending.items.find((i) => i.entityName === 'Spring Blend Launch');
    expect(spring).toMatchObject({ accountName: 'Contoso Coffee', fromStatus: 'active', entityStatus: 'active', direct: false });
    expect(aboutRequest(await inbox(staff), spring!.id, 'statusChange.requested')[0]).toMatchObject({ type: NOTIFICATION_TYPES.action, hasRead: false });
    expect((await t.as('advertiser').ok(statusChangeList, {})).items.map((i) => i.id)).toEqual([spring!.id]);

    const publisher = t.as('publisher');
    const [rejected, ...others] = (await publisher.ok(statusChangeList, {})).items;
    expect(others).toEqual([]);
    expect(rejected).toMatchObject({ kind: 'adSlot.offline', status: 'rejected', entityName: 'Sports rectangle', entityStatus: 'live', decisionNote: expect.any(String) });
    expect(aboutRequest(await inbox(publisher), rejected!.id, 'statusChange.rejected')[0]).toMatchObject({ type: NOTIFICATION_TYPES.event, params: { reason: rejected!.decisionNote } });
    expect(aboutRequest(await inbox(staff), rejected!.id, 'statusChange.requested')).toHaveLength(0);
  });

  it('advertiser terminates a campaign: pending, staff told (Actions), approved ends it and tells the advertiser (25); the staff action is settled', async () => {
    const adv = await party('advertiser');
    for (const from of ['scheduled', 'active', 'paused'] as const) {
      const id = await campaignOf(adv, from);
      const r = await file(adv, 'campaign.terminate', id, 'The season is over');
      expect(r).toMatchObject({ kind: 'campaign.terminate', entity: 'campaign', entityId: id, status: 'pending', fromStatus: from, toStatus: 'ended', entityStatus: from, accountId: adv.accountId, accountKind: 'advertiser', reason: 'The season is over', direct: false, decidedBy: null });
      expect(r.requestedBy).toMatchObject({ id: adv.userId, email: adv.email });

      const waiting = aboutRequest(await inbox(staff), r.id, 'statusChange.requested');
      expect(waiting).toHaveLength(1);
      expect(waiting[0]).toMatchObject({ type: NOTIFICATION_TYPES.action, menuId: 318, params: { kind: 'campaign.terminate', accountName: adv.accountName, entityName: r.entityName } });

      const res = await approve(r, 'OK');
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ status: 'approved', entityStatus: 'ended', decisionNote: 'OK', version: r.version + 1, direct: false });
      expect(res.body.decidedBy?.email).toBe('staff@demo.test');
      expect((await adv.caller.ok(campaignDetail, { id })).status).toBe('ended');
      const [row] = await t.database.db.select({ endedAt: campaigns.endedAt }).from(campaigns).where(eq(campaigns.id, id));
      expect(row!.endedAt).not.toBeNull();
      // Its placements are recomputed (the work is queued in the decision's transaction).
      expect((await t.database.db.select().from(placementWork).where(eq(placementWork.campaignId, id))).length).toBeGreaterThan(0);

      const approved = aboutRequest(await inbox(adv.caller), r.id, 'statusChange.approved');
      expect(approved).toHaveLength(1);
      expect(approved[0]).toMatchObject({ type: NOTIFICATION_TYPES.approval, menuId: 114 });
      expect(aboutRequest(await inbox(staff), r.id, 'statusChange.requested')).toHaveLength(0);
    }
  });

  it('publisher takes a slot offline and back online; an offline slot is out of the serving slots', async () => {
    const pub = await party('publisher');
    const slot = await slotOf(pub, 'live');
    const off = await file(pub, 'adSlot.offline', slot);
    expect(off).toMatchObject({ entity: 'adSlot', fromStatus: 'live', toStatus: 'offline' });
    expect((await approve(off)).status).toBe(200);
    expect((await pub.caller.ok(adSlotDetail, { id: slot })).status).toBe('offline');
    expect((await t.database.db.select().from(placementWork).where(eq(placementWork.slotId, slot))).length).toBeGreaterThan(0);
    expect(aboutRequest(await inbox(pub.caller), off.id, 'statusChange.approved')[0]).toMatchObject({ type: NOTIFICATION_TYPES.approval, menuId: 211 });

    const on = await file(pub, 'adSlot.online', slot);
    expect(on).toMatchObject({ fromStatus: 'offline', toStatus: 'live' });
    expect((await approve(on)).status).toBe(200);
    expect((await pub.caller.ok(adSlotDetail, { id: slot })).status).toBe('live');

    // A slot with placements (the demo's Home leaderboard): offline, they stop; back online, they are back.
    const publisher = t.as('publisher');
    const [leaderboard] = (await publisher.ok(adSlotList, { search: 'home-leaderboard' })).items;
    const activeOn = async () =>
      (await t.database.db.select().from(placements).where(and(eq(placements.slotId, leaderboard!.id), eq(placements.active, true)))).length;
    await t.services.placements.drain();
    const before = await activeOn();
    expect(before).toBeGreaterThan(0);
    const down = await publisher.ok(createStatusChange, { kind: 'adSlot.offline', entityId: leaderboard!.id, reason: 'Maintenance' });
    expect((await approve(down)).status).toBe(200);
    await t.services.placements.drain();
    expect(await activeOn()).toBe(0);
    const up = await publisher.ok(createStatusChange, { kind: 'adSlot.online', entityId: leaderboard!.id, reason: 'Done' });
    expect((await approve(up)).status).toBe(200);
    await t.services.placements.drain();
    expect(await activeOn()).toBe(before);

    const paused = await slotOf(pub, 'paused');
    expect((await approve(await file(pub, 'adSlot.offline', paused))).status).toBe(200);
    expect((await pub.caller.ok(adSlotDetail, { id: paused })).status).toBe('offline');
  });

  it("a user asks to close their account: approved closes it and ends the account's sessions", async () => {
    const adv = await party('advertiser');
    expect((await adv.caller.call(userInfo)).status).toBe(200);
    const r = await file(adv, 'account.close', adv.accountId, 'We stop advertising');
    expect(r).toMatchObject({ entity: 'account', entityId: adv.accountId, fromStatus: 'active', toStatus: 'closed' });
    expect((await approve(r)).status).toBe(200);
    expect((await staff.ok(accountDetail, { id: adv.accountId })).status).toBe('closed');
    expect((await adv.caller.call(userInfo)).status).toBe(401);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'account'), eq(auditLog.entityId, String(adv.accountId)), eq(auditLog.action, 'account.close')));
    expect(audited).toHaveLength(1);
  });

  it('refuses a state the rule does not allow (409 <ENTITY>_STATE with the status), and foreign or unknown entities (404)', async () => {
    const adv = await party('advertiser');
    const other = await party('advertiser');
    const pub = await party('publisher');
    const draft = await campaignOf(adv, 'draft');
    const res = await adv.caller.call(createStatusChange, { kind: 'campaign.terminate', entityId: draft, reason: 'x' });
    expect(res.status).toBe(409);
    expect(res.error).toMatchObject({ errorCode: 'CAMPAIGN_STATE', status: 'draft' });

    const live = await slotOf(pub, 'live');
    const online = await pub.caller.call(createStatusChange, { kind: 'adSlot.online', entityId: live, reason: 'x' });
    expect(online.status).toBe(409);
    expect(online.error).toMatchObject({ errorCode: 'AD_SLOT_STATE', status: 'live' });
    const reactivate = await adv.caller.call(createStatusChange, { kind: 'account.reactivate', entityId: adv.accountId, reason: 'x' });
    expect(reactivate.status).toBe(409);
    expect(reactivate.error).toMatchObject({ errorCode: 'ACCOUNT_STATE', status: 'active' });

    const foreignCampaign = await campaignOf(other, 'active');
    for (const [who, kind, entityId] of [
      [adv, 'campaign.terminate', foreignCampaign],
      [pub, 'campaign.terminate', foreignCampaign],
      [adv, 'campaign.terminate', 2_000_000_000],
      [adv, 'adSlot.offline', live],
      [adv, 'account.close', other.accountId],
      [pub, 'account.close', adv.accountId],
    ] as const) {
      const refused = await who.caller.call(createStatusChange, { kind, entityId, reason: 'x' });
      expect(refused.status, `${kind} ${entityId}`).toBe(404);
    }
    expect(await campaignStatus(foreignCampaign)).toBe('active');
    expect(await t.database.db.select().from(statusChanges).where(eq(statusChanges.accountId, other.accountId))).toHaveLength(0);
  });

  it('one pending request per entity and kind: the second names the first; of concurrent ones exactly one wins', async () => {
    const adv = await party('advertiser');
    const id = await campaignOf(adv, 'active');
    const first = await file(adv, 'campaign.terminate', id);
    const second = await adv.caller.call(createStatusChange, { kind: 'campaign.terminate', entityId: id, reason: 'again' });
    expect(second.status).toBe(409);
    expect(second.error).toMatchObject({ errorCode: 'STATUS_CHANGE_PENDING', requestId: first.id });

    // Cancelled, it no longer blocks a new one.
    await adv.caller.ok(cancelStatusChange, { id: first.id, version: first.version });
    const other = await campaignOf(adv, 'paused');
    for (const entityId of [id, other]) {
      const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => adv.caller.call(createStatusChange, { kind: 'campaign.terminate', entityId, reason: `race ${i}` })));
      const won = answers.filter((a) => a.status === 200);
      expect(won, answers.map((a) => a.text).join('\n')).toHaveLength(1);
      for (const lost of answers.filter((a) => a.status !== 200)) {
        expect(lost.status, lost.text).toBe(409);
        expect(lost.error).toMatchObject({ errorCode: 'STATUS_CHANGE_PENDING', requestId: won[0]!.body.id });
      }
      const pending = await t.database.db
        .select()
        .from(statusChanges)
        .where(and(eq(statusChanges.entityId, entityId), eq(statusChanges.entity, 'campaign'), eq(statusChanges.status, 'pending')));
      expect(pending).toHaveLength(1);
    }
  });

  it("requesters see their own account's requests only, and cannot decide them", async () => {
    const adv = await party('advertiser');
    const pub = await party('publisher');
    const r = await file(adv, 'campaign.terminate', await campaignOf(adv, 'active'));
    const mine = await file(pub, 'adSlot.offline', await slotOf(pub, 'live'));

    expect((await pub.caller.call(statusChangeDetail, { id: r.id })).status).toBe(404);
    const listed = await pub.caller.ok(statusChangeList, { pageSize: 100 });
    expect(listed.items.map((i) => i.id)).toEqual([mine.id]);
    // Naming another account changes nothing for a requester.
    expect((await pub.caller.ok(statusChangeList, { accountId: adv.accountId })).items.map((i) => i.id)).toEqual([mine.id]);
    expect((await pub.caller.call(cancelStatusChange, { id: r.id, version: r.version })).status).toBe(404);

    for (const caller of [adv.caller, pub.caller]) {
      expect((await caller.call(approveStatusChange, { id: r.id, version: r.version })).status).toBe(403);
      expect((await caller.call(rejectStatusChange, { id: r.id, version: r.version, reason: 'no' })).status).toBe(403);
    }
    expect((await adv.caller.ok(statusChangeDetail, { id: r.id })).status).toBe('pending');

    // Staff see every account's, filtered.
    const byAccount = await staff.ok(statusChangeList, { accountId: adv.accountId });
    expect(byAccount.items.map((i) => i.id)).toEqual([r.id]);
    const offline = await staff.ok(statusChangeList, { kind: 'adSlot.offline', status: 'pending', search: `Requests publisher`, pageSize: 100 });
    expect(offline.items.map((i) => i.id)).toContain(mine.id);
    expect(offline.items.every((i) => i.kind === 'adSlot.offline' && i.status === 'pending')).toBe(true);
    const byEntity = await staff.ok(statusChangeList, { entity: 'campaign', entityId: r.entityId });
    expect(byEntity.items.map((i) => i.id)).toEqual([r.id]);
    const paged = await staff.ok(statusChangeList, { pageSize: 1, page: 2 });
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(2);
  });

  it('cancel: the requester withdraws a pending request (stale version 409, decided 409 REQUEST_STATE); the staff action leaves', async () => {
    const adv = await party('advertiser');
    const r = await file(adv, 'campaign.terminate', await campaignOf(adv, 'active'));
    const stale = await adv.caller.call(cancelStatusChange, { id: r.id, version: r.version + 1 });
    expect(stale.status).toBe(409);
    expect(stale.error.errorCode).toBe('STALE_VERSION');
    const cancelled = await adv.caller.ok(cancelStatusChange, { id: r.id, version: r.version });
    expect(cancelled).toMatchObject({ status: 'cancelled', version: r.version + 1 });
    expect(aboutRequest(await inbox(staff), r.id, 'statusChange.requested')).toHaveLength(0);
    const again = await adv.caller.call(cancelStatusChange, { id: r.id, version: cancelled.version });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ errorCode: 'REQUEST_STATE', status: 'cancelled' });
    const late = await approve(cancelled);
    expect(late.status).toBe(409);
    expect(late.error).toMatchObject({ errorCode: 'REQUEST_STATE', status: 'cancelled' });
  });

  it('reject: a reason is required; the requester is told why (type 10); nothing changes', async () => {
    const pub = await party('publisher');
    const slot = await slotOf(pub, 'live');
    const r = await file(pub, 'adSlot.offline', slot);
    const noReason = await staff.call(rejectStatusChange, { id: r.id, version: r.version, reason: '  ' });
    expect(noReason.status).toBe(400);
    const rejected = await staff.ok(rejectStatusChange, { id: r.id, version: r.version, reason: 'Campaigns are booked on it' });
    expect(rejected).toMatchObject({ status: 'rejected', decisionNote: 'Campaigns are booked on it', entityStatus: 'live' });
    const told = aboutRequest(await inbox(pub.caller), r.id, 'statusChange.rejected');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: NOTIFICATION_TYPES.event, menuId: 211, params: { reason: 'Campaigns are booked on it', kind: 'adSlot.offline' } });
    expect(aboutRequest(await inbox(staff), r.id, 'statusChange.requested')).toHaveLength(0);
    expect((await pub.caller.ok(adSlotDetail, { id: slot })).status).toBe('live');
  });

  it('approve answers 409 when the entity changed meanwhile, applies nothing, and the request stays pending', async () => {
    const adv = await party('advertiser');
    const id = await campaignOf(adv, 'paused');
    const r = await file(adv, 'campaign.terminate', id);
    // Ended by other means (its schedule) while the request waited.
    await t.database.db.update(campaigns).set({ status: 'ended' }).where(eq(campaigns.id, id));
    const res = await approve(r);
    expect(res.status, res.text).toBe(409);
    expect(res.error).toMatchObject({ errorCode: 'CAMPAIGN_STATE', status: 'ended' });
    const after = await staff.ok(statusChangeDetail, { id: r.id });
    expect(after).toMatchObject({ status: 'pending', version: r.version, entityStatus: 'ended', decidedBy: null });
    expect(aboutRequest(await inbox(adv.caller), r.id, 'statusChange.approved')).toHaveLength(0);
    expect(aboutRequest(await inbox(staff), r.id, 'statusChange.requested')).toHaveLength(1);
    // Staff reject it instead.
    expect((await staff.call(rejectStatusChange, { id: r.id, version: r.version, reason: 'Already ended' })).status).toBe(200);
  });

  it('concurrent approve and reject of one request: exactly one wins, the other gets 409', async () => {
    const pub = await party('publisher');
    for (let i = 0; i < 3; i++) {
      const slot = await slotOf(pub, 'live');
      const r = await file(pub, 'adSlot.offline', slot);
      const [a, b] = await Promise.all([approve(r), staff.call(rejectStatusChange, { id: r.id, version: r.version, reason: 'no' })]);
      expect([a.status, b.status].sort(), `${a.text}\n${b.text}`).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      expect(['REQUEST_STATE', 'STALE_VERSION']).toContain(loser.error.errorCode);
      const final = await staff.ok(statusChangeDetail, { id: r.id });
      expect(final.status).toBe(a.status === 200 ? 'approved' : 'rejected');
      expect(final.version).toBe(r.version + 1);
      expect((await pub.caller.ok(adSlotDetail, { id: slot })).status).toBe(a.status === 200 ? 'offline' : 'live');
      const told = (await inbox(pub.caller)).filter((x) => x.params?.requestId === r.id);
      expect(told).toHaveLength(1);
    }
  });

  it("staff's own request applies at once and is recorded approved and direct", async () => {
    const pub = await party('publisher');
    const slot = await slotOf(pub, 'live');
    const res = await staff.call(createStatusChange, { kind: 'adSlot.offline', entityId: slot, reason: 'Policy breach' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'approved', direct: true, entityStatus: 'offline', accountId: pub.accountId, reason: 'Policy breach' });
    expect(res.body.decidedBy?.id).toBe(res.body.requestedBy.id);
    expect(res.body.decidedAt).toBe(res.body.requestedAt);
    expect((await pub.caller.ok(adSlotDetail, { id: slot })).status).toBe('offline');
    // Nothing waits in the Action Center for a change already made.
    expect(aboutRequest(await inbox(staff), res.body.id, 'statusChange.requested')).toHaveLength(0);
    // The publisher sees what staff did to its slot.
    expect((await pub.caller.ok(statusChangeList, {})).items.map((i) => i.id)).toContain(res.body.id);

    const wrong = await staff.call(createStatusChange, { kind: 'adSlot.offline', entityId: slot, reason: 'again' });
    expect(wrong.status).toBe(409);
    expect(wrong.error).toMatchObject({ errorCode: 'AD_SLOT_STATE', status: 'offline' });

    const adv = await party('advertiser', 'suspended');
    const reactivated = await staff.ok(createStatusChange, { kind: 'account.reactivate', entityId: adv.accountId, reason: 'Paid' });
    expect(reactivated).toMatchObject({ status: 'approved', direct: true, entityStatus: 'active' });
  });

  it("the accounts page's reactivate and close are recorded as approved direct requests", async () => {
    const adv = await party('advertiser');
    let account = await staff.ok(accountDetail, { id: adv.accountId });
    account = await staff.ok(setAccountStatus, { id: account.id, version: account.version, action: 'suspend' });
    account = await staff.ok(setAccountStatus, { id: account.id, version: account.version, action: 'reactivate' });
    await staff.ok(setAccountStatus, { id: account.id, version: account.version, action: 'close', confirm: account.code });
    const recorded = await staff.ok(statusChangeList, { entity: 'account', entityId: adv.accountId, sort: 'requestedAt', order: 'asc' });
    expect(recorded.items.map((i) => [i.kind, i.status, i.direct, i.fromStatus, i.toStatus])).toEqual([
      ['account.reactivate', 'approved', true, 'suspended', 'active'],
      ['account.close', 'approved', true, 'active', 'closed'],
    ]);
  });

  it("staff's own change grants the pending request of the same kind: approved by them, the requester told, no second record", async () => {
    const adv = await party('advertiser');
    const id = await campaignOf(adv, 'active');
    const asked = await file(adv, 'campaign.terminate', id, 'Budget moved');
    const made = await staff.ok(createStatusChange, { kind: 'campaign.terminate', entityId: id, reason: 'Ended on the phone' });
    expect(made).toMatchObject({ id: asked.id, status: 'approved', direct: false, decisionNote: 'Ended on the phone', entityStatus: 'ended', reason: 'Budget moved' });
    expect(await campaignStatus(id)).toBe('ended');
    expect(aboutRequest(await inbox(adv.caller), asked.id, 'statusChange.approved')).toHaveLength(1);
    expect(aboutRequest(await inbox(staff), asked.id, 'statusChange.requested')).toHaveLength(0);
    expect((await staff.ok(statusChangeList, { entity: 'campaign', entityId: id })).total).toBe(1);

    // The accounts page's close grants a waiting closing request the same way.
    const closing = await party('publisher');
    const waiting = await file(closing, 'account.close', closing.accountId, 'We stop');
    let account = await staff.ok(accountDetail, { id: closing.accountId });
    account = await staff.ok(setAccountStatus, { id: account.id, version: account.version, action: 'close', confirm: account.code });
    expect(account.status).toBe('closed');
    const after = await staff.ok(statusChangeDetail, { id: waiting.id });
    expect(after).toMatchObject({ status: 'approved', direct: false, entityStatus: 'closed' });
    expect((await staff.ok(statusChangeList, { entity: 'account', entityId: closing.accountId })).total).toBe(1);
  });

  describe('reactivation from the sign-in page', () => {
    const ask = (email: string, password: string, remoteAddress = '10.9.0.1') =>
      t.app.inject({ method: 'POST', url: requestReactivation.path, payload: { email, password, reason: 'We paid the invoice' }, remoteAddress });

    it('checks the password as a sign-in does, refuses an account that is not suspended, files one request', async () => {
      const wrong = await ask('nobody@example.com', 'whatever1');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errorCode).toBe('INVALID_CREDENTIALS');

      const active = await party('advertiser');
      const notSuspended = await ask(active.email, PASSWORD);
      expect(notSuspended.statusCode).toBe(409);
      expect(notSuspended.json()).toMatchObject({ errorCode: 'ACCOUNT_STATE', status: 'active' });

      const suspended = await party('publisher', 'suspended');
      expect((await ask(suspended.email, 'Not-the-password-1')).statusCode).toBe(400);
      const filed = await ask(suspended.email, PASSWORD);
      expect(filed.statusCode, filed.body).toBe(200);
      expect(filed.json()).toEqual({ ok: true });
      const again = await ask(suspended.email, PASSWORD);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ ok: true });

      const requests = await staff.ok(statusChangeList, { entity: 'account', entityId: suspended.accountId });
      expect(requests.items).toHaveLength(1);
      const [r] = requests.items;
      expect(r).toMatchObject({ kind: 'account.reactivate', status: 'pending', fromStatus: 'suspended', reason: 'We paid the invoice' });
      expect(r!.requestedBy.id).toBe(suspended.userId);
      expect(aboutRequest(await inbox(staff), r!.id, 'statusChange.requested')).toHaveLength(1);

      expect((await approve(r!)).status).toBe(200);
      expect((await staff.ok(accountDetail, { id: suspended.accountId })).status).toBe('active');
      expect((await suspended.caller.call(userInfo)).status).toBe(200);
    });

    it('locks like a sign-in after repeated wrong passwords', async () => {
      const suspended = await party('publisher', 'suspended');
      const codes: number[] = [];
      for (let i = 0; i < 12; i++) codes.push((await ask(suspended.email, `Wrong-${i}-password`, '10.9.0.7')).statusCode);
      expect(codes).toContain(429);
      expect(codes.filter((c) => c !== 400 && c !== 429)).toEqual([]);
    });
  });
});
