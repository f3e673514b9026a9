import {
  CONTENT_REQUEST_MAX_VIDEOS,
  ERROR_CODES,
  NOTIFICATION_TYPES,
  VIDEO_FORMATS,
  type ContentItem,
  type ContentRequest,
  type ContentRequestDetail,
  type EndpointInput,
  type PolicyReason,
  type cancelContentRequest as cancelContract,
  type contentRequestList as listContract,
  type contentReviewQueue as queueContract,
  type decideContentItem as decideItemContract,
  type decideContentRequest as decideRequestContract,
  type savePolicyReason as saveReasonContract,
  type submitContentRequest as submitContract,
} from '@ads/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, forbidden, notFound } from '../../errors';
import { scopeFor, systemScope, type Scope } from '../../kit/access';
import { pageAnswer, pageWindow } from '../../kit/paging';
import { isUniqueViolation, refuseClash } from '../../kit/sql';
import { stale } from '../../kit/versions';
import type { Caller } from '../../principal';
import type { AuditService } from '../audit/audit.service';
import type { NotificationsService } from '../notifications/notifications.service';
import * as repo from './publisher-content.repository';

/** Identity catalogue menus: the publisher's Request Approvals, staff's Content Review. */
const REQUESTS_MENU_ID = 210;
const REVIEW_MENU_ID = 313;

export interface PublisherContentDeps {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  notifications: Pick<NotificationsService, 'notify' | 'settle'>;
  /** The videos module's signed links to a video's file and poster (FILE_LINK_HOURS). */
  videoLinks: (video: { id: number; posterKey: string | null }, at: Date) => { url: string; posterUrl: string | null };
  now?: () => Date;
}

type ListInput = EndpointInput<typeof listContract>;
type SubmitInput = EndpointInput<typeof submitContract>;
type CancelInput = EndpointInput<typeof cancelContract>;
type DecideRequestInput = EndpointInput<typeof decideRequestContract>;
type DecideItemInput = EndpointInput<typeof decideItemContract>;
type QueueInput = EndpointInput<typeof queueContract>;
type SaveReasonInput = EndpointInput<typeof saveReasonContract>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const requestNotFound = () => notFound('The request');
const seriesNotFound = () => notFound('The series');
const pendingError = (requestId: number) =>
  new AppError(409, ERROR_CODES.contentRequestPending, 'This series already has a pending request.', { details: { requestId } });
const nothingToSubmit = () =>
  new AppError(409, ERROR_CODES.nothingToSubmit, 'Nothing to submit: the series has no videos to publish or take out since its last publication.');
const requestState = (status: string) =>
  new AppError(409, ERROR_CODES.requestState, `This request is ${status}: it can no longer be changed.`, { details: { status } });
const reasonRequired = (message: string) => new AppError(400, ERROR_CODES.validationFailed, message, { fields: { reasonId: message } });
const labelTaken = () =>
  new AppError(409, ERROR_CODES.nameTaken, 'A policy reason with this label already exists.', { fields: { label: 'A policy reason with this label already exists' } });

export const submittedKey = (id: number) => `content:${id}:submitted`;

const toRequest = (r: repo.RequestRow): ContentRequest => ({
  id: r.id,
  kind: r.kind,
  seriesId: r.seriesId,
  seriesName: r.seriesName,
  accountId: r.accountId,
  accountName: r.accountName,
  status: r.status,
  note: r.note,
  counts: { total: Number(r.total), approved: Number(r.approved), rejected: Number(r.rejected), pending: Number(r.pending) },
  submittedBy: { id: r.submittedById, name: r.submittedByName },
  submittedAt: r.submittedAt.toISOString(),
  decidedBy: r.decidedById === null ? null : { id: r.decidedById, name: r.decidedByName ?? '' },
  decidedAt: iso(r.decidedAt),
  decisionNote: r.decisionNote,
  version: r.version,
});

const toReason = (r: repo.ReasonRow): PolicyReason => ({ id: r.id, label: r.label, labelZh: r.labelZh, active: r.active, version: r.version });

/**
 * Publisher content (PRODUCT.md, Publisher content; docs/architecture.md): a publisher's request
 * to publish a series, or its changes since; staff decide each video or the request as a whole on
 * the request's locked row, and the request is decided (and applied) once no video waits.
 */
