import {
  CTR_MIN_IMPRESSIONS,
  CTR_OUTLIER_FACTOR,
  NOTIFICATION_TYPES,
  type CatalogueSlot,
  type decidePlacements as decidePlacementsContract,
  type EndpointInput,
  type FitCheckKey,
  type Placement,
  type PlacementCreative,
  type PlacementHealth,
  type placementHealth as placementHealthContract,
  type placementList as placementListContract,
  type RejectedPlacement,
  type slotCatalogue as slotCatalogueContract,
  type SlotFit,
  type slotFit as slotFitContract,
} from '@ads/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import { ownScope, publisherScope } from '../../kit/access';
import { pageAnswer, pageWindow, type PageRequest } from '../../kit/paging';
import { stale } from '../../kit/versions';
import type { Caller } from '../../principal';
import type { LinkSigner } from '../../storage/signed-links';
import { imageLink } from '../assets/assets.service';
import type { AuditService } from '../audit/audit.service';
import { actionSubject, type NotificationsService } from '../notifications/notifications.service';
import { videoLink } from '../videos/videos.service';
import * as repo from './placements.repository';

/** Identity catalogue menus: the publisher's Placement Review, the advertiser's Disapproved Placements. */
const PLACEMENT_REVIEW_MENU_ID = 206;
const DISAPPROVED_MENU_ID = 113;
const HOUR = 3_600_000;

export interface PlacementsDeps {
  db: Db;
  links: LinkSigner;
  audit: Pick<AuditService, 'record'>;
  notifications: Pick<NotificationsService, 'notify' | 'resolve'>;
  now?: () => Date;
  /** A background drain that failed (the job retries it). */
  onError?: (err: unknown) => void;
}


const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const slotNotFound = () => notFound('The ad slot');

/** The advertiser's side answers advertisers only (staff and publishers have no slots to choose): their own account's. */
const advertiserScope = (p: Caller) => {
  if (p.accountKind !== 'advertiser') throw forbidden();
  return ownScope(p);
};

