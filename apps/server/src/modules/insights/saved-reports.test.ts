import * as contracts from '@ads/contracts';
import {
  createSavedReport,
  deleteSavedReport,
  renameSavedReport,
  SAVED_REPORT_NAME_MAX,
  SAVED_REPORT_QUERY_MAX,
  SAVED_REPORTS_MAX,
  savedReportList,
  savedReportRuns,
  scheduleSavedReport,
} from '@ads/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles, users } from '../../db/schema/identity';
import { savedReports } from '../../db/schema/insights';
import { DEMO_PASSWORD } from '../../demo/demo';
import { rowsOf } from '../../kit/sql';
import { endpointsTagged, foreign, proveForeignIdsAnswer404 } from '../../test/tenancy';
import { addTestAccount, buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller } from '../../test/typed-client';

// Saved reports: each user's own (a colleague of the same account sees none of them), names unique
// per user, at most SAVED_REPORTS_MAX per user however many saves arrive at once.

describe('saved reports', () => {
  let t: TestApp;
  let adv: Caller;
  let pub: Caller;
  let staff: Caller;
  let colleague: Caller;
  let stranger: Caller;

  /** A second user in the demo advertiser's account, with the same role. */
  const addColleague = async (email: string) => {
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, 'advertiser@demo.test'));
    const [user] = await t.database.db.insert(users).values({ accountId: owner!.accountId, email, name: 'Colleague', passwordHash: owner!.passwordHash }).returning();
    const [role] = await t.database.db.select().from(userRoles).where(eq(userRoles.userId, owner!.id));
    await t.database.db.insert(userRoles).values({ userId: user!.id, roleId: role!.roleId, position: 0 });
    return t.as({ email, password: DEMO_PASSWORD });
  };

  const names = async (caller: Caller, type?: contracts.ReportType) => (await caller.ok(savedReportList, type ? { type } : {})).items.map((r) => r.name);

  beforeAll(async () => {
    t = await buildTestApp();
    // The demo's own saved report set aside: these tests list what they save.
    await t.database.db.delete(savedReports);
    adv = t.as('advertiser');
    pub = t.as('publisher');
    staff = t.as('staff');
    colleague = await addColleague('colleague@demo.test');
    stranger = t.as((await addTestAccount(t, 'advertiser', 'Stranger Roasters')).user);
  });
  afterAll(() => t?.close());

  it('saves a report, lists it by name, reopens its query as saved, renames and deletes it', async () => {
    const query = 'range=last30&dims=campaign%2Cregion&compare=1&campaign=7%2C8&region=US&device=mobile';
    const weekly = await adv.ok(createSavedReport, { type: 'advertiser', name: '  Weekly by campaign ', query });
    expect(weekly).toMatchObject({ type: 'advertiser', name: 'Weekly by campaign', query, version: 1 });
    const defaults = await adv.ok(createSavedReport, { type: 'advertiser', name: 'all defaults', query: '' });

    const list = await adv.ok(savedReportList, {});
    expect(list.items.map((r) => r.name)).toEqual(['all defaults', 'Weekly by campaign']);
    expect(list.total).toBe(2);
    // Reopening is the page going to the saved query: it comes back exactly as written.
    expect(list.items.find((r) => r.id === weekly.id)!.query).toBe(query);

    const renamed = await adv.ok(renameSavedReport, { id: weekly.id, version: weekly.version, name: 'Monthly by campaign' });
    expect(renamed).toMatchObject({ id: weekly.id, name: 'Monthly by campaign', version: 2, query });
    const stale = await adv.call(renameSavedReport, { id: weekly.id, version: weekly.version, name: 'Again' });
    expect(stale.status).toBe(409);
    expect(stale.error.errorCode).toBe('STALE_VERSION');

    expect(await adv.ok(deleteSavedReport, { id: defaults.id })).toEqual({ ok: true });
    const gone = await adv.call(deleteSavedReport, { id: defaults.id });
    expect(gone.status).toBe(404);
    expect(await names(adv)).toEqual(['Monthly by campaign']);
    await adv.ok(deleteSavedReport, { id: weekly.id });
  });

  it('refuses a name the user already has (any case) with NAME_TAKEN on the name, on create and rename', async () => {
    const first = await adv.ok(createSavedReport, { type: 'advertiser', name: 'Regions', query: 'dims=region' });
    const second = await adv.ok(createSavedReport, { type: 'advertiser', name: 'Devices', query: 'dims=device' });
    const clash = await adv.call(createSavedReport, { type: 'advertiser', name: 'REGIONS', query: '' });
    expect(clash.status).toBe(409);
    expect(clash.error).toMatchObject({ errorCode: 'NAME_TAKEN', error: 'You already have a saved report with this name.', fields: { name: expect.any(String) } });
    const renameClash = await adv.call(renameSavedReport, { id: second.id, version: second.version, name: 'regions' });
    expect(renameClash.status).toBe(409);
    expect(renameClash.error).toMatchObject({ errorCode: 'NAME_TAKEN', fields: { name: expect.any(String) } });
    // Renaming to its own name in another case is no clash.
    expect((await adv.ok(renameSavedReport, { id: first.id, version: first.version, name: 'REGIONS' })).name).toBe('REGIONS');
    // Another user may use the same name.
    const theirs = await colleague.ok(createSavedReport, { type: 'advertiser', name: 'Regions', query: '' });
    await colleague.ok(deleteSavedReport, { id: theirs.id });
    await adv.ok(deleteSavedReport, { id: first.id });
    await adv.ok(deleteSavedReport, { id: second.id });
  });

  it("keeps each user's reports to that user: a colleague of the same account and another account's user get 404", async () => {
    const mine = await adv.ok(createSavedReport, { type: 'advertiser', name: 'Mine only', query: 'range=last7' });
    const ownSeen = async () => (await adv.ok(savedReportList, {})).items;
    for (const other of [colleague, stranger]) {
      expect(await names(other)).not.toContain('Mine only');
      await proveForeignIdsAnswer404({
        stranger: other,
        module: endpointsTagged(contracts, 'SavedReport'),
        calls: [
          foreign(renameSavedReport, { id: mine.id, version: mine.version, name: 'Taken over' }),
          foreign(deleteSavedReport, { id: mine.id }),
          foreign(scheduleSavedReport, { id: mine.id, version: mine.version, schedule: { frequency: 'daily', timeZone: 'UTC', hour: 6 } }),
          foreign(savedReportRuns, { id: mine.id }),
        ],
        exempt: { 'GET /api/DataInsights/SavedReport/RunFile': "takes a run's id: proved in scheduled-reports.test.ts, where runs are made" },
        unchanged: ownSeen,
      });
    }
    await adv.ok(deleteSavedReport, { id: mine.id });
  });

  it('saves and lists only the report types the caller may read; staff keep both', async () => {
    const refused = await adv.call(createSavedReport, { type: 'publisher', name: 'Not mine', query: '' });
    expect(refused.status).toBe(403);
    expect((await pub.call(savedReportList, { type: 'advertiser' })).status).toBe(403);
    const pubOwn = await pub.ok(createSavedReport, { type: 'publisher', name: 'Slots', query: 'dims=slot' });
    expect(await names(pub)).toEqual(['Slots']);

    const a = await staff.ok(createSavedReport, { type: 'advertiser', name: 'Every advertiser', query: 'dims=campaign' });
    const p = await staff.ok(createSavedReport, { type: 'publisher', name: 'One publisher', query: 'accountId=2&dims=slot' });
    expect(await names(staff)).toEqual(['Every advertiser', 'One publisher']);
    expect(await names(staff, 'publisher')).toEqual(['One publisher']);
    for (const id of [a.id, p.id]) await staff.ok(deleteSavedReport, { id });
    await pub.ok(deleteSavedReport, { id: pubOwn.id });
  });

  it('refuses bad input with 400 and the field: long names, control and direction characters, queries that are no report page', async () => {
    const bad = async (payload: unknown, field: string) => {
      const res = await adv.callUnchecked(createSavedReport, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.error.errorCode).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.error.fields ?? {}), JSON.stringify(payload)).toEqual([field]);
      return res.error.fields![field];
    };
    const ok = { type: 'advertiser', name: 'Fine', query: '' };
    expect(await bad({ ...ok, name: 'x'.repeat(SAVED_REPORT_NAME_MAX + 1) }, 'name')).toBe(`Please use at most ${SAVED_REPORT_NAME_MAX} characters.`);
    expect(await bad({ ...ok, name: '   ' }, 'name')).toBe('Please name the report.');
    expect(await bad({ ...ok, name: 'line\nbreak' }, 'name')).toMatch(/control characters/);
    expect(await bad({ ...ok, name: 'bad\u0007bell' }, 'name')).toMatch(/control characters/);
    expect(await bad({ ...ok, name: 'report\u202Evsc.exe' }, 'name')).toMatch(/text-direction/);
    expect(await bad({ ...ok, name: 'zero\u200Bwidth' }, 'name')).toMatch(/invisible/);
    for (const query of ['?range=last7', 'range=last7#top', 'unknown=1', 'range=last7&range=last30', 'range', 'range=a=b', 'dims=%ZZ', 'site=a%0Ab', 'range=last 7', '<script>=1']) {
      expect(await bad({ ...ok, query }, 'query')).toBe('This is not the query of a report page.');
    }
    expect(await bad({ ...ok, query: `site=${'a'.repeat(SAVED_REPORT_QUERY_MAX)}` }, 'query')).toMatch(/at most 2000 characters/);
    await bad({ ...ok, type: 'platform' }, 'type');
    expect(await names(adv)).not.toContain('Fine');
    // Renames take the same name rule.
    const saved = await adv.ok(createSavedReport, { type: 'advertiser', name: 'Fine', query: `site=${'a'.repeat(SAVED_REPORT_QUERY_MAX - 5)}` });
    const rename = await adv.callUnchecked(renameSavedReport, { id: saved.id, version: saved.version, name: 'x\u2066y' });
    expect(rename.status).toBe(400);
    expect(rename.error.fields).toHaveProperty('name');
    await adv.ok(deleteSavedReport, { id: saved.id });
  });

  it(`keeps at most ${SAVED_REPORTS_MAX} per user, however many saves arrive at once`, async () => {
    const quota = await addTestAccount(t, 'advertiser', 'Quota Roasters');
    const caller = t.as(quota.user);
    const at = new Date();
    await t.database.db
      .insert(savedReports)
      .values(Array.from({ length: SAVED_REPORTS_MAX - 5 }, (_, i) => ({ userId: quota.userId, type: 'advertiser' as const, name: `Existing ${i + 1}`, query: '', createdAt: at, updatedAt: at })));
    await caller.token();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => caller.call(createSavedReport, { type: 'advertiser', name: `Concurrent ${i + 1}`, query: `range=last${i % 2 ? 7 : 30}` })),
    );
    // Five fit; the other five are refused, whichever order the database took them in.
    expect(answers.map((a) => a.status).sort()).toEqual([...Array<number>(5).fill(200), ...Array<number>(5).fill(409)]);
    const refusals = answers.filter((a) => !a.ok);
    expect(refusals.map((a) => a.error.errorCode)).toEqual(Array(5).fill('TOO_MANY_SAVED_REPORTS'));
    expect(refusals[0]!.error.error).toMatch(/50 saved reports/);
    const [{ n }] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from saved_reports where user_id = ${quota.userId}`)) as [{ n: number }];
    expect(n).toBe(SAVED_REPORTS_MAX);
    expect((await caller.ok(savedReportList, {})).total).toBe(SAVED_REPORTS_MAX);

    // Deleting one makes room for one.
    const [first] = (await caller.ok(savedReportList, { pageSize: 1 })).items;
    await caller.ok(deleteSavedReport, { id: first!.id });
    expect((await caller.call(createSavedReport, { type: 'advertiser', name: 'One more', query: '' })).status).toBe(200);
    expect((await caller.call(createSavedReport, { type: 'advertiser', name: 'One too many', query: '' })).status).toBe(409);
  });
});
