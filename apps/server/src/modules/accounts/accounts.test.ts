import * as contracts from '@ads/contracts';
import {
  ACCOUNT_ACTIONS,
  ACCOUNT_STATUSES,
  ACCOUNT_TRANSITIONS,
  accountDetail,
  accountList,
  addUser,
  campaignList,
  changePassword,
  createAccount,
  logout,
  ONE_TIME_PASSWORD_LENGTH,
  resetPassword,
  setAccountStatus,
  setUserStatus,
  updateAccount,
  userInfo,
  type AccountKind,
  type Endpoint,
  type ManagedAccountDetail,
} from '@ads/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/identity';
import { DEMO_MORE_ACCOUNTS, DEMO_PASSWORD, DEMO_USERS } from '../../demo/demo';
import { buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller } from '../../test/typed-client';

let n = 0;
/** A complete create form with a code and emails of its own. */
const form = (kind: AccountKind, overrides: Partial<contracts.EndpointRequest<typeof createAccount>> = {}) => {
  n++;
  return {
    kind,
    name: `Test Company ${n}`,
    code: `TEST_CO_${n}`,
    contactEmail: `contact${n}@example.com`,
    phone: '',
    registrationNumber: '',
    user: { name: `Test User ${n}`, email: `user${n}@example.com`, phone: '' },
    ...overrides,
  };
};

const OTP = new RegExp(`^[A-HJ-NP-Za-km-z2-9]{${ONE_TIME_PASSWORD_LENGTH}}$`);
const NEW_PASSWORD = 'Chosen-pass-42';

// Staff's endpoints of the module (its public "forgot password" is tested in forgot-password.test.ts).
const accountEndpoints = (Object.values(contracts) as unknown[]).filter(
  (value): value is Endpoint =>
    typeof value === 'object' &&
    value !== null &&
    'key' in value &&
    String((value as Endpoint).key).startsWith('accounts.') &&
    !('public' in (value as Endpoint).access),
);

