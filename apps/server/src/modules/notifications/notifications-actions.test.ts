import {
  type CampaignDocument,
  decidePlacements,
  deleteImages,
  notificationsList,
  type NotificationInfo,
  placementList,
  replaceRejectedImage,
  reviewAdSlot,
  reviewCampaign,
  saveAdSlot,
  saveCampaignDraft,
  submitAdSlot,
  submitCampaign,
} from '@ads/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adSlots } from '../../db/schema/ad-slots';
import { images } from '../../db/schema/assets';
import { notifications, notificationTargets } from '../../db/schema/notifications';
import { campaigns } from '../../db/schema/campaigns';
import { placements } from '../../db/schema/placements';
import { multipart } from '../../test/multipart';
import { addTestAccount, buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller } from '../../test/typed-client';
import { makeImage, workflow } from '../../test/workflow';

// An action (type 20) asks its recipient to do something; once that is done, by anyone, it leaves
// every recipient's Action Center (dismissed, in the transaction of the change).
describe('actions resolve themselves when what they ask is done', () => {
  let t: TestApp;
  let adv: Caller;
  let pub: Caller;
  let staff: Caller;
  let otherStaff: Caller;
  let w: ReturnType<typeof workflow>;

  /** The caller's open actions (the Actions tab). */
  const actions = async (caller: Caller) => {
    const res = await caller.call(notificationsList, { tab: 'actions', pageSize: 200 });
    expect(res.status).toBe(200);
    if (res.body.unchanged) throw new Error('unchanged without a version');
    return res.body.infos;
  };
  const about = (infos: NotificationInfo[], key: string, param: string, id: number) =>
    infos.filter((i) => i.messageKey === key && i.params?.[param] === id);

  beforeAll(async () => {
    t = await buildTestApp();
    adv = t.as('advertiser');
    pub = t.as('publisher');
    staff = t.as('staff');
    otherStaff = t.as((await addTestAccount(t, 'staff', 'Second Reviewer')).user);
    // A size no demo slot has: the demo's placements stay out.
    w = workflow(t, staff, { width: 321, height: 123 });
  });
  afterAll(() => t.close());

  it('campaign: "to review" leaves every staff inbox at the decision; "rejected" at the next submission; the image\'s at approval', async () => {
    const image = await w.upload(adv);
    const doc: CampaignDocument = {
      name: 'Resolving campaign',
      objective: 'traffic',
      dailyBudgetMinor: 10_000,
      totalBudgetMinor: 50_000,
      startAt: new Date(t.clock.now.getTime() + 86_400_000).toISOString(),
      endAt: new Date(t.clock.now.getTime() + 8 * 86_400_000).toISOString(),
      bidStrategy: 'cpm',
      maxBidMinor: 300,
      adGroups: [{ name: 'G', ads: [{ format: 'image', imageId: image.id, headline: 'Hi', description: 'Fresh.', landingUrl: 'https://www.example.com/' }] }],
    };
    const draft = await adv.ok(saveCampaignDraft, doc);
    const sent = await adv.ok(submitCampaign, { id: draft.id, version: draft.version });
    for (const who of [staff, otherStaff]) expect(about(await actions(who), 'campaign.submitted', 'campaignId', sent.id)).toHaveLength(1);

    // One staff user decides: the ask leaves both staff inboxes.
    const rejected = await otherStaff.ok(reviewCampaign, {
      id: sent.id,
      version: sent.version,
      decision: 'reject',
      reason: 'The landing page is down.',
      images: [{ id: image.id, reason: 'Blurry.' }],
    });
    for (const who of [staff, otherStaff]) expect(about(await actions(who), 'campaign.submitted', 'campaignId', sent.id)).toHaveLength(0);
    expect(about(await actions(adv), 'campaign.rejected', 'campaignId', sent.id)).toHaveLength(1);
    expect(about(await actions(adv), 'image.rejected', 'imageId', image.id)).toHaveLength(1);

    // Fixed and sent again: "rejected" is done, staff have a new "to review".
    const fixed = await adv.ok(saveCampaignDraft, { ...doc, id: rejected.id, version: rejected.version, name: 'Resolving campaign, fixed' });
    const again = await adv.ok(submitCampaign, { id: fixed.id, version: fixed.version });
    expect(about(await actions(adv), 'campaign.rejected', 'campaignId', sent.id)).toHaveLength(0);
    expect(about(await actions(staff), 'campaign.submitted', 'campaignId', sent.id)).toHaveLength(1);

    // Approved: staff's ask is done, and the approval of its image answers the image's rejection.
    await staff.ok(reviewCampaign, { id: again.id, version: again.version, decision: 'approve' });
    for (const who of [staff, otherStaff]) expect(about(await actions(who), 'campaign.submitted', 'campaignId', sent.id)).toHaveLength(0);
    const advActions = await actions(adv);
    expect(about(advActions, 'campaign.rejected', 'campaignId', sent.id)).toHaveLength(0);
    expect(about(advActions, 'image.rejected', 'imageId', image.id)).toHaveLength(0);
    // Other notifications stay: the approval is in the Notifications tab.
    const all = await adv.ok(notificationsList, { tab: 'notifications', pageSize: 200 });
    if (all.unchanged) throw new Error('unchanged');
    expect(about(all.infos, 'campaign.approved', 'campaignId', sent.id)).toHaveLength(1);
  });

  it('image: a rejection is done once the image is replaced', async () => {
    const image = await w.upload(adv);
    await t.services.assets.recordReview({ imageId: image.id, decision: 'rejected', reason: 'Too dark.', reviewerId: null });
    expect(about(await actions(adv), 'image.rejected', 'imageId', image.id)).toHaveLength(1);
    const [row] = await t.database.db.select({ version: images.version }).from(images).where(eq(images.id, image.id));
    const res = await adv.send(replaceRejectedImage, { id: image.id, version: row!.version }, multipart(await makeImage(321, 123), 'brighter.png'));
    expect(res.status, res.text).toBe(200);
    expect(about(await actions(adv), 'image.rejected', 'imageId', image.id)).toHaveLength(0);
  });

  it('ad slot: "to review" leaves staff at the decision; "rejected" leaves the publisher at the next submission', async () => {
    const draft = await pub.ok(saveAdSlot, w.slotForm());
    const sent = await pub.ok(submitAdSlot, { id: draft.id, version: draft.version });
    for (const who of [staff, otherStaff]) expect(about(await actions(who), 'adSlot.submitted', 'adSlotId', sent.id)).toHaveLength(1);
    const rejected = await staff.ok(reviewAdSlot, { id: sent.id, version: sent.version, decision: 'reject', reason: 'The property is not yours.' });
    for (const who of [staff, otherStaff]) expect(about(await actions(who), 'adSlot.submitted', 'adSlotId', sent.id)).toHaveLength(0);
    expect(about(await actions(pub), 'adSlot.rejected', 'adSlotId', sent.id)).toHaveLength(1);
    const again = await pub.ok(submitAdSlot, { id: rejected.id, version: rejected.version });
    expect(about(await actions(pub), 'adSlot.rejected', 'adSlotId', sent.id)).toHaveLength(0);
    await otherStaff.ok(reviewAdSlot, { id: again.id, version: again.version, decision: 'approve' });
    for (const who of [staff, otherStaff]) expect(about(await actions(who), 'adSlot.submitted', 'adSlotId', sent.id)).toHaveLength(0);
  });

  it('placements: "to review" stays while any waits on the slot, and leaves once none does', async () => {
    const slot = await w.liveSlot(pub);
    await w.approvedCampaign(adv, [(await w.upload(adv)).id, (await w.upload(adv)).id], [slot.id]);
    await t.services.placements.drain();
    // One per batch of new placements (the approval's drain may split them).
    expect(about(await actions(pub), 'placement.awaiting', 'adSlotId', slot.id).length).toBeGreaterThan(0);
    const waiting = await pub.ok(placementList, { slot: slot.id, pageSize: 100 });
    // Two of ours (a shared database may hold other campaigns that fit the slot too).
    expect(waiting.items.length).toBeGreaterThanOrEqual(2);
    const last = waiting.items.at(-1)!;
    const others = waiting.items.slice(0, -1).map((p) => ({ id: p.id, version: p.version }));
    await pub.ok(decidePlacements, { decision: 'approve', items: others });
    expect(about(await actions(pub), 'placement.awaiting', 'adSlotId', slot.id).length).toBeGreaterThan(0);
    await pub.ok(decidePlacements, { decision: 'reject', reason: 'Not for our readers.', items: [{ id: last.id, version: last.version }] });
    expect(about(await actions(pub), 'placement.awaiting', 'adSlotId', slot.id)).toHaveLength(0);
  });

  it('placements: "to review" leaves once what waited is no longer eligible (its creative deleted)', async () => {
    // A size of its own: no other campaign of this file fits the slot.
    const own = workflow(t, staff, { width: 322, height: 124 });
    const slot = await own.liveSlot(pub);
    const image = await own.upload(adv);
    await own.approvedCampaign(adv, [image.id], [slot.id]);
    await t.services.placements.drain();
    expect(about(await actions(pub), 'placement.awaiting', 'adSlotId', slot.id).length).toBeGreaterThan(0);
    // Nothing is left to decide on the slot: the drain that retires the placement answers the action.
    await adv.ok(deleteImages, { ids: [image.id], confirmInUse: true });
    await t.services.placements.drain();
    expect((await pub.ok(placementList, { slot: slot.id, pageSize: 100 })).items).toEqual([]);
    expect(about(await actions(pub), 'placement.awaiting', 'adSlotId', slot.id)).toHaveLength(0);
  });
});

