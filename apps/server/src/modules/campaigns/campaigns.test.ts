import * as contracts from '@ads/contracts';
import {
  adGroupList,
  adList,
  campaignDelivery,
  campaignDetail,
  campaignHistory,
  campaignList,
  completeVideoUpload,
  deleteCampaign,
  deleteImages,
  duplicateCampaign,
  imageDetail,
  notificationsList,
  pauseCampaign,
  rejectedImageList,
  resumeCampaign,
  reviewCampaign,
  saveCampaignDraft,
  saveLiveAd,
  slotCatalogue,
  startVideoUpload,
  submitCampaign,
  uploadImage,
  updateCampaignSettings,
  withdrawAdChange,
  uploadVideoChunk,
  type CampaignDetail,
  type CampaignDocument,
} from '@ads/contracts';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns as campaignsTable } from '../../db/schema/campaigns';
import { auditLog } from '../../db/schema/identity';
import { multipart, octets } from '../../test/multipart';
import { endpointsTagged, foreign, proveForeignIdsAnswer404 } from '../../test/tenancy';
import { addTestAccount, buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller } from '../../test/typed-client';
import { makeMp4 } from '../../test/test-media';

const DAY = 86_400_000;

let colour = 0;
const makeImage = async () => {
  colour++;
  return sharp({ create: { width: 300, height: 250, channels: 3, background: { r: colour % 256, g: (colour * 7) % 256, b: (colour * 13) % 256 } } })
    .png()
    .toBuffer();
};

