import { randomBytes } from 'node:crypto';
import {
  AD_SLOT_EDITABLE_STATUSES,
  TAG_SEEN_WITHIN_HOURS,
  type AdSlotCheck,
  ERROR_CODES,
  NOTIFICATION_TYPES,
  type AdSlot,
  type AdSlotDetail,
  type adSlotList as adSlotListContract,
  type AdSlotReviewEntry,
  type AdSlotStatus,
  type EndpointInput,
  type reviewAdSlot as reviewAdSlotContract,
  type saveAdSlot as saveAdSlotContract,
} from '@ads/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { ownScope, scopeFor, systemScope, type Scope } from '../../kit/access';
import { pageAnswer, pageWindow } from '../../kit/paging';
import { refuseClash } from '../../kit/sql';
import { atVersion, stale } from '../../kit/versions';
import type { Caller } from '../../principal';
import type { AuditService } from '../audit/audit.service';
import { actionSubject, type NotificationsService } from '../notifications/notifications.service';
import type { PlacementsService } from '../placements/placements.service';
import * as repo from './ad-slots.repository';

/** Identity catalogue menus: the publisher's Ad Slot Review, staff's Ad Slot Review. */
const PUBLISHER_SLOTS_MENU_ID = 204;
const STAFF_SLOTS_MENU_ID = 310;

export interface AdSlotsDeps {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  notifications: Pick<NotificationsService, 'notify' | 'resolve'>;
  /** A slot going live makes placements for the ads that fit it (recomputed off the request). */
  placements: Pick<PlacementsService, 'changed' | 'kick'>;
  now?: () => Date;
  /** A background write of tag calls failed (they are tried again). */
  onError?: (err: unknown) => void;
}

/** A known slot's tag call is on its row this soon (sooner when the slot is read). */
export const TAG_CALLS_KEPT_WITHIN_MS = 1000;

type SaveInput = EndpointInput<typeof saveAdSlotContract>;
type ReviewInput = EndpointInput<typeof reviewAdSlotContract>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const slotNotFound = () => notFound('The ad slot');

const stateError = (status: AdSlotStatus, message: string) => new AppError(409, ERROR_CODES.adSlotState, message, { details: { status } });

const codeTaken = () =>
  new AppError(409, ERROR_CODES.nameTaken, 'Another of your ad slots has this code.', { fields: { code: 'Another of your ad slots has this code.' } });

