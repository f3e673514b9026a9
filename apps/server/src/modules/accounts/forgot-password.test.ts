import { accountDetail, notificationsList, resetPassword, type AccountKind } from '@ads/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, passwordResetRequests } from '../../db/schema/identity';
import { notificationTargets, notifications } from '../../db/schema/notifications';
import { DEMO_MORE_ACCOUNTS } from '../../demo/demo';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { FORGOT_PASSWORD_LIMITS, passwordResetEvent } from './accounts.service';

let n = 0;
let address = 0;
/** A fresh address for each request that should not meet the per-address limit. */
const freshIp = () => `10.9.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

describe('forgot password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const forgot = (email: string, remoteAddress = freshIp()) =>
    t.app.inject({ method: 'POST', url: '/api/User/ForgotPassword', payload: { email }, remoteAddress });

  /** An account of its own with one user, so that each test's requests are its own. */
  const newUser = async (kind: AccountKind = 'publisher') => {
    n++;
    const { account, user } = await t.services.identity.createAccountWithUser({
      account: { name: `Forgetful ${n}`, kind },
      user: { email: `forgetful${n}@example.com`, name: `Forgetful User ${n}`, password: 'Secret-pass-1' },
    });
    return { account, user };
  };

  const requestsOf = (userId: number) => t.database.db.select().from(passwordResetRequests).where(eq(passwordResetRequests.userId, userId));
  const staffNotices = async (email: string) => {
    const body = await t.as('staff').ok(notificationsList, { pageSize: 200 });
    if (body.unchanged) throw new Error('unexpected unchanged answer');
    return { body, notices: body.infos.filter((i) => i.messageKey === 'password.resetRequested' && i.params?.email === email) };
  };

  it('answers the same for a known and an unknown email, and files one request that staff are told of', async () => {
    const { account, user } = await newUser('publisher');
    const countBefore = (await t.database.db.select().from(passwordResetRequests)).length;

    const startedUnknown = performance.now();
    const unknown = await forgot('nobody-here@example.com');
    const unknownMs = performance.now() - startedUnknown;
    const startedKnown = performance.now();
    const known = await forgot(`  ${user.email.replace(/^[^@]+/, (local) => local.toUpperCase())} `);
    const knownMs = performance.now() - startedKnown;

    expect(known.statusCode, known.body).toBe(200);
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect(known.json()).toEqual({ ok: true });
    expect(unknown.body).toBe(known.body);
    // Both wait for the same floor, under which the known email's extra work is hidden.
    expect(unknownMs).toBeGreaterThanOrEqual(290);
    expect(knownMs).toBeGreaterThanOrEqual(290);

    // Only the known email filed something.
    expect((await t.database.db.select().from(passwordResetRequests)).length).toBe(countBefore + 1);
    const [request] = await requestsOf(user.id);
    expect(request).toMatchObject({ answeredAt: null, ip: expect.any(String) });

    const { body, notices } = await staffNotices(user.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      type: 20,
      menuId: 316,
      params: { accountId: account.id, accountKind: 'publisher', accountName: account.name, userName: user.name, email: user.email },
    });
    expect(body.menus['316']).toMatchObject({ url: 'accountManagement/publisher' });

    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'passwordReset.request'), eq(auditLog.entityId, String(request!.id))));
    expect(audited).toMatchObject({ actorUserId: null, entity: 'passwordResetRequest' });
  });

  it('files nothing new and tells nobody again while a request is open, even when asked at once', async () => {
    const { user } = await newUser('advertiser');
    // As many at once as the per-email limit lets through: the open-request index decides.
    const answers = await Promise.all(Array.from({ length: FORGOT_PASSWORD_LIMITS.perEmail }, () => forgot(user.email)));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(await requestsOf(user.id)).toHaveLength(1);
    const { notices } = await staffNotices(user.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.menuId).toBe(315);
  });

  it("answers the request when staff reset the user's password: it leaves staff's Action Center, and a new one can be filed", async () => {
    const { account, user } = await newUser('publisher');
    await forgot(user.email);
    const [request] = await requestsOf(user.id);
    expect((await staffNotices(user.email)).notices).toHaveLength(1);

    const staff = t.as('staff');
    const detail = await staff.ok(accountDetail, { id: account.id });
    const target = detail.users.find((u) => u.id === user.id)!;
    await staff.ok(resetPassword, { id: user.id, version: target.version });

    const [answered] = await requestsOf(user.id);
    expect(answered!.answeredAt).toBeInstanceOf(Date);
    expect((await staffNotices(user.email)).notices).toEqual([]);
    // Every recipient's copy is dismissed: the event was settled, not only this staff user's view of it.
    const copies = await t.database.db
      .select({ isDismissed: notificationTargets.isDismissed })
      .from(notificationTargets)
      .innerJoin(notifications, eq(notifications.id, notificationTargets.notificationId))
      .where(eq(notifications.eventKey, passwordResetEvent(request!.id)));
    expect(copies.length).toBeGreaterThan(0);
    expect(copies.every((c) => c.isDismissed)).toBe(true);
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'passwordReset.answer'), eq(auditLog.entityId, String(request!.id))));
    expect(audited).toMatchObject({ entity: 'passwordResetRequest', actorUserId: expect.any(Number) });

    // Forgotten again: a new request, and staff are told again.
    await forgot(user.email);
    const open = await t.database.db
      .select()
      .from(passwordResetRequests)
      .where(and(eq(passwordResetRequests.userId, user.id), isNull(passwordResetRequests.answeredAt)));
    expect(open).toHaveLength(1);
    expect(open[0]!.id).not.toBe(request!.id);
    expect((await staffNotices(user.email)).notices).toHaveLength(1);
  });

  it('files nothing for a disabled user or a closed account, and answers the same', async () => {
    const disabled = await newUser('advertiser');
    await t.services.identity.setUserStatus(disabled.user.id, 'disabled');
    const closed = await newUser('publisher');
    await t.services.identity.setAccountStatus(closed.account.id, 'closed');

    for (const { user } of [disabled, closed]) {
      const res = await forgot(user.email);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(await requestsOf(user.id)).toEqual([]);
      expect((await staffNotices(user.email)).notices).toEqual([]);
    }
  });

  it('refuses past the per-email limit with 429 and the time to wait, known or not, until the window has passed', async () => {
    const { user } = await newUser('advertiser');
    for (const email of [user.email, 'never-registered@example.com']) {
      for (let i = 0; i < FORGOT_PASSWORD_LIMITS.perEmail; i++) expect((await forgot(email)).statusCode).toBe(200);
      const refused = await forgot(email);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json()).toMatchObject({ errorCode: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: expect.any(Number) });
      expect(refused.json().retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.json().retryAfterSeconds).toBeLessThanOrEqual(FORGOT_PASSWORD_LIMITS.windowMinutes * 60);
      expect(refused.headers['retry-after']).toBe(String(refused.json().retryAfterSeconds));
    }
    t.clock.advance((FORGOT_PASSWORD_LIMITS.windowMinutes + 1) * 60_000);
    t.forgetSessions();
    expect((await forgot(user.email)).statusCode).toBe(200);
  });

  it('refuses past the per-address limit, whichever emails are asked for', async () => {
    const ip = '10.8.0.1';
    const answers = await Promise.all(
      Array.from({ length: FORGOT_PASSWORD_LIMITS.perAddress + 2 }, (_, i) => forgot(`someone${i}@example.com`, ip)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(FORGOT_PASSWORD_LIMITS.perAddress);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    // Another address is not held back.
    expect((await forgot('someone-else@example.com')).statusCode).toBe(200);
  });

  it("holds the demo's open request from Northwind Traders in staff's Action Center, linked to the advertisers' page", async () => {
    const nora = DEMO_MORE_ACCOUNTS[0];
    const { body, notices } = await staffNotices(nora.user.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ type: 20, menuId: 315, params: { accountName: nora.name, userName: nora.user.name } });
    expect(body.menus['315']).toMatchObject({ url: 'accountManagement/advertiser' });
  });

  it('refuses a malformed email with 400 on the field', async () => {
    for (const email of ['', 'not-an-email', `${'x'.repeat(300)}@example.com`, 'a\u0000@example.com']) {
      const res = await forgot(email);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED', fields: { email: expect.any(String) } });
    }
  });
});
