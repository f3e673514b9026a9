import { campaignDetail, pauseCampaign, saveCampaignDraft, slotCatalogue, updateCampaignSettings, type CampaignDetail } from '@ads/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/identity';
import { rowsOf } from '../../kit/sql';
import { addTestAccount, buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller } from '../../test/typed-client';
import { workflow } from '../../test/workflow';

// A live campaign's settings (issue 29): they change at once, under the submission's rules and
// the live rules (no total below what was spent, no start date moved once started), each change
// one audited version; another advertiser's campaign is 404, a caller without the power 403.

const W = 300;
const H = 250;

describe('live campaign settings', () => {
  let t: TestApp;
  let adv: Caller;
  let pub: Caller;
  let staff: Caller;
  let other: Caller;
  let wf: ReturnType<typeof workflow>;

  const live = async (doc: Parameters<ReturnType<typeof workflow>['approvedCampaign']>[3] = {}) => {
    const slot = await wf.liveSlot(pub, { placementPolicy: 'auto' });
    const image = await wf.upload(adv);
    return { slot, campaign: await wf.approvedCampaign(adv, [image.id], undefined, doc) };
  };

  const audits = async (id: number) =>
    t.database.db
      .select({ action: auditLog.action, actor: auditLog.actorUserId, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'campaign'), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'campaign.update')))
      .orderBy(asc(auditLog.id));

  beforeAll(async () => {
    t = await buildTestApp();
    adv = t.as('advertiser');
    pub = t.as('publisher');
    staff = t.as('staff');
    wf = workflow(t, staff, { width: W, height: H });
    const stranger = await addTestAccount(t, 'advertiser', 'Settings Stranger');
    other = t.as(stranger.user);
  });
  afterAll(() => t?.close());

  it('changes budgets, bids, end date, hours, cap and an ad group at once, as one audited version', async () => {
    const { campaign } = await live();
    expect(campaign.status).toBe('active');
    const group = campaign.adGroups[0]!;
    const endAt = new Date(t.clock.now.getTime() + 30 * 86_400_000).toISOString();
    const res = await adv.call(updateCampaignSettings, {
      id: campaign.id,
      version: campaign.version,
      name: `${campaign.name} renamed`,
      dailyBudgetMinor: 5_000,
      totalBudgetMinor: 80_000,
      endAt,
      dayparting: [{ day: 1, fromHour: 9, toHour: 17 }],
      bidStrategy: 'cpc',
      maxBidMinor: 40,
      frequencyCap: { impressions: 2, period: 'day' },
      adGroups: [{ id: group.id, regions: ['US', 'GB'], devices: ['mobile'], bidOverrideMinor: 60 }],
    });
    expect(res.status, res.text).toBe(200);
    const after: CampaignDetail = res.body;
    expect(after).toMatchObject({
      status: 'active',
      version: campaign.version + 1,
      name: `${campaign.name} renamed`,
      dailyBudgetMinor: 5_000,
      totalBudgetMinor: 80_000,
      endAt,
      bidStrategy: 'cpc',
      maxBidMinor: 40,
      frequencyCap: { impressions: 2, period: 'day' },
      dayparting: [{ day: 1, fromHour: 9, toHour: 17 }],
      objective: campaign.objective,
    });
    expect(after.adGroups[0]).toMatchObject({ regions: ['US', 'GB'], devices: ['mobile'], bidOverrideMinor: 60 });
    // The ads keep serving as approved.
    expect(after.adGroups[0]!.ads.map((a) => a.reviewOutcome)).toEqual(['approved']);

    const [entry, ...more] = await audits(campaign.id);
    expect(more).toEqual([]);
    const [me] = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from users where email = 'advertiser@demo.test'`));
    expect(entry!.actor).toBe(me!.id);
    expect(JSON.parse(entry!.before!)).toMatchObject({
      version: campaign.version,
      currency: campaign.currency,
      dailyBudgetMinor: 10_000,
      totalBudgetMinor: 50_000,
      bidStrategy: 'cpm',
      maxBidMinor: 300,
      frequencyCap: null,
      adGroups: [{ id: group.id, name: group.name, regions: [], devices: [], bidOverrideMinor: null }],
    });
    expect(JSON.parse(entry!.after!)).toMatchObject({
      version: campaign.version + 1,
      dailyBudgetMinor: 5_000,
      totalBudgetMinor: 80_000,
      bidStrategy: 'cpc',
      maxBidMinor: 40,
      endAt,
      adGroups: [{ id: group.id, regions: ['US', 'GB'], devices: ['mobile'], bidOverrideMinor: 60 }],
    });
    // Only what changed is in the record: the start date and the slots did not.
    expect(JSON.parse(entry!.after!)).not.toHaveProperty('startAt');
    expect(JSON.parse(entry!.after!).adGroups[0]).not.toHaveProperty('slotIds');
  });

  it('holds a change to the submission rules, refuses a total below what was spent and a started campaign’s new start date', async () => {
    const { campaign } = await live();
    await t.database.db.execute(sql`update campaigns set spent_milli = 12345000, spent_minor = 12345 where id = ${campaign.id}`);
    const base = { id: campaign.id, version: campaign.version };
    const refused = async (payload: Omit<Parameters<typeof adv.call<typeof updateCampaignSettings>>[1], 'id' | 'version'>) => {
      const res = await adv.call(updateCampaignSettings, { ...base, ...payload });
      expect(res.status, res.text).toBe(400);
      expect(res.error.errorCode).toBe('VALIDATION_FAILED');
      return res.error.fields;
    };
    expect(await refused({ dailyBudgetMinor: 60_000 })).toEqual({ dailyBudgetMinor: 'The daily budget cannot be more than the total budget.' });
    expect(await refused({ totalBudgetMinor: 12_000, dailyBudgetMinor: 1_000 })).toEqual({
      totalBudgetMinor: 'The total budget cannot be less than what the campaign has already spent (12345 cents).',
    });
    expect(await refused({ bidStrategy: 'cpc', maxBidMinor: 6_000 })).toEqual({ maxBidMinor: 'A CPC bid must be between 5 and 5000 cents.' });
    expect(await refused({ adGroups: [{ id: campaign.adGroups[0]!.id, bidOverrideMinor: 5 }] })).toEqual({
      'adGroups.0.bidOverrideMinor': 'A CPM bid must be between 10 and 10000 cents.',
    });
    expect(await refused({ endAt: campaign.startAt })).toEqual({ endAt: 'The end date must be after the start date.' });
    expect(await refused({ endAt: new Date(t.clock.now.getTime() - 60_000).toISOString() })).toEqual({ endAt: 'The end date has passed. Please choose a later one.' });
    expect(await refused({ startAt: new Date(t.clock.now.getTime() + 86_400_000).toISOString() })).toEqual({ startAt: 'A campaign that has started keeps its start date.' });
    expect(await refused({ adGroups: [{ id: campaign.adGroups[0]!.id, slotMode: 'chosen', slotIds: [] }] })).toEqual({
      'adGroups.0.slotIds': 'Please choose at least one ad slot, or target every eligible slot.',
    });
    // Nothing was kept; the total may equal what was spent.
    expect((await adv.ok(campaignDetail, { id: campaign.id })).version).toBe(campaign.version);
    const ok = await adv.ok(updateCampaignSettings, { ...base, totalBudgetMinor: 12_345, dailyBudgetMinor: 1_000 });
    expect(ok).toMatchObject({ totalBudgetMinor: 12_345, version: campaign.version + 1 });
  });

  it('moves a scheduled campaign’s start date, and a paused campaign’s settings change too', async () => {
    const day = 86_400_000;
    const { campaign: scheduled } = await live({ startAt: new Date(t.clock.now.getTime() + 2 * day).toISOString() });
    expect(scheduled.status).toBe('scheduled');
    const startAt = new Date(t.clock.now.getTime() + 3 * day).toISOString();
    expect(await adv.ok(updateCampaignSettings, { id: scheduled.id, version: scheduled.version, startAt })).toMatchObject({ startAt, status: 'scheduled' });

    const { campaign } = await live();
    const paused = await adv.ok(pauseCampaign, { id: campaign.id, version: campaign.version });
    expect(await adv.ok(updateCampaignSettings, { id: paused.id, version: paused.version, maxBidMinor: 450 })).toMatchObject({ status: 'paused', maxBidMinor: 450 });
  });

  it('chooses newly only slots the account may choose, and re-targets placements', async () => {
    const { campaign, slot } = await live();
    const group = campaign.adGroups[0]!;
    const res = await adv.call(updateCampaignSettings, { id: campaign.id, version: campaign.version, adGroups: [{ id: group.id, slotMode: 'chosen', slotIds: [2_000_000_000] }] });
    expect(res.status, res.text).toBe(400);
    expect(res.error.fields).toEqual({ 'adGroups.0.slotIds': 'This ad slot is not available.' });
    const chosen = await adv.ok(updateCampaignSettings, { id: campaign.id, version: campaign.version, adGroups: [{ id: group.id, slotMode: 'chosen', slotIds: [slot.id] }] });
    expect(chosen.adGroups[0]).toMatchObject({ slotMode: 'chosen', slotIds: [slot.id] });
    await t.services.placements.drain();
    const catalogue = await adv.ok(slotCatalogue, { search: slot.name });
    expect(catalogue.items.find((s) => s.id === slot.id)).toBeDefined();
  });

  it('answers 409 to a stale version and to a campaign that is not live, and changes nothing', async () => {
    const { campaign } = await live();
    const first = await adv.ok(updateCampaignSettings, { id: campaign.id, version: campaign.version, dailyBudgetMinor: 9_000 });
    const stale = await adv.call(updateCampaignSettings, { id: campaign.id, version: campaign.version, dailyBudgetMinor: 8_000 });
    expect(stale.status).toBe(409);
    expect(stale.error.errorCode).toBe('STALE_VERSION');
    expect((await adv.ok(campaignDetail, { id: campaign.id })).dailyBudgetMinor).toBe(9_000);
    expect(first.version).toBe(campaign.version + 1);

    const draft = await adv.ok(saveCampaignDraft, { name: 'Still a draft' });
    const state = await adv.call(updateCampaignSettings, { id: draft.id, version: draft.version, dailyBudgetMinor: 1_000 });
    expect(state.status).toBe(409);
    expect(state.error).toMatchObject({ errorCode: 'CAMPAIGN_STATE', status: 'draft' });
  });

  it('two changes at one version: exactly one is kept', async () => {
    const { campaign } = await live();
    const results = await Promise.all(
      [7_000, 6_000].map((dailyBudgetMinor) => adv.call(updateCampaignSettings, { id: campaign.id, version: campaign.version, dailyBudgetMinor })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const kept = results.find((r) => r.status === 200)!.body!.dailyBudgetMinor;
    expect((await adv.ok(campaignDetail, { id: campaign.id })).dailyBudgetMinor).toBe(kept);
    expect(await audits(campaign.id)).toHaveLength(1);
  });

  it("answers 404 to another advertiser's campaign and ad group, 403 to staff and publishers", async () => {
    const { campaign } = await live();
    const before = await adv.ok(campaignDetail, { id: campaign.id });
    const foreign = await other.call(updateCampaignSettings, { id: campaign.id, version: campaign.version, dailyBudgetMinor: 1 });
    expect(foreign.status).toBe(404);
    // Their own live campaign, naming our ad group.
    const theirs = await wf.approvedCampaign(other, [(await wf.upload(other)).id]);
    const group = await other.call(updateCampaignSettings, { id: theirs.id, version: theirs.version, adGroups: [{ id: campaign.adGroups[0]!.id, regions: ['US'] }] });
    expect(group.status).toBe(404);
    expect((await staff.call(updateCampaignSettings, { id: campaign.id, version: campaign.version, dailyBudgetMinor: 1 })).status).toBe(403);
    expect((await pub.call(updateCampaignSettings, { id: campaign.id, version: campaign.version, dailyBudgetMinor: 1 })).status).toBe(403);
    expect(await adv.ok(campaignDetail, { id: campaign.id })).toEqual(before);
  });
});
