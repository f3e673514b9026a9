import { randomBytes, createHmac, timingSafeEqual } from 'node:crypto';
import {
  CLICK_WAIT_MINUTES,
  CLICK_WINDOW_DAYS,
  CONVERSIONS_PER_CLICK_MAX,
  ERROR_CODES,
  POSTBACK_SKEW_SECONDS,
  type Conversion,
  type ConversionPostback,
  type ConversionSource,
  type ConversionTag,
  type conversionList,
  type EndpointInput,
  type rotateConversionSecret,
  type UnattributedReason,
  type updateConversionTag,
} from '@ads/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, forbidden } from '../../errors';
import { pageAnswer, pageWindow } from '../../kit/paging';
import { stale } from '../../kit/versions';
import type { Caller } from '../../principal';
import type { AuditService } from '../audit/audit.service';
import { isBot } from '../delivery/rules';
import type { ClickIds, ClickRef } from './click-ids';
import * as repo from './conversions.repository';

// Conversion tracking (docs/architecture.md, Conversions). A report names the advertiser's tag, the
// signed click id the landing page was given and the advertiser's order id: it is kept once per
// order id, then attributed to its click when that click was valid, the advertiser's own and within
// the window — counted in the click's placement's rollup in the same transaction, so reports, the
// campaign list and the dashboards read it as they read clicks. A click not written yet (delivery
// writes events in batches) leaves the conversion pending; the attribution job settles it.

export interface ConversionsDeps {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  clickIds: ClickIds;
  now?: () => Date;
}

export interface ConversionReport {
  source: ConversionSource;
  tag: string;
  clid: string;
  order: string;
  value: number;
  userAgent?: string;
}

const DAY_MS = 86_400_000;
/** Pending conversions settled per transaction by the job. */
const BATCH = 200;

const tagNotFound = () => new AppError(404, ERROR_CODES.notFound, 'The conversion tag was not found.');
const badClickId = () =>
  new AppError(400, ERROR_CODES.validationFailed, 'Some fields are not valid.', { fields: { clid: 'This is not a click id.' } });
const badSignature = () =>
  new AppError(401, ERROR_CODES.unauthorized, 'The postback signature does not match: sign tag.clid.order.value.ts with the account\'s secret.');
const tooManyForClick = () =>
  new AppError(400, ERROR_CODES.validationFailed, 'Some fields are not valid.', {
    fields: { clid: `This click has reported the most conversions one click may (${CONVERSIONS_PER_CLICK_MAX}).` },
  });
const outOfTime = () =>
  new AppError(400, ERROR_CODES.validationFailed, 'Some fields are not valid.', {
    fields: { ts: `The postback's time must be within ${POSTBACK_SKEW_SECONDS} seconds of now.` },
  });

const toTag = (r: repo.TagRow): ConversionTag => ({
  tagId: r.tagId,
  clickWindowDays: r.clickWindowDays,
  secret: r.secret,
  version: r.version,
  updatedAt: r.updatedAt.toISOString(),
});

/** The postback's signature: hex HMAC-SHA256 of `tag.clid.order.value.ts` with the account's secret. */
export const postbackSignature = (secret: string, p: Omit<ConversionPostback, 'signature'>) =>
  createHmac('sha256', secret).update(`${p.tag}.${p.clid}.${p.order}.${p.value}.${p.ts}`).digest('hex');

