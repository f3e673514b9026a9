import { profile, updateProfile, userInfo, type Profile } from '@ads/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/identity';
import { DEMO_MORE_ACCOUNTS, DEMO_PASSWORD, DEMO_USERS } from '../../demo/demo';
import { buildTestApp, type TestApp } from '../../test/test-app';

describe("the signed-in user's profile", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const fields = (p: Profile) => ({ name: p.name, phone: p.phone, language: p.language ?? ('en-US' as const), version: p.version });

  it("answers the caller's own name, email, phone, language, role and account", async () => {
    expect(await t.as('advertiser').ok(profile)).toEqual({
      name: DEMO_USERS.advertiser.name,
      email: DEMO_USERS.advertiser.email,
      phone: '',
      language: null,
      role: 'Advertiser',
      accountId: expect.any(Number),
      accountName: DEMO_USERS.advertiser.account,
      accountKind: 'advertiser',
      accountStatus: 'active',
      version: expect.any(Number),
    });
    const lee = DEMO_MORE_ACCOUNTS[1];
    expect(await t.as({ email: lee.user.email, password: DEMO_PASSWORD }).ok(profile)).toMatchObject({
      name: lee.user.name,
      phone: lee.user.phone,
      role: 'Publisher',
      accountName: lee.name,
      accountKind: 'publisher',
    });
    expect(await t.as('staff').ok(profile)).toMatchObject({ role: 'MsInternal', accountKind: 'internal' });
    expect((await t.as('anonymous').call(profile)).status).toBe(401);
  });

  it('saves name, phone and language at the version seen, audits them, and the language reaches Info and sign-in', async () => {
    const publisher = t.as('publisher');
    const before = await publisher.ok(profile);
    expect((await publisher.ok(userInfo)).userBasicInfo).not.toHaveProperty('language');

    const saved = await publisher.ok(updateProfile, { name: '  Parker P. Publisher ', phone: '13912345678', language: 'zh-CN', version: before.version });
    expect(saved).toEqual({ ...before, name: 'Parker P. Publisher', phone: '13912345678', language: 'zh-CN', version: before.version + 1 });
    expect(await publisher.ok(profile)).toEqual(saved);

    expect((await publisher.ok(userInfo)).userBasicInfo).toMatchObject({ name: 'Parker P. Publisher', language: 'zh-CN' });
    const signIn = await t.app.inject({ method: 'POST', url: '/api/User/Login', payload: { email: DEMO_USERS.publisher.email, password: DEMO_PASSWORD } });
    expect(signIn.json().userInfo.userBasicInfo.language).toBe('zh-CN');

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.updateProfile'), eq(auditLog.entity, 'user')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(JSON.parse(entry!.before!)).toEqual({ name: before.name, phone: '', language: null });
    expect(JSON.parse(entry!.after!)).toEqual({ name: 'Parker P. Publisher', phone: '13912345678', language: 'zh-CN' });

    // Back to English and no phone: the phone is stored empty, the language kept.
    const again = await publisher.ok(updateProfile, { ...fields(saved), name: DEMO_USERS.publisher.name, phone: '', language: 'en-US' });
    expect(again).toMatchObject({ name: DEMO_USERS.publisher.name, phone: '', language: 'en-US', version: saved.version + 1 });
    expect((await publisher.ok(userInfo)).userBasicInfo.language).toBe('en-US');
  });

  it('refuses a save made at an older version with 409 STALE_VERSION, changing nothing', async () => {
    const advertiser = t.as('advertiser');
    const seen = await advertiser.ok(profile);
    await advertiser.ok(updateProfile, { ...fields(seen), name: 'Avery in another tab' });
    const late = await advertiser.call(updateProfile, { ...fields(seen), name: 'Avery late' });
    expect(late.status, late.text).toBe(409);
    expect(late.error.errorCode).toBe('STALE_VERSION');
    expect((await advertiser.ok(profile)).name).toBe('Avery in another tab');
  });

  it('refuses a bad name, phone or language with 400 naming the field', async () => {
    const advertiser = t.as('advertiser');
    const seen = await advertiser.ok(profile);
    const cases: [string, Record<string, unknown>][] = [
      ['name', { name: '' }],
      ['name', { name: 'w-rtl\u202Egnp' }],
      ['name', { name: 'a\u0000b' }],
      ['name', { name: 'x'.repeat(10_000) }],
      ['phone', { phone: '12345' }],
      ['phone', { phone: '1391234567a' }],
      ['language', { language: 'fr-FR' }],
      ['version', { version: 2 ** 31 }],
    ];
    for (const [field, change] of cases) {
      const res = await advertiser.callUnchecked(updateProfile, { ...fields(seen), ...change });
      expect(res.status, `${field}: ${res.text}`).toBe(400);
      expect(res.error.errorCode).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.error.fields ?? {}), res.text).toEqual([field]);
    }
    expect(await advertiser.ok(profile)).toEqual(seen);
  });

  it("acts only on the caller: an id in the request does not reach another user's profile", async () => {
    const [publisherRow] = await t.database.db.select().from(users).where(eq(users.email, DEMO_USERS.publisher.email));
    const publisherBefore = await t.as('publisher').ok(profile);
    const advertiser = t.as('advertiser');
    const seen = await advertiser.ok(profile);

    const read = await advertiser.callUnchecked(profile, { id: publisherRow!.id });
    expect(read.status === 400 || read.body.email === DEMO_USERS.advertiser.email, read.text).toBe(true);

    const res = await advertiser.callUnchecked(updateProfile, {
      ...fields(seen),
      name: 'Not the publisher',
      id: publisherRow!.id,
      userId: publisherRow!.id,
      email: DEMO_USERS.publisher.email,
      version: publisherBefore.version,
    });
    // Either refused or applied to the advertiser alone: the publisher's row never moves.
    expect([200, 400, 409], res.text).toContain(res.status);
    expect(await t.as('publisher').ok(profile)).toEqual(publisherBefore);
    if (res.status === 200) expect(res.body.email).toBe(DEMO_USERS.advertiser.email);
    expect((await advertiser.ok(profile)).email).toBe(DEMO_USERS.advertiser.email);
  });
});
