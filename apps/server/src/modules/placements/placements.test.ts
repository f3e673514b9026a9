import * as contracts from '@ads/contracts';
import {
  decidePlacements,
  disapprovedSlots,
  disapproveSlots,
  notificationsList,
  placementHealth,
  placementList,
  rejectedPlacements,
  restoreSlots,
  saveAdSlot,
  slotCatalogue,
  slotFit,
  submitAdSlot,
  type AdSlotForm,
  type Placement,
} from '@ads/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointsTagged, foreign, proveForeignIdsAnswer404 } from '../../test/tenancy';
import { addTestAccount, buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller } from '../../test/typed-client';
import { workflow } from '../../test/workflow';
import { createPlacementsService } from './placements.service';

// Sizes no demo slot or demo creative has, so the demo's placements never mix into these.
const W = 336;
const H = 280;
const DAY = 86_400_000;

describe('placements', () => {
  let t: TestApp;
  let pub: Caller;
  let otherPub: Caller;
  let adv: Caller;
  let otherAdv: Caller;
  let staff: Caller;

  const drain = () => t.services.placements.drain();

  let wf: ReturnType<typeof workflow>;
  const slotForm: ReturnType<typeof workflow>['slotForm'] = (overrides) => wf.slotForm(overrides);
  const liveSlot = (overrides: Partial<AdSlotForm> = {}, owner = pub) => wf.liveSlot(owner, overrides);
  const upload: ReturnType<typeof workflow>['upload'] = (...args) => wf.upload(...args);
  const approvedCampaign = (caller: Caller, imageIds: number[], slotIds?: number[]) => wf.approvedCampaign(caller, imageIds, slotIds);

  const placementsOf = async (caller: Caller, campaignName: string) =>
    (await caller.ok(placementList, { search: campaignName, pageSize: 100 })).items.filter((p) => p.ad.campaign.name === campaignName);
  const on = (list: Placement[], slotId: number) => list.filter((p) => p.slot.id === slotId);

  const inbox = async (caller: Caller) => {
    const body = await caller.ok(notificationsList, { pageSize: 200 });
    if (body.unchanged) throw new Error('unexpected unchanged answer');
    return body.infos;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    pub = t.as('publisher');
    adv = t.as('advertiser');
    staff = t.as('staff');
    wf = workflow(t, staff, { width: W, height: H });
    otherPub = t.as((await addTestAccount(t, 'publisher', 'Other Publisher')).user);
    otherAdv = t.as((await addTestAccount(t, 'advertiser', 'Other Advertiser')).user);
    await Promise.all([pub.token(), adv.token(), staff.token(), otherPub.token(), otherAdv.token()]);
    await drain();
  });
  afterAll(() => t?.close());

  it('an approved campaign gets placements on the live slots its ads fit: auto approves at once, manual waits and the publisher is told once', async () => {
    const manual = await liveSlot();
    const auto = await liveSlot({ placementPolicy: 'auto' });
    const leaderboard = await liveSlot({ width: 728, height: 90 });
    const video = await liveSlot({ format: 'video', width: 640, height: 360 });
    await drain();
    const before = (await inbox(pub)).filter((i) => i.messageKey === 'placement.awaiting').length;

    const images = [await upload(adv), await upload(adv)];
    const campaign = await approvedCampaign(
      adv,
      images.map((i) => i.id),
    );
    // The approval answers before the work is done: placements come from the queue.
    expect(await placementsOf(pub, campaign.name)).toEqual([]);
    await drain();

    const made = await placementsOf(pub, campaign.name);
    expect(on(made, manual.id).map((p) => p.status)).toEqual(['pending', 'pending']);
    expect(on(made, auto.id).map((p) => [p.status, p.decidedBy, !!p.decidedAt])).toEqual([
      ['approved', null, true],
      ['approved', null, true],
    ]);
    expect(on(made, leaderboard.id)).toEqual([]);
    expect(on(made, video.id)).toEqual([]);
    expect(made[0]).toMatchObject({ advertiser: { name: 'Contoso Coffee' }, ad: { landingUrl: 'https://www.example.com/offer', creative: { kind: 'image', width: W, height: H } } });

    const told = (await inbox(pub)).filter((i) => i.messageKey === 'placement.awaiting');
    expect(told.length - before).toBe(1);
    expect(told[0]).toMatchObject({ type: 20, menuId: 206, params: { count: 2, adSlotId: manual.id } });
  });

  it('a slot going live gets placements for the approved ads that fit it; an ad group choosing slots keeps to them', async () => {
    const first = await liveSlot({ placementPolicy: 'auto' });
    const chooser = await approvedCampaign(adv, [(await upload(adv)).id], [first.id]);
    const everywhere = await approvedCampaign(adv, [(await upload(adv)).id]);
    await drain();
    expect(on(await placementsOf(pub, chooser.name), first.id)).toHaveLength(1);

    const later = await liveSlot({ placementPolicy: 'auto' });
    await drain();
    expect(on(await placementsOf(pub, everywhere.name), later.id)).toHaveLength(1);
    expect(on(await placementsOf(pub, chooser.name), later.id)).toEqual([]);
  });

  it('disapproving a slot takes the advertiser off it; restoring brings its placements back with the decisions they had', async () => {
    const slot = await liveSlot();
    const campaign = await approvedCampaign(adv, [(await upload(adv)).id]);
    await drain();
    const [placement] = on(await placementsOf(pub, campaign.name), slot.id);
    await pub.ok(decidePlacements, { decision: 'approve', items: [{ id: placement!.id, version: placement!.version }] });

    const reason = 'Not next to breaking news.';
    const answer = await adv.ok(disapproveSlots, { slotIds: [slot.id], reason });
    expect(answer.items[0]).toMatchObject({ id: slot.id, disapproval: { reason, by: { name: 'Avery Advertiser' } } });
    await drain();
    expect(on(await placementsOf(pub, campaign.name), slot.id)).toEqual([]);
    const catalogue = await adv.ok(slotCatalogue, { state: 'disapproved', pageSize: 100 });
    expect(catalogue.items.map((s) => s.id)).toContain(slot.id);
    expect((await adv.ok(disapprovedSlots, {})).items[0]).toMatchObject({ id: slot.id, status: 'live', disapproval: { reason } });
    // Another advertiser's view of the slot is its own.
    expect((await otherAdv.ok(slotCatalogue, { state: 'disapproved', pageSize: 100 })).items.map((s) => s.id)).not.toContain(slot.id);

    expect(await adv.ok(restoreSlots, { slotIds: [slot.id] })).toEqual({ restored: 1 });
    await drain();
    expect(on(await placementsOf(pub, campaign.name), slot.id).map((p) => [p.id, p.status])).toEqual([[placement!.id, 'approved']]);
    expect((await adv.ok(disapprovedSlots, {})).items.map((s) => s.id)).not.toContain(slot.id);

    // Only serving slots can be disapproved.
    const draft = await pub.ok(saveAdSlot, slotForm());
    expect((await adv.call(disapproveSlots, { slotIds: [draft.id], reason })).status).toBe(404);
  });

  it('the publisher rejects placements with a reason: the advertiser is told once and sees them; a stale decision changes nothing', async () => {
    const slot = await liveSlot();
    const campaign = await approvedCampaign(adv, [(await upload(adv)).id, (await upload(adv)).id]);
    await drain();
    const two = on(await placementsOf(pub, campaign.name), slot.id);
    expect(two).toHaveLength(2);
    const reason = 'Competes with our sponsor this month.';
    const decided = await pub.ok(decidePlacements, { decision: 'reject', reason, items: two.map((p) => ({ id: p.id, version: p.version })) });
    expect(decided.items.map((p) => [p.status, p.reason, p.decidedBy?.name])).toEqual([
      ['rejected', reason, 'Parker Publisher'],
      ['rejected', reason, 'Parker Publisher'],
    ]);
    const told = (await inbox(adv)).filter((i) => i.messageKey === 'placement.rejected');
    expect(told[0]).toMatchObject({ type: 10, menuId: 113, params: { count: 2, publisherName: 'Fabrikam News', reason } });

    const rejected = await adv.ok(rejectedPlacements, { pageSize: 100 });
    expect(rejected.items.filter((p) => p.ad.campaign.name === campaign.name).map((p) => [p.reason, p.publisher.name, p.decidedBy?.name])).toEqual([
      [reason, 'Fabrikam News', 'Parker Publisher'],
      [reason, 'Fabrikam News', 'Parker Publisher'],
    ]);
    expect((await otherAdv.ok(rejectedPlacements, { pageSize: 100 })).items).toEqual([]);

    // The versions read before the rejection are stale now: nothing changes.
    const stale = await pub.call(decidePlacements, { decision: 'approve', items: two.map((p) => ({ id: p.id, version: p.version })) });
    expect(stale.status).toBe(409);
    expect(stale.error.errorCode).toBe('STALE_VERSION');
    expect(on(await placementsOf(pub, campaign.name), slot.id).every((p) => p.status === 'rejected')).toBe(true);

    // Two decisions at once on the same version: one wins, the other is refused.
    const now = on(await placementsOf(pub, campaign.name), slot.id)[0]!;
    const race = await Promise.all([
      pub.call(decidePlacements, { decision: 'approve', items: [{ id: now.id, version: now.version }] }),
      pub.call(decidePlacements, { decision: 'reject', reason: 'No.', items: [{ id: now.id, version: now.version }] }),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    const after = on(await placementsOf(pub, campaign.name), slot.id).find((p) => p.id === now.id)!;
    expect(after.version).toBe(now.version + 1);
  });

  it('a campaign that ends leaves its slots; a slot paused keeps its placements', async () => {
    const slot = await liveSlot({ placementPolicy: 'auto' });
    const campaign = await approvedCampaign(adv, [(await upload(adv)).id]);
    await drain();
    expect(on(await placementsOf(pub, campaign.name), slot.id)).toHaveLength(1);
    const paused = await pub.ok(contracts.pauseAdSlot, { id: slot.id, version: slot.version });
    await drain();
    expect(on(await placementsOf(pub, campaign.name), slot.id)).toHaveLength(1);
    await pub.ok(contracts.resumeAdSlot, { id: paused.id, version: paused.version });

    const detail = await adv.ok(contracts.campaignDetail, { id: campaign.id });
    await adv.ok(contracts.pauseCampaign, { id: detail.id, version: detail.version });
    t.clock.advance(8 * DAY);
    t.forgetSessions();
    const resumed = await adv.ok(contracts.resumeCampaign, { id: detail.id, version: detail.version + 1 });
    expect(resumed.status).toBe('ended');
    await drain();
    expect(await placementsOf(pub, campaign.name)).toEqual([]);
  });

  it('judges fit by format, size and weight, one definition for placements and the validation page', async () => {
    const banner = await liveSlot({ placementPolicy: 'auto', width: 300, height: 600 });
    const native = await liveSlot({ placementPolicy: 'auto', format: 'native', width: 300, height: 600 });
    const video = await liveSlot({ placementPolicy: 'auto', format: 'video', width: 640, height: 360 });
    const exact = await upload(adv, 300, 600);
    const larger = await upload(adv, 600, 1200);
    const heavy = await upload(adv, 300, 600, true);
    expect(heavy.bytes).toBeGreaterThan(contracts.CREATIVE_WEIGHT_MAX.image);
    const campaign = await approvedCampaign(
      adv,
      [exact.id, larger.id, heavy.id],
      [banner.id, native.id, video.id],
    );
    await drain();

    const fits = await adv.ok(slotFit, { campaign: campaign.id, pageSize: 100 });
    const view = (imageId: number, slotId: number) => {
      const row = fits.items.find((f) => f.ad.creative?.id === imageId && f.slot.id === slotId)!;
      return [row.fits, Object.fromEntries(row.checks.map((c) => [c.key, c.passed]))];
    };
    expect(view(exact.id, banner.id)).toEqual([true, { format: true, size: true, weight: true }]);
    expect(view(larger.id, banner.id)).toEqual([false, { format: true, size: false, weight: true }]);
    expect(view(larger.id, native.id)).toEqual([true, { format: true, size: true, weight: true }]);
    expect(view(exact.id, native.id)).toEqual([true, { format: true, size: true, weight: true }]);
    expect(view(heavy.id, banner.id)).toEqual([false, { format: true, size: true, weight: false }]);
    expect(view(exact.id, video.id)).toEqual([false, { format: false }]);
    expect(fits.summary).toEqual({ fits: 3, misfits: 6 });
    expect((await adv.ok(slotFit, { campaign: campaign.id, fits: 'false', pageSize: 100 })).items.every((f) => !f.fits)).toBe(true);
    expect(fits.items[0]!.slot.publisher.name).toBe('Fabrikam News');

    // The placements are exactly the pairs that fit.
    const placed = (await placementsOf(pub, campaign.name)).map((p) => `${p.ad.creative!.id}@${p.slot.id}`).sort();
    expect(placed).toEqual([`${exact.id}@${banner.id}`, `${exact.id}@${native.id}`, `${larger.id}@${native.id}`].sort());
    // Another advertiser sees none of these ads.
    expect((await otherAdv.ok(slotFit, { pageSize: 100 })).items).toEqual([]);
  });

  it('placement health reads what delivery recorded in the last 24 hours and flags outliers', async () => {
    // A size of its own: the other tests' campaigns do not fit this slot.
    const slot = await liveSlot({ placementPolicy: 'auto', width: 250, height: 250 });
    const campaign = await approvedCampaign(adv, [(await upload(adv, 250, 250)).id, (await upload(adv, 250, 250)).id, (await upload(adv, 250, 250)).id]);
    await drain();
    const empty = await pub.ok(placementHealth, { slot: slot.id });
    expect(empty.summary).toEqual({ live: 3, served: 0, flagged: 3, impressions: 0, clicks: 0 });
    expect(empty.items.map((h) => [h.impressions, h.clicks, h.ctr, h.flag])).toEqual([
      [0, 0, null, 'notServed'],
      [0, 0, null, 'notServed'],
      [0, 0, null, 'notServed'],
    ]);

    // Delivery's hourly rollups (the delivery issue writes them): 2 %, 2.5 % and 20 % click-through.
    const ids = on(await placementsOf(pub, campaign.name), slot.id).map((p) => p.id);
    const hour = new Date(Math.floor(t.clock.now.getTime() / 3_600_000) * 3_600_000 - 3_600_000);
    const old = new Date(hour.getTime() - 2 * DAY);
    const figures: [number, number][] = [
      [1000, 20],
      [1000, 25],
      [1000, 200],
    ];
    for (const [i, [impressions, clicks]] of figures.entries()) {
      await t.database.db.execute(sql`insert into placement_hourly (placement_id, hour, impressions, clicks) values
        (${ids[i]}, ${hour}, ${impressions}, ${clicks}), (${ids[i]}, ${old}, 5000, 4000)`);
    }
    const judged = await pub.ok(placementHealth, { slot: slot.id });
    expect(judged.summary).toEqual({ live: 3, served: 3, flagged: 1, impressions: 3000, clicks: 245 });
    const byId = new Map(judged.items.map((h) => [h.id, h]));
    // Judged against the slot's median (2.5 %): the outlier does not make the others look low.
    expect(byId.get(ids[2]!)).toMatchObject({ impressions: 1000, clicks: 200, ctr: 0.2, slotCtr: 0.025, flag: 'ctrHigh' });
    expect(byId.get(ids[0]!)).toMatchObject({ ctr: 0.02, flag: null });
    expect((await pub.ok(placementHealth, { slot: slot.id, flagged: 'true' })).items.map((h) => h.id)).toEqual([ids[2]]);
    expect((await otherPub.ok(placementHealth, {})).items).toEqual([]);
    // The catalogue's daily volume: the slot's ad requests of the last 24 hours (bots apart).
    await t.database.db.execute(sql`insert into slot_hourly (slot_id, hour, region, device, requests, filled, invalid_requests) values
      (${slot.id}, ${hour}, 'US', 'mobile', 4000, 3000, 50), (${slot.id}, ${hour}, 'DE', 'desktop', 1000, 0, 0), (${slot.id}, ${old}, 'US', 'mobile', 9000, 9000, 0)`);
    const listed = (await otherAdv.ok(slotCatalogue, { size: '250x250', pageSize: 100 })).items.find((s) => s.id === slot.id);
    expect(listed).toMatchObject({ dailyRequests: 5000, placements: 0 });
  });

  it("a creative moved to the recycle bin takes its ad off the slots; restored, the ad is back", async () => {
    const slot = await liveSlot({ placementPolicy: 'auto', width: 320, height: 100 });
    const image = await upload(adv, 320, 100);
    const campaign = await approvedCampaign(adv, [image.id]);
    await drain();
    expect(on(await placementsOf(pub, campaign.name), slot.id)).toHaveLength(1);

    // Deleted though an ad shows it ("Delete anyway"): the trigger queues the advertiser's placements.
    expect((await adv.call(contracts.deleteImages, { ids: [image.id] })).status).toBe(409);
    await adv.ok(contracts.deleteImages, { ids: [image.id], confirmInUse: true });
    await drain();
    expect(on(await placementsOf(pub, campaign.name), slot.id)).toEqual([]);

    await adv.ok(contracts.recycleRestore, { items: [{ kind: 'image', id: image.id }] });
    await drain();
    expect(on(await placementsOf(pub, campaign.name), slot.id)).toHaveLength(1);
  });

  it('two processes draining at once make each placement once', async () => {
    const slot = await liveSlot({ placementPolicy: 'auto', width: 200, height: 200 });
    await approvedCampaign(adv, [(await upload(adv, 200, 200)).id, (await upload(adv, 200, 200)).id]);
    const second = createPlacementsService({ db: t.database.db, links: t.services.links, audit: t.services.audit, notifications: t.services.notifications, now: () => t.clock.now });
    await t.database.db.transaction((tx) => t.services.placements.changed(tx, { slotId: slot.id }, { slotId: slot.id }, { slotId: slot.id }));
    await Promise.all([drain(), second.drain(), drain(), second.drain()]);
    const rows = await t.database.db.execute(sql`select count(*)::int as n, count(distinct ad_id)::int as ads from placements where slot_id = ${slot.id} and active`);
    expect((rows as unknown as { rows: { n: number; ads: number }[] }).rows[0]).toEqual({ n: 2, ads: 2 });
    const left = await t.database.db.execute(sql`select count(*)::int as n from placement_work`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  describe('tenancy', () => {
    it("answers 404 to another publisher's placements and lists only one's own; the advertiser's side is advertisers' only", async () => {
      const slot = await liveSlot();
      const campaign = await approvedCampaign(adv, [(await upload(adv)).id]);
      await drain();
      const [theirs] = on(await placementsOf(pub, campaign.name), slot.id);
      await proveForeignIdsAnswer404({
        stranger: otherPub,
        module: endpointsTagged(contracts, 'Placement'),
        calls: [
          foreign(decidePlacements, { decision: 'approve', items: [{ id: theirs!.id, version: theirs!.version }] }, { label: 'approve' }),
          foreign(decidePlacements, { decision: 'reject', reason: 'No.', items: [{ id: theirs!.id, version: theirs!.version }] }, { label: 'reject' }),
        ],
        exempt: {
          'POST /api/AdSlot/Disapprove': "any advertiser may disapprove any live slot for its own account (the catalogue is every publisher's); publishers lack the power (403)",
          'POST /api/AdSlot/Restore': "restores the caller's own disapprovals only; publishers lack the power (403)",
        },
        unchanged: async () => placementsOf(pub, campaign.name),
      });
      expect(await placementsOf(otherPub, campaign.name)).toEqual([]);
      expect((await otherPub.ok(placementList, { slot: slot.id })).items).toEqual([]);
      // Publishers and staff have no slots to choose.
      expect((await pub.call(slotCatalogue, {})).status).toBe(403);
      expect((await staff.call(slotCatalogue, {})).status).toBe(403);
      expect((await pub.call(disapproveSlots, { slotIds: [slot.id], reason: 'x' })).status).toBe(403);
      expect((await adv.call(placementList, {})).status).toBe(403);
      // An advertiser's catalogue holds live slots only.
      const draft = await pub.ok(saveAdSlot, slotForm());
      const pending = await pub.ok(submitAdSlot, { id: draft.id, version: draft.version });
      const ids = (await adv.ok(slotCatalogue, { pageSize: 100 })).items.map((s) => s.id);
      expect(ids).toContain(slot.id);
      expect(ids).not.toContain(pending.id);
    });
  });
});