export const createConversionsService = ({ db, audit, clickIds, now = () => new Date() }: ConversionsDeps) => {
  /** Conversion tags are advertisers' own. */
  const advertiser = (p: Caller) => {
    if (p.accountKind !== 'advertiser') throw forbidden();
    return p.accountId;
  };

  const tagOf = async (accountId: number) => {
    const found = await repo.findTag(db, accountId);
    if (found) return found;
    await repo.ensureTag(db, {
      accountId,
      tagId: randomBytes(12).toString('base64url'),
      secret: randomBytes(32).toString('base64url'),
      clickWindowDays: CLICK_WINDOW_DAYS.default,
    });
    return (await repo.findTag(db, accountId))!;
  };

  const tag = async (p: Caller) => toTag(await tagOf(advertiser(p)));

  const changeTag = async (p: Caller, version: number, set: { clickWindowDays?: number; secret?: string }, action: string) => {
    const before = await tagOf(advertiser(p));
    const row = await db.transaction(async (tx) => {
      const row = await repo.updateTagAt(tx, before.accountId, version, { ...set, updatedAt: now() });
      if (!row) throw stale('The conversion tag');
      // The secret itself is never written to the audit log.
      const change = set.secret ? { secret: 'rotated' } : { clickWindowDays: set.clickWindowDays };
      const was = set.secret ? {} : { clickWindowDays: before.clickWindowDays };
      await audit.record({ actorUserId: p.userId, action, entity: 'conversionTag', entityId: before.accountId, before: was, after: change }, tx);
      return row;
    });
    return toTag(row);
  };

  const updateTag = (p: Caller, input: EndpointInput<typeof updateConversionTag>) =>
    changeTag(p, input.version, { clickWindowDays: input.clickWindowDays }, 'conversionTag.update');

  const rotateSecret = (p: Caller, input: EndpointInput<typeof rotateConversionSecret>) =>
    changeTag(p, input.version, { secret: randomBytes(32).toString('base64url') }, 'conversionTag.rotateSecret');

  const list = async (p: Caller, q: EndpointInput<typeof conversionList>) => {
    const { rows, total } = await repo.listConversions(db, { accountId: advertiser(p), status: q.status, campaignId: q.campaignId, ...pageWindow(q) });
    const items: Conversion[] = rows.map((r) => ({
      id: r.id,
      orderId: r.orderId,
      source: r.source as Conversion['source'],
      at: r.at.toISOString(),
      valueMinor: r.valueMinor,
      status: r.status as Conversion['status'],
      reason: r.reason as UnattributedReason | null,
      campaignId: r.campaignId,
      campaignName: r.campaignName,
      clickedAt: r.clickedAt?.toISOString() ?? null,
    }));
    return pageAnswer(items, total, q);
  };

  // ---- Attribution ----------------------------------------------------------------------------

  /**
   * Attributes the pending conversion `c` (locked or just inserted in `tx`) when its click is
   * written; the verdict when it settled, or 'pending' when the click is still to come.
   */
  const attribute = async (tx: DbOrTx, c: repo.PendingConversion): Promise<'attributed' | UnattributedReason | 'pending'> => {
    const click = await repo.findClick(tx, c.decisionId, c.decidedAt);
    if (!click) {
      if (now().getTime() - c.at.getTime() < CLICK_WAIT_MINUTES * 60_000) return 'pending';
      await repo.settle(tx, c.id, { status: 'unattributed', reason: 'clickNotFound' });
      return 'clickNotFound';
    }
    const reason: UnattributedReason | null =
      click.advertiserId !== c.accountId
        ? 'otherAccount'
        : !click.valid
          ? 'invalidClick'
          : c.at.getTime() - click.at.getTime() > c.clickWindowDays * DAY_MS
            ? 'outsideWindow'
            : null;
    if (reason) {
      await repo.settle(tx, c.id, { status: 'unattributed', reason, click: reason === 'otherAccount' ? undefined : click });
      return reason;
    }
    if (await repo.settle(tx, c.id, { status: 'attributed', reason: null, click })) await repo.addToRollup(tx, click, c.at, c.valueMinor);
    return 'attributed';
  };

  /**
   * Records a conversion the advertiser's site (pixel) or server (postback, its signature checked
   * by the caller) reported; 'duplicate' when the account already has this order id.
   */
  const record = async (r: ConversionReport, t: repo.TagRow, click: ClickRef): Promise<'recorded' | 'duplicate'> => {
    const at = now();
    const botReport = r.source === 'pixel' && isBot(r.userAgent);
    return db.transaction(async (tx) => {
      const seen = await repo.lockClickReports(tx, t.accountId, r.order, click.decisionId);
      if (seen.known) return 'duplicate';
      if (seen.reports >= CONVERSIONS_PER_CLICK_MAX) throw tooManyForClick();
      const id = await repo.insertConversion(tx, {
        accountId: t.accountId,
        orderId: r.order,
        source: r.source,
        at,
        valueMinor: r.value,
        decisionId: click.decisionId,
        decidedAt: click.decidedAt,
        status: botReport ? 'unattributed' : 'pending',
        reason: botReport ? 'botReport' : null,
      });
      if (id === undefined) return 'duplicate';
      if (!botReport) {
        await attribute(tx, { id, accountId: t.accountId, at, valueMinor: r.value, decisionId: click.decisionId, decidedAt: click.decidedAt, clickWindowDays: t.clickWindowDays });
      }
      return 'recorded';
    });
  };

  const verifiedClick = (clid: string) => {
    const click = clickIds.verify(clid);
    if (!click) throw badClickId();
    return click;
  };

  /** The browser's report: the signed click id is its proof. */
  const pixel = async (r: Omit<ConversionReport, 'source'>) => {
    const t = await repo.findTagById(db, r.tag);
    if (!t) throw tagNotFound();
    return record({ ...r, source: 'pixel' }, t, verifiedClick(r.clid));
  };

  /** The advertiser's server's report, signed with the account's secret and recent. */
  const postback = async (body: ConversionPostback) => {
    const t = await repo.findTagById(db, body.tag);
    if (!t) throw tagNotFound();
    const expected = Buffer.from(postbackSignature(t.secret, body), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(body.signature, 'hex'))) throw badSignature();
    if (Math.abs(now().getTime() / 1000 - body.ts) > POSTBACK_SKEW_SECONDS) throw outOfTime();
    const result = await record({ source: 'postback', tag: body.tag, clid: body.clid, order: body.order, value: body.value }, t, verifiedClick(body.clid));
    return { result };
  };

  /** The job: settles pending conversions whose click has been written since (or never will be). */
  const attributePending = async () => {
    let attributed = 0;
    let unattributed = 0;
    let pending = 0;
    for (;;) {
      const { size, settled } = await db.transaction(async (tx) => {
        const rows = await repo.lockPending(tx, BATCH);
        let settled = 0;
        for (const c of rows) {
          const verdict = await attribute(tx, c);
          if (verdict === 'pending') {
            pending++;
            continue;
          }
          settled++;
          if (verdict === 'attributed') attributed++;
          else unattributed++;
        }
        return { size: rows.length, settled };
      });
      // The oldest pending ones come first: a full batch of which none settled ends the run.
      if (size < BATCH || settled === 0) break;
    }
    return { attributed, unattributed, pending };
  };

  return { tag, updateTag, rotateSecret, list, pixel, postback, attributePending, clickIdFor: clickIds.sign };
};

export type ConversionsService = ReturnType<typeof createConversionsService>;