const toSlot = (r: repo.AdSlotListRow): AdSlot => ({
  id: r.id,
  accountId: r.accountId,
  accountName: r.accountName,
  currency: r.currency,
  platform: r.platform,
  propertyName: r.propertyName,
  propertyId: r.propertyId,
  name: r.name,
  code: r.code,
  position: r.position,
  format: r.format,
  width: r.width,
  height: r.height,
  floorCpmMinor: r.floorCpmMinor,
  placementPolicy: r.placementPolicy,
  status: r.status,
  reviewReason: r.reviewReason,
  submittedAt: iso(r.submittedAt),
  reviewedAt: iso(r.reviewedAt),
  tagKey: r.tagKey,
  tagSeenAt: iso(r.tagSeenAt),
  checks: r.checks,
  checkedAt: iso(r.checkedAt),
  liveAt: iso(r.liveAt),
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The form's fields as columns (of a request, or of a stored row for the audit's before). */
const fieldsOf = (d: Omit<SaveInput, 'id' | 'version'>) => ({
  platform: d.platform,
  propertyName: d.propertyName,
  propertyId: d.propertyId,
  name: d.name,
  code: d.code,
  position: d.position,
  format: d.format,
  width: d.width,
  height: d.height,
  floorCpmMinor: d.floorCpmMinor,
  placementPolicy: d.placementPolicy,
});

/** The tag's last call against what the slot declares (validation's three checks). */
export const checksOf = (r: repo.AdSlotRow, at: Date): AdSlotCheck[] => {
  const seen = r.tagSeenAt !== null;
  const host = r.tagSeenHost;
  const fromProperty = host !== null && (host === r.propertyId || (r.platform === 'site' && host.endsWith(`.${r.propertyId}`)));
  return [
    { key: 'tagSeen', passed: seen && at.getTime() - r.tagSeenAt!.getTime() <= TAG_SEEN_WITHIN_HOURS * 3_600_000, observed: iso(r.tagSeenAt) },
    { key: 'domain', passed: seen && fromProperty, observed: seen ? host : null },
    {
      key: 'sizeFormat',
      passed: seen && r.tagSeenWidth === r.width && r.tagSeenHeight === r.height && r.tagSeenFormat === r.format,
      observed: seen ? `${r.tagSeenWidth}x${r.tagSeenHeight} ${r.tagSeenFormat}` : null,
    },
  ];
};

export const createAdSlotsService = ({ db, audit, notifications, placements, now = () => new Date(), onError = () => {} }: AdSlotsDeps) => {
  const detailOf = async (t: DbOrTx, row: repo.AdSlotListRow): Promise<AdSlotDetail> => ({
    ...toSlot(row),
    reviews: (await repo.reviewsOf(t, row.id)).map(
      (r): AdSlotReviewEntry => ({
        id: r.id,
        action: r.action as AdSlotReviewEntry['action'],
        actor: r.actorId === null ? null : { id: r.actorId, name: r.actorName ?? '' },
        reason: r.reason,
        at: r.at.toISOString(),
      }),
    ),
  });

  const found = async (t: DbOrTx, id: number, scope: Scope) => {
    const row = await repo.findAdSlot(t, id, scope);
    if (!row) throw slotNotFound();
    return row;
  };

  /** A guarded write found nothing: the slot's state now explains a refusal, else its version. */
  const whyRefused = async (t: DbOrTx, id: number, allowed: readonly AdSlotStatus[], message: string) => {
    const row = await repo.findAdSlot(t, id, systemScope);
    if (!row) return slotNotFound();
    if (!allowed.includes(row.status)) return stateError(row.status, message);
    return stale('The ad slot');
  };

  const actionable = (row: repo.AdSlotListRow, version: number, allowed: readonly AdSlotStatus[], message: string) => {
    if (!allowed.includes(row.status)) throw stateError(row.status, message);
    return atVersion(row, version, 'The ad slot');
  };

  const list = async (p: Caller, q: EndpointInput<typeof adSlotListContract>) => {
    await caughtUp();
    const { items, total } = await repo.listAdSlots(db, {
      scope: scopeFor(p, 'adslot.read', { accountId: q.accountId }),
      search: q.search || undefined,
      statuses: q.status,
      format: q.format,
      queueFirst: q.queueFirst,
      sort: q.sort,
      order: q.order,
      ...pageWindow(q),
    });
    return pageAnswer(items.map(toSlot), total, q);
  };

  const detail = async (p: Caller, id: number) => {
    await caughtUp();
    return detailOf(db, await found(db, id, scopeFor(p, 'adslot.read')));
  };

  /** Creates a draft (no id), or saves a draft or rejected slot at the caller's version. */
  const save = async (p: Caller, input: SaveInput) => {
    const at = now();
    if (input.id === undefined) {
      const id = await db.transaction(async (tx) => {
        const row = await refuseClash(
          () =>
            repo.insertAdSlot(tx, {
              accountId: p.accountId,
              ...fieldsOf(input),
              status: 'draft',
              tagKey: randomBytes(12).toString('base64url'),
              createdBy: p.userId,
              createdAt: at,
              updatedAt: at,
            }),
          codeTaken,
          repo.AD_SLOT_CODE_INDEX,
        );
        await audit.record({ actorUserId: p.userId, action: 'adslot.create', entity: 'ad_slot', entityId: row.id, after: fieldsOf(input) }, tx);
        return row.id;
      });
      return detailOf(db, await found(db, id, systemScope));
    }
    const message = 'Only a draft or a rejected ad slot can be edited.';
    if (input.version === undefined) throw new AppError(400, ERROR_CODES.validationFailed, 'Please send the version you edited.', { fields: { version: 'Required with an id.' } });
    const current = await found(db, input.id, ownScope(p));
    actionable(current, input.version, AD_SLOT_EDITABLE_STATUSES, message);
    await db.transaction(async (tx) => {
      const row = await refuseClash(
        () => repo.updateAdSlotAt(tx, current.id, input.version!, AD_SLOT_EDITABLE_STATUSES, { ...fieldsOf(input), updatedAt: at }),
        codeTaken,
        repo.AD_SLOT_CODE_INDEX,
      );
      if (!row) throw await whyRefused(tx, current.id, AD_SLOT_EDITABLE_STATUSES, message);
      await audit.record({ actorUserId: p.userId, action: 'adslot.update', entity: 'ad_slot', entityId: row.id, before: fieldsOf(current), after: fieldsOf(input) }, tx);
    });
    return detailOf(db, await found(db, input.id, systemScope));
  };

  const submit = async (p: Caller, input: { id: number; version: number }) => {
    const message = 'Only a draft or a rejected ad slot can be submitted.';
    const current = await found(db, input.id, ownScope(p));
    actionable(current, input.version, AD_SLOT_EDITABLE_STATUSES, message);
    await db.transaction(async (tx) => {
      const at = now();
      const row = await repo.updateAdSlotAt(tx, current.id, input.version, AD_SLOT_EDITABLE_STATUSES, {
        status: 'pending_review',
        reviewReason: null,
        submittedAt: at,
        updatedAt: at,
      });
      if (!row) throw await whyRefused(tx, current.id, AD_SLOT_EDITABLE_STATUSES, message);
      const review = await repo.insertReview(tx, { slotId: row.id, action: 'submitted', actorId: p.userId, at });
      await audit.record({ actorUserId: p.userId, action: 'adslot.submit', entity: 'ad_slot', entityId: row.id, before: { status: current.status }, after: { status: row.status } }, tx);
      // Submitted again: the rejection's "fix it" is done; the new ask goes to staff.
      await notifications.resolve([actionSubject.adSlot(row.id)], tx);
      await notifications.notify(
        {
          type: NOTIFICATION_TYPES.action,
          message: { key: 'adSlot.submitted', params: { adSlotId: row.id, name: row.name, accountName: current.accountName } },
          menuId: STAFF_SLOTS_MENU_ID,
          recipients: { powers: ['adslot.review'] },
          eventKey: `adslot:${row.id}:review:${review.id}`,
          subject: actionSubject.adSlot(row.id),
          createdBy: p.userId,
          at,
        },
        tx,
      );
    });
    return detailOf(db, await found(db, input.id, systemScope));
  };

  const review = async (p: Caller, input: ReviewInput) => {
    const message = 'Only an ad slot waiting for review can be approved or rejected.';
    const current = await found(db, input.id, scopeFor(p, 'adslot.review'));
    actionable(current, input.version, ['pending_review'], message);
    const approve = input.decision === 'approve';
    const reason = approve ? null : input.reason;
    await db.transaction(async (tx) => {
      const at = now();
      const status: AdSlotStatus = approve ? 'approved' : 'rejected';
      const row = await repo.updateAdSlotAt(tx, current.id, input.version, ['pending_review'], { status, reviewReason: reason, reviewedAt: at, updatedAt: at });
      if (!row) throw await whyRefused(tx, current.id, ['pending_review'], message);
      const entry = await repo.insertReview(tx, { slotId: row.id, action: status, actorId: p.userId, reason, at });
      await audit.record(
        { actorUserId: p.userId, action: approve ? 'adslot.approve' : 'adslot.reject', entity: 'ad_slot', entityId: row.id, before: { status: current.status }, after: { status }, reason },
        tx,
      );
      // Decided, by whichever staff user: staff's "to review" is done.
      await notifications.resolve([actionSubject.adSlot(row.id)], tx);
      await notifications.notify(
        {
          type: approve ? NOTIFICATION_TYPES.approval : NOTIFICATION_TYPES.action,
          message: approve
            ? { key: 'adSlot.approved', params: { adSlotId: row.id, name: row.name } }
            : { key: 'adSlot.rejected', params: { adSlotId: row.id, name: row.name, reason } },
          menuId: PUBLISHER_SLOTS_MENU_ID,
          recipients: { accounts: [current.accountId] },
          eventKey: `adslot:${row.id}:review:${entry.id}`,
          subject: actionSubject.adSlot(row.id),
          createdBy: p.userId,
          at,
        },
        tx,
      );
    });
    return detailOf(db, await found(db, input.id, systemScope));
  };

  const remove = async (p: Caller, input: { id: number; version: number }) => {
    const message = 'Only a draft ad slot can be deleted.';
    const current = await found(db, input.id, ownScope(p));
    actionable(current, input.version, ['draft'], message);
    await db.transaction(async (tx) => {
      if (!(await repo.deleteAdSlotAt(tx, current.id, input.version, 'draft'))) throw await whyRefused(tx, current.id, ['draft'], message);
      await audit.record({ actorUserId: p.userId, action: 'adslot.delete', entity: 'ad_slot', entityId: current.id, before: { name: current.name, code: current.code } }, tx);
    });
    return { ok: true as const };
  };

  // ---- The tag, validation, pause and resume ------------------------------------------------

  /** A tag called with a key delivery does not know (yet): kept on its slot now. False for an unknown key. */
  const recordTagCall = async (tagKey: string, call: Omit<repo.TagCall, 'at'>) => (await repo.recordTagCall(db, tagKey, { ...call, at: now() })) !== undefined;

  // A known slot's calls wait here, the latest per key, and are written in the background: off the
  // ad request's path, and one write for however many calls a slot had meanwhile. Whatever reads a
  // slot writes them first, so this process shows the calls it answered.
  const heard = new Map<string, repo.TagCall>();
  let keeping: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const noteTagCall = (tagKey: string, call: Omit<repo.TagCall, 'at'>) => {
    const at = now();
    if ((heard.get(tagKey)?.at ?? at) > at) return; // a later call waits already
    heard.set(tagKey, { ...call, at });
    timer ??= setTimeout(() => void keepTagCalls().catch(onError), TAG_CALLS_KEPT_WITHIN_MS).unref();
  };

  /** Writes the calls waiting (one statement a slot); a failed one waits for the next try unless a later call came, and keeps no other from its row. */
  const keepTagCalls = async (): Promise<void> => {
    while (keeping) await keeping.catch(() => {});
    clearTimeout(timer);
    timer = undefined;
    if (heard.size === 0) return;
    const calls = [...heard];
    heard.clear();
    keeping = (async () => {
      let failed: unknown;
      for (const [tagKey, call] of calls) {
        try {
          await repo.recordTagCall(db, tagKey, call);
        } catch (err) {
          failed ??= err;
          if (!heard.has(tagKey)) heard.set(tagKey, call);
        }
      }
      if (failed === undefined) return;
      timer ??= setTimeout(() => void keepTagCalls().catch(onError), TAG_CALLS_KEPT_WITHIN_MS).unref();
      throw failed;
    })().finally(() => (keeping = undefined));
    await keeping;
  };
  /** Before a read: the calls answered so far are on their rows (a failed write only leaves them waiting). */
  const caughtUp = () => keepTagCalls().catch(onError);

  /** Runs the checks on the tag's last call; an approved slot passing them all goes live. */
  const validate = async (p: Caller, input: { id: number; version: number }) => {
    const allowed: AdSlotStatus[] = ['approved', 'live', 'paused'];
    const message = 'Only an approved, live or paused ad slot can be validated.';
    await caughtUp();
    const current = await found(db, input.id, ownScope(p));
    actionable(current, input.version, allowed, message);
    await db.transaction(async (tx) => {
      const at = now();
      const checks = checksOf(current, at);
      const goesLive = current.status === 'approved' && checks.every((c) => c.passed);
      const row = await repo.updateAdSlotAt(tx, current.id, input.version, allowed, {
        checks,
        checkedAt: at,
        updatedAt: at,
        ...(goesLive ? { status: 'live' as const, liveAt: at } : {}),
      });
      if (!row) throw await whyRefused(tx, current.id, allowed, message);
      await audit.record(
        { actorUserId: p.userId, action: 'adslot.validate', entity: 'ad_slot', entityId: row.id, before: { status: current.status }, after: { status: row.status, checks } },
        tx,
      );
      if (goesLive) {
        await placements.changed(tx, { slotId: row.id });
        await notifications.notify(
          {
            type: NOTIFICATION_TYPES.approval,
            message: { key: 'adSlot.live', params: { adSlotId: row.id, name: row.name } },
            menuId: PUBLISHER_SLOTS_MENU_ID,
            recipients: { accounts: [current.accountId] },
            eventKey: `adslot:${row.id}:live:${at.getTime()}`,
            createdBy: p.userId,
            at,
          },
          tx,
        );
      }
    });
    placements.kick();
    return detailOf(db, await found(db, input.id, systemScope));
  };

  const move = async (p: Caller, input: { id: number; version: number }, from: AdSlotStatus, to: AdSlotStatus, message: string) => {
    const current = await found(db, input.id, ownScope(p));
    actionable(current, input.version, [from], message);
    await db.transaction(async (tx) => {
      const row = await repo.updateAdSlotAt(tx, current.id, input.version, [from], { status: to, updatedAt: now() });
      if (!row) throw await whyRefused(tx, current.id, [from], message);
      await audit.record({ actorUserId: p.userId, action: `adslot.${to === 'paused' ? 'pause' : 'resume'}`, entity: 'ad_slot', entityId: row.id, before: { status: from }, after: { status: to } }, tx);
    });
    return detailOf(db, await found(db, input.id, systemScope));
  };
  const pause = (p: Caller, input: { id: number; version: number }) => move(p, input, 'live', 'paused', 'Only a live ad slot can be paused.');
  const resume = (p: Caller, input: { id: number; version: number }) => move(p, input, 'paused', 'live', 'Only a paused ad slot can be resumed.');

  /**
   * Takes the slot offline or back online (`live`) in the caller's transaction (staff approved a
   * status change request, or filed it): applied while its state is one of `from` (one statement),
   * else AD_SLOT_STATE naming its state now. An offline slot serves nothing: its placements are
   * recomputed (SERVING_SLOTS leaves it out); the caller kicks placements after its commit.
   */
  const setOnlineIn = async (tx: DbOrTx, change: { id: number; from: readonly AdSlotStatus[]; to: 'offline' | 'live'; actorUserId: number }) => {
    const message = change.to === 'offline' ? 'This ad slot can no longer be taken offline.' : 'This ad slot can no longer be brought back online.';
    const before = await repo.findAdSlot(tx, change.id, systemScope);
    const row = before && (await repo.updateAdSlotFrom(tx, change.id, change.from, { status: change.to, updatedAt: now() }));
    if (!row) throw await whyRefused(tx, change.id, change.from, message);
    await audit.record(
      {
        actorUserId: change.actorUserId,
        action: change.to === 'offline' ? 'adslot.offline' : 'adslot.online',
        entity: 'ad_slot',
        entityId: row.id,
        before: { status: before!.status },
        after: { status: change.to },
      },
      tx,
    );
    await placements.changed(tx, { slotId: row.id });
  };

  return { list, detail, save, submit, review, remove, recordTagCall, noteTagCall, keepTagCalls, validate, pause, resume, setOnlineIn };
};
export type AdSlotsService = ReturnType<typeof createAdSlotsService>;