describe('account management', () => {
  let t: TestApp;
  let staff: Caller;

  const login = (email: string, password: string, remoteAddress = '10.2.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/User/Login', payload: { email, password }, remoteAddress });
  const create = async (kind: AccountKind = 'advertiser', overrides: Parameters<typeof form>[1] = {}) => {
    const res = await staff.call(createAccount, form(kind, overrides));
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  /** A created account whose user has chosen NEW_PASSWORD (signed in, as `who`). */
  const createdAndSignedIn = async (kind: AccountKind = 'advertiser') => {
    const { result, oneTimePassword } = await create(kind);
    const email = result.users[0]!.email;
    await t.as({ email, password: oneTimePassword }).ok(changePassword, { currentPassword: oneTimePassword, newPassword: NEW_PASSWORD });
    const user = t.as({ email, password: NEW_PASSWORD });
    await user.token();
    return { account: result, email, user };
  };
  const detail = (id: number) => staff.ok(accountDetail, { id });
  const act = (account: ManagedAccountDetail, action: contracts.AccountAction, confirm?: string) =>
    staff.call(setAccountStatus, { id: account.id, version: account.version, action, ...(confirm === undefined ? {} : { confirm }) });

  beforeAll(async () => {
    t = await buildTestApp();
    staff = t.as('staff');
  });
  afterAll(() => t.close());

  it('holds the demo accounts with readable codes, and a second advertiser and publisher whose users sign in', async () => {
    const advertisers = await staff.ok(accountList, { kind: 'advertiser' });
    expect(advertisers.items.map((a) => a.code)).toEqual(expect.arrayContaining(['CONTOSO_COFFEE', 'NORTHWIND_TRADERS']));
    const publishers = await staff.ok(accountList, { kind: 'publisher' });
    expect(publishers.items.map((a) => a.code)).toEqual(expect.arrayContaining(['FABRIKAM_NEWS', 'LITWARE_MEDIA']));
    const internal = await staff.ok(accountList, { kind: 'internal' });
    expect(internal.items.find((a) => a.code === 'ADS_PLATFORM_OPS')).toMatchObject({ contactEmail: DEMO_USERS.staff.contactEmail, userCount: 1, activeUserCount: 1 });
    for (const demo of DEMO_MORE_ACCOUNTS) {
      const res = await login(demo.user.email, DEMO_PASSWORD);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().userInfo.userBasicInfo).toMatchObject({ accountName: demo.name, mustChangePassword: false });
    }
  });

  it('lists the accounts of a kind, searched by name, code, contact email or a user email, filtered, sorted and paged', async () => {
    const a = await create('publisher', { name: 'Zeta Search Media', code: 'ZETA_SEARCH' });
    const b = await create('publisher', { name: 'Alpha Search Media', code: 'ALPHA_SEARCH', contactEmail: 'hello@searchable.example' });
    await staff.ok(setAccountStatus, { id: a.result.id, version: a.result.version, action: 'suspend' });
    const ids = async (q: { search?: string; status?: string; sort?: 'name'; order?: 'asc' | 'desc' }) =>
      (await staff.ok(accountList, { kind: 'publisher', ...q })).items.map((x) => x.id);

    expect(await ids({ search: 'search media' })).toEqual([b.result.id, a.result.id]);
    expect(await ids({ search: 'search media', sort: 'name', order: 'desc' })).toEqual([a.result.id, b.result.id]);
    expect(await ids({ search: 'zeta_s' })).toEqual([a.result.id]);
    expect(await ids({ search: 'SEARCHABLE.example' })).toEqual([b.result.id]);
    expect(await ids({ search: a.result.users[0]!.email.toUpperCase() })).toEqual([a.result.id]);
    expect(await ids({ search: 'search media', status: 'suspended' })).toEqual([a.result.id]);
    expect(await ids({ search: 'search media', status: 'active,closed' })).toEqual([b.result.id]);
    // A LIKE wildcard is a character like any other.
    expect(await ids({ search: '%' })).toEqual([]);
    // Another kind's accounts never show.
    expect((await staff.ok(accountList, { kind: 'advertiser', search: 'search media' })).total).toBe(0);

    const page = await staff.ok(accountList, { kind: 'publisher', search: 'search media', pageSize: 1, page: 2 });
    expect(page).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page.items.map((x) => x.id)).toEqual([a.result.id]);
    expect(page.items[0]).toMatchObject({ code: 'ZETA_SEARCH', status: 'suspended', userCount: 1, activeUserCount: 1 });
  });

  it('creates an active account with its first user, who signs in with the one-time password and must choose one first', async () => {
    const { result, oneTimePassword } = await create('advertiser', { phone: '13800138000', registrationNumber: '0123456789' });
    expect(oneTimePassword).toMatch(OTP);
    expect(result).toMatchObject({ kind: 'advertiser', status: 'active', phone: '13800138000', registrationNumber: '0123456789', userCount: 1, activeUserCount: 1 });
    const [user] = result.users;
    expect(user).toMatchObject({ role: 'Advertiser', status: 'active', mustChangePassword: true, lastSignInAt: null });

    const signedIn = await login(user!.email, oneTimePassword);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().userInfo.userBasicInfo.mustChangePassword).toBe(true);
    const caller = t.as({ token: signedIn.json().token as string });

    // Only Info, ChangePassword and Logout answer until a password of their own is chosen.
    const blocked = await caller.call(campaignList, {});
    expect(blocked.status).toBe(403);
    expect(blocked.error.errorCode).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await caller.ok(userInfo)).userBasicInfo.mustChangePassword).toBe(true);

    const wrong = await caller.call(changePassword, { currentPassword: 'not-the-one', newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(wrong.error).toMatchObject({ errorCode: 'VALIDATION_FAILED', fields: { currentPassword: expect.any(String) } });
    const weak = await caller.call(changePassword, { currentPassword: oneTimePassword, newPassword: 'lettersonly' });
    expect(weak.status).toBe(400);
    expect(weak.error.fields?.newPassword).toBeTruthy();

    expect((await caller.call(changePassword, { currentPassword: oneTimePassword, newPassword: NEW_PASSWORD })).status).toBe(200);
    expect((await caller.call(campaignList, {})).status).toBe(200);
    expect((await caller.ok(userInfo)).userBasicInfo.mustChangePassword).toBe(false);
    expect((await login(user!.email, oneTimePassword)).statusCode).toBe(400);
    expect((await login(user!.email, NEW_PASSWORD)).statusCode).toBe(200);

    const after = (await detail(result.id)).users[0]!;
    expect(after.mustChangePassword).toBe(false);
    expect(after.lastSignInAt).not.toBeNull();
  });

  it("a password change keeps the current session and ends the user's others", async () => {
    const { email, user } = await createdAndSignedIn();
    const other = await login(email, NEW_PASSWORD);
    const otherToken = other.json().token as string;
    await user.ok(changePassword, { currentPassword: NEW_PASSWORD, newPassword: 'Another-pass-7' });
    expect((await user.call(userInfo)).status).toBe(200);
    expect((await t.as({ token: otherToken }).call(userInfo)).status).toBe(401);
  });

  it('refuses a used code (any case) or email with 409 NAME_TAKEN on its field', async () => {
    const taken = await staff.call(createAccount, form('advertiser', { code: 'contoso_coffee' }));
    expect(taken.status).toBe(409);
    expect(taken.error).toMatchObject({ errorCode: 'NAME_TAKEN', fields: { code: expect.any(String) } });

    const email = await staff.call(createAccount, form('advertiser', { user: { name: 'Dup', email: ' Advertiser@Demo.test ', phone: '' } }));
    expect(email.status).toBe(409);
    expect(email.error).toMatchObject({ errorCode: 'NAME_TAKEN', fields: { 'user.email': expect.any(String) } });

    const { result } = await create();
    const added = await staff.call(addUser, { accountId: result.id, name: 'Dup', email: DEMO_USERS.publisher.email, phone: '' });
    expect(added.status).toBe(409);
    expect(added.error).toMatchObject({ errorCode: 'NAME_TAKEN', fields: { email: expect.any(String) } });

    const renamed = await staff.call(updateAccount, { id: result.id, version: result.version, name: result.name, code: 'Fabrikam_News', contactEmail: result.contactEmail, phone: '', registrationNumber: '' });
    expect(renamed.status).toBe(409);
    expect(renamed.error).toMatchObject({ errorCode: 'NAME_TAKEN', fields: { code: expect.any(String) } });
    // Nothing of the refused calls was kept.
    expect((await detail(result.id)).users).toHaveLength(1);
  });

  it("saves an account's details at the version staff saw, and audits before and after", async () => {
    const { result } = await create();
    const fields = { name: 'Renamed Company', code: `RENAMED_${n}`, contactEmail: 'new@example.com', phone: '15900000000', registrationNumber: '42' };
    const saved = await staff.ok(updateAccount, { id: result.id, version: result.version, ...fields });
    expect(saved).toMatchObject({ ...fields, version: result.version + 1 });
    const stale = await staff.call(updateAccount, { id: result.id, version: result.version, ...fields, name: 'Lost' });
    expect(stale.status).toBe(409);
    expect(stale.error.errorCode).toBe('STALE_VERSION');
    expect((await detail(result.id)).name).toBe('Renamed Company');

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'account'), eq(auditLog.entityId, String(result.id)), eq(auditLog.action, 'account.update')));
    expect(JSON.parse(entry!.before!)).toMatchObject({ name: result.name, code: result.code });
    expect(JSON.parse(entry!.after!)).toMatchObject(fields);
    expect(entry!.actorUserId).toBeGreaterThan(0);
  });

  it.each(ACCOUNT_STATUSES.flatMap((from) => ACCOUNT_ACTIONS.map((action) => [from, action] as const)))(
    'from %s, %s is allowed exactly when ACCOUNT_TRANSITIONS say so',
    async (from, action) => {
      const { account } = await t.services.identity.createAccountWithUser({
        account: { name: `From ${from} ${action}`, kind: 'publisher', status: from },
        user: { email: `${from}-${action}@example.com`, name: 'T', password: NEW_PASSWORD },
      });
      const current = await detail(account.id);
      const res = await act(current, action, current.code);
      const rule = ACCOUNT_TRANSITIONS[action];
      if (rule.from.includes(from)) {
        expect(res.status, res.text).toBe(200);
        expect(res.body).toMatchObject({ status: rule.to, version: current.version + 1 });
      } else {
        expect(res.status, res.text).toBe(409);
        expect(res.error.errorCode).toBe('ACCOUNT_STATE');
        expect((await detail(account.id)).status).toBe(from);
      }
    },
  );

  it("closes only with the account's code typed, and a closed account takes no change", async () => {
    const { result } = await create();
    for (const confirm of [undefined, '', 'WRONG', result.code.toLowerCase()]) {
      const res = await act(result, 'close', confirm);
      expect(res.status, res.text).toBe(400);
      expect(res.error).toMatchObject({ errorCode: 'VALIDATION_FAILED', fields: { confirm: expect.any(String) } });
    }
    const closed = await act(result, 'close', result.code);
    expect(closed.status, closed.text).toBe(200);
    const c = closed.body;
    const stateOf = async (res: { status: number; error: { errorCode: string } }) => [res.status, res.error.errorCode];
    expect(await stateOf(await staff.call(updateAccount, { id: c.id, version: c.version, name: 'X', code: c.code, contactEmail: c.contactEmail, phone: '', registrationNumber: '' }))).toEqual([409, 'ACCOUNT_STATE']);
    expect(await stateOf(await staff.call(addUser, { accountId: c.id, name: 'Late', email: `late${n}@example.com`, phone: '' }))).toEqual([409, 'ACCOUNT_STATE']);
    const user = c.users[0]!;
    expect(await stateOf(await staff.call(resetPassword, { id: user.id, version: user.version }))).toEqual([409, 'ACCOUNT_STATE']);
    expect(await stateOf(await act(c, 'reactivate'))).toEqual([409, 'ACCOUNT_STATE']);
  });

  it('refuses to suspend or close a staff account', async () => {
    const internal = (await staff.ok(accountList, { kind: 'internal', search: 'ADS_PLATFORM_OPS' })).items[0]!;
    const current = await detail(internal.id);
    for (const [action, confirm] of [['suspend', undefined], ['close', current.code]] as const) {
      const res = await act(current, action, confirm);
      expect(res.status, res.text).toBe(409);
      expect(res.error.errorCode).toBe('ACCOUNT_STATE');
    }
    expect((await detail(internal.id)).status).toBe('active');
  });

  it('suspending ends the sessions of its users at once; a suspended or closed account cannot sign in, with a clear message', async () => {
    const { account, email, user } = await createdAndSignedIn('publisher');
    expect((await user.call(userInfo)).status).toBe(200);
    let current = await staff.ok(setAccountStatus, { id: account.id, version: (await detail(account.id)).version, action: 'suspend' });
    expect((await user.call(userInfo)).status).toBe(401);
    const suspended = await login(email, NEW_PASSWORD);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json()).toMatchObject({ errorCode: 'ACCOUNT_NOT_ACTIVE', error: expect.stringMatching(/suspended/) });

    current = await staff.ok(setAccountStatus, { id: account.id, version: current.version, action: 'reactivate' });
    const back = await login(email, NEW_PASSWORD);
    expect(back.statusCode).toBe(200);
    const token = back.json().token as string;

    await staff.ok(setAccountStatus, { id: account.id, version: current.version, action: 'close', confirm: current.code });
    expect((await t.as({ token }).call(userInfo)).status).toBe(401);
    const closed = await login(email, NEW_PASSWORD);
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toMatchObject({ errorCode: 'ACCOUNT_NOT_ACTIVE', error: expect.stringMatching(/closed/) });
    // The account keeps its data: staff still see it and its user.
    expect((await detail(account.id)).users).toHaveLength(1);
  });

  it("adds a user with the kind's role; disabling ends their sessions and re-enabling lets them in again", async () => {
    const { account } = await createdAndSignedIn('publisher');
    const added = await staff.ok(addUser, { accountId: account.id, name: 'Second User', email: `second${n}@example.com`, phone: '13900000000' });
    expect(added.oneTimePassword).toMatch(OTP);
    expect(added.result).toMatchObject({ accountId: account.id, role: 'Publisher', phone: '13900000000', mustChangePassword: true });
    const email = added.result.email;
    const otpCaller = t.as({ email, password: added.oneTimePassword });
    await otpCaller.ok(changePassword, { currentPassword: added.oneTimePassword, newPassword: NEW_PASSWORD });
    const user = t.as({ email, password: NEW_PASSWORD });
    expect((await user.call(userInfo)).status).toBe(200);

    const disabled = await staff.ok(setUserStatus, { id: added.result.id, version: (await detail(account.id)).users[1]!.version, status: 'disabled' });
    expect(disabled.status).toBe('disabled');
    expect((await user.call(userInfo)).status).toBe(401);
    const refused = await login(email, NEW_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('USER_DISABLED');
    expect((await detail(account.id)).activeUserCount).toBe(1);

    const stale = await staff.call(setUserStatus, { id: disabled.id, version: disabled.version - 1, status: 'active' });
    expect(stale.status).toBe(409);
    expect(stale.error.errorCode).toBe('STALE_VERSION');
    await staff.ok(setUserStatus, { id: disabled.id, version: disabled.version, status: 'active' });
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("resets a password: a new one-time password, the user's sessions end, the old password no longer signs in", async () => {
    const { account, email, user } = await createdAndSignedIn();
    const target = (await detail(account.id)).users[0]!;
    const reset = await staff.ok(resetPassword, { id: target.id, version: target.version });
    expect(reset.oneTimePassword).toMatch(OTP);
    expect(reset.result.mustChangePassword).toBe(true);
    expect((await user.call(userInfo)).status).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(400);
    const again = await login(email, reset.oneTimePassword);
    expect(again.statusCode).toBe(200);
    expect(again.json().userInfo.userBasicInfo.mustChangePassword).toBe(true);
    const stale = await staff.call(resetPassword, { id: target.id, version: target.version });
    expect(stale.status).toBe(409);
    expect(stale.error.errorCode).toBe('STALE_VERSION');

    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(target.id)), eq(auditLog.action, 'user.resetPassword')));
    expect(audited).toHaveLength(1);
    expect(`${audited[0]!.before}${audited[0]!.after}`).not.toContain(reset.oneTimePassword);
  });

  it('refuses to disable, re-enable or reset the password of one’s own user', async () => {
    const internal = (await staff.ok(accountList, { kind: 'internal', search: DEMO_USERS.staff.email })).items[0]!;
    const me = (await detail(internal.id)).users.find((u) => u.email === DEMO_USERS.staff.email)!;
    for (const res of [
      await staff.call(setUserStatus, { id: me.id, version: me.version, status: 'disabled' }),
      await staff.call(resetPassword, { id: me.id, version: me.version }),
    ]) {
      expect(res.status, res.text).toBe(409);
      expect(res.error.errorCode).toBe('SELF_CHANGE');
    }
    expect((await staff.call(userInfo)).status).toBe(200);
  });

  it('answers 404 for an account or user that does not exist', async () => {
    expect((await staff.call(accountDetail, { id: 999_999 })).status).toBe(404);
    expect((await staff.call(addUser, { accountId: 999_999, name: 'X', email: 'x404@example.com', phone: '' })).status).toBe(404);
    expect((await staff.call(setUserStatus, { id: 999_999, version: 1, status: 'disabled' })).status).toBe(404);
    expect((await staff.call(resetPassword, { id: 999_999, version: 1 })).status).toBe(404);
    expect((await staff.call(setAccountStatus, { id: 999_999, version: 1, action: 'suspend' })).status).toBe(404);
  });

  it.each(['advertiser', 'publisher'] as const)('answers 403 to %s on every accounts endpoint, and changes nothing', async (role) => {
    expect(accountEndpoints.map((e) => e.key).sort()).toEqual([
      'accounts.accountDetail',
      'accounts.accountList',
      'accounts.addUser',
      'accounts.createAccount',
      'accounts.resetPassword',
      'accounts.setAccountStatus',
      'accounts.setUserStatus',
      'accounts.updateAccount',
    ]);
    const before = await staff.ok(accountList, { kind: 'advertiser', pageSize: 200 });
    const caller = t.as(role);
    const contoso = before.items.find((a) => a.code === 'CONTOSO_COFFEE')!;
    const payloads: Record<string, unknown> = {
      'accounts.accountList': { kind: 'advertiser' },
      'accounts.accountDetail': { id: contoso.id },
      'accounts.createAccount': form('advertiser'),
      'accounts.updateAccount': { id: contoso.id, version: contoso.version, name: 'Taken', code: 'TAKEN', contactEmail: 'x@example.com', phone: '', registrationNumber: '' },
      'accounts.setAccountStatus': { id: contoso.id, version: contoso.version, action: 'suspend' },
      'accounts.addUser': { accountId: contoso.id, name: 'X', email: `intruder-${role}@example.com`, phone: '' },
      'accounts.setUserStatus': { id: 1, version: 1, status: 'disabled' },
      'accounts.resetPassword': { id: 1, version: 1 },
    };
    for (const endpoint of accountEndpoints) {
      const res = await caller.callUnchecked(endpoint, payloads[endpoint.key]);
      expect(res.status, `${endpoint.key}: ${res.text}`).toBe(403);
      expect(res.error.errorCode).toBe('FORBIDDEN');
    }
    expect(await staff.ok(accountList, { kind: 'advertiser', pageSize: 200 })).toEqual(before);
  });

  it('refuses bad input with 400 and field messages, never a 5xx', async () => {
    const bad: [string, unknown, string][] = [
      ['bidi in the name', form('advertiser', { name: 'Evil\u202Ename' }), 'name'],
      ['control in the name', form('advertiser', { name: 'Bell\u0007' }), 'name'],
      ['control in the user name', { ...form('advertiser'), user: { name: 'a\u0000b', email: 'ok@example.com', phone: '' } }, 'user.name'],
      ['a code with a dash', form('advertiser', { code: 'BAD-CODE' }), 'code'],
      ['a code too long', form('advertiser', { code: 'A'.repeat(33) }), 'code'],
      ['an empty code', form('advertiser', { code: '' }), 'code'],
      ['a bad contact email', form('advertiser', { contactEmail: 'nobody@' }), 'contactEmail'],
      ['a bad user email', { ...form('advertiser'), user: { name: 'U', email: 'x@y', phone: '' } }, 'user.email'],
      ['a bad phone', form('advertiser', { phone: '12345' }), 'phone'],
      ['a registration number with letters', form('advertiser', { registrationNumber: '12a' }), 'registrationNumber'],
      ['an unknown kind', form('advertiser', { kind: 'robot' as AccountKind }), 'kind'],
    ];
    for (const [label, payload, field] of bad) {
      const res = await staff.callUnchecked(createAccount, payload);
      expect(res.status, `${label}: ${res.text}`).toBe(400);
      expect(Object.keys(res.error.fields ?? {}), label).toContain(field);
    }
    const huge = [
      await staff.callUnchecked(accountDetail, { id: '2147483648' }),
      await staff.callUnchecked(accountDetail, { id: '99999999999999999999' }),
      await staff.callUnchecked(setUserStatus, { id: 2 ** 31, version: 1, status: 'disabled' }),
      await staff.callUnchecked(resetPassword, { id: 1, version: 1e308 }),
      await staff.callUnchecked(setAccountStatus, { id: 1, version: 1, action: 'explode' }),
      await staff.callUnchecked(accountList, { kind: 'advertiser', search: 'a\u202Eb' }),
      await staff.callUnchecked(accountList, { kind: 'advertiser', status: 'active,zzz' }),
      await staff.callUnchecked(accountList, { kind: 'advertiser', pageSize: 201 }),
    ];
    for (const res of huge) expect(res.status, res.text).toBe(400);
  });
});