// The demo seeds through the services: an action it shows as open still asks for something.
describe('the demo\'s open actions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('an installation upgraded to subjects loses the actions already done, and keeps the open ones', async () => {
    const migration = fs.readFileSync(path.join(import.meta.dirname, '../../db/migrations/0022_notification_subjects.sql'), 'utf8');
    const statements = migration.split('--> statement-breakpoint');
    const backfill = statements.find((s) => s.includes('UPDATE "notifications" SET "subject"'))!;
    const cleanup = statements.find((s) => s.includes('WITH "done"'))!;
    const [approved] = await t.database.db.select().from(campaigns).where(eq(campaigns.status, 'active')).limit(1);
    const [rejected] = await t.database.db.select().from(campaigns).where(eq(campaigns.status, 'rejected')).limit(1);
    const tell = (campaign: typeof approved, eventKey: string) =>
      t.services.notifications.notify({
        type: 20,
        message: { key: 'campaign.rejected', params: { campaignId: campaign!.id, name: campaign!.name, reason: 'Old.' } },
        recipients: { accounts: [campaign!.accountId] },
        eventKey,
      });
    const stale = await tell(approved, 'test:upgrade:stale');
    const open = await tell(rejected, 'test:upgrade:open');
    await t.database.db.execute(sql.raw(backfill));
    await t.database.db.execute(sql.raw(cleanup));
    const rows = await t.database.db
      .select({ id: notifications.id, subject: notifications.subject, dismissed: notificationTargets.isDismissed })
      .from(notifications)
      .innerJoin(notificationTargets, eq(notificationTargets.notificationId, notifications.id))
      .where(inArray(notifications.id, [stale!.id, open!.id]));
    expect(rows.filter((r) => r.id === stale!.id).every((r) => r.dismissed && r.subject === `campaign:${approved!.id}`)).toBe(true);
    expect(rows.filter((r) => r.id === open!.id).every((r) => !r.dismissed && r.subject === `campaign:${rejected!.id}`)).toBe(true);
  });

  it('ask only for what is still to do', async () => {
    for (const role of ['advertiser', 'publisher', 'staff'] as const) {
      const res = await t.as(role).ok(notificationsList, { tab: 'actions', pageSize: 200 });
      if (res.unchanged) throw new Error('unchanged');
      for (const info of res.infos) {
        const params = info.params ?? {};
        const what = `${role}: ${info.messageKey} ${JSON.stringify(params)}`;
        const status = async (table: typeof campaigns | typeof adSlots, id: unknown) =>
          (await t.database.db.select({ status: table.status }).from(table).where(eq(table.id, Number(id))))[0]?.status;
        switch (info.messageKey) {
          case 'campaign.submitted':
            expect(await status(campaigns, params.campaignId), what).toBe('pending_review');
            break;
          case 'campaign.rejected':
            expect(await status(campaigns, params.campaignId), what).toBe('rejected');
            break;
          case 'adSlot.submitted':
            expect(await status(adSlots, params.adSlotId), what).toBe('pending_review');
            break;
          case 'adSlot.rejected':
            expect(await status(adSlots, params.adSlotId), what).toBe('rejected');
            break;
          case 'image.rejected': {
            const [image] = await t.database.db.select({ status: images.reviewStatus }).from(images).where(eq(images.id, Number(params.imageId)));
            expect(image?.status, what).toBe('rejected');
            break;
          }
          case 'placement.awaiting': {
            const pending = await t.database.db.select({ id: placements.id, slotId: placements.slotId, active: placements.active }).from(placements).where(eq(placements.status, 'pending'));
            const open = pending.filter((p) => p.active && (params.adSlotId === null || p.slotId === params.adSlotId));
            expect(open.length, what).toBeGreaterThan(0);
            break;
          }
          default:
            // Requests (status changes, content, password resets) are settled by their own decisions.
            break;
        }
      }
    }
  });
});