describe('campaigns', () => {
  let t: TestApp;
  let adv: Caller;
  let other: Caller;
  let staff: Caller;
  let otherAccountId: number;

  const uploadImageAs = async (caller: Caller, name = 'banner.png') => {
    const res = await caller.send(uploadImage, {}, multipart(await makeImage(), name));
    expect(res.status, res.text).toBe(200);
    return res.body;
  };

  const uploadVideoAs = async (caller: Caller, name = 'clip.mp4') => {
    const file = makeMp4({ mdatBytes: 4000 + ++colour });
    const up = await caller.ok(startVideoUpload, { name, bytes: file.length, seriesId: null });
    const chunk = await caller.send(uploadVideoChunk, { uploadId: up.uploadId, offset: 0 }, octets(file));
    expect(chunk.status, chunk.text).toBe(200);
    return caller.ok(completeVideoUpload, { uploadId: up.uploadId });
  };

  /** A document Submit accepts, starting tomorrow for a week. */
  const complete = (imageId: number, name: string, days = { start: 1, end: 8 }): CampaignDocument => ({
    name,
    objective: 'traffic',
    dailyBudgetMinor: 10_000,
    totalBudgetMinor: 50_000,
    startAt: new Date(t.clock.now.getTime() + days.start * DAY).toISOString(),
    endAt: new Date(t.clock.now.getTime() + days.end * DAY).toISOString(),
    dayparting: [{ day: 1, fromHour: 8, toHour: 18 }],
    bidStrategy: 'cpc',
    maxBidMinor: 50,
    frequencyCap: { impressions: 3, period: 'day' },
    adGroups: [
      {
        name: 'Group A',
        regions: ['US'],
        devices: ['mobile'],
        ads: [{ format: 'image', imageId, headline: 'Fresh coffee', description: 'Roasted today.', landingUrl: 'https://www.example.com/offer' }],
      },
    ],
  });

  const save = async (caller: Caller, doc: CampaignDocument & { id?: number; version?: number }) => {
    const res = await caller.call(saveCampaignDraft, doc);
    expect(res.status, res.text).toBe(200);
    return res.body;
  };

  /** A campaign waiting for review. */
  const submitted = async (name: string, days?: { start: number; end: number }) => {
    const image = await uploadImageAs(adv);
    const draft = await save(adv, complete(image.id, name, days));
    const res = await adv.call(submitCampaign, { id: draft.id, version: draft.version });
    expect(res.status, res.text).toBe(200);
    return { campaign: res.body, image };
  };

  const approved = async (name: string, days?: { start: number; end: number }) => {
    const { campaign, image } = await submitted(name, days);
    const res = await staff.call(reviewCampaign, { id: campaign.id, version: campaign.version, decision: 'approve' });
    expect(res.status, res.text).toBe(200);
    return { campaign: res.body, image };
  };

  const inbox = async (caller: Caller) => {
    const res = await caller.call(notificationsList, { pageSize: 200 });
    expect(res.status, res.text).toBe(200);
    const body = res.body;
    if (body.unchanged) throw new Error('unexpected unchanged answer');
    return body.infos;
  };

  const expectState = (res: { status: number; error: { errorCode: string } & Record<string, unknown> }, status: string) => {
    expect(res.status).toBe(409);
    expect(res.error.errorCode).toBe('CAMPAIGN_STATE');
    expect(res.error.status).toBe(status);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    adv = t.as('advertiser');
    staff = t.as('staff');
    const account = await addTestAccount(t, 'advertiser', 'Other Advertiser');
    otherAccountId = account.accountId;
    other = t.as(account.user);
    await Promise.all([adv.token(), staff.token(), other.token()]);
  });
  afterAll(() => t?.close());

  describe('drafts', () => {
    it('saves an empty document as a uniquely named draft, and a partial ad as it is', async () => {
      const first = await save(adv, {});
      const second = await save(adv, {});
      expect(first).toMatchObject({ status: 'draft', objective: null, adGroups: [], version: 1, currency: 'USD', adCount: 0 });
      expect(first.name).toMatch(/^Untitled campaign/);
      expect(second.name).not.toBe(first.name);

      const partial = await save(adv, { name: 'Partial one', adGroups: [{ ads: [{ headline: 'Only a headline', landingUrl: 'half-typed' }] }] });
      expect(partial.adGroups).toHaveLength(1);
      expect(partial.adGroups[0]!.ads[0]).toMatchObject({ headline: 'Only a headline', landingUrl: 'half-typed', format: null, creative: null, reviewOutcome: null });
      expect(partial.adCount).toBe(1);
    });

    it('replaces the tree: ids sent are kept, others go, new ones are added in order', async () => {
      const image = await uploadImageAs(adv);
      const draft = await save(adv, { name: 'Tree', adGroups: [{ name: 'G1', ads: [{ headline: 'A1' }, { headline: 'A2' }] }, { name: 'G2' }] });
      const [g1] = draft.adGroups;
      const next = await save(adv, {
        id: draft.id,
        version: draft.version,
        name: 'Tree',
        adGroups: [
          { name: 'New first' },
          { id: g1!.id, name: 'G1 renamed', ads: [{ id: g1!.ads[1]!.id, headline: 'A2 kept' }, { format: 'image', imageId: image.id, headline: 'A3' }] },
        ],
      });
      expect(next.version).toBe(draft.version + 1);
      expect(next.adGroups.map((g) => g.name)).toEqual(['New first', 'G1 renamed']);
      expect(next.adGroups[1]!.id).toBe(g1!.id);
      expect(next.adGroups[1]!.ads.map((a) => a.headline)).toEqual(['A2 kept', 'A3']);
      expect(next.adGroups[1]!.ads[0]!.id).toBe(g1!.ads[1]!.id);
      expect(next.adGroups[1]!.ads[1]!.creative).toMatchObject({ kind: 'image', id: image.id, width: 300, height: 250, inRecycleBin: false });
      expect((await t.app.inject({ method: 'GET', url: next.adGroups[1]!.ads[1]!.creative!.previewUrl! })).statusCode).toBe(200);

      // An ad group or ad of another campaign is not this one's to keep.
      const elsewhere = await save(adv, { name: 'Elsewhere', adGroups: [{ name: 'X', ads: [{ headline: 'X1' }] }] });
      const stolenGroup = await adv.call(saveCampaignDraft, { id: next.id, version: next.version, adGroups: [{ id: elsewhere.adGroups[0]!.id }] });
      expect(stolenGroup.status).toBe(404);
      const stolenAd = await adv.call(saveCampaignDraft, { id: next.id, version: next.version, adGroups: [{ ads: [{ id: elsewhere.adGroups[0]!.ads[0]!.id }] }] });
      expect(stolenAd.status).toBe(404);
    });

    it('refuses a taken name, and decides a race for one name in the database', async () => {
      await save(adv, { name: 'Taken name' });
      const res = await adv.call(saveCampaignDraft, { name: 'taken NAME' });
      expect(res.status).toBe(409);
      expect(res.error).toMatchObject({ errorCode: 'NAME_TAKEN', fields: { name: expect.any(String) } });

      const answers = await Promise.all([1, 2, 3].map(() => adv.call(saveCampaignDraft, { name: 'Raced name' })));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 200)) {
        expect(a.status).toBe(409);
        expect(a.error.errorCode).toBe('NAME_TAKEN');
      }
    });

    it('answers 409 STALE_VERSION to the second of two saves of one version', async () => {
      const draft = await save(adv, { name: 'Two editors' });
      const [a, b] = await Promise.all([
        adv.call(saveCampaignDraft, { id: draft.id, version: draft.version, name: 'Two editors', objective: 'awareness' }),
        adv.call(saveCampaignDraft, { id: draft.id, version: draft.version, name: 'Two editors', objective: 'conversions' }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect((a.status === 409 ? a : b).error.errorCode).toBe('STALE_VERSION');
      const after = (await adv.call(campaignDetail, { id: draft.id })).body;
      expect(after.version).toBe(draft.version + 1);
    });

    it("describes a video ad's creative, and refuses another account's video (404)", async () => {
      const mine = await uploadVideoAs(adv);
      const theirs = await uploadVideoAs(other, 'theirs.mp4');
      const saved = await save(adv, { name: 'Video ad', adGroups: [{ name: 'V', ads: [{ format: 'video', videoId: mine.id, headline: 'Watch' }] }] });
      expect(saved.adGroups[0]!.ads[0]!.creative).toMatchObject({ kind: 'video', id: mine.id, name: 'clip.mp4', inRecycleBin: false, url: expect.stringContaining('/api/Video/File') });
      const res = await adv.call(saveCampaignDraft, { adGroups: [{ ads: [{ format: 'video', videoId: theirs.id }] }] });
      expect(res.status).toBe(404);
      expect(res.error.error).toBe('The video was not found.');
    });

    it("refuses another account's image (404) and chosen ad slots that are not serving", async () => {
      const theirs = await uploadImageAs(other, 'theirs.png');
      const res = await adv.call(saveCampaignDraft, { adGroups: [{ ads: [{ format: 'image', imageId: theirs.id }] }] });
      expect(res.status).toBe(404);
      const slots = await adv.call(saveCampaignDraft, { adGroups: [{ slotMode: 'chosen', slotIds: [999_999] }] });
      expect(slots.status).toBe(400);
      expect(slots.error.fields).toEqual({ 'adGroups.0.slotIds': 'This ad slot is not available.' });
      // A live slot of the catalogue may be chosen.
      const live = (await adv.ok(slotCatalogue, {})).items[0]!;
      const chosen = await save(adv, { name: 'Chosen slots', adGroups: [{ slotMode: 'chosen', slotIds: [live.id] }] });
      expect(chosen.adGroups[0]).toMatchObject({ slotIds: [live.id], slots: [{ id: live.id, name: live.name, publisherName: live.publisher.name }] });
    });
  });

  describe('submit', () => {
    it('names every missing field by document path', async () => {
      const draft = await save(adv, { name: 'Incomplete', adGroups: [{ name: 'G', ads: [{ format: 'image', headline: 'Hi' }] }] });
      const res = await adv.call(submitCampaign, { id: draft.id, version: draft.version });
      expect(res.status).toBe(400);
      expect(res.error.errorCode).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.error.fields ?? {})).toEqual(
        expect.arrayContaining([
          'objective',
          'dailyBudgetMinor',
          'startAt',
          'bidStrategy',
          'adGroups.0.ads.0.imageId',
          'adGroups.0.ads.0.description',
          'adGroups.0.ads.0.landingUrl',
        ]),
      );
      expect((await adv.call(campaignDetail, { id: draft.id })).body.status).toBe('draft');
    });

    it('refuses an end in the past and an image in the recycle bin', async () => {
      const image = await uploadImageAs(adv);
      const doc = complete(image.id, 'Past end');
      const draft = await save(adv, { ...doc, startAt: new Date(t.clock.now.getTime() - 3 * DAY).toISOString(), endAt: new Date(t.clock.now.getTime() - DAY).toISOString() });
      expect((await adv.call(deleteImages, { ids: [image.id], confirmInUse: true })).status).toBe(200);
      const res = await adv.call(submitCampaign, { id: draft.id, version: draft.version });
      expect(res.status).toBe(400);
      expect(res.error.fields).toMatchObject({ endAt: expect.any(String), 'adGroups.0.ads.0.imageId': expect.stringContaining('recycle bin') });
    });

    it('sends the campaign to review and tells staff', async () => {
      const { campaign } = await submitted('To review');
      expect(campaign).toMatchObject({ status: 'pending_review', reviewOutcome: 'pending' });
      expect(campaign.submittedAt).not.toBeNull();
      expect(campaign.adGroups[0]!.ads[0]!.reviewOutcome).toBe('pending');
      expect(campaign.reviews.map((r) => r.action)).toEqual(['submitted']);
      const told = (await inbox(staff)).find((n) => n.messageKey === 'campaign.submitted' && n.params?.campaignId === campaign.id);
      expect(told).toMatchObject({ type: 20, menuId: 308, params: { name: 'To review', accountName: expect.any(String) } });
    });
  });

  describe('the state machine', () => {
    it('refuses what a state does not allow with 409 CAMPAIGN_STATE and the state', async () => {
      const draft = await save(adv, { name: 'Draft state' });
      expectState(await adv.call(pauseCampaign, { id: draft.id, version: draft.version }), 'draft');
      expectState(await adv.call(resumeCampaign, { id: draft.id, version: draft.version }), 'draft');
      expectState(await staff.call(reviewCampaign, { id: draft.id, version: draft.version, decision: 'approve' }), 'draft');

      const { campaign } = await submitted('Pending state');
      expectState(await adv.call(saveCampaignDraft, { id: campaign.id, version: campaign.version, name: 'Changed' }), 'pending_review');
      expectState(await adv.call(submitCampaign, { id: campaign.id, version: campaign.version }), 'pending_review');
      expectState(await adv.call(deleteCampaign, { id: campaign.id, version: campaign.version }), 'pending_review');
      expectState(await adv.call(pauseCampaign, { id: campaign.id, version: campaign.version }), 'pending_review');

      const ok = await adv.call(deleteCampaign, { id: draft.id, version: draft.version });
      expect(ok.status, ok.text).toBe(200);
      expect((await adv.call(campaignDetail, { id: draft.id })).status).toBe(404);
    });

    it('review rejects with reasons per ad and image, then approval schedules; pause, resume, start and end follow', async () => {
      const { campaign, image } = await submitted('Full cycle');
      const adId = campaign.adGroups[0]!.ads[0]!.id;
      const notUsed = await uploadImageAs(adv, 'unused.png');
      const wrongImage = await staff.call(reviewCampaign, {
        id: campaign.id,
        version: campaign.version,
        decision: 'reject',
        reason: 'No.',
        images: [{ id: notUsed.id, reason: 'x' }],
      });
      expect(wrongImage.status).toBe(400);
      expect(wrongImage.error.fields).toHaveProperty(['images.0.id']);
      expect((await staff.call(reviewCampaign, { id: campaign.id, version: campaign.version + 5, decision: 'approve' })).error.errorCode).toBe('STALE_VERSION');

      const rejected = await staff.call(reviewCampaign, {
        id: campaign.id,
        version: campaign.version,
        decision: 'reject',
        reason: 'The landing page does not match the ad.',
        ads: [{ id: adId, reason: 'Misleading headline.' }],
        images: [{ id: image.id, reason: 'Text covers more than 20% of the image.' }],
      });
      expect(rejected.status, rejected.text).toBe(200);
      const r = rejected.body;
      expect(r).toMatchObject({ status: 'rejected', reviewOutcome: 'rejected', reviewReason: 'The landing page does not match the ad.' });
      expect(r.adGroups[0]!.ads[0]).toMatchObject({ reviewOutcome: 'rejected', reviewReason: 'Misleading headline.' });
      expect(r.reviews[0]).toMatchObject({
        action: 'rejected',
        actor: { name: expect.any(String) },
        ads: [{ id: adId, headline: 'Fresh coffee', reason: 'Misleading headline.' }],
        images: [{ id: image.id, name: image.name, reason: 'Text covers more than 20% of the image.' }],
      });
      // The image rejection is the library's: the advertiser's rejected images name the campaign.
      const rejectedImages = (await adv.call(rejectedImageList, { pageSize: 200 })).body.items;
      expect(rejectedImages.find((i) => i.image.id === image.id)?.review).toMatchObject({
        decision: 'rejected',
        campaign: { id: campaign.id, name: 'Full cycle' },
      });
      const advInbox = await inbox(adv);
      expect(advInbox.find((n) => n.messageKey === 'campaign.rejected' && n.params?.campaignId === campaign.id)).toMatchObject({ type: 20, menuId: 105 });
      // Audit: the decision with before, after and reason.
      const rows = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'campaign'), eq(auditLog.entityId, String(campaign.id))))
        .orderBy(asc(auditLog.id));
      expect(rows.map((x) => x.action)).toEqual(['campaign.submit', 'campaign.reject']);
      expect(rows[1]).toMatchObject({ actorUserId: expect.any(Number), reason: 'The landing page does not match the ad.' });
      expect(JSON.parse(rows[1]!.before!)).toEqual({ status: 'pending_review' });
      expect(JSON.parse(rows[1]!.after!)).toMatchObject({ status: 'rejected' });

      // Edited and sent again; then approved, before its start: scheduled.
      const edited = await save(adv, { ...complete(image.id, 'Full cycle'), id: r.id, version: r.version });
      expect(edited.status).toBe('rejected');
      const again = (await adv.call(submitCampaign, { id: edited.id, version: edited.version })).body;
      expect(again.status).toBe('pending_review');
      const ok = await staff.call(reviewCampaign, { id: again.id, version: again.version, decision: 'approve' });
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body).toMatchObject({ status: 'scheduled', reviewOutcome: 'approved' });
      expect(ok.body.adGroups[0]!.ads[0]!.reviewOutcome).toBe('approved');
      expect((await inbox(adv)).find((n) => n.messageKey === 'campaign.approved' && n.params?.campaignId === campaign.id)).toMatchObject({ type: 25, menuId: 105 });

      const paused = (await adv.call(pauseCampaign, { id: ok.body.id, version: ok.body.version })).body;
      expect(paused.status).toBe('paused');
      const resumed = (await adv.call(resumeCampaign, { id: paused.id, version: paused.version })).body;
      expect(resumed.status).toBe('scheduled');

      // Its start comes: the job starts it (once), and tells the advertiser.
      t.clock.advance(DAY + 60_000);
      expect(await t.services.campaigns.runSchedule()).toMatchObject({ started: expect.any(Number) });
      expect(await t.services.campaigns.runSchedule()).toMatchObject({ started: 0 });
      t.forgetSessions();
      const running = (await adv.call(campaignDetail, { id: campaign.id })).body;
      expect(running.status).toBe('active');
      const started = (await inbox(adv)).filter((n) => n.messageKey === 'campaign.started' && n.params?.campaignId === campaign.id);
      expect(started).toHaveLength(1);
      expect(started[0]!.type).toBe(10);

      const paused2 = (await adv.call(pauseCampaign, { id: running.id, version: running.version })).body;
      const active = (await adv.call(resumeCampaign, { id: paused2.id, version: paused2.version })).body;
      expect(active.status).toBe('active');

      // Its end passes: ended, told once; nothing brings it back.
      t.clock.advance(8 * DAY);
      await t.services.campaigns.runSchedule();
      await t.services.campaigns.runSchedule();
      t.forgetSessions();
      const ended = (await adv.call(campaignDetail, { id: campaign.id })).body;
      expect(ended.status).toBe('ended');
      expect((await inbox(adv)).filter((n) => n.messageKey === 'campaign.ended' && n.params?.campaignId === campaign.id)).toHaveLength(1);
      expectState(await adv.call(resumeCampaign, { id: ended.id, version: ended.version }), 'ended');
      expectState(await adv.call(pauseCampaign, { id: ended.id, version: ended.version }), 'ended');
    });

    it('approves straight to active when the start has come', async () => {
      const { campaign } = await approved('Starts now', { start: 0, end: 5 });
      expect(campaign.status).toBe('active');
    });

    it('approves a campaign whose image went to the recycle bin after submission', async () => {
      const { campaign, image } = await submitted('Binned later');
      expect((await adv.call(deleteImages, { ids: [image.id], confirmInUse: true })).status).toBe(200);
      const res = await staff.call(reviewCampaign, { id: campaign.id, version: campaign.version, decision: 'approve' });
      expect(res.status, res.text).toBe(200);
      expect(res.body.adGroups[0]!.ads[0]!.creative).toMatchObject({ id: image.id, inRecycleBin: true });
    });

    it('tells the owners once at 80 % of the budget and ends the campaign when it is spent', async () => {
      const { campaign } = await approved('Budget', { start: 0, end: 30 });
      expect(campaign.totalBudgetMinor).toBe(50_000);
      expect(await t.services.campaigns.recordFigures([{ campaignId: campaign.id, spentMilli: 39_000_000, impressions: 1000, clicks: 10 }])).toEqual({ alerted: 0, ended: 0 });
      expect(await t.services.campaigns.recordFigures([{ campaignId: campaign.id, spentMilli: 1_000_000, impressions: 0, clicks: 0 }])).toEqual({ alerted: 1, ended: 0 });
      expect(await t.services.campaigns.recordFigures([{ campaignId: campaign.id, spentMilli: 5_000_000, impressions: 0, clicks: 0 }])).toEqual({ alerted: 0, ended: 0 });
      await t.services.campaigns.runSchedule();
      const alerts = (await inbox(adv)).filter((n) => n.messageKey === 'campaign.budgetAlert' && n.params?.campaignId === campaign.id);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ type: 15, params: { percent: 80 } });
      const [row] = await t.database.db.select().from(campaignsTable).where(eq(campaignsTable.id, campaign.id));
      expect(row!.budgetAlertAt).not.toBeNull();

      expect(await t.services.campaigns.recordFigures([{ campaignId: campaign.id, spentMilli: 5_000_000, impressions: 0, clicks: 0 }])).toEqual({ alerted: 0, ended: 1 });
      const after = (await adv.call(campaignDetail, { id: campaign.id })).body;
      expect(after).toMatchObject({ status: 'ended', spentMinor: 50_000, impressions: 1000, clicks: 10, ctr: 0.01 });
    });
  });

  describe('lists, duplicates and image usage', () => {
    it('lists with filters, sorting and the review queue first; staff see every account', async () => {
      const { campaign } = await submitted('Queue item');
      await save(adv, { name: 'Listed draft' });
      await save(other, { name: 'Their campaign' });
      const mine = (await adv.call(campaignList, { pageSize: 200 })).body;
      expect(mine.items.every((c) => c.accountId === campaign.accountId)).toBe(true);
      expect((await adv.call(campaignList, { search: 'queue ITEM' })).body.items.map((c) => c.id)).toEqual([campaign.id]);
      const drafts = (await adv.call(campaignList, { status: 'draft,rejected', pageSize: 200 })).body;
      expect(drafts.items.every((c) => c.status === 'draft' || c.status === 'rejected')).toBe(true);
      const byName = (await adv.call(campaignList, { sort: 'name', order: 'asc', pageSize: 200 })).body.items.map((c) => c.name.toLowerCase());
      expect(byName).toEqual([...byName].sort());
      const page2 = (await adv.call(campaignList, { page: 2, pageSize: 1 })).body;
      expect(page2).toMatchObject({ page: 2, pageSize: 1, total: mine.total });
      expect(page2.items).toHaveLength(1);

      const queue = (await staff.call(campaignList, { queueFirst: 'true', pageSize: 200 })).body;
      expect(queue.items[0]!.status).toBe('pending_review');
      expect(queue.items.some((c) => c.accountId === otherAccountId)).toBe(true);
      expect(queue.items.find((c) => c.id === campaign.id)?.accountName).toBeTruthy();
      const narrowed = (await staff.call(campaignList, { accountId: otherAccountId, pageSize: 200 })).body;
      expect(narrowed.items.every((c) => c.accountId === otherAccountId)).toBe(true);
      // Running some day of the range: it starts tomorrow.
      const day = (ms: number) => new Date(t.clock.now.getTime() + ms).toISOString().slice(0, 10);
      expect((await adv.call(campaignList, { from: day(2 * DAY), to: day(3 * DAY), pageSize: 200 })).body.items.map((c) => c.id)).toContain(campaign.id);
      expect((await adv.call(campaignList, { from: day(20 * DAY), to: day(21 * DAY), pageSize: 200 })).body.items.map((c) => c.id)).not.toContain(campaign.id);
      expect((await adv.call(campaignList, { to: day(-2 * DAY), pageSize: 200 })).body.items.map((c) => c.id)).not.toContain(campaign.id);

      const groups = (await staff.call(adGroupList, { campaignId: campaign.id })).body.items;
      expect(groups[0]!.ads).toHaveLength(1);
      const ads = (await adv.call(adList, { campaignId: campaign.id })).body;
      expect(ads.items[0]).toMatchObject({ campaignName: 'Queue item', campaignStatus: 'pending_review', adGroupName: 'Group A' });
    });

    it('answers totals that match the rows, through concurrent creates, submissions and deletes', async () => {
      const drafts = await Promise.all(Array.from({ length: 8 }, (_, i) => save(adv, { name: `Counted ${i}` })));
      await Promise.all([
        ...drafts.slice(0, 3).map((d) => adv.call(deleteCampaign, { id: d.id, version: d.version })),
        submitted('Counted submitted'),
        save(other, { name: 'Counted elsewhere' }),
      ]);
      // Totals of lists without a search come from kept counts; the rows are the truth.
      const check = async (caller: Caller, query: Parameters<Caller['call']>[1]) => {
        const all = (await caller.call(campaignList, { ...(query as object), pageSize: 200 })).body;
        expect(all.total, JSON.stringify(query)).toBe(all.items.length);
      };
      for (const status of [undefined, 'draft', 'pending_review', 'draft,pending_review']) await check(adv, { status });
      await check(staff, { queueFirst: 'true' });
      await check(staff, { queueFirst: 'true', status: 'draft' });
      // The queue tab: the waiting status alone, queue first.
      await check(staff, { queueFirst: 'true', status: 'pending_review' });
      await check(staff, { accountId: otherAccountId });
      await check(other, {});
    });

    it('duplicates into a new draft without figures or review outcomes', async () => {
      const { campaign } = await approved('Original');
      const copy = await adv.call(duplicateCampaign, { id: campaign.id });
      expect(copy.status, copy.text).toBe(200);
      expect(copy.body).toMatchObject({ name: 'Original (copy)', status: 'draft', reviewOutcome: null, spentMinor: 0, reviews: [], objective: 'traffic', dailyBudgetMinor: 10_000 });
      expect(copy.body.adGroups[0]!.ads[0]).toMatchObject({ headline: 'Fresh coffee', reviewOutcome: null });
      expect(copy.body.adGroups[0]!.id).not.toBe(campaign.adGroups[0]!.id);
      expect((await adv.call(duplicateCampaign, { id: campaign.id })).body.name).toBe('Original (copy) (1)');
    });

    it("names an image's ads in its detail and warns before deleting it", async () => {
      const image = await uploadImageAs(adv, 'used.png');
      const draft = await save(adv, { name: 'Uses an image', adGroups: [{ name: 'G', ads: [{ format: 'image', imageId: image.id, headline: 'Using it' }] }] });
      const detail = (await adv.call(imageDetail, { id: image.id })).body;
      expect(detail.usedBy).toEqual([{ kind: 'ad', id: draft.adGroups[0]!.ads[0]!.id, name: 'Using it', status: 'draft', campaignName: 'Uses an image' }]);
      const res = await adv.call(deleteImages, { ids: [image.id] });
      expect(res.status).toBe(409);
      expect(res.error.errorCode).toBe('IMAGE_IN_USE');
      expect(res.error.error).toContain('Using it');
      expect((await adv.call(adList, { imageId: image.id })).body.items.map((a) => a.id)).toEqual([draft.adGroups[0]!.ads[0]!.id]);
    });
  });

  describe('tenancy', () => {
    const liveAd = (imageId: number) => ({
      format: 'image' as const,
      imageId,
      videoId: null,
      headline: 'Mine now',
      description: 'Taken.',
      landingUrl: 'https://www.example.com/taken',
    });

    it("answers 404 to another account's campaign, ad group, ad and creative", async () => {
      const { campaign, image } = await submitted('Private campaign');
      const draft: CampaignDetail = await save(adv, { name: 'Private draft', adGroups: [{ name: 'G', ads: [{ headline: 'A' }] }] });
      const group = draft.adGroups[0]!;
      await proveForeignIdsAnswer404({
        stranger: other,
        module: endpointsTagged(contracts, 'Campaign', 'AdGroup', 'Ad'),
        calls: [
          foreign(campaignDetail, { id: campaign.id }),
          foreign(campaignDelivery, { id: campaign.id }),
          foreign(campaignHistory, { id: campaign.id }),
          foreign(saveCampaignDraft, { id: draft.id, version: draft.version, name: 'Mine now' }),
          foreign(saveCampaignDraft, { adGroups: [{ ads: [{ format: 'image', imageId: image.id }] }] }, { label: 'their image' }),
          foreign(saveCampaignDraft, { adGroups: [{ id: group.id }] }, { label: 'their ad group' }),
          foreign(submitCampaign, { id: draft.id, version: draft.version }),
          foreign(duplicateCampaign, { id: draft.id }),
          foreign(pauseCampaign, { id: campaign.id, version: campaign.version }),
          foreign(resumeCampaign, { id: campaign.id, version: campaign.version }),
          foreign(updateCampaignSettings, { id: campaign.id, version: campaign.version, dailyBudgetMinor: 1 }),
          foreign(updateCampaignSettings, { id: draft.id, version: draft.version, adGroups: [{ id: group.id, regions: ['US'] }] }, { label: 'their ad group' }),
          foreign(deleteCampaign, { id: draft.id, version: draft.version }),
          foreign(adGroupList, { campaignId: draft.id }),
          foreign(adList, { campaignId: draft.id }),
          foreign(adList, { adGroupId: group.id }, { label: 'their ad group' }),
          foreign(adList, { imageId: image.id }, { label: 'their image' }),
          foreign(saveLiveAd, { campaignId: campaign.id, version: campaign.version, adGroupId: campaign.adGroups[0]!.id, ad: liveAd(image.id) }),
          foreign(withdrawAdChange, { campaignId: campaign.id, version: campaign.version, adId: campaign.adGroups[0]!.ads[0]!.id }),
        ],
        exempt: {
          'GET /api/Campaign/List': "accountId narrows staff's view only; anyone else lists their own campaigns",
          'POST /api/Campaign/Review': 'staff review every account\'s campaigns; advertisers lack the power (403)',
          'POST /api/Ad/Review': "staff review every account's live ads; advertisers lack the power (403, live-ads.test.ts)",
          'POST /api/Campaign/BulkStatus': "answers each item: another account's id is NOT_FOUND in its result (campaign-list.test.ts)",
          'GET /api/Campaign/ListColumns': "the signed-in user's own, no id taken (campaign-list.test.ts)",
          'POST /api/Campaign/SaveListColumns': "the signed-in user's own, no id taken (campaign-list.test.ts)",
        },
        unchanged: async () => ({
          campaign: (await adv.call(campaignDetail, { id: campaign.id })).body,
          draft: (await adv.call(campaignDetail, { id: draft.id })).body,
        }),
      });
      expect((await other.call(campaignList, { accountId: campaign.accountId, pageSize: 200 })).body.items.map((c) => c.id)).not.toContain(campaign.id);
      expect((await adv.call(reviewCampaign, { id: campaign.id, version: campaign.version, decision: 'approve' })).status).toBe(403);
      expect((await t.as('publisher').call(campaignList)).status).toBe(403);
    });
  });
});
