import {
  ERROR_CODES,
  NOTIFICATION_TYPES,
  STATUS_CHANGE_RULES,
  type AccountKind,
  type AccountStatus,
  type AdSlotStatus,
  type CampaignStatus,
  type EndpointInput,
  type StatusChange,
  type StatusChangeEntity,
  type StatusChangeKind,
  type approveStatusChange as approveContract,
  type cancelStatusChange as cancelContract,
  type createStatusChange as createContract,
  type rejectStatusChange as rejectContract,
  type requestReactivation as requestReactivationContract,
  type statusChangeList as listContract,
} from '@ads/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, forbidden, notFound } from '../../errors';
import { ownScope, scopeFor, systemScope, type Scope } from '../../kit/access';
import { pageAnswer, pageWindow } from '../../kit/paging';
import { isUniqueViolation } from '../../kit/sql';
import { stale } from '../../kit/versions';
import type { Caller } from '../../principal';
import type { AuditService } from '../audit/audit.service';
import type { IdentityService } from '../identity/identity.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PlacementsService } from '../placements/placements.service';
import * as repo from './status-changes.repository';

/** Identity catalogue menus: each role's Request Management (requestManagement/statusManagement). */
const REQUESTS_MENU_ID: Record<AccountKind, number> = { advertiser: 114, publisher: 211, internal: 318 };

/**
 * The changes themselves, each in its owning module's service and run in the decision's
 * transaction: they refuse (409 <ENTITY>_STATE naming the state now) when the entity is no longer in
 * `from`, and audit the entity's change.
 */
export interface StatusAppliers {
  terminateCampaign: (tx: DbOrTx, change: { id: number; from: readonly CampaignStatus[]; actorUserId: number }) => Promise<void>;
  setAdSlotOnline: (tx: DbOrTx, change: { id: number; from: readonly AdSlotStatus[]; to: 'offline' | 'live'; actorUserId: number }) => Promise<void>;
  setAccountStatus: (tx: DbOrTx, change: { id: number; from: readonly AccountStatus[]; action: 'reactivate' | 'close'; actorUserId: number }) => Promise<void>;
}

export interface StatusChangesDeps {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  notifications: Pick<NotificationsService, 'notify' | 'settle'>;
  /** The reactivation request from the sign-in page checks the password as a sign-in does. */
  identity: Pick<IdentityService, 'checkCredentials'>;
  /** Campaigns and slots that change status change placements: drained after the commit. */
  placements: Pick<PlacementsService, 'kick'>;
  appliers: StatusAppliers;
  now?: () => Date;
}

type ListInput = EndpointInput<typeof listContract>;
type CreateInput = EndpointInput<typeof createContract>;
type CancelInput = EndpointInput<typeof cancelContract>;
type ApproveInput = EndpointInput<typeof approveContract>;
type RejectInput = EndpointInput<typeof rejectContract>;
type ReactivationInput = EndpointInput<typeof requestReactivationContract>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const requestNotFound = () => notFound('The request');

const ENTITY_WHAT: Record<StatusChangeEntity, string> = { campaign: 'The campaign', adSlot: 'The ad slot', account: 'The account' };
const STATE_CODE = { campaign: ERROR_CODES.campaignState, adSlot: ERROR_CODES.adSlotState, account: ERROR_CODES.accountState } as const;
const ENTITY_WORD: Record<StatusChangeEntity, string> = { campaign: 'campaign', adSlot: 'ad slot', account: 'account' };

const entityState = (entity: StatusChangeEntity, status: string) =>
  new AppError(409, STATE_CODE[entity], `This ${ENTITY_WORD[entity]} is ${status}: the change cannot be asked for.`, { details: { status } });
const pendingError = (requestId: number) =>
  new AppError(409, ERROR_CODES.statusChangePending, 'A request of this kind is already pending for it.', { details: { requestId } });
const requestState = (status: string) =>
  new AppError(409, ERROR_CODES.requestState, `This request is ${status}: it can no longer be changed.`, { details: { status } });

const eventKeyOf = (id: number, what: 'requested' | 'approved' | 'rejected') => `statusChange:${id}:${what}`;

