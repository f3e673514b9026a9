import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, roleMenus } from '../../db/schema/identity';
import { DEMO_PASSWORD, DEMO_USERS } from '../../demo/demo';
import { bearer, buildTestApp, loginAs, type TestApp } from '../../test/test-app';

const login = (t: TestApp, email: string, password: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/User/Login', payload: { email, password }, remoteAddress });

describe('sign-in, session and menu delivery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { LOGIN_LOCK_AFTER: 5, LOGIN_SLOW_AFTER: 2 } });
  });
  afterAll(() => t.close());

  it.each([
    ['advertiser', 'Advertiser', 'Contoso Coffee', 'advertiser', 'campaign/create'],
    ['publisher', 'Publisher', 'Fabrikam News', 'publisher', 'adSlotManagement/review'],
    ['staff', 'MsInternal', 'Ads Platform Operations', 'internal', 'accountManagement/advertiser'],
  ] as const)('signs in the demo %s with its role, menus, powers and account', async (role, roleName, account, kind, url) => {
    const res = await login(t, DEMO_USERS[role].email, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.userInfo.roles).toEqual([{ name: roleName }]);
    expect(body.userInfo.userBasicInfo).toMatchObject({ email: DEMO_USERS[role].email, accountName: account, accountKind: kind });
    expect(body.userInfo.menus.map((m: { url: string }) => m.url)).toContain(url);
    for (const m of body.userInfo.menus) expect(Object.keys(m).sort()).toEqual(['icon', 'id', 'parent', 'sorts', 'title', 'url']);
    expect(body.userInfo.powers.length).toBeGreaterThan(0);
    expect(body.userInfo.powers.every((p: { code: string }) => typeof p.code === 'string')).toBe(true);
  });

  it('keeps each role to its own menus', async () => {
    const res = await login(t, DEMO_USERS.advertiser.email, DEMO_PASSWORD);
    const urls = res.json().userInfo.menus.map((m: { url: string }) => m.url);
    expect(urls).not.toContain('accountManagement/advertiser');
    expect(urls).not.toContain('adSlotManagement/review');
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const res = await login(t, '  Advertiser@Demo.test ', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
  });

  it('answers the same message for a wrong password and an unknown email', async () => {
    const wrong = await login(t, DEMO_USERS.publisher.email, 'not-the-password', '10.0.0.2');
    const unknown = await login(t, 'nobody@demo.test', DEMO_PASSWORD, '10.0.0.2');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().errorCode).toBe('INVALID_CREDENTIALS');
    expect(wrong.json().error).not.toMatch(/password is wrong|unknown|not found|no user/i);
  });

  it('refuses a malformed email with a field message', async () => {
    const res = await login(t, 'not-an-email', 'x');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED', fields: { email: expect.any(String) } });
  });

  it('tells a disabled user so, only after the right password', async () => {
    const { user } = await t.services.identity.createAccountWithUser({
      account: { name: 'Disabled Co', kind: 'advertiser' },
      user: { email: 'disabled@example.com', name: 'D', password: 'Right-pass-1' },
    });
    await t.services.identity.setUserStatus(user.id, 'disabled');
    expect((await login(t, 'disabled@example.com', 'wrong', '10.0.0.3')).json().errorCode).toBe('INVALID_CREDENTIALS');
    const res = await login(t, 'disabled@example.com', 'Right-pass-1', '10.0.0.3');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: 'USER_DISABLED', error: expect.stringMatching(/disabled/) });
  });

  it('tells a user of a suspended account so, and ends its open sessions at once', async () => {
    const { account } = await t.services.identity.createAccountWithUser({
      account: { name: 'Suspended Co', kind: 'publisher' },
      user: { email: 'suspended@example.com', name: 'S', password: 'Right-pass-1' },
    });
    const token = (await login(t, 'suspended@example.com', 'Right-pass-1', '10.0.0.4')).json().token;
    await t.services.identity.setAccountStatus(account.id, 'suspended');
    const res = await login(t, 'suspended@example.com', 'Right-pass-1', '10.0.0.4');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: 'ACCOUNT_NOT_ACTIVE', error: expect.stringMatching(/suspended/) });
    const info = await t.app.inject({ method: 'GET', url: '/api/User/Info', headers: bearer(token) });
    expect(info.statusCode).toBe(401);
  });

  it('slows and then refuses repeated failures for an email from one address, saying when to try again', async () => {
    await t.services.identity.createAccountWithUser({
      account: { name: 'Throttle Co', kind: 'advertiser' },
      user: { email: 'throttle@example.com', name: 'T', password: 'Right-pass-1' },
    });
    // LOGIN_LOCK_AFTER is 5 here: four failures answer 400, the fifth locks.
    for (let i = 1; i <= 4; i++) {
      expect((await login(t, 'throttle@example.com', `wrong-${i}`, '10.1.0.1')).statusCode).toBe(400);
    }
    const locking = await login(t, 'throttle@example.com', 'wrong-5', '10.1.0.1');
    expect(locking.statusCode).toBe(429);
    // Even the right password is refused from that address while locked.
    const locked = await login(t, 'throttle@example.com', 'Right-pass-1', '10.1.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('900');
    expect(locked.json()).toMatchObject({
      errorCode: 'TOO_MANY_ATTEMPTS',
      retryAfterSeconds: 900,
      error: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    });
    // Another address is not locked out by them.
    expect((await login(t, 'throttle@example.com', 'Right-pass-1', '10.1.0.2')).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await login(t, 'throttle@example.com', 'Right-pass-1', '10.1.0.1')).statusCode).toBe(200);
  });

  it('counts a wrong current password at a password change like a failed sign-in', async () => {
    await t.services.identity.createAccountWithUser({
      account: { name: 'Guess Co', kind: 'advertiser' },
      user: { email: 'guess@example.com', name: 'G', password: 'Right-pass-1' },
    });
    const token = (await login(t, 'guess@example.com', 'Right-pass-1', '10.4.0.1')).json().token as string;
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/User/ChangePassword',
        headers: bearer(token),
        payload: { currentPassword, newPassword: 'Another-pass-2' },
        remoteAddress: '10.4.0.1',
      });
    // LOGIN_LOCK_AFTER is 5 here: four wrong answers are field errors, the fifth locks.
    for (let i = 1; i <= 4; i++) {
      const res = await change(`wrong-${i}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED', fields: { currentPassword: expect.any(String) } });
    }
    expect((await change('wrong-5')).statusCode).toBe(429);
    expect((await change('Right-pass-1')).statusCode).toBe(429);
    expect((await login(t, 'guess@example.com', 'Right-pass-1', '10.4.0.1')).statusCode).toBe(429);
  });

  it('refuses an address that fails too often, whatever the email', async () => {
    const u = await buildTestApp({ config: { LOGIN_LOCK_AFTER_PER_ADDRESS: 3 } });
    try {
      for (const n of [1, 2]) expect((await login(u, `x${n}@example.com`, 'nope', '10.9.9.9')).statusCode).toBe(400);
      expect((await login(u, 'x3@example.com', 'nope', '10.9.9.9')).statusCode).toBe(429);
      expect((await login(u, DEMO_USERS.staff.email, DEMO_PASSWORD, '10.9.9.9')).statusCode).toBe(429);
      expect((await login(u, DEMO_USERS.staff.email, DEMO_PASSWORD, '10.9.9.8')).statusCode).toBe(200);
    } finally {
      await u.close();
    }
  });

  it('creates a staff user in the named internal account, who signs in as MsInternal', async () => {
    const { account } = await t.services.identity.createStaffUser({
      accountName: 'Ads Platform Operations',
      email: ' New.Ops@Example.com ',
      name: 'New Ops',
      password: 'Strong-pass-42',
    });
    const res = await login(t, 'new.ops@example.com', 'Strong-pass-42', '10.0.0.5');
    expect(res.statusCode).toBe(200);
    expect(res.json().userInfo.roles).toEqual([{ name: 'MsInternal' }]);
    expect(res.json().userInfo.userBasicInfo).toMatchObject({ accountId: account.id, accountName: 'Ads Platform Operations' });
    await expect(
      t.services.identity.createStaffUser({ accountName: 'X', email: 'new.ops@example.com', name: 'Again', password: 'Strong-pass-42' }),
    ).rejects.toMatchObject({ statusCode: 409, fields: { email: expect.any(String) } });
  });

  it('answers the user info for a valid token and 401 without one', async () => {
    const token = await loginAs(t.app, 'publisher');
    const ok = await t.app.inject({ method: 'GET', url: '/api/User/Info', headers: bearer(token) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().userBasicInfo.email).toBe(DEMO_USERS.publisher.email);
    expect(ok.json().roles).toEqual([{ name: 'Publisher' }]);

    const none = await t.app.inject({ method: 'GET', url: '/api/User/Info' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ errorCode: 'UNAUTHORIZED', error: expect.any(String) });
    const forged = await t.app.inject({ method: 'GET', url: '/api/User/Info', headers: bearer('forged-token') });
    expect(forged.statusCode).toBe(401);
  });

  it('revokes the token on logout', async () => {
    const token = await loginAs(t.app, 'staff');
    const out = await t.app.inject({ method: 'POST', url: '/api/User/Logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/User/Info', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/User/Logout', headers: bearer(token) });
    expect(again.statusCode).toBe(401);
  });

  it('expires an idle session, and keeps an active one alive until its absolute limit', async () => {
    const idle = await loginAs(t.app, 'advertiser');
    const active = await loginAs(t.app, 'advertiser');
    const info = (token: string) => t.app.inject({ method: 'GET', url: '/api/User/Info', headers: bearer(token) });
    // Idle limit 120 min, absolute 12 h: use the active session every 100 minutes.
    for (let i = 0; i < 7; i++) {
      t.clock.advance(100 * 60_000);
      expect((await info(active)).statusCode).toBe(200);
    }
    expect((await info(idle)).statusCode).toBe(401);
    t.clock.advance(100 * 60_000); // past 12 hours since sign-in
    expect((await info(active)).statusCode).toBe(401);
  });
});

describe('catalogue', () => {
  it('puts back at start what differs from the code (a lost grant, a renamed menu)', async () => {
    const t = await buildTestApp();
    try {
      const { db } = t.database;
      await db.delete(roleMenus).where(eq(roleMenus.menuId, 105));
      await db.update(menus).set({ title: 'Renamed' }).where(eq(menus.id, 104));
      await t.services.identity.syncCatalogue();
      const token = await loginAs(t.app, 'advertiser');
      const info = (await t.app.inject({ method: 'GET', url: '/api/User/Info', headers: bearer(token) })).json();
      const byId = new Map(info.menus.map((m: { id: number; title: string }) => [m.id, m.title]));
      expect(byId.get(105)).toBe('Campaign List');
      expect(byId.get(104)).toBe('Create Campaign');
    } finally {
      await t.close();
    }
  });
});

describe('route declarations', () => {
  it('refuses to start when a route declares no access', async () => {
    await expect(
      buildTestApp({
        extraRoutes: async (app) => {
          app.get('/api/Undeclared/Thing', async () => ({ ok: true }));
        },
      }),
    ).rejects.toThrow(/without an access declaration.*\/api\/Undeclared\/Thing/);
  });

  it('refuses a signed-in caller without the power a route names', async () => {
    const t = await buildTestApp({
      extraRoutes: async (app) => {
        app.get('/api/Probe/Review', { config: { access: { power: 'campaign.review' } } }, async () => ({ ok: true }));
      },
    });
    try {
      const advertiser = await loginAs(t.app, 'advertiser');
      const staff = await loginAs(t.app, 'staff');
      const denied = await t.app.inject({ method: 'GET', url: '/api/Probe/Review', headers: bearer(advertiser) });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().errorCode).toBe('FORBIDDEN');
      expect((await t.app.inject({ method: 'GET', url: '/api/Probe/Review', headers: bearer(staff) })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('answers unknown API paths with a JSON 404 and hides 5xx internals', async () => {
    const t = await buildTestApp({
      extraRoutes: async (app) => {
        app.get('/api/Probe/Boom', { config: { access: { public: true } } }, async () => {
          throw new Error('secret table users_x exploded');
        });
      },
    });
    try {
      const missing = await t.app.inject({ method: 'GET', url: '/api/Nope/Nothing' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().errorCode).toBe('NOT_FOUND');
      const boom = await t.app.inject({ method: 'GET', url: '/api/Probe/Boom' });
      expect(boom.statusCode).toBe(500);
      expect(boom.json()).toEqual({ errorCode: 'INTERNAL_ERROR', error: expect.any(String) });
      expect(boom.body).not.toContain('secret');
      const spec = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(spec.statusCode).toBe(200);
      expect(Object.keys(spec.json().paths)).toEqual(expect.arrayContaining(['/api/User/Login', '/api/User/Info']));
      expect(missing.headers['content-security-policy']).toContain("script-src 'self'");
    } finally {
      await t.close();
    }
  });
});