describe('the last active staff user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** A caller made in code, as staff: both reach the decision whatever their sessions. */
  const asStaff = (userId: number, accountId = 0) => ({ userId, accountId, accountKind: 'internal' as const, powers: new Set(['account.read', 'account.write'] as const) });
  /** Read through the service: the demo staff user may be the one left disabled. */
  const staffAccount = async () => {
    const internal = (await t.services.accounts.list(asStaff(0), { kind: 'internal', search: 'ADS_PLATFORM_OPS', sort: 'name', order: 'asc', page: 1, pageSize: 20 })).items[0]!;
    return t.services.accounts.detail(asStaff(0), internal.id);
  };

  it('is never disabled, even when two staff disable each other at once', async () => {
    const staff = t.as('staff');
    let account = await staffAccount();
    const added = await staff.ok(addUser, { accountId: account.id, name: 'Second Staff', email: 'second.staff@example.com', phone: '' });
    await t.as({ email: 'second.staff@example.com', password: added.oneTimePassword }).ok(changePassword, {
      currentPassword: added.oneTimePassword,
      newPassword: NEW_PASSWORD,
    });
    const second = t.as({ email: 'second.staff@example.com', password: NEW_PASSWORD });
    await second.token();
    account = await staffAccount();
    const [a, b] = account.users;

    // Over HTTP: one wins; the other is refused (LAST_STAFF) or, when it came second, signed out.
    const answers = await Promise.all([
      staff.call(setUserStatus, { id: b!.id, version: b!.version, status: 'disabled' }),
      second.call(setUserStatus, { id: a!.id, version: a!.version, status: 'disabled' }),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    for (const r of answers) if (r.status === 409) expect(r.error.errorCode).toBe('LAST_STAFF');
    expect((await staffAccount()).activeUserCount).toBe(1);

    // Through the service, both always reach the decision: one disables, the other is LAST_STAFF.
    for (let round = 0; round < 3; round++) {
      account = await staffAccount();
      const disabled = account.users.find((u) => u.status === 'disabled')!;
      const active = account.users.find((u) => u.status === 'active')!;
      await t.services.accounts.setUserStatus(asStaff(active.id, account.id), { id: disabled.id, version: disabled.version, status: 'active' });
      account = await staffAccount();
      const [x, y] = account.users;
      const results = await Promise.allSettled([
        t.services.accounts.setUserStatus(asStaff(x!.id, account.id), { id: y!.id, version: y!.version, status: 'disabled' }),
        t.services.accounts.setUserStatus(asStaff(y!.id, account.id), { id: x!.id, version: x!.version, status: 'disabled' }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ statusCode: 409, errorCode: 'LAST_STAFF' });
      expect((await staffAccount()).activeUserCount).toBe(1);
    }

    // One after the other: the last one left is refused too.
    account = await staffAccount();
    const last = account.users.find((u) => u.status === 'active')!;
    const other = account.users.find((u) => u.status === 'disabled')!;
    await expect(
      t.services.accounts.setUserStatus(asStaff(other.id, account.id), { id: last.id, version: last.version, status: 'disabled' }),
    ).rejects.toMatchObject({ statusCode: 409, errorCode: 'LAST_STAFF' });
  });

  it('answers Logout, but nothing else, while a one-time password is to be replaced', async () => {
    const account = await staffAccount();
    const active = account.users.find((u) => u.status === 'active')!;
    const added = await t.services.accounts.addUser(asStaff(active.id, account.id), { accountId: account.id, name: 'Third', email: 'third.staff@example.com', phone: '' });
    const token = (await t.as({ email: 'third.staff@example.com', password: added.oneTimePassword }).token());
    const otp = t.as({ token });
    expect((await otp.call(accountList, { kind: 'advertiser' })).error.errorCode).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await otp.call(logout, {})).status).toBe(200);
    expect((await otp.call(userInfo)).status).toBe(401);
  });
});
