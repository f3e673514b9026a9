import { campaignDetail, imageList, reviewCampaign, saveCampaignDraft, submitCampaign } from '@ads/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestAccount, buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller } from '../../test/typed-client';
import { workflow } from '../../test/workflow';

// An image review rejected keeps its status where it is chosen again (the library's list, the
// wizard's picker), and an ad showing it again is flagged to staff in the campaign's review.

describe('a rejected creative shown again', () => {
  let t: TestApp;
  let adv: Caller;
  let staff: Caller;
  let other: Caller;
  let flow: ReturnType<typeof workflow>;

  beforeAll(async () => {
    t = await buildTestApp();
    adv = t.as('advertiser');
    staff = t.as('staff');
    other = t.as((await addTestAccount(t, 'advertiser', 'Rejections Elsewhere')).user);
    flow = workflow(t, staff, { width: 300, height: 250 });
  });
  afterAll(() => t?.close());

  const submitted = async (imageId: number) => {
    const draft = await adv.ok(saveCampaignDraft, {
      name: `Reuse ${imageId}-${Date.now()}`,
      objective: 'traffic',
      dailyBudgetMinor: 10_000,
      totalBudgetMinor: 50_000,
      startAt: new Date(t.clock.now.getTime() + 86_400_000).toISOString(),
      endAt: new Date(t.clock.now.getTime() + 8 * 86_400_000).toISOString(),
      bidStrategy: 'cpm',
      maxBidMinor: 300,
      adGroups: [{ name: 'Group', ads: [{ format: 'image', imageId, headline: 'Ad', description: 'Fresh.', landingUrl: 'https://www.example.com/offer' }] }],
    });
    return adv.ok(submitCampaign, { id: draft.id, version: draft.version });
  };
  const listed = async (caller: Caller, id: number) => (await caller.ok(imageList, { pageSize: 200 })).items.find((image) => image.id === id);

  it('lists each image with its review status, and a rejected one with why, when and in which campaign', async () => {
    const fresh = await flow.upload(adv);
    expect(await listed(adv, fresh.id)).toMatchObject({ reviewStatus: 'unreviewed', rejection: null });

    const first = await submitted(fresh.id);
    t.clock.advance(60_000);
    await staff.ok(reviewCampaign, { id: first.id, version: first.version, decision: 'reject', reason: 'Please fix the image.', images: [{ id: fresh.id, reason: 'Text covers the product.' }] });
    const rejected = await listed(adv, fresh.id);
    expect(rejected).toMatchObject({
      reviewStatus: 'rejected',
      rejection: { reason: 'Text covers the product.', at: t.clock.now.toISOString(), campaign: { id: first.id, name: first.name } },
    });
    // Staff read it too; another advertiser does not see the image at all.
    expect((await listed(staff, fresh.id))?.rejection?.reason).toBe('Text covers the product.');
    expect(await listed(other, fresh.id)).toBeUndefined();

    const approved = await flow.upload(adv);
    const second = await submitted(approved.id);
    await staff.ok(reviewCampaign, { id: second.id, version: second.version, decision: 'approve' });
    expect(await listed(adv, approved.id)).toMatchObject({ reviewStatus: 'approved', rejection: null });
  });

  it('flags the rejected image to staff in the review of a campaign that shows it again; its approval then clears it', async () => {
    const image = await flow.upload(adv);
    const first = await submitted(image.id);
    await staff.ok(reviewCampaign, { id: first.id, version: first.version, decision: 'reject', reason: 'No.', images: [{ id: image.id, reason: 'Blurry.' }] });
    const rejectedAt = t.clock.now.toISOString();

    t.clock.advance(3_600_000);
    const again = await submitted(image.id);
    const detail = await staff.ok(campaignDetail, { id: again.id });
    const creative = detail.adGroups[0]!.ads[0]!.creative!;
    expect(creative).toMatchObject({ kind: 'image', id: image.id, reviewStatus: 'rejected', rejection: { reason: 'Blurry.', at: rejectedAt, campaign: { id: first.id } } });

    const approved = await staff.ok(reviewCampaign, { id: again.id, version: detail.version, decision: 'approve' });
    expect(approved.status).not.toBe('pending_review');
    const after = await staff.ok(campaignDetail, { id: again.id });
    expect(after.adGroups[0]!.ads[0]!.creative).toMatchObject({ reviewStatus: 'approved' });
    expect(after.adGroups[0]!.ads[0]!.creative!.rejection ?? null).toBeNull();
  });

  it("answers another account's campaign with 404, flags and all", async () => {
    const image = await flow.upload(adv);
    const campaign = await submitted(image.id);
    expect((await other.call(campaignDetail, { id: campaign.id })).status).toBe(404);
  });
});
