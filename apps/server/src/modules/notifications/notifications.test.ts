import fs from 'node:fs';
import path from 'node:path';
import * as contracts from '@ads/contracts';
import {
  accountOptions,
  type Endpoint,
  type NotificationsResponse,
  notificationsList,
  placementList,
  publishAnnouncement,
  setNotificationsDismissed,
  setNotificationsRead,
  userInfo,
} from '@ads/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../db/schema/assets';
import { auditLog, userRoles, users } from '../../db/schema/identity';
import { notifications, notificationTargets } from '../../db/schema/notifications';
import { DEMO_PASSWORD, DEMO_USERS } from '../../demo/demo';
import { endpointsTagged, foreign, proveForeignIdsAnswer404 } from '../../test/tenancy';
import { addTestAccount, buildTestApp, type DemoRole, type TestApp } from '../../test/test-app';
import type { Caller, Payload } from '../../test/typed-client';

describe('notifications', () => {
  let t: TestApp;
  const tokens = {} as Record<DemoRole, string>;
  const userIds = {} as Record<DemoRole, number>;

  const caller = (who: DemoRole | Caller) => (typeof who === 'string' ? t.as(who) : who);
  /** The full inbox (a poll without `knownVersion` is never answered "unchanged"). */
  const inbox = async (who: DemoRole | Caller, filter: Payload<typeof notificationsList> = {}) => {
    const res = await caller(who).call(notificationsList, filter);
    expect(res.status).toBe(200);
    const body = res.body;
    if (body.unchanged) throw new Error('a poll without knownVersion answered "unchanged"');
    return body;
  };
  const notifyUser = (role: DemoRole, extra: Partial<Parameters<TestApp['services']['notifications']['notify']>[0]> = {}) =>
    t.services.notifications.notify({ type: 10, title: 'Hello', content: 'World', recipients: { users: [userIds[role]] }, ...extra });
  const targetOf = async (role: DemoRole, title: string) => (await inbox(role)).infos.find((i) => i.title === title)!;

  beforeAll(async () => {
    // The tests move the clock by hours; sessions must outlive that.
    t = await buildTestApp({ config: { SESSION_IDLE_MINUTES: 24 * 60, SESSION_ABSOLUTE_HOURS: 24 } });
    for (const role of ['advertiser', 'publisher', 'staff'] as const) {
      tokens[role] = await t.as(role).token();
      const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_USERS[role].email));
      userIds[role] = row!.id;
    }
  });
  afterAll(() => t.close());

  it('answers the caller\'s delivered notifications newest first, with unread counts per tab', async () => {
    const body = await inbox('advertiser');
    expect(body.infos.length).toBeGreaterThanOrEqual(5);
    const times = body.infos.map((i) => Date.parse(i.toSentAt ?? i.createdAt!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(body.infos.map((i) => i.type))).toEqual(new Set([10, 15, 20, 25, 30]));
    expect(body.total).toBe(body.infos.length);
    const unread = body.infos.filter((i) => !i.hasRead);
    expect(body.unread).toEqual({
      actions: unread.filter((i) => i.type === 20).length,
      notifications: unread.filter((i) => i.type !== 20).length,
    });
    expect(body.infos.some((i) => i.hasRead)).toBe(true);
    // The demo's scheduled announcement is not due yet.
    expect(body.infos.map((i) => i.title)).not.toContain('Holiday support hours');
    // Nothing of another role's: the advertisers' announcement is not the publisher's.
    expect((await inbox('publisher')).infos.map((i) => i.title)).not.toContain('Image reviews within one working day');
  });

  it('keeps system notifications as a message key and values, and announcements as text in both languages', async () => {
    const body = await inbox('advertiser');
    const system = body.infos.filter((i) => i.type !== 30);
    expect(system.length).toBeGreaterThan(0);
    // Title and content for a client built to the seed; the key and values for one that renders itself.
    for (const info of system) {
      expect(info).toMatchObject({ title: expect.any(String), content: expect.any(String), messageKey: expect.any(String), params: expect.any(Object) });
    }
    expect(body.infos.find((i) => i.messageKey === 'recycle.purgeSoon')!.params).toMatchObject({ count: 1, days: 3 });
    const maintenance = body.infos.find((i) => i.title === 'Scheduled maintenance on Sunday')!;
    expect(maintenance).toMatchObject({ messageKey: null, params: null, translations: { 'zh-CN': { title: '周日例行维护' } } });
    const englishOnly = body.infos.find((i) => i.title === 'Image reviews within one working day')!;
    expect(englishOnly.translations).toBeNull();
  });

  describe('title and content in the reader\'s language', () => {
    const rejection = (infos: contracts.NotificationInfo[]) => infos.find((i) => i.messageKey === 'campaign.rejected')!;
    const purge = (infos: contracts.NotificationInfo[]) => infos.find((i) => i.messageKey === 'recycle.purgeSoon')!;
    const maintenance = (infos: contracts.NotificationInfo[]) => infos.find((i) => i.translations?.['zh-CN']?.title === '周日例行维护')!;

    it('renders the language the console asks for, whatever the profile or the browser says', async () => {
      const zh = (await inbox('advertiser', { language: 'zh-CN' })).infos;
      const name = rejection(zh).params!.name;
      expect(rejection(zh)).toMatchObject({ title: `广告活动未通过审核：${name}`, content: expect.stringMatching(/^原因：/) });
      expect(purge(zh)).toMatchObject({ title: '回收站：3 天后永久删除', content: expect.stringMatching(/^回收站中的 1 项内容将于 \d{4}年\d{1,2}月\d{1,2}日 起被永久删除/) });
      // An announcement in the reader's version, every version kept for a console that switches.
      expect(maintenance(zh)).toMatchObject({
        title: '周日例行维护',
        translations: { 'en-US': { title: 'Scheduled maintenance on Sunday' }, 'zh-CN': { title: '周日例行维护' } },
      });

      const en = (await inbox('advertiser', { language: 'en-US' })).infos;
      expect(rejection(en)).toMatchObject({ title: `Campaign rejected: ${name}`, content: expect.stringMatching(/^Reason: .+ Edit the campaign/) });
      expect(purge(en)).toMatchObject({ title: 'Recycle bin: removed for good in 3 days', content: expect.stringMatching(/^1 item in your recycle bin will be removed for good on [A-Z][a-z]+ \d{1,2}, \d{4}\./) });
      expect(maintenance(en).title).toBe('Scheduled maintenance on Sunday');
      // The same notifications, the same key and values in both.
      expect(zh.map((i) => [i.notificationId, i.messageKey, i.params])).toEqual(en.map((i) => [i.notificationId, i.messageKey, i.params]));
    });

    it('uses the profile\'s language when the client names none, else the browser\'s Accept-Language, else English', async () => {
      const poll = (headers: Record<string, string>) =>
        t.app.inject({ method: 'POST', url: '/api/Notification/Notifications', payload: {}, headers: { authorization: `Bearer ${tokens.advertiser}`, ...headers } });
      const titleOf = async (headers: Record<string, string>) => rejection((await poll(headers)).json().infos).title;
      expect(await titleOf({})).toMatch(/^Campaign rejected: /);
      expect(await titleOf({ 'accept-language': 'fr-FR,zh-TW;q=0.8,en;q=0.5' })).toMatch(/^广告活动未通过审核：/);
      expect(await titleOf({ 'accept-language': 'en-GB,zh-CN;q=0.9' })).toMatch(/^Campaign rejected: /);
      await t.database.db.update(users).set({ language: 'zh-CN' }).where(eq(users.id, userIds.advertiser));
      try {
        expect(await titleOf({ 'accept-language': 'en-US' })).toMatch(/^广告活动未通过审核：/);
        expect(rejection((await inbox('advertiser', { language: 'en-US' })).infos).title).toMatch(/^Campaign rejected: /);
      } finally {
        await t.database.db.update(users).set({ language: null }).where(eq(users.id, userIds.advertiser));
      }
    });
  });

  it('speaks only of what exists in the demo, and links to a page the recipient has that shows it', async () => {
    const DAY = 24 * 3_600_000;
    for (const role of ['advertiser', 'publisher', 'staff'] as const) {
      const principal = await t.services.identity.authenticate(tokens[role]);
      const menuIds = new Set(
        (await t.as(role).ok(userInfo)).menus.map((m) => m.id),
      );
      const body = await inbox(role);
      expect(body.infos.length).toBeGreaterThan(0);
      for (const info of body.infos) {
        const what = `${role}: ${info.messageKey ?? info.title}`;
        if (info.menuId !== null) {
          expect(menuIds.has(info.menuId), what).toBe(true);
          expect(body.menus[String(info.menuId)], what).toBeDefined();
        }
        if (info.messageKey === null) {
          // Free text is a staff announcement, written by people, with no link.
          expect(info.type, what).toBe(30);
          expect(info.title && info.content, what).toBeTruthy();
          continue;
        }
        const params = info.params!;
        if (info.messageKey === 'image.rejected') {
          // The Image Gallery lists the rejected image under its name, with the review's reason.
          expect(info.menuId, what).toBe(107);
          const rejected = await t.services.assets.rejectedImages(principal, { page: 1, pageSize: 200 });
          const item = rejected.items.find((r) => r.image.id === params.imageId);
          expect(item, what).toBeDefined();
          expect(item!.image.name).toBe(params.name);
          expect(item!.review.reason).toBe(params.reason);
        } else if (info.messageKey === 'recycle.purgeSoon') {
          // The bin holds that many items, the first of them removed for good at purgeAt.
          expect(info.menuId, what).toBe(108);
          const bin = await t.services.recycle.list(principal, { page: 1, pageSize: 200 });
          const due = bin.items.filter((i) => i.daysLeft <= Number(params.days));
          expect(due.length, what).toBe(params.count);
          const first = Math.min(...due.map((i) => Date.parse(i.deletedAt)));
          expect(new Date(first + 30 * DAY).toISOString()).toBe(params.purgeAt);
        } else if (info.messageKey.startsWith('campaign.')) {
          // The campaign exists under that name, on the Campaign List (staff: Advertiser Campaigns).
          expect(info.menuId, what).toBe(role === 'staff' ? 308 : 105);
          const campaign = await t.services.campaigns.detail(principal, Number(params.campaignId));
          expect(campaign.name, what).toBe(params.name);
          if (info.messageKey === 'campaign.rejected') expect(campaign.reviewReason, what).toBe(params.reason);
        } else if (info.messageKey.startsWith('adSlot.')) {
          // The slot exists under that name, on Ad Slot Review (the publisher's, or staff's).
          expect(info.menuId, what).toBe(role === 'staff' ? 310 : 204);
          const slot = await t.services.adSlots.detail(principal, Number(params.adSlotId));
          expect(slot.name, what).toBe(params.name);
          if (info.messageKey === 'adSlot.rejected') expect(slot.reviewReason, what).toBe(params.reason);
          if (info.messageKey === 'adSlot.live') expect(slot.liveAt, what).not.toBeNull();
        } else if (info.messageKey === 'placement.awaiting') {
          // Placement Review, on the slot they share: that many placements there, some still waiting.
          expect(info.menuId, what).toBe(206);
          const list = await t.services.placements.list(principal, placementList.request.parse({ slot: String(params.adSlotId), pageSize: '100' }));
          expect(list.total, what).toBe(params.count);
          expect(list.items.some((p) => p.status === 'pending'), what).toBe(true);
        } else if (info.messageKey === 'placement.rejected') {
          // Disapproved Placements lists the publisher's rejections with that reason.
          expect(info.menuId, what).toBe(113);
          const rejected = await t.services.placements.rejected(principal, { page: 1, pageSize: 100 });
          const those = rejected.items.filter((p) => p.publisher.name === params.publisherName && p.reason === params.reason);
          expect(those.length, what).toBe(params.count);
        } else if (info.messageKey === 'password.resetRequested') {
          // The account's page (staff's list of its kind) holds that user, whose request is open.
          expect(info.menuId, what).toBe({ advertiser: 315, publisher: 316, internal: 317 }[String(params.accountKind)]);
          const account = await t.services.accounts.detail(principal, Number(params.accountId));
          expect(account.name, what).toBe(params.accountName);
          expect(account.users.find((u) => u.email === params.email)?.name, what).toBe(params.userName);
        } else if (info.messageKey.startsWith('statusChange.')) {
          // Request Management holds the request (its kind, entity and staff's reason when rejected).
          expect(info.menuId, what).toBe({ advertiser: 114, publisher: 211, staff: 318 }[role]);
          const request = await t.services.statusChanges.detail(principal, Number(params.requestId));
          expect(request.kind, what).toBe(params.kind);
          expect(request.entityName, what).toBe(params.entityName);
          if (info.messageKey === 'statusChange.requested') expect(request.status, what).toBe('pending');
          if (info.messageKey === 'statusChange.rejected') expect(request.decisionNote, what).toBe(params.reason);
        } else if (info.messageKey === 'report.scheduledRun') {
          // The owner's Data Insights page opens the saved report's runs, this run among them, of those days.
          expect(info.menuId, what).toBe({ advertiser: 102, publisher: 202, staff: 305 }[role]);
          const runs = await t.services.scheduledReports.runs(principal, { id: Number(params.savedReportId), page: 1, pageSize: 100 });
          const run = runs.items.find((r) => r.id === params.runId);
          expect(run, what).toMatchObject({ from: params.from, to: params.to });
        } else if (info.messageKey.startsWith('content.')) {
          // Request Approvals (the publisher's) or Content Review (staff's) holds the series' request.
          expect(info.menuId, what).toBe(role === 'staff' ? 313 : 210);
          const request = await t.services.publisherContent.detail(principal, Number(params.contentRequestId));
          expect(request.seriesName, what).toBe(params.seriesName);
          if (info.messageKey === 'content.submitted') expect([request.status, request.counts.total], what).toEqual(['pending', params.count]);
          if (info.messageKey === 'content.approved') expect(request.status, what).toBe('approved');
          if (info.messageKey === 'content.rejected') expect(request.status, what).toBe('rejected');
        } else {
          expect.fail(`${what}: a message key the demo should not have`);
        }
      }
    }
  });

  it('maps only the menus the caller has', async () => {
    await notifyUser('advertiser', { title: 'Linked to a staff page', menuId: 308 });
    await notifyUser('advertiser', { title: 'Linked to the campaign list', menuId: 105 });
    const body = await inbox('advertiser');
    expect(body.menus['105']).toEqual({ name: 'Campaign List', url: 'campaign/list' });
    expect(body.menus['308']).toBeUndefined();
    const usedIds = new Set(body.infos.map((i) => String(i.menuId)));
    for (const id of Object.keys(body.menus)) expect(usedIds.has(id)).toBe(true);
  });

  it('filters by type and read state and pages', async () => {
    const all = await inbox('advertiser');
    const actions = await inbox('advertiser', { types: [20] });
    expect(actions.infos.length).toBeGreaterThan(0);
    expect(actions.infos.every((i) => i.type === 20)).toBe(true);
    expect(actions.unread).toEqual(all.unread);
    const unread = await inbox('advertiser', { hasRead: false });
    expect(unread.infos.every((i) => !i.hasRead)).toBe(true);
    const page2 = await inbox('advertiser', { page: 2, pageSize: 3 });
    expect(page2.infos.map((i) => i.notificationId)).toEqual(all.infos.slice(3, 6).map((i) => i.notificationId));
    expect(page2.total).toBe(all.total);
    await notifyUser('advertiser', { type: 99, title: 'Unknown type' });
    const notificationsTab = await inbox('advertiser', { tab: 'notifications', hasRead: false });
    expect(notificationsTab.infos.length).toBe(notificationsTab.unread.notifications);
    expect(notificationsTab.infos.every((i) => i.type !== 20 && !i.hasRead)).toBe(true);
    expect(notificationsTab.infos.map((i) => i.title)).toContain('Unknown type');
    const actionsTab = await inbox('advertiser', { tab: 'actions' });
    expect(actionsTab.infos.length).toBeGreaterThan(0);
    expect(actionsTab.infos.every((i) => i.type === 20)).toBe(true);
    const tooBig = await caller('advertiser').call(notificationsList, { pageSize: 201 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.error.fields).toHaveProperty('pageSize');
  });

  it('fans out to a role, an account and a power, once per user', async () => {
    // A second user in the advertiser's account.
    const [advertiserUser] = await t.database.db.select().from(users).where(eq(users.id, userIds.advertiser));
    const [colleague] = await t.database.db
      .insert(users)
      .values({ accountId: advertiserUser!.accountId, email: 'colleague@demo.test', name: 'Colleague', passwordHash: advertiserUser!.passwordHash })
      .returning();
    const [role] = await t.database.db.select().from(userRoles).where(eq(userRoles.userId, userIds.advertiser));
    await t.database.db.insert(userRoles).values({ userId: colleague!.id, roleId: role!.roleId, position: 0 });
    const toAccount = await t.services.notifications.notify({ type: 10, title: 'To the account', content: null, recipients: { accounts: [advertiserUser!.accountId], users: [userIds.advertiser] } });
    expect(toAccount?.recipients).toBe(2);
    const colleagueCaller = t.as({ email: 'colleague@demo.test', password: DEMO_PASSWORD });
    expect((await inbox(colleagueCaller)).infos.map((i) => i.title)).toContain('To the account');
    expect((await inbox('publisher')).infos.map((i) => i.title)).not.toContain('To the account');

    const toRole = await t.services.notifications.notify({ type: 30, title: 'To publishers', content: 'x', recipients: { roles: ['Publisher'] } });
    // The demo's two publishers.
    expect(toRole?.recipients).toBe(2);
    expect((await inbox('publisher')).infos.map((i) => i.title)).toContain('To publishers');
    expect((await inbox('advertiser')).infos.map((i) => i.title)).not.toContain('To publishers');

    const toReviewers = await t.services.notifications.notify({ type: 20, title: 'Review me', content: 'x', recipients: { powers: ['campaign.review'] } });
    expect(toReviewers?.recipients).toBe(1);
    expect((await inbox('staff')).infos.map((i) => i.title)).toContain('Review me');
    expect((await inbox(colleagueCaller)).infos.map((i) => i.title)).not.toContain('Review me');
  });

  it('never notifies the same event twice', async () => {
    const first = await notifyUser('publisher', { title: 'Slot approved once', eventKey: 'adslot:7:approved' });
    const again = await notifyUser('publisher', { title: 'Slot approved once', eventKey: 'adslot:7:approved' });
    expect(first?.recipients).toBe(1);
    expect(again).toBeUndefined();
    expect((await inbox('publisher')).infos.filter((i) => i.title === 'Slot approved once')).toHaveLength(1);
  });

  it('delivers nothing before toSentAt, then delivers it', async () => {
    const sent = await notifyUser('publisher', { title: 'Later', toSentAt: new Date(t.clock.now.getTime() + 3_600_000) });
    expect((await inbox('publisher')).infos.map((i) => i.title)).not.toContain('Later');
    const [target] = await t.database.db
      .select({ id: notificationTargets.id })
      .from(notificationTargets)
      .where(eq(notificationTargets.notificationId, sent!.id));
    // Not delivered means not there: it cannot be read yet either.
    expect((await caller('publisher').call(setNotificationsRead, { hasRead: true, notificationTargetIds: [target!.id] })).status).toBe(404);
    t.clock.advance(3_600_000);
    const later = (await inbox('publisher')).infos.find((i) => i.title === 'Later');
    expect(later).toMatchObject({ notificationId: target!.id, toSentAt: sent!.toSentAt!.toISOString(), hasRead: false });
    expect((await inbox('publisher')).infos[0]!.title).toBe('Later');
  });

  it('marks the caller\'s own notifications read, idempotently', async () => {
    await notifyUser('advertiser', { title: 'Read me' });
    const target = await targetOf('advertiser', 'Read me');
    const before = await inbox('advertiser');
    const res = await caller('advertiser').call(setNotificationsRead, { hasRead: true, notificationTargetIds: [target.notificationId] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, changed: 1 });
    expect((await targetOf('advertiser', 'Read me')).hasRead).toBe(true);
    expect((await inbox('advertiser')).unread.notifications).toBe(before.unread.notifications - 1);
    const again = await caller('advertiser').call(setNotificationsRead, { hasRead: true, notificationTargetIds: [target.notificationId] });
    expect(again.body).toEqual({ ok: true, changed: 0 });
  });

  it('answers 404 for another user\'s notification and changes nothing', async () => {
    await notifyUser('advertiser', { title: 'Mine alone' });
    await notifyUser('publisher', { title: 'Not yours' });
    const mine = await targetOf('advertiser', 'Mine alone');
    const theirs = await targetOf('publisher', 'Not yours');
    const read = await caller('advertiser').call(setNotificationsRead, { hasRead: true, notificationTargetIds: [mine.notificationId, theirs.notificationId] });
    expect(read.status).toBe(404);
    expect(read.error.errorCode).toBe('NOTIFICATION_NOT_FOUND');
    expect((await targetOf('advertiser', 'Mine alone')).hasRead).toBe(false);
    expect((await targetOf('publisher', 'Not yours')).hasRead).toBe(false);

    await caller('publisher').call(setNotificationsRead, { hasRead: true, notificationTargetIds: [theirs.notificationId] });
    const dismiss = await caller('advertiser').call(setNotificationsDismissed, { isDismissed: true, notificationTargetIds: [theirs.notificationId] });
    expect(dismiss.status).toBe(404);
    expect((await inbox('publisher')).infos.map((i) => i.title)).toContain('Not yours');
    expect((await caller('advertiser').call(setNotificationsRead, { hasRead: true, notificationTargetIds: [2 ** 40] })).status).toBe(404);
  });

  it('dismisses only read notifications, idempotently', async () => {
    await notifyUser('staff', { title: 'Dismiss me' });
    const target = await targetOf('staff', 'Dismiss me');
    const unread = await caller('staff').call(setNotificationsDismissed, { isDismissed: true, notificationTargetIds: [target.notificationId] });
    expect(unread.status).toBe(409);
    expect(unread.error.errorCode).toBe('NOTIFICATION_UNREAD');
    expect((await inbox('staff')).infos.map((i) => i.title)).toContain('Dismiss me');

    await caller('staff').call(setNotificationsRead, { hasRead: true, notificationTargetIds: [target.notificationId] });
    const ok = await caller('staff').call(setNotificationsDismissed, { isDismissed: true, notificationTargetIds: [target.notificationId] });
    expect(ok.body).toEqual({ ok: true, changed: 1 });
    expect((await inbox('staff')).infos.map((i) => i.title)).not.toContain('Dismiss me');
    const again = await caller('staff').call(setNotificationsDismissed, { isDismissed: true, notificationTargetIds: [target.notificationId] });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ok: true, changed: 0 });
  });

  it('validates the calls\' payloads', async () => {
    const cases: [Endpoint, object][] = [
      [setNotificationsRead, { hasRead: false, notificationTargetIds: [1] }],
      [setNotificationsRead, { hasRead: true, notificationTargetIds: [] }],
      [setNotificationsRead, { hasRead: true, notificationTargetIds: ['1'] }],
      [setNotificationsDismissed, { isDismissed: true }],
    ];
    for (const [endpoint, payload] of cases) {
      const res = await t.as('advertiser').callUnchecked(endpoint, payload);
      expect(res.status, `${endpoint.path} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.error.errorCode).toBe('VALIDATION_FAILED');
    }
  });

  it('answers "unchanged" to a poll that knows the inbox\'s version, until the inbox changes', async () => {
    const poll = async (knownVersion: number) => {
      const res = await caller('publisher').call(notificationsList, { knownVersion });
      expect(res.status).toBe(200);
      return res.body as Partial<NotificationsResponse> & { unchanged: boolean; version: number };
    };
    const first = await inbox('publisher');
    expect(first.unchanged).toBe(false);
    expect(await poll(first.version)).toEqual({ unchanged: true, version: first.version });

    // Another user's changes leave it alone; a refused call too.
    await notifyUser('advertiser', { title: 'Elsewhere' });
    const foreign = await targetOf('advertiser', 'Elsewhere');
    await caller('publisher').call(setNotificationsRead, { hasRead: true, notificationTargetIds: [foreign.notificationId] });
    expect((await poll(first.version)).unchanged).toBe(true);

    // A delivery, a read and a dismissal each make a new version.
    await notifyUser('publisher', { title: 'Versioned' });
    const delivered = await poll(first.version);
    expect(delivered.unchanged).toBe(false);
    expect(delivered.infos!.map((i) => i.title)).toContain('Versioned');
    const target = delivered.infos!.find((i) => i.title === 'Versioned')!;
    await caller('publisher').call(setNotificationsRead, { hasRead: true, notificationTargetIds: [target.notificationId] });
    const read = await poll(delivered.version);
    expect(read.unchanged).toBe(false);
    expect(read.infos!.find((i) => i.title === 'Versioned')!.hasRead).toBe(true);
    await caller('publisher').call(setNotificationsDismissed, { isDismissed: true, notificationTargetIds: [target.notificationId] });
    const dismissed = await poll(read.version);
    expect(dismissed.unchanged).toBe(false);
    expect(dismissed.infos!.map((i) => i.title)).not.toContain('Versioned');

    // Something scheduled falls due without any write: the known version no longer holds.
    await notifyUser('publisher', { title: 'Falls due', toSentAt: new Date(t.clock.now.getTime() + 60_000) });
    const before = await poll(dismissed.version);
    const settled = before.unchanged ? dismissed.version : before.version;
    expect(await poll(settled)).toEqual({ unchanged: true, version: settled });
    t.clock.advance(61_000);
    const due = await poll(settled);
    expect(due.unchanged).toBe(false);
    expect(due.infos![0]!.title).toBe('Falls due');
    expect(await poll(due.version)).toEqual({ unchanged: true, version: due.version });
  });

  it('gives a console that asks without a version the inbox as it is now, page by page and tab by tab', async () => {
    // The server remembers answers by user and filter while their version holds; each must follow
    // every change, and one filter's answer must never stand in for another's.
    const first = await inbox('staff');
    const actions = await inbox('staff', { tab: 'actions' });
    expect(await inbox('staff')).toEqual(first);
    await t.services.notifications.notify({ type: 20, title: 'Review this', recipients: { users: [userIds.staff] } });
    const next = await inbox('staff');
    expect(next.infos[0]!.title).toBe('Review this');
    expect(next.unread.actions).toBe(first.unread.actions + 1);
    const nextActions = await inbox('staff', { tab: 'actions' });
    expect(nextActions.total).toBe(actions.total + 1);
    expect(nextActions.infos.every((i) => i.type === 20)).toBe(true);
    expect((await inbox('staff', { tab: 'notifications' })).infos.map((i) => i.title)).not.toContain('Review this');

    await caller('staff').call(setNotificationsRead, { hasRead: true, notificationTargetIds: [next.infos[0]!.notificationId] });
    expect((await inbox('staff')).infos[0]).toMatchObject({ title: 'Review this', hasRead: true });
    expect((await inbox('staff', { tab: 'actions' })).unread.actions).toBe(first.unread.actions);
  });

  it('tells the image\'s account of a rejection by review, once, linking to the gallery; an approval tells no one', async () => {
    const [image] = await t.database.db.select().from(images).where(eq(images.name, 'winter-blend-square.png'));
    const before = await inbox('advertiser');
    await t.services.assets.recordReview({ imageId: image!.id, decision: 'approved', reviewerId: userIds.staff });
    expect((await inbox('advertiser')).total).toBe(before.total);
    const review = await t.services.assets.recordReview({ imageId: image!.id, decision: 'rejected', reason: 'Blurry.', reviewerId: userIds.staff });
    const after = await inbox('advertiser');
    const told = after.infos.filter((i) => i.messageKey === 'image.rejected' && i.params!.imageId === image!.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: 20, menuId: 107, title: 'Image rejected: winter-blend-square.png', params: { name: 'winter-blend-square.png', reason: 'Blurry.' } });
    expect(after.menus['107']).toEqual({ name: 'Image Gallery', url: 'assetLibrary/imageGallery' });
    expect((await inbox('publisher')).infos.some((i) => i.messageKey === 'image.rejected')).toBe(false);
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.eventKey, `image-review:${review.id}`));
    expect(row).toBeDefined();
  });

  it('turns the English purge reminders written before message keys into messages, and leaves other text as written', async () => {
    const migration = fs.readFileSync(path.join(import.meta.dirname, '../../db/migrations/0006_notification_messages.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((s) => s.includes('UPDATE'))!;
    const deletedAt = Date.parse('2026-03-01T10:00:00.000Z');
    const old = await notifyUser('advertiser', {
      type: 15,
      title: 'Recycle bin: items removed for good in 1 day',
      content: '2 items in your recycle bin will be removed for good from 2026-03-31. Restore what you still need before then.',
      eventKey: `recycle-expiry:${userIds.advertiser}:${deletedAt}`,
    });
    const other = await notifyUser('advertiser', { title: 'Recycle bin: items removed for good in 2 days', content: 'Written by hand' });
    await t.database.db.execute(sql.raw(backfill));
    const rows = await t.database.db.select().from(notifications).where(inArray(notifications.id, [old!.id, other!.id]));
    expect(rows.find((r) => r.id === old!.id)).toMatchObject({
      title: null,
      content: null,
      messageKey: 'recycle.purgeSoon',
      params: { count: 2, days: 1, purgeAt: '2026-03-31T10:00:00.000Z' },
    });
    expect(rows.find((r) => r.id === other!.id)).toMatchObject({ title: 'Recycle bin: items removed for good in 2 days', content: 'Written by hand', messageKey: null });
  });

  it('requires a session', async () => {
    const res = await t.as('anonymous').call(notificationsList, {});
    expect(res.status).toBe(401);
  });

  describe('announcements', () => {
    const publish = (role: DemoRole, payload: Payload<typeof publishAnnouncement>) => caller(role).call(publishAnnouncement, payload);

    it('lets staff publish to a role now', async () => {
      const res = await publish('staff', { title: 'Advertisers only', content: 'New billing page', audience: { kind: 'role', role: 'Advertiser' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ recipients: 3, toSentAt: null });
      const info = (await inbox('advertiser')).infos.find((i) => i.title === 'Advertisers only');
      expect(info).toMatchObject({ type: 30, content: 'New billing page', hasRead: false });
      expect((await inbox('publisher')).infos.map((i) => i.title)).not.toContain('Advertisers only');
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'notification.publish'), eq(auditLog.entityId, String(res.body.id))));
      expect(entry).toMatchObject({ actorUserId: userIds.staff, entity: 'notification' });
    });

    it('keeps a zh-CN version beside the English one, and checks it by field', async () => {
      const res = await publish('staff', {
        title: 'Both languages',
        content: 'Read me in yours',
        zh: { title: '两种语言', content: '用你的语言阅读' },
        audience: { kind: 'role', role: 'Publisher' },
      });
      expect(res.status).toBe(200);
      const info = (await inbox('publisher')).infos.find((i) => i.title === 'Both languages');
      expect(info).toMatchObject({ content: 'Read me in yours', translations: { 'zh-CN': { title: '两种语言', content: '用你的语言阅读' } } });
      const half = await publish('staff', { title: 'x', content: 'y', zh: { title: '标题', content: ' ' }, audience: { kind: 'all' } });
      expect(half.status).toBe(400);
      expect(Object.keys(half.error.fields ?? {})).toEqual(['zh.content']);
    });

    it('schedules an announcement to chosen accounts', async () => {
      const accounts = await t.as('staff').call(accountOptions, { search: 'fabrikam' });
      expect(accounts.status).toBe(200);
      const fabrikam = accounts.body.items.find((a) => a.name === 'Fabrikam News')!;
      expect(fabrikam).toMatchObject({ kind: 'publisher', status: 'active' });
      // A picker opened on a chosen account asks for it by id (of its kind).
      expect((await t.as('staff').ok(accountOptions, { id: fabrikam.id, kind: 'publisher' })).items).toEqual([fabrikam]);
      expect((await t.as('staff').ok(accountOptions, { id: fabrikam.id, kind: 'advertiser' })).items).toEqual([]);
      const at = new Date(t.clock.now.getTime() + 2 * 3_600_000);
      const res = await publish('staff', { title: 'Tonight', content: 'Maintenance', audience: { kind: 'accounts', accountIds: [fabrikam.id] }, toSentAt: at.toISOString() });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ recipients: 1, toSentAt: at.toISOString() });
      expect((await inbox('publisher')).infos.map((i) => i.title)).not.toContain('Tonight');
      t.clock.advance(2 * 3_600_000);
      expect((await inbox('publisher')).infos.map((i) => i.title)).toContain('Tonight');
      expect((await inbox('advertiser')).infos.map((i) => i.title)).not.toContain('Tonight');
    });

    it('refuses a past time, unknown accounts and empty fields by field', async () => {
      const past = await publish('staff', { title: 'x', content: 'y', audience: { kind: 'all' }, toSentAt: new Date(t.clock.now.getTime() - 60_000).toISOString() });
      expect(past.status).toBe(400);
      expect(past.error.fields).toHaveProperty('toSentAt');
      const unknown = await publish('staff', { title: 'x', content: 'y', audience: { kind: 'accounts', accountIds: [999_999] } });
      expect(unknown.status).toBe(400);
      expect(unknown.error.fields).toHaveProperty(['audience.accountIds']);
      const empty = await publish('staff', { title: ' ', content: '', audience: { kind: 'all' } });
      expect(empty.status).toBe(400);
      expect(Object.keys(empty.error.fields ?? {}).sort()).toEqual(['content', 'title']);
    });

    it('is refused to advertisers and publishers', async () => {
      for (const role of ['advertiser', 'publisher'] as const) {
        const res = await publish(role, { title: 'x', content: 'y', audience: { kind: 'all' } });
        expect(res.status).toBe(403);
        const options = await t.as(role).call(accountOptions);
        expect(options.status).toBe(403);
      }
    });
  });

  // Last: the account it adds would count among the announcements' recipients.
  it("answers 404 for another user's notifications on every endpoint that takes one, and changes nothing", async () => {
    await notifyUser('advertiser', { title: 'Owned by the advertiser' });
    const target = await targetOf('advertiser', 'Owned by the advertiser');
    // Read, so that a dismissal could succeed if the stranger were allowed it.
    expect((await t.as('advertiser').call(setNotificationsRead, { hasRead: true, notificationTargetIds: [target.notificationId] })).status).toBe(200);
    const stranger = await addTestAccount(t, 'advertiser', 'Other Notified Advertiser');
    await proveForeignIdsAnswer404({
      stranger: t.as(stranger.user),
      module: endpointsTagged(contracts, 'Notification'),
      calls: [
        foreign(setNotificationsRead, { hasRead: true, notificationTargetIds: [target.notificationId] }),
        foreign(setNotificationsDismissed, { isDismissed: true, notificationTargetIds: [target.notificationId] }),
      ],
      errorCode: 'NOTIFICATION_NOT_FOUND',
      unchanged: () => inbox('advertiser'),
    });
  });
});