export const createPublisherContentService = ({ db, audit, notifications, videoLinks, now = () => new Date() }: PublisherContentDeps) => {
  const isStaff = (p: Caller) => p.accountKind === 'internal' && p.powers.has('content.review');
  const requireStaff = (p: Caller) => {
    if (!isStaff(p)) throw forbidden();
  };
  const readScope = (p: Caller, accountId?: number): Scope => scopeFor(p, 'content.review', { accountId });

  const toItem = (r: repo.ItemRow, at: Date): ContentItem => ({
    videoId: r.videoId,
    videoName: r.videoName,
    action: r.action,
    decision: r.decision,
    reason: r.reasonId === null ? null : { id: r.reasonId, label: r.reasonLabel ?? '', labelZh: r.reasonLabelZh ?? '' },
    note: r.note,
    decidedBy: r.decidedById === null ? null : { id: r.decidedById, name: r.decidedByName ?? '' },
    decidedAt: iso(r.decidedAt),
    video:
      r.videoRowId === null
        ? null
        : {
            format: (VIDEO_FORMATS as readonly string[]).includes(r.format ?? '') ? (r.format as (typeof VIDEO_FORMATS)[number]) : VIDEO_FORMATS[0],
            width: r.width ?? 0,
            height: r.height ?? 0,
            durationMs: r.durationMs ?? 0,
            ...videoLinks({ id: r.videoRowId, posterKey: r.posterKey }, at),
            inRecycleBin: r.deletedAt !== null,
          },
  });

  const detailIn = async (t: DbOrTx, id: number, scope: Scope): Promise<ContentRequestDetail> => {
    const row = await repo.findRequest(t, id, scope);
    if (!row) throw requestNotFound();
    const at = now();
    return { ...toRequest(row), items: (await repo.listItems(t, id)).map((i) => toItem(i, at)) };
  };

  const list = async (p: Caller, q: ListInput) => {
    const { items, total } = await repo.listRequests(db, {
      scope: readScope(p, q.accountId),
      statuses: q.status,
      seriesId: q.seriesId,
      search: q.search || undefined,
      sort: q.sort,
      order: q.order,
      ...pageWindow(q),
    });
    return pageAnswer(items.map(toRequest), total, q);
  };

  const detail = (p: Caller, id: number) => detailIn(db, id, readScope(p));

  // ---- The publisher's side ----------------------------------------------------------------

  const ownSeries = async (t: DbOrTx, p: Caller, seriesId: number) => {
    const s = await repo.findSeries(t, seriesId, p.accountId);
    if (!s) throw seriesNotFound();
    return s;
  };

  const changesOf = async (t: DbOrTx, s: { id: number; publishedAt: Date | null }) => {
    const { add, remove } = await repo.seriesChanges(t, s.id);
    return { kind: s.publishedAt === null ? ('publish' as const) : ('update' as const), add, remove };
  };

  const preview = async (p: Caller, seriesId: number) => {
    const s = await ownSeries(db, p, seriesId);
    const changes = await changesOf(db, s);
    const pending = await repo.findPendingForSeries(db, s.id);
    return { ...changes, pendingRequestId: pending?.id ?? null };
  };

  /**
   * Files the series' changes as they are now: removals first, then the videos to publish in the
   * series' order, at most CONTENT_REQUEST_MAX_VIDEOS (the rest go in a later request). One pending
   * request per series: the partial unique index decides concurrent submissions, and the loser
   * answers CONTENT_REQUEST_PENDING naming the winner.
   */
  const submit = async (p: Caller, input: SubmitInput) => {
    for (let attempt = 0; ; attempt++) {
      const s = await ownSeries(db, p, input.seriesId);
      const pending = await repo.findPendingForSeries(db, s.id);
      if (pending) throw pendingError(pending.id);
      try {
        const id = await db.transaction(async (tx) => {
          const { kind, add, remove } = await changesOf(tx, s);
          const chosen = [...remove.map((v) => ({ ...v, action: 'remove' as const })), ...add.map((v) => ({ ...v, action: 'add' as const }))].slice(
            0,
            CONTENT_REQUEST_MAX_VIDEOS,
          );
          if (!chosen.length) throw nothingToSubmit();
          const at = now();
          const { id } = await repo.insertRequest(tx, {
            kind,
            seriesId: s.id,
            seriesName: s.name,
            accountId: s.accountId,
            note: input.note || null,
            submittedBy: p.userId,
            submittedAt: at,
          });
          await repo.insertItems(
            tx,
            chosen.map((v) => ({ requestId: id, videoId: v.videoId, videoName: v.videoName, action: v.action })),
          );
          await audit.record(
            {
              actorUserId: p.userId,
              action: 'contentRequest.submit',
              entity: 'content_request',
              entityId: id,
              after: { kind, seriesId: s.id, add: chosen.filter((v) => v.action === 'add').map((v) => v.videoId), remove: chosen.filter((v) => v.action === 'remove').map((v) => v.videoId) },
              reason: input.note || null,
            },
            tx,
          );
          const accountName = await repo.accountName(tx, s.accountId);
          await notifications.notify(
            {
              type: NOTIFICATION_TYPES.action,
              message: { key: 'content.submitted', params: { contentRequestId: id, seriesName: s.name, accountName, count: chosen.length } },
              menuId: REVIEW_MENU_ID,
              recipients: { powers: ['content.review'] },
              eventKey: submittedKey(id),
              createdBy: p.userId,
              at,
            },
            tx,
          );
          return id;
        });
        return detailIn(db, id, readScope(p));
      } catch (err) {
        // Another submission for the series won the race: name it (read again above).
        if (!isUniqueViolation(err, repo.PENDING_INDEX) || attempt > 0) throw err;
      }
    }
  };

  /** The request's row locked in `tx`, still pending and at `version` (404, REQUEST_STATE, STALE_VERSION otherwise). */
  const lockedPending = async (tx: DbOrTx, id: number, version: number, scope: Scope) => {
    const locked = await repo.lockRequest(tx, id, scope);
    if (!locked) throw requestNotFound();
    if (locked.status !== 'pending') throw requestState(locked.status);
    if (locked.version !== version) throw stale('The request');
    return locked;
  };

  const cancel = async (p: Caller, input: CancelInput) => {
    const scope = readScope(p);
    if (scope.party !== 'owner') throw forbidden();
    await db.transaction(async (tx) => {
      await lockedPending(tx, input.id, input.version, scope);
      await repo.updateRequest(tx, input.id, { status: 'cancelled', decidedBy: p.userId, decidedAt: now() });
      await audit.record({ actorUserId: p.userId, action: 'contentRequest.cancel', entity: 'content_request', entityId: input.id, before: { status: 'pending' }, after: { status: 'cancelled' } }, tx);
      await notifications.settle([submittedKey(input.id)], tx);
    });
    return detailIn(db, input.id, scope);
  };

  // ---- Staff's decisions -------------------------------------------------------------------

  /** The active reason a rejection names (400 by field otherwise); none for an approval. */
  const reasonFor = async (t: DbOrTx, decision: 'approved' | 'rejected', reasonId: number | undefined) => {
    if (decision === 'approved') return null;
    if (reasonId === undefined) throw reasonRequired('Please choose a policy reason for the rejection.');
    const reason = await repo.findReason(t, reasonId);
    if (!reason || !reason.active) throw reasonRequired('This policy reason is not available any more: choose another.');
    return { id: reason.id, label: reason.label, labelZh: reason.labelZh };
  };

  /**
   * Once no video of the request waits: all approved → the request is approved and its changes
   * published; any rejected → rejected (nothing published), the reasons passed on. The submitter is
   * told, and staff's action is settled.
   */
  const rollUp = async (tx: DbOrTx, id: number, p: Caller, at: Date, decisionNote: string | null) => {
    const all = await repo.itemsOf(tx, id);
    if (all.some((i) => i.decision === 'pending')) return false;
    const row = (await repo.findRequest(tx, id, systemScope))!;
    const rejected = all.filter((i) => i.decision === 'rejected');
    const status = rejected.length ? ('rejected' as const) : ('approved' as const);
    if (status === 'approved') {
      const ids = (action: 'add' | 'remove') => all.filter((i) => i.action === action).map((i) => i.videoId);
      await repo.publish(tx, row.seriesId, ids('add'), ids('remove'), at);
    }
    await repo.updateRequest(tx, id, { status, decidedBy: p.userId, decidedAt: at, ...(decisionNote ? { decisionNote } : {}) });
    const reasons = [...new Set(rejected.map((i) => i.reasonLabel).filter((l): l is string => !!l))].join('; ');
    await audit.record(
      { actorUserId: p.userId, action: `contentRequest.${status === 'approved' ? 'approve' : 'reject'}`, entity: 'content_request', entityId: id, before: { status: 'pending' }, after: { status, rejected: rejected.length }, reason: reasons || decisionNote },
      tx,
    );
    await notifications.notify(
      status === 'approved'
        ? {
            type: NOTIFICATION_TYPES.approval,
            message: { key: 'content.approved', params: { contentRequestId: id, seriesName: row.seriesName } },
            menuId: REQUESTS_MENU_ID,
            recipients: { users: [row.submittedById] },
            eventKey: `content:${id}:approved`,
            createdBy: p.userId,
            at,
          }
        : {
            type: NOTIFICATION_TYPES.event,
            message: { key: 'content.rejected', params: { contentRequestId: id, seriesName: row.seriesName, rejected: rejected.length, reasons } },
            menuId: REQUESTS_MENU_ID,
            recipients: { users: [row.submittedById] },
            eventKey: `content:${id}:rejected`,
            createdBy: p.userId,
            at,
          },
      tx,
    );
    await notifications.settle([submittedKey(id)], tx);
    return true;
  };

  /** Writes the decision of one video (or every waiting one), marks the videos reviewed, and rolls the request up. */
  const decideIn = async (
    p: Caller,
    c: { id: number; version: number; videoId?: number; decision: 'approved' | 'rejected'; reasonId?: number; note?: string },
  ) => {
    requireStaff(p);
    const scope = readScope(p);
    await db.transaction(async (tx) => {
      await lockedPending(tx, c.id, c.version, scope);
      if (c.videoId !== undefined && !(await repo.findItem(tx, c.id, c.videoId))) throw notFound('The video');
      const reason = await reasonFor(tx, c.decision, c.reasonId);
      const at = now();
      const decided = await repo.decideItems(tx, c.id, c.videoId, { decision: c.decision, reason, note: c.note || null, decidedBy: p.userId, decidedAt: at });
      // The library's review mark: for the videos the request publishes.
      await repo.setReviewStatus(tx, decided.filter((d) => d.action === 'add').map((d) => d.videoId), c.decision, at);
      await audit.record(
        {
          actorUserId: p.userId,
          action: c.videoId === undefined ? 'contentRequest.decide' : 'contentRequest.decideItem',
          entity: 'content_request',
          entityId: c.id,
          after: { decision: c.decision, videos: decided.map((d) => d.videoId), reasonId: reason?.id ?? null },
          reason: c.note || reason?.label || null,
        },
        tx,
      );
      // The request's version moves on once per decision (a decided one moves in the roll-up).
      if (!(await rollUp(tx, c.id, p, at, c.videoId === undefined ? c.note || null : null))) await repo.updateRequest(tx, c.id, {});
    });
    return detailIn(db, c.id, scope);
  };

  const decideRequest = (p: Caller, input: DecideRequestInput) =>
    decideIn(p, { id: input.id, version: input.version, decision: input.decision, reasonId: input.reasonId, note: input.note });

  const decideItem = (p: Caller, input: DecideItemInput) =>
    decideIn(p, { id: input.requestId, version: input.version, videoId: input.videoId, decision: input.decision, reasonId: input.reasonId, note: input.note });

  const queue = async (p: Caller, q: QueueInput) => {
    requireStaff(p);
    const { items, total } = await repo.listQueue(db, { scope: readScope(p, q.accountId), search: q.search || undefined, ...pageWindow(q) });
    const at = now();
    return pageAnswer(
      items.map((r) => ({
        ...toItem(r, at),
        requestId: r.requestId,
        requestVersion: r.requestVersion,
        kind: r.kind,
        seriesId: r.seriesId,
        seriesName: r.seriesName,
        accountId: r.accountId,
        accountName: r.accountName,
        submittedAt: r.submittedAt.toISOString(),
      })),
      total,
      q,
    );
  };

  // ---- Policy reasons ----------------------------------------------------------------------

  const policyReasons = async (all: boolean) => ({ items: (await repo.listReasons(db, all)).map(toReason) });

  const savePolicyReason = async (p: Caller, input: SaveReasonInput) => {
    requireStaff(p);
    const at = now();
    const guard = <T>(run: () => Promise<T>) => refuseClash(run, labelTaken, repo.REASON_LABEL_INDEX);
    if (input.id === undefined) {
      const row = await guard(() => repo.insertReason(db, { label: input.label, labelZh: input.labelZh, active: input.active, createdAt: at, updatedAt: at }));
      await audit.record({ actorUserId: p.userId, action: 'policyReason.create', entity: 'content_policy_reason', entityId: row.id, after: toReason(row) });
      return toReason(row);
    }
    if (input.version === undefined) {
      throw new AppError(400, ERROR_CODES.validationFailed, 'Please send the version you edited.', { fields: { version: 'Required with an id.' } });
    }
    const before = await repo.findReason(db, input.id);
    if (!before) throw notFound('The policy reason');
    if (before.version !== input.version) throw stale('The policy reason');
    const row = await guard(() => repo.updateReason(db, input.id!, input.version!, { label: input.label, labelZh: input.labelZh, active: input.active, updatedAt: at }));
    if (!row) throw stale('The policy reason');
    await audit.record({ actorUserId: p.userId, action: 'policyReason.save', entity: 'content_policy_reason', entityId: row.id, before: toReason(before), after: toReason(row) });
    return toReason(row);
  };

  return { list, detail, preview, submit, cancel, decideRequest, decideItem, queue, policyReasons, savePolicyReason };
};

export type PublisherContentService = ReturnType<typeof createPublisherContentService>;