export const createPlacementsService = ({ db, links, audit, notifications, now = () => new Date(), onError }: PlacementsDeps) => {
  const dayAgo = () => new Date(now().getTime() - 24 * HOUR);

  // ---- Rows as the contracts show them ------------------------------------------------------

  const creativeOf = (r: repo.PlacementRow | repo.FitRow, at: Date): PlacementCreative | null => {
    if (r.kind === null || r.creativeId === null) return null;
    const common = { id: r.creativeId, name: r.creativeName ?? '', width: r.creativeWidth ?? 0, height: r.creativeHeight ?? 0, bytes: r.creativeBytes ?? 0 };
    if (r.kind === 'image') {
      return { kind: 'image', ...common, previewUrl: imageLink(links, r.creativeId, 'thumbnail', at), url: imageLink(links, r.creativeId, 'original', at) };
    }
    const video = { id: r.creativeId, posterKey: r.posterKey };
    return { kind: 'video', ...common, previewUrl: r.posterKey ? videoLink(links, video, 'poster', at) : null, url: videoLink(links, video, 'video', at) };
  };

  const slotOf = (r: repo.PlacementRow | repo.FitRow) => ({
    id: r.slotId,
    name: r.slotName,
    code: r.slotCode,
    format: r.slotFormat,
    width: r.slotWidth,
    height: r.slotHeight,
    propertyName: r.propertyName,
    status: r.slotStatus,
  });

  const adOf = (r: repo.PlacementRow | repo.FitRow, at: Date) => ({
    id: r.adId,
    headline: r.headline,
    description: r.description,
    landingUrl: r.landingUrl,
    campaign: { id: r.campaignId, name: r.campaignName },
    creative: creativeOf(r, at),
  });

  const toPlacement = (r: repo.PlacementRow, at: Date): Placement => ({
    id: r.id,
    status: r.status,
    reason: r.reason,
    decidedAt: iso(r.decidedAt),
    decidedBy: r.decidedById === null ? null : { id: r.decidedById, name: r.decidedByName ?? '' },
    slot: slotOf(r),
    advertiser: { id: r.advertiserId, name: r.advertiserName },
    ad: adOf(r, at),
    createdAt: iso(r.createdAt)!,
    version: r.version,
  });

  const toCatalogueSlot = (r: repo.CatalogueRow): CatalogueSlot => ({
    id: r.id,
    name: r.name,
    publisher: { id: r.publisherId, name: r.publisherName },
    platform: r.platform,
    propertyName: r.propertyName,
    propertyId: r.propertyId,
    position: r.position,
    format: r.format,
    width: r.width,
    height: r.height,
    floorCpmMinor: r.floorCpmMinor,
    currency: r.currency,
    placements: r.placements,
    dailyRequests: r.dailyRequests,
    disapproval:
      r.disapprovalReason === null
        ? null
        : { reason: r.disapprovalReason, at: iso(r.disapprovedAt)!, by: r.disapprovedById === null ? null : { id: r.disapprovedById, name: r.disapprovedByName ?? '' } },
  });

  // ---- Keeping placements current -------------------------------------------------------------

  /**
   * Marks placements stale in the caller's transaction (the change and its work commit together);
   * `kick()` after the commit starts the drain at once, the job catches anything missed.
   */
  const changed = (t: DbOrTx, ...items: repo.WorkScope[]) => repo.enqueue(t, items, now());

  /**
   * Placements that no longer wait (decided, or retired by a recompute): a slot with nothing left
   * to decide answers its "to review"; a publisher with nothing left, all of them.
   */
  const answerReviews = async (tx: DbOrTx, settled: { id: number; slotId: number }[]) => {
    const settledSlots = new Set(settled.map((r) => r.slotId));
    for (const w of await repo.stillWaiting(tx, settled.map((r) => r.id))) {
      const waiting = new Set(w.slotIds);
      const done = [...settledSlots].filter((slotId) => !waiting.has(slotId)).map(actionSubject.slotPlacements);
      await notifications.resolve(waiting.size ? done : [...done, actionSubject.placements(w.publisherId)], tx);
    }
  };

  /** One item of work in its own transaction: recomputed, its new waiting placements told to their publishers. */
  const drainOne = () =>
    db.transaction(async (tx) => {
      const item = await repo.takeWork(tx);
      if (!item) return undefined;
      const at = now();
      const r = await repo.recompute(tx, item, at);
      await repo.finishWork(tx, item.id);
      for (const a of r.awaiting) {
        await notifications.notify(
          {
            type: NOTIFICATION_TYPES.action,
            message: { key: 'placement.awaiting', params: { count: a.count, adSlotId: a.slotId } },
            menuId: PLACEMENT_REVIEW_MENU_ID,
            recipients: { accounts: [a.publisherId] },
            eventKey: `placements:${item.id}:${a.publisherId}`,
            subject: a.slotId === null ? actionSubject.placements(a.publisherId) : actionSubject.slotPlacements(a.slotId),
            at,
          },
          tx,
        );
      }
      if (r.retiredPending.length) await answerReviews(tx, r.retiredPending);
      for (const a of r.autoApproved) {
        await audit.record({ actorUserId: null, action: 'placement.auto_approve', entity: 'ad_slot', entityId: a.slotId, after: { approved: a.count } }, tx);
      }
      return r;
    });

  const drainAll = async () => {
    const total = { items: 0, added: 0, retired: 0 };
    for (let r = await drainOne(); r; r = await drainOne()) {
      total.items += 1;
      total.added += r.added;
      total.retired += r.retired;
    }
    return total;
  };

  // One drain at a time in this process; a call while one runs gets the next, which starts after it.
  let tail: Promise<unknown> = Promise.resolve();
  let next: Promise<Awaited<ReturnType<typeof drainAll>>> | undefined;
  /** Works through the queue until it is empty (other processes share it: each item is taken once). */
  const drain = () => {
    if (next) return next;
    const run = tail.then(() => {
      next = undefined;
      return drainAll();
    });
    next = run;
    tail = run.catch(() => undefined);
    return run;
  };

  let started = false;
  /** Drains soon, once `start()` was called (a listening server): seeding and tests drain when they choose. */
  const kick = () => {
    if (started) void drain().catch((err: unknown) => onError?.(err));
  };
  const start = () => {
    started = true;
    kick();
  };
  const stop = async () => {
    started = false;
    await tail;
  };

  // ---- The publisher's review -------------------------------------------------------------------

  const list = async (p: Caller, q: EndpointInput<typeof placementListContract>) => {
    const at = now();
    const { items, total } = await repo.listPlacements(db, {
      scope: publisherScope(p),
      search: q.search || undefined,
      statuses: q.status,
      slotId: q.slot,
      advertiserId: q.advertiser,
      sort: q.sort,
      order: q.order,
      ...pageWindow(q),
    });
    return pageAnswer(
      items.map((r) => toPlacement(r, at)),
      total,
      q,
    );
  };

  const advertisers = async (p: Caller) => ({ items: await repo.advertisersOf(db, publisherScope(p)) });

  /** All or none: every placement must be the publisher's and still at the version it read. */
  const decide = async (p: Caller, input: EndpointInput<typeof decidePlacementsContract>) => {
    const ids = [...new Set(input.items.map((i) => i.id))];
    const asked = new Map(input.items.map((i) => [i.id, i.version]));
    const approve = input.decision === 'approve';
    const reason = approve ? null : input.reason;
    await db.transaction(async (tx) => {
      const at = now();
      const rows = await repo.lockForDecision(tx, publisherScope(p), ids);
      if (rows.length !== ids.length) throw notFound(repo.placementKind.what);
      if (rows.some((r) => r.version !== asked.get(r.id))) throw stale('A placement');
      await repo.decide(tx, ids, { status: approve ? 'approved' : 'rejected', reason, by: p.userId, at });
      for (const r of rows) {
        await audit.record(
          { actorUserId: p.userId, action: approve ? 'placement.approve' : 'placement.reject', entity: 'placement', entityId: r.id, before: { status: r.status }, after: { status: approve ? 'approved' : 'rejected' }, reason },
          tx,
        );
      }
      await answerReviews(tx, rows);
      if (approve) return;
      // One notification per advertiser for the whole decision.
      const byAdvertiser = new Map<number, number>();
      for (const r of rows) if (r.status !== 'rejected') byAdvertiser.set(r.advertiserId, (byAdvertiser.get(r.advertiserId) ?? 0) + 1);
      const [publisher] = await repo.placementsByIds(tx, [rows[0]!.id]);
      for (const [advertiserId, count] of byAdvertiser) {
        await notifications.notify(
          {
            type: NOTIFICATION_TYPES.event,
            message: { key: 'placement.rejected', params: { count, publisherName: publisher!.publisherName, reason: reason! } },
            menuId: DISAPPROVED_MENU_ID,
            recipients: { accounts: [advertiserId] },
            eventKey: `placements:reject:${p.accountId}:${advertiserId}:${at.getTime()}:${ids[0]}`,
            createdBy: p.userId,
            at,
          },
          tx,
        );
      }
    });
    const at = now();
    return { items: (await repo.placementsByIds(db, ids)).map((r) => toPlacement(r, at)) };
  };

  const health = async (p: Caller, q: EndpointInput<typeof placementHealthContract>) => {
    const at = now();
    const r = await repo.health(db, {
      scope: publisherScope(p),
      slotId: q.slot,
      flagged: q.flagged,
      since: dayAgo(),
      factor: CTR_OUTLIER_FACTOR,
      minImpressions: CTR_MIN_IMPRESSIONS,
      ...pageWindow(q),
    });
    const items = r.items.map(
      (row): PlacementHealth => ({
        id: row.id,
        slot: slotOf(row),
        advertiser: { id: row.advertiserId, name: row.advertiserName },
        ad: adOf(row, at),
        impressions: row.impressions,
        clicks: row.clicks,
        ctr: row.impressions > 0 ? row.clicks / row.impressions : null,
        slotCtr: row.slotCtr,
        flag: row.flag,
      }),
    );
    return { ...pageAnswer(items, r.total, q), summary: r.summary };
  };

  // ---- The advertiser's side --------------------------------------------------------------------

  const catalogue = async (p: Caller, q: EndpointInput<typeof slotCatalogueContract>) => {
    const size = q.size ? q.size.split('x').map(Number) : undefined;
    const { items, total } = await repo.catalogue(db, {
      scope: advertiserScope(p),
      since: dayAgo(),
      search: q.search || undefined,
      format: q.format,
      size: size ? { width: size[0]!, height: size[1]! } : undefined,
      state: q.state,
      sort: q.sort,
      order: q.order,
      ...pageWindow(q),
    });
    return pageAnswer(items.map(toCatalogueSlot), total, q);
  };

  /** Disapproves serving slots for the caller's account (404 for any other slot id). */
  const disapprove = async (p: Caller, input: { slotIds: number[]; reason: string }) => {
    const scope = advertiserScope(p);
    const advertiserId = p.accountId;
    const ids = [...new Set(input.slotIds)];
    await db.transaction(async (tx) => {
      const serving = await repo.servingSlots(tx, ids);
      if (ids.some((id) => !serving.has(id))) throw slotNotFound();
      const added = await repo.disapprove(tx, advertiserId, ids, input.reason, p.userId, now());
      for (const slotId of added) {
        await audit.record({ actorUserId: p.userId, action: 'slot.disapprove', entity: 'ad_slot', entityId: slotId, after: { accountId: advertiserId }, reason: input.reason }, tx);
      }
      await changed(tx, ...added.map((slotId) => ({ advertiserId, slotId })));
    });
    kick();
    return { items: (await repo.catalogueByIds(db, scope, ids, dayAgo())).map(toCatalogueSlot) };
  };

  const restore = async (p: Caller, input: { slotIds: number[] }) => {
    const scope = advertiserScope(p);
    const advertiserId = p.accountId;
    const ids = [...new Set(input.slotIds)];
    const restored = await db.transaction(async (tx) => {
      const rows = await repo.restore(tx, scope, ids);
      for (const r of rows) {
        await audit.record({ actorUserId: p.userId, action: 'slot.restore', entity: 'ad_slot', entityId: r.slotId, before: { accountId: advertiserId, reason: r.reason } }, tx);
      }
      await changed(tx, ...rows.map((r) => ({ advertiserId, slotId: r.slotId })));
      return rows.length;
    });
    kick();
    return { restored };
  };

  const fit = async (p: Caller, q: EndpointInput<typeof slotFitContract>) => {
    const scope = advertiserScope(p);
    const at = now();
    const r = await repo.fitsOf(db, { scope, campaignId: q.campaign, slotId: q.slot, fits: q.fits, ...pageWindow(q) });
    const items = r.items.map((row): SlotFit => {
      // A creative of the wrong kind fails on format alone: its size and weight say nothing.
      const checks: { key: FitCheckKey; passed: boolean }[] = row.formatOk
        ? [
            { key: 'format', passed: true },
            { key: 'size', passed: row.sizeOk },
            { key: 'weight', passed: row.weightOk },
          ]
        : [{ key: 'format', passed: false }];
      return {
        ad: adOf(row, at),
        slot: { ...slotOf(row), publisher: { id: row.publisherId, name: row.publisherName } },
        fits: row.fits,
        checks,
      };
    });
    return { ...pageAnswer(items, r.total, q), summary: r.summary };
  };

  const disapproved = async (p: Caller, q: PageRequest) => {
    const { limit, offset } = pageWindow(q);
    const { items, total } = await repo.disapprovedOf(db, advertiserScope(p), dayAgo(), limit, offset);
    return pageAnswer(
      items.map((r) => {
        const slot = toCatalogueSlot(r);
        return { ...slot, status: r.status, disapproval: slot.disapproval! };
      }),
      total,
      q,
    );
  };

  const rejected = async (p: Caller, q: PageRequest) => {
    const { limit, offset } = pageWindow(q);
    const at = now();
    const { items, total } = await repo.rejectedOf(db, advertiserScope(p), limit, offset);
    return pageAnswer(
      items.map((r): RejectedPlacement => ({ ...toPlacement(r, at), publisher: { id: r.publisherId, name: r.publisherName } })),
      total,
      q,
    );
  };

  /** Of `slotIds`, those the advertiser's ad groups may choose (the campaigns module's port). */
  const slotsAvailable = (t: DbOrTx, advertiserId: number, slotIds: number[]) => repo.choosableSlots(t, ownScope({ accountId: advertiserId }), slotIds);

  /** Delivery's funnel: a campaign's ads against every live slot (placements.repository.ts `funnelOf`). */
  const funnelRows = async (campaignId: number) => ({ rows: await repo.funnelOf(db, campaignId), liveSlots: await repo.liveSlotCount(db) });

  /** The live slots an advertiser may show on, with which of `creatives` fit each (the forecast's eligibility). */
  const forecastSlots = (advertiserId: number, creatives: { imageIds: number[]; videoIds: number[] }) => repo.forecastSlots(db, advertiserId, creatives);

  return { changed, kick, drain, start, stop, list, advertisers, decide, health, catalogue, disapprove, restore, fit, disapproved, rejected, slotsAvailable, funnelRows, forecastSlots };
};
export type PlacementsService = ReturnType<typeof createPlacementsService>;

/** A campaign's placements as the delivery funnel reads them. */
export type { FunnelRow } from './placements.repository';

