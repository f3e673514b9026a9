import {
  AD_REQUEST_PATH,
  campaignDetail,
  campaignHistory,
  campaignList,
  MAX_ADS_PER_GROUP,
  notificationsList,
  reviewAds,
  saveLiveAd,
  withdrawAdChange,
  type AdAnswer,
  type CampaignDetail,
} from '@ads/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../kit/sql';
import { addTestAccount, buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller } from '../../test/typed-client';
import { workflow } from '../../test/workflow';

// A live campaign's ads (issue 29): a new ad or a change to a serving one waits for staff's review
// while the approved version keeps serving; approval puts it on the ad at once, rejection leaves the
// ad as it was; each step is a version of the campaign and an entry of its history; another
// advertiser's campaign is 404, and only staff review.

const W = 300;
const H = 250;
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe('live campaign ads', () => {
  let t: TestApp;
  let adv: Caller;
  let pub: Caller;
  let staff: Caller;
  let other: Caller;
  let wf: ReturnType<typeof workflow>;

  const live = async () => {
    const slot = await wf.liveSlot(pub, { placementPolicy: 'auto' });
    const image = await wf.upload(adv);
    const campaign = await wf.approvedCampaign(adv, [image.id], [slot.id]);
    await t.services.placements.drain();
    await t.services.delivery.reload();
    return { slot, campaign, image };
  };

  /** What the slot's tag is shown now. */
  const shown = async (slot: { tagKey: string }) => {
    await t.services.placements.drain();
    await t.services.delivery.reload();
    const res = await t.app.inject({
      method: 'GET',
      url: `${AD_REQUEST_PATH}?slot=${slot.tagKey}&w=${W}&h=${H}&f=banner`,
      headers: { origin: 'https://www.news.fabrikam.example', 'user-agent': BROWSER },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as AdAnswer).ad;
  };

  const adFields = (imageId: number, headline: string) => ({
    format: 'image' as const,
    imageId,
    videoId: null,
    headline,
    description: 'Now with oat milk.',
    landingUrl: 'https://www.example.com/new-offer',
  });

  const placed = async (adId: number) =>
    rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from placements where ad_id = ${adId}`))[0]!.n;

  const inboxKeys = async (caller: Caller, campaignId: number) => {
    const inbox = await caller.ok(notificationsList, { pageSize: 200 });
    if (inbox.unchanged) throw new Error('unexpected unchanged answer');
    return inbox.infos.filter((i) => i.params?.campaignId === campaignId).map((i) => i.messageKey);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    adv = t.as('advertiser');
    pub = t.as('publisher');
    staff = t.as('staff');
    wf = workflow(t, staff, { width: W, height: H });
    other = t.as((await addTestAccount(t, 'advertiser', 'Live Ads Stranger')).user);
  });
  afterAll(() => t?.close());

  it('a changed ad waits for review while the approved version serves; approval puts it on the ad at once', async () => {
    const { slot, campaign } = await live();
    const ad = campaign.adGroups[0]!.ads[0]!;
    expect((await shown(slot))?.headline).toBe('Ad 1');
    const newImage = await wf.upload(adv);

    const proposed: CampaignDetail = await adv.ok(saveLiveAd, {
      campaignId: campaign.id,
      version: campaign.version,
      adGroupId: ad.adGroupId,
      adId: ad.id,
      ad: adFields(newImage.id, 'Autumn blend'),
    });
    expect(proposed.version).toBe(campaign.version + 1);
    expect(proposed.adsToReview).toBe(1);
    const waiting = proposed.adGroups[0]!.ads[0]!;
    expect(waiting).toMatchObject({ id: ad.id, headline: 'Ad 1', imageId: ad.imageId, reviewOutcome: 'approved' });
    expect(waiting.change).toMatchObject({ status: 'pending', headline: 'Autumn blend', imageId: newImage.id, reason: null });
    expect(waiting.change?.creative?.name).toBe(newImage.name);
    // The approved version keeps serving meanwhile.
    expect((await shown(slot))?.headline).toBe('Ad 1');
    expect(await inboxKeys(staff, campaign.id)).toContain('campaign.adsSubmitted');
    const queue = await staff.ok(campaignList, { adReview: 'true', pageSize: 100 });
    expect(queue.items.map((c) => c.id)).toContain(campaign.id);

    const approved = await staff.ok(reviewAds, { campaignId: campaign.id, version: proposed.version, decisions: [{ adId: ad.id, decision: 'approve' }] });
    expect(approved.adsToReview).toBe(0);
    expect(approved.adGroups[0]!.ads[0]).toMatchObject({ id: ad.id, headline: 'Autumn blend', imageId: newImage.id, landingUrl: 'https://www.example.com/new-offer', change: null });
    const served = await shown(slot);
    expect(served?.headline).toBe('Autumn blend');
    expect(served?.src).toContain(String(newImage.id));
    expect(await inboxKeys(adv, campaign.id)).toContain('campaign.adsReviewed');
    // Staff's "to review" is done.
    const staffInbox = await staff.ok(notificationsList, { pageSize: 200 });
    if (staffInbox.unchanged) throw new Error('unexpected unchanged answer');
    expect(staffInbox.infos.some((i) => i.messageKey === 'campaign.adsSubmitted' && i.params?.campaignId === campaign.id)).toBe(false);

    // The history names the ad, and each field before → after.
    const history = await adv.ok(campaignHistory, { id: campaign.id });
    const [approval, change] = history.items;
    expect(approval).toMatchObject({ action: 'ad.approve', ad: { id: ad.id, headline: 'Autumn blend' } });
    expect(change).toMatchObject({ action: 'ad.change', ad: { id: ad.id } });
    expect(approval!.actor?.email).toBe('staff@demo.test');
    expect(change!.actor?.email).toBe('advertiser@demo.test');
    expect(change!.changes).toEqual(
      expect.arrayContaining([
        { field: 'headline', adGroup: null, before: 'Ad 1', after: 'Autumn blend' },
        { field: 'landingUrl', adGroup: null, before: 'https://www.example.com/offer', after: 'https://www.example.com/new-offer' },
      ]),
    );
  });

  it('a rejected change leaves the ad serving as it was, with the reason, until edited again or withdrawn', async () => {
    const { slot, campaign } = await live();
    const ad = campaign.adGroups[0]!.ads[0]!;
    const proposed = await adv.ok(saveLiveAd, { campaignId: campaign.id, version: campaign.version, adGroupId: ad.adGroupId, adId: ad.id, ad: adFields(ad.imageId!, 'Best coffee ever!!!') });
    const rejected = await staff.ok(reviewAds, {
      campaignId: campaign.id,
      version: proposed.version,
      decisions: [{ adId: ad.id, decision: 'reject', reason: 'Superlatives need proof.' }],
    });
    expect(rejected.adsToReview).toBe(0);
    expect(rejected.adGroups[0]!.ads[0]).toMatchObject({ headline: 'Ad 1', reviewOutcome: 'approved', change: { status: 'rejected', reason: 'Superlatives need proof.', headline: 'Best coffee ever!!!' } });
    expect((await shown(slot))?.headline).toBe('Ad 1');
    // Nothing waits now: a second decision is refused by field.
    const again = await staff.call(reviewAds, { campaignId: campaign.id, version: rejected.version, decisions: [{ adId: ad.id, decision: 'approve' }] });
    expect(again.status).toBe(400);
    expect(again.error.fields).toHaveProperty(['decisions.0.adId']);

    const withdrawn = await adv.ok(withdrawAdChange, { campaignId: campaign.id, version: rejected.version, adId: ad.id });
    expect(withdrawn.adGroups[0]!.ads[0]!.change).toBeNull();
    const nothing = await adv.call(withdrawAdChange, { campaignId: campaign.id, version: withdrawn.version, adId: ad.id });
    expect(nothing.status).toBe(400);
  });

  it('a change showing an image review rejected before is flagged to staff, with why and when', async () => {
    const { campaign } = await live();
    const ad = campaign.adGroups[0]!.ads[0]!;
    const rejected = await wf.upload(adv);
    await t.services.assets.recordReview({ imageId: rejected.id, decision: 'rejected', reason: 'Text too small to read.', reviewerId: null });
    await adv.ok(saveLiveAd, { campaignId: campaign.id, version: campaign.version, adGroupId: ad.adGroupId, adId: ad.id, ad: adFields(rejected.id, 'Small print') });
    const seen = await staff.ok(campaignDetail, { id: campaign.id });
    expect(seen.adGroups[0]!.ads[0]!.change?.creative).toMatchObject({ id: rejected.id, reviewStatus: 'rejected', rejection: { reason: 'Text too small to read.' } });
  });

  it("an ended campaign's waiting ads are no longer staff's to review", async () => {
    const { campaign } = await live();
    const ad = campaign.adGroups[0]!.ads[0]!;
    await adv.ok(saveLiveAd, { campaignId: campaign.id, version: campaign.version, adGroupId: ad.adGroupId, adId: ad.id, ad: adFields(ad.imageId!, 'Last call') });
    const waiting = async () => {
      const inbox = await staff.ok(notificationsList, { pageSize: 200 });
      if (inbox.unchanged) throw new Error('unexpected unchanged answer');
      return inbox.infos.filter((i) => i.messageKey === 'campaign.adsSubmitted' && i.params?.campaignId === campaign.id).length;
    };
    expect(await waiting()).toBe(1);
    // Past its end date (sessions would end too: the clock comes back before reading).
    const before = t.clock.now;
    t.clock.now = new Date(before.getTime() + 8 * 86_400_000);
    try {
      await t.services.campaigns.runSchedule();
    } finally {
      t.clock.now = before;
    }
    expect((await staff.ok(campaignDetail, { id: campaign.id })).status).toBe('ended');
    expect(await waiting()).toBe(0);
    expect((await staff.ok(campaignList, { adReview: 'true', pageSize: 100 })).items.map((c) => c.id)).not.toContain(campaign.id);
  });

  it('a new ad waits for review and serves only once approved; a rejected one can be withdrawn', async () => {
    const { campaign } = await live();
    const group = campaign.adGroups[0]!;
    const image = await wf.upload(adv);
    const added = await adv.ok(saveLiveAd, { campaignId: campaign.id, version: campaign.version, adGroupId: group.id, ad: adFields(image.id, 'Second ad') });
    const fresh = added.adGroups[0]!.ads.find((a) => a.headline === 'Second ad')!;
    expect(fresh).toMatchObject({ reviewOutcome: 'pending', change: null });
    expect(added.adsToReview).toBe(1);
    // Not placed until approved: placements are of approved ads only.
    await t.services.placements.drain();
    expect(await placed(fresh.id)).toBe(0);

    const approved = await staff.ok(reviewAds, { campaignId: campaign.id, version: added.version, decisions: [{ adId: fresh.id, decision: 'approve' }] });
    expect(approved.adGroups[0]!.ads.find((a) => a.id === fresh.id)!.reviewOutcome).toBe('approved');
    await t.services.placements.drain();
    expect(await placed(fresh.id)).toBe(1);

    const third = await adv.ok(saveLiveAd, { campaignId: campaign.id, version: approved.version, adGroupId: group.id, ad: adFields(image.id, 'Third ad') });
    const thirdAd = third.adGroups[0]!.ads.find((a) => a.headline === 'Third ad')!;
    const refused = await staff.ok(reviewAds, { campaignId: campaign.id, version: third.version, decisions: [{ adId: thirdAd.id, decision: 'reject', reason: 'Blurry image.' }] });
    expect(refused.adGroups[0]!.ads.find((a) => a.id === thirdAd.id)).toMatchObject({ reviewOutcome: 'rejected', reviewReason: 'Blurry image.' });
    const removed = await adv.ok(withdrawAdChange, { campaignId: campaign.id, version: refused.version, adId: thirdAd.id });
    expect(removed.adGroups[0]!.ads.map((a) => a.headline)).toEqual(['Ad 1', 'Second ad']);
  });

  it('bad input is refused by field; a stale version is a 409; a draft is not live', async () => {
    const { campaign } = await live();
    const ad = campaign.adGroups[0]!.ads[0]!;
    const bad = await adv.call(saveLiveAd, {
      campaignId: campaign.id,
      version: campaign.version,
      adGroupId: ad.adGroupId,
      adId: ad.id,
      ad: { ...adFields(ad.imageId!, ''), landingUrl: 'http://insecure.example.com' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.error.fields ?? {})).toEqual(expect.arrayContaining(['ad.headline', 'ad.landingUrl']));
    const bidi = await adv.call(saveLiveAd, { campaignId: campaign.id, version: campaign.version, adGroupId: ad.adGroupId, adId: ad.id, ad: adFields(ad.imageId!, 'Evil\u202Eheadline') });
    expect(bidi.status).toBe(400);

    const first = await adv.ok(saveLiveAd, { campaignId: campaign.id, version: campaign.version, adGroupId: ad.adGroupId, adId: ad.id, ad: adFields(ad.imageId!, 'One') });
    const stale = await adv.call(saveLiveAd, { campaignId: campaign.id, version: campaign.version, adGroupId: ad.adGroupId, adId: ad.id, ad: adFields(ad.imageId!, 'Two') });
    expect(stale.status).toBe(409);
    expect(stale.error.errorCode).toBe('STALE_VERSION');
    const detail = await adv.ok(campaignDetail, { id: campaign.id });
    expect(detail.adGroups[0]!.ads[0]!.change?.headline).toBe('One');
    expect(first.version).toBe(detail.version);

    const ownImage = await wf.upload(adv);
    const draft = await adv.call(saveLiveAd, { campaignId: campaign.id, version: 999, adGroupId: 999_999, ad: adFields(ownImage.id, 'x') });
    expect([404, 409]).toContain(draft.status);
  });

  it("another advertiser's campaign, ad group and images are 404; only staff review", async () => {
    const { campaign } = await live();
    const ad = campaign.adGroups[0]!.ads[0]!;
    const theirImage = await wf.upload(other);
    const foreign = await other.call(saveLiveAd, { campaignId: campaign.id, version: campaign.version, adGroupId: ad.adGroupId, adId: ad.id, ad: adFields(theirImage.id, 'Mine now') });
    expect(foreign.status).toBe(404);
    const withdraw = await other.call(withdrawAdChange, { campaignId: campaign.id, version: campaign.version, adId: ad.id });
    expect(withdraw.status).toBe(404);
    // The owner cannot show another account's image.
    const borrowed = await adv.call(saveLiveAd, { campaignId: campaign.id, version: campaign.version, adGroupId: ad.adGroupId, adId: ad.id, ad: adFields(theirImage.id, 'Borrowed') });
    expect(borrowed.status).toBe(404);
    // An advertiser cannot review (no power), not even their own.
    const self = await adv.call(reviewAds, { campaignId: campaign.id, version: campaign.version, decisions: [{ adId: ad.id, decision: 'approve' }] });
    expect(self.status).toBe(403);
    expect((await adv.ok(campaignDetail, { id: campaign.id })).version).toBe(campaign.version);
  });

  it(`an ad group holds at most ${MAX_ADS_PER_GROUP} ads, whatever arrives at once`, async () => {
    const { campaign } = await live();
    const group = campaign.adGroups[0]!;
    const image = await wf.upload(adv);
    let version = campaign.version;
    for (let i = 2; i < MAX_ADS_PER_GROUP; i++) {
      version = (await adv.ok(saveLiveAd, { campaignId: campaign.id, version, adGroupId: group.id, ad: adFields(image.id, `Extra ${i}`) })).version;
    }
    // Room for one more: two adds at once at the same version, one gets in, the other is told it moved on.
    const answers = await Promise.all(
      ['A', 'B'].map((name) => adv.call(saveLiveAd, { campaignId: campaign.id, version, adGroupId: group.id, ad: adFields(image.id, `Late ${name}`) })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const full = answers.find((a) => a.ok)!.body;
    const over = await adv.call(saveLiveAd, { campaignId: campaign.id, version: full.version, adGroupId: group.id, ad: adFields(image.id, 'One too many') });
    expect(over.status).toBe(400);
    expect(over.error.fields).toHaveProperty('adGroupId');
    const detail = await adv.ok(campaignDetail, { id: campaign.id });
    expect(detail.adGroups[0]!.ads).toHaveLength(MAX_ADS_PER_GROUP);
  });
});
