import { campaignHistory, pauseCampaign, reviewCampaign, saveCampaignDraft, submitCampaign, updateCampaignSettings, type CampaignHistoryEntry } from '@ads/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestAccount, buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller } from '../../test/typed-client';
import { workflow } from '../../test/workflow';

// A campaign's change history (issue 29): who changed what and when, each field before → after,
// a draft's saves, reviews and status moves (the platform's own as "System"), newest first and
// paged; another advertiser's campaign is 404, staff read any, a publisher is refused.

const W = 300;
const H = 250;
const DAY = 86_400_000;
const HOUR = 3_600_000;

describe('campaign change history', () => {
  let t: TestApp;
  let adv: Caller;
  let pub: Caller;
  let staff: Caller;
  let other: Caller;
  let wf: ReturnType<typeof workflow>;

  beforeAll(async () => {
    t = await buildTestApp();
    adv = t.as('advertiser');
    pub = t.as('publisher');
    staff = t.as('staff');
    wf = workflow(t, staff, { width: W, height: H });
    const stranger = await addTestAccount(t, 'advertiser', 'History Stranger');
    other = t.as(stranger.user);
  });
  afterAll(() => t?.close());

  const historyOf = async (caller: Caller, id: number, page = 1, pageSize = 20) => caller.ok(campaignHistory, { id, page, pageSize });

  it('lists settings changes, reviews and status moves, newest first, with who and each field before → after', async () => {
    const slot = await wf.liveSlot(pub, { placementPolicy: 'auto' });
    const image = await wf.upload(adv);
    const campaign = await wf.approvedCampaign(adv, [image.id]);
    const group = campaign.adGroups[0]!;
    const updated = await adv.ok(updateCampaignSettings, {
      id: campaign.id,
      version: campaign.version,
      dailyBudgetMinor: 4_000,
      adGroups: [{ id: group.id, regions: ['US', 'GB'], slotMode: 'chosen', slotIds: [slot.id] }],
    });
    await adv.ok(pauseCampaign, { id: updated.id, version: updated.version });

    const answer = await historyOf(adv, campaign.id);
    expect(answer.items.map((e) => e.action)).toEqual(['campaign.pause', 'campaign.update', 'campaign.approve', 'campaign.submit', 'campaign.created']);
    expect(answer.total).toBe(5);
    const [pause, update, approve, submit, created] = answer.items as [CampaignHistoryEntry, CampaignHistoryEntry, CampaignHistoryEntry, CampaignHistoryEntry, CampaignHistoryEntry];
    expect(pause.changes).toEqual([{ field: 'status', adGroup: null, before: 'active', after: 'paused' }]);
    expect(pause.actor).toMatchObject({ email: 'advertiser@demo.test' });
    expect(update.currency).toBe('USD');
    expect(update.changes).toEqual(
      expect.arrayContaining([
        { field: 'dailyBudgetMinor', adGroup: null, before: 10_000, after: 4_000 },
        { field: 'regions', adGroup: { id: group.id, name: 'Group' }, before: [], after: ['US', 'GB'] },
        { field: 'slotMode', adGroup: { id: group.id, name: 'Group' }, before: 'all', after: 'chosen' },
        { field: 'slotIds', adGroup: { id: group.id, name: 'Group' }, before: [], after: [slot.id] },
      ]),
    );
    expect(update.changes.some((c) => c.field === 'version' || c.field === 'currency')).toBe(false);
    expect(answer.slots).toEqual([{ id: slot.id, name: slot.name }]);
    expect(approve.actor).toMatchObject({ email: 'staff@demo.test' });
    expect(approve.changes).toEqual([{ field: 'status', adGroup: null, before: 'pending_review', after: 'active' }]);
    expect(submit.changes).toEqual([{ field: 'status', adGroup: null, before: 'draft', after: 'pending_review' }]);
    expect(created.actor).toMatchObject({ email: 'advertiser@demo.test' });
    expect(Date.parse(pause.at)).toBeGreaterThanOrEqual(Date.parse(update.at));

    // Paged: the creation closes the last page.
    const second = await historyOf(adv, campaign.id, 2, 2);
    expect(second.items.map((e) => e.action)).toEqual(['campaign.approve', 'campaign.submit']);
    const third = await historyOf(adv, campaign.id, 3, 2);
    expect(third.items.map((e) => e.action)).toEqual(['campaign.created']);
    expect((await historyOf(adv, campaign.id, 4, 2)).items).toEqual([]);

    // Staff read any account's history; a publisher has no campaigns to read.
    expect((await historyOf(staff, campaign.id)).total).toBe(5);
    expect((await pub.call(campaignHistory, { id: campaign.id })).status).toBe(403);
  });

  it("shows a rejection's reasons, and the schedule's own moves as the platform's", async () => {
    const image = await wf.upload(adv);
    const startAt = new Date(t.clock.now.getTime() + HOUR).toISOString();
    const draft = await adv.ok(saveCampaignDraft, {
      name: 'Starts soon',
      objective: 'awareness',
      dailyBudgetMinor: 1_000,
      totalBudgetMinor: 5_000,
      startAt,
      endAt: new Date(t.clock.now.getTime() + 5 * DAY).toISOString(),
      bidStrategy: 'cpm',
      maxBidMinor: 300,
      adGroups: [{ name: 'G', ads: [{ format: 'image', imageId: image.id, headline: 'Hello', description: 'Fresh.', landingUrl: 'https://www.example.com/' }] }],
    });
    const sent = await adv.ok(submitCampaign, { id: draft.id, version: draft.version });
    const adId = sent.adGroups[0]!.ads[0]!.id;
    const rejected = await staff.ok(reviewCampaign, { id: sent.id, version: sent.version, decision: 'reject', reason: 'Blurry', ads: [{ id: adId, reason: 'Too vague' }], images: [] });
    const again = await adv.ok(submitCampaign, { id: rejected.id, version: rejected.version });
    await staff.ok(reviewCampaign, { id: again.id, version: again.version, decision: 'approve' });

    t.clock.advance(2 * HOUR);
    t.forgetSessions();
    await t.services.campaigns.runSchedule();

    const { items } = await historyOf(adv, draft.id);
    expect(items.map((e) => e.action)).toEqual(['campaign.start', 'campaign.approve', 'campaign.submit', 'campaign.reject', 'campaign.submit', 'campaign.created']);
    expect(items[0]).toMatchObject({ actor: null, changes: [{ field: 'status', before: 'scheduled', after: 'active' }] });
    expect(items[1]!.changes).toEqual([{ field: 'status', adGroup: null, before: 'pending_review', after: 'scheduled' }]);
    expect(items[3]).toMatchObject({ reason: 'Blurry', rejectedAds: [{ id: adId, headline: 'Hello', reason: 'Too vague' }], rejectedImages: [] });
  });

  it("lists a draft's saves that changed something, each field before → after, newest first", async () => {
    const image = await wf.upload(adv);
    const ad = { format: 'image' as const, imageId: image.id, headline: 'Hello', description: 'Fresh.', landingUrl: 'https://www.example.com/' };
    const doc = {
      name: 'Draft history',
      objective: 'traffic' as const,
      dailyBudgetMinor: 1_000,
      totalBudgetMinor: 5_000,
      bidStrategy: 'cpm' as const,
      maxBidMinor: 300,
    };
    const draft = await adv.ok(saveCampaignDraft, { ...doc, adGroups: [{ name: 'G', ads: [ad] }] });
    const group = draft.adGroups[0]!;
    const kept = { id: group.id, name: 'G', ads: [{ ...ad, id: group.ads[0]!.id }] };
    const first = await adv.ok(saveCampaignDraft, { ...doc, id: draft.id, version: draft.version, dailyBudgetMinor: 2_000, adGroups: [kept] });
    const renamed = { ...doc, name: 'Draft history renamed', dailyBudgetMinor: 2_000 };
    const second = await adv.ok(saveCampaignDraft, {
      ...renamed,
      id: draft.id,
      version: first.version,
      adGroups: [{ ...kept, ads: [...kept.ads, { ...ad, headline: 'Another' }] }],
    });
    // Saved again as it is: the wizard's second save tells nothing new.
    const added = { ...ad, id: second.adGroups[0]!.ads[1]!.id, headline: 'Another' };
    await adv.ok(saveCampaignDraft, { ...renamed, id: draft.id, version: second.version, adGroups: [{ ...kept, ads: [...kept.ads, added] }] });

    const answer = await historyOf(adv, draft.id);
    expect(answer.items.map((e) => e.action)).toEqual(['campaign.draftSave', 'campaign.draftSave', 'campaign.created']);
    expect(answer.total).toBe(3);
    const [renaming, budget] = answer.items as [CampaignHistoryEntry, CampaignHistoryEntry];
    expect(renaming.actor).toMatchObject({ email: 'advertiser@demo.test' });
    expect(renaming.changes).toEqual([
      { field: 'name', adGroup: null, before: 'Draft history', after: 'Draft history renamed' },
      { field: 'adsAdded', adGroup: null, before: null, after: 1 },
    ]);
    expect(budget.currency).toBe('USD');
    expect(budget.changes).toEqual([{ field: 'dailyBudgetMinor', adGroup: null, before: 1_000, after: 2_000 }]);

    // Another advertiser cannot read it.
    expect((await other.call(campaignHistory, { id: draft.id })).status).toBe(404);
  });

  it("answers 404 for another account's campaign and for one that does not exist", async () => {
    const image = await wf.upload(adv);
    const campaign = await wf.approvedCampaign(adv, [image.id]);
    const res = await other.call(campaignHistory, { id: campaign.id });
    expect(res.status).toBe(404);
    expect(res.error.errorCode).toBe('NOT_FOUND');
    expect((await adv.call(campaignHistory, { id: 999_999 })).status).toBe(404);
    expect((await adv.call(campaignHistory, { id: campaign.id, pageSize: 500 })).status).toBe(400);
  });
});