const toStatusChange = (r: repo.StatusChangeRow): StatusChange => ({
  id: r.id,
  kind: r.kind,
  entity: r.entity,
  entityId: r.entityId,
  entityName: r.entityName,
  fromStatus: r.fromStatus,
  toStatus: r.toStatus,
  entityStatus: r.entityStatus,
  accountId: r.accountId,
  accountName: r.accountName,
  accountKind: r.accountKind as AccountKind,
  status: r.status,
  reason: r.reason,
  decisionNote: r.decisionNote,
  requestedBy: { id: r.requestedById, name: r.requestedByName, email: r.requestedByEmail },
  requestedAt: r.requestedAt.toISOString(),
  decidedBy: r.decidedById === null ? null : { id: r.decidedById, name: r.decidedByName ?? '', email: r.decidedByEmail ?? '' },
  decidedAt: iso(r.decidedAt),
  direct: r.direct,
  version: r.version,
});

/**
 * Status change requests (PRODUCT.md, Request management; docs/architecture.md, Status change
 * requests): filed by the entity's account, decided by staff. Approving applies the change in the
 * decision's transaction, on the request's locked row; a staff member's own change is recorded as
 * approved at once (`direct`).
 */
export const createStatusChangesService = ({ db, audit, notifications, identity, placements, appliers, now = () => new Date() }: StatusChangesDeps) => {
  const isStaff = (p: Caller) => p.accountKind === 'internal' && p.powers.has('request.review');
  const requireStaff = (p: Caller) => {
    if (!isStaff(p)) throw forbidden();
  };
  const readScope = (p: Caller, accountId?: number): Scope => scopeFor(p, 'request.review', { accountId });

  const found = async (t: DbOrTx, id: number, scope: Scope) => {
    const row = await repo.findStatusChange(t, id, scope);
    if (!row) throw requestNotFound();
    return row;
  };

  /** Applies the request's change to its entity as it is now (in `tx`), by the kind's rule. */
  const apply = async (tx: DbOrTx, kind: StatusChangeKind, entityId: number, actorUserId: number) => {
    switch (kind) {
      case 'campaign.terminate':
        return appliers.terminateCampaign(tx, { id: entityId, from: STATUS_CHANGE_RULES[kind].from, actorUserId });
      case 'adSlot.offline':
      case 'adSlot.online':
        return appliers.setAdSlotOnline(tx, { id: entityId, from: STATUS_CHANGE_RULES[kind].from, to: STATUS_CHANGE_RULES[kind].to, actorUserId });
      case 'account.reactivate':
        return appliers.setAccountStatus(tx, { id: entityId, from: STATUS_CHANGE_RULES[kind].from, action: 'reactivate', actorUserId });
      case 'account.close':
        return appliers.setAccountStatus(tx, { id: entityId, from: STATUS_CHANGE_RULES[kind].from, action: 'close', actorUserId });
    }
  };
  /** Campaigns and slots change placements: their drain starts once the change committed. */
  const afterApplied = (kind: StatusChangeKind) => {
    if (STATUS_CHANGE_RULES[kind].entity !== 'account') placements.kick();
  };

  const list = async (p: Caller, q: ListInput) => {
    const { items, total } = await repo.listStatusChanges(db, {
      scope: readScope(p, q.accountId),
      statuses: q.status,
      kinds: q.kind,
      entity: q.entity,
      entityId: q.entityId,
      search: q.search || undefined,
      sort: q.sort,
      order: q.order,
      ...pageWindow(q),
    });
    return pageAnswer(items.map(toStatusChange), total, q);
  };

  const detail = async (p: Caller, id: number) => toStatusChange(await found(db, id, readScope(p)));

  /** Staff are told a request waits (their Action Center's Actions tab). */
  const notifyRequested = (tx: DbOrTx, id: number, c: { kind: StatusChangeKind; entityName: string; accountName: string; userId: number; at: Date }) =>
    notifications.notify(
      {
        type: NOTIFICATION_TYPES.action,
        message: { key: 'statusChange.requested', params: { requestId: id, kind: c.kind, entityName: c.entityName, accountName: c.accountName } },
        menuId: REQUESTS_MENU_ID.internal,
        recipients: { powers: ['request.review'] },
        eventKey: eventKeyOf(id, 'requested'),
        createdBy: c.userId,
        at: c.at,
      },
      tx,
    );

  /**
   * Files a pending request (a requester's): one per entity and kind, which the partial unique
   * index decides when two are filed at once; the loser answers STATUS_CHANGE_PENDING naming the
   * winner. Undefined when a request was pending already and `quiet` (the sign-in page's answer).
   */
  const file = async (c: {
    kind: StatusChangeKind;
    entityId: number;
    accountId: number;
    entityName: string;
    accountName: string;
    fromStatus: string;
    reason: string;
    userId: number;
  }): Promise<number> => {
    const rule = STATUS_CHANGE_RULES[c.kind];
    for (let attempt = 0; ; attempt++) {
      const pending = await repo.findPending(db, rule.entity, c.entityId, c.kind);
      if (pending) throw pendingError(pending.id);
      try {
        return await db.transaction(async (tx) => {
          const at = now();
          const { id } = await repo.insertStatusChange(tx, {
            kind: c.kind,
            entity: rule.entity,
            entityId: c.entityId,
            accountId: c.accountId,
            fromStatus: c.fromStatus,
            toStatus: rule.to,
            reason: c.reason,
            requestedBy: c.userId,
            requestedAt: at,
          });
          await audit.record(
            { actorUserId: c.userId, action: 'statusChange.create', entity: 'status_change', entityId: id, after: { kind: c.kind, entityId: c.entityId, fromStatus: c.fromStatus }, reason: c.reason },
            tx,
          );
          await notifyRequested(tx, id, { ...c, at });
          return id;
        });
      } catch (err) {
        // Another request of this kind won the race: name it (read again; it may be decided already).
        if (!isUniqueViolation(err, repo.PENDING_INDEX) || attempt > 0) throw err;
      }
    }
  };

  /**
   * A requester files a request for its own account's campaign, slot or the account itself (another
   * account's: 404); staff file any, applied at once and recorded as approved (`direct`).
   */
  const create = async (p: Caller, input: CreateInput) => {
    const rule = STATUS_CHANGE_RULES[input.kind];
    const staff = isStaff(p);
    if (p.accountKind === 'internal' && !staff) throw forbidden();
    const entity = await repo.findEntity(db, rule.entity, input.entityId);
    const mine = entity && entity.accountId === p.accountId && (rule.requester === 'any' || rule.requester === p.accountKind);
    if (!entity || (!staff && !mine)) throw notFound(ENTITY_WHAT[rule.entity]);
    if (!(rule.from as readonly string[]).includes(entity.status)) throw entityState(rule.entity, entity.status);

    if (!staff) {
      const id = await file({
        kind: input.kind,
        entityId: input.entityId,
        accountId: entity.accountId,
        entityName: entity.name,
        accountName: entity.accountName,
        fromStatus: entity.status,
        reason: input.reason,
        userId: p.userId,
      });
      return detail(p, id);
    }

    const id = await db.transaction(async (tx) => {
      await apply(tx, input.kind, input.entityId, p.userId);
      return recordDirect(tx, {
        kind: input.kind,
        entity: rule.entity,
        entityId: input.entityId,
        accountId: entity.accountId,
        fromStatus: entity.status,
        toStatus: rule.to,
        reason: input.reason,
        userId: p.userId,
        at: now(),
      });
    });
    afterApplied(input.kind);
    return detail(p, id);
  };

  /** The request's row locked in `tx`, still pending and at `version` (404, REQUEST_STATE, STALE_VERSION otherwise). */
  const lockedPending = async (tx: DbOrTx, id: number, version: number, scope: Scope) => {
    const locked = await repo.lockStatusChange(tx, id, scope);
    if (!locked) throw requestNotFound();
    if (locked.status !== 'pending') throw requestState(locked.status);
    if (locked.version !== version) throw stale('The request');
    return found(tx, id, scope);
  };

  /** The decision written on the locked row (its guard cannot fail while the lock holds). */
  const decide = async (tx: DbOrTx, row: repo.StatusChangeRow, set: Parameters<typeof repo.decideAt>[3]) => {
    if (!(await repo.decideAt(tx, row.id, row.version, set))) throw stale('The request');
    // The staff action is taken care of: it leaves every staff member's Action Center.
    await notifications.settle([eventKeyOf(row.id, 'requested')], tx);
  };

  /** The requester withdraws its account's pending request. */
  const cancel = async (p: Caller, input: CancelInput) => {
    await db.transaction(async (tx) => {
      const row = await lockedPending(tx, input.id, input.version, ownScope(p));
      await decide(tx, row, { status: 'cancelled', decidedBy: null, decidedAt: now() });
      await audit.record({ actorUserId: p.userId, action: 'statusChange.cancel', entity: 'status_change', entityId: row.id, before: { status: 'pending' }, after: { status: 'cancelled' } }, tx);
    });
    return detail(p, input.id);
  };

  /** Marks the locked pending `row` approved by `userId`, audited, the requester told (in `tx`). */
  const approved = async (tx: DbOrTx, row: repo.StatusChangeRow, userId: number, note: string | null, at: Date) => {
    await decide(tx, row, { status: 'approved', decisionNote: note, decidedBy: userId, decidedAt: at });
    await audit.record(
      { actorUserId: userId, action: 'statusChange.approve', entity: 'status_change', entityId: row.id, before: { status: 'pending' }, after: { status: 'approved' }, reason: note },
      tx,
    );
    await notifications.notify(
      {
        type: NOTIFICATION_TYPES.approval,
        message: { key: 'statusChange.approved', params: { requestId: row.id, kind: row.kind, entityName: row.entityName } },
        menuId: REQUESTS_MENU_ID[row.requestedByKind],
        recipients: { users: [row.requestedById] },
        eventKey: eventKeyOf(row.id, 'approved'),
        createdBy: userId,
        at,
      },
      tx,
    );
  };

  /**
   * Staff approve: in one transaction the request's row is locked (a concurrent decision waits, then
   * finds it decided), the change applied to the entity as it is now (refused, and nothing kept, when
   * it left the rule's states meanwhile), the request marked approved, audited and the requester told.
   */
  const approve = async (p: Caller, input: ApproveInput) => {
    requireStaff(p);
    const scope = readScope(p);
    const row = await db.transaction(async (tx) => {
      const row = await lockedPending(tx, input.id, input.version, scope);
      await apply(tx, row.kind, row.entityId, p.userId);
      await approved(tx, row, p.userId, input.note || null, now());
      return row;
    });
    afterApplied(row.kind);
    return detail(p, input.id);
  };

  /**
   * A staff member's own change, applied by the caller in `tx` (a request staff file, the accounts
   * page's reactivate or close): it grants the pending request of the same kind for the entity, if
   * one waits (its requester is told), else it is recorded as a request approved at once (`direct`).
   */
  const recordDirect = async (tx: DbOrTx, c: repo.DirectChange): Promise<number> => {
    const pending = await repo.lockPending(tx, c.entity, c.entityId, c.kind);
    if (pending) {
      await approved(tx, await found(tx, pending.id, systemScope), c.userId, c.reason || null, c.at);
      return pending.id;
    }
    const { id } = await repo.recordDirectChange(tx, c);
    await audit.record(
      { actorUserId: c.userId, action: 'statusChange.direct', entity: 'status_change', entityId: id, after: { kind: c.kind, entityId: c.entityId, fromStatus: c.fromStatus, toStatus: c.toStatus }, reason: c.reason || null },
      tx,
    );
    return id;
  };

  /** Staff reject with a reason; the requester is told why. */
  const reject = async (p: Caller, input: RejectInput) => {
    requireStaff(p);
    const scope = readScope(p);
    await db.transaction(async (tx) => {
      const row = await lockedPending(tx, input.id, input.version, scope);
      const at = now();
      await decide(tx, row, { status: 'rejected', decisionNote: input.reason, decidedBy: p.userId, decidedAt: at });
      await audit.record(
        { actorUserId: p.userId, action: 'statusChange.reject', entity: 'status_change', entityId: row.id, before: { status: 'pending' }, after: { status: 'rejected' }, reason: input.reason },
        tx,
      );
      await notifications.notify(
        {
          type: NOTIFICATION_TYPES.event,
          message: { key: 'statusChange.rejected', params: { requestId: row.id, kind: row.kind, entityName: row.entityName, reason: input.reason } },
          menuId: REQUESTS_MENU_ID[row.requestedByKind],
          recipients: { users: [row.requestedById] },
          eventKey: eventKeyOf(row.id, 'rejected'),
          createdBy: p.userId,
          at,
        },
        tx,
      );
    });
    return detail(p, input.id);
  };

  /**
   * The sign-in page's reactivation request: the password checked as a sign-in checks it; only a
   * suspended account's user files one. A request pending already answers the same (nothing says
   * whether this call filed it).
   */
  const requestReactivation = async (input: ReactivationInput, client: { ip?: string } = {}) => {
    const user = await identity.checkCredentials(input, client);
    const status = user.accountStatus as AccountStatus;
    if (status !== 'suspended') {
      throw new AppError(409, ERROR_CODES.accountState, `This account is ${status}: only a suspended account can ask to be reactivated.`, { details: { status } });
    }
    try {
      await file({
        kind: 'account.reactivate',
        entityId: user.accountId,
        accountId: user.accountId,
        entityName: user.accountName,
        accountName: user.accountName,
        fromStatus: status,
        reason: input.reason,
        userId: user.userId,
      });
    } catch (err) {
      if (!(err instanceof AppError && err.errorCode === ERROR_CODES.statusChangePending)) throw err;
    }
    return { ok: true as const };
  };

  return { list, detail, create, cancel, approve, reject, requestReactivation, recordDirect };
};

export type StatusChangesService = ReturnType<typeof createStatusChangesService>;
