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
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../errors';
import { groupCommit } from '../../kit/group-commit';
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

/** A pixel's report, as its query gave it, with its browser's VIEWER_COOKIE. */
export interface PixelReport {
  tag: string;
  clid?: string;
  order: string;
  value: number;
  userAgent?: string;
  viewer?: string;
}

/** A report whose click id was verified, waiting for its batch. */
interface Submitted {
  source: ConversionSource;
  tagId: string;
  order: string;
  value: number;
  at: Date;
  /** Its verified click id's click; none: a view-through, credited by `viewer` or not kept. */
  click?: ClickRef;
  viewer?: string;
  /** A bot's pixel: kept, never attributed. */
  bot: boolean;
  /** A postback's body, its signature checked against its tag's secret. */
  signed?: ConversionPostback;
}

/** notCredited: a report without a click id that no ad seen accounts for (nothing is kept of it). */
type Outcome = 'recorded' | 'duplicate' | 'notCredited' | 'tooMany' | 'noTag' | 'badSignature';

type Verdict =
  | { status: 'attributed' | 'unattributed'; reason: UnattributedReason | null; click?: repo.ClickRow }
  | { status: 'pending'; reason: null; click?: undefined };

const DAY_MS = 86_400_000;
/** Reports kept per transaction at most (a burst's group commit). */
const BATCH = 1_000;
/**
 * Such transactions at once: PostgreSQL works on one while this process prepares the next. `keep`
 * is safe beside itself as beside another process (locks taken and rows written in one order).
 */
const IN_FLIGHT = 2;
/** Pending conversions settled per transaction by the job. */
const SETTLE_BATCH = 200;

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
  viewWindowDays: r.viewWindowDays,
  secret: r.secret,
  version: r.version,
  updatedAt: r.updatedAt.toISOString(),
});

/** The postback's signature: hex HMAC-SHA256 of `tag.clid.order.value.ts` with the account's secret. */
export const postbackSignature = (secret: string, p: Omit<ConversionPostback, 'signature'>) =>
  createHmac('sha256', secret).update(`${p.tag}.${p.clid}.${p.order}.${p.value}.${p.ts}`).digest('hex');

const signatureMatches = (secret: string, p: ConversionPostback) =>
  timingSafeEqual(Buffer.from(postbackSignature(secret, p), 'hex'), Buffer.from(p.signature, 'hex'));

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

  const changeTag = async (p: Caller, version: number, set: { clickWindowDays?: number; viewWindowDays?: number; secret?: string }, action: string) => {
    const before = await tagOf(advertiser(p));
    const row = await db.transaction(async (tx) => {
      const row = await repo.updateTagAt(tx, before.accountId, version, { ...set, updatedAt: now() });
      if (!row) throw stale('The conversion tag');
      // The secret itself is never written to the audit log.
      const change = set.secret ? { secret: 'rotated' } : { clickWindowDays: set.clickWindowDays, viewWindowDays: set.viewWindowDays ?? before.viewWindowDays };
      const was = set.secret ? {} : { clickWindowDays: before.clickWindowDays, viewWindowDays: before.viewWindowDays };
      await audit.record({ actorUserId: p.userId, action, entity: 'conversionTag', entityId: before.accountId, before: was, after: change }, tx);
      return row;
    });
    return toTag(row);
  };

  const updateTag = (p: Caller, input: EndpointInput<typeof updateConversionTag>) =>
    changeTag(p, input.version, { clickWindowDays: input.clickWindowDays, viewWindowDays: input.viewWindowDays }, 'conversionTag.update');

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
      via: r.via as Conversion['via'],
      campaignId: r.campaignId,
      campaignName: r.campaignName,
      clickedAt: r.clickedAt?.toISOString() ?? null,
    }));
    return pageAnswer(items, total, q);
  };

  // ---- Recording and attribution --------------------------------------------------------------

  /**
   * What a report's click says of it: attributed, unattributed and why, or pending while the click
   * is not written yet (`waited`: it has been long enough that it never will be).
   */
  const judge = (c: { accountId: number; at: Date; clickWindowDays: number }, click: repo.ClickRow | undefined, waited: boolean): Verdict => {
    if (!click) return waited ? { status: 'unattributed', reason: 'clickNotFound' } : { status: 'pending', reason: null };
    if (click.advertiserId !== c.accountId) return { status: 'unattributed', reason: 'otherAccount' };
    const reason: UnattributedReason | null = !click.valid
      ? 'invalidClick'
      : c.at.getTime() - click.at.getTime() > c.clickWindowDays * DAY_MS
        ? 'outsideWindow'
        : null;
    return { status: reason ? 'unattributed' : 'attributed', reason, click };
  };

  /**
   * Keeps a batch of reports in one transaction: each is checked against its tag, kept once per
   * order id and at most CONVERSIONS_PER_CLICK_MAX per click (both decided under the clicks' locks),
   * judged by its click and, when attributed, counted in the rollups — grouped, one row per
   * placement and hour, so a burst on one campaign is not one transaction per report on its row.
   */
  const keep = (reports: Submitted[]) =>
    db.transaction(async (tx) => {
      const outcomes: Outcome[] = reports.map(() => 'noTag');
      const tags = await repo.findTagsById(tx, reports.map((r) => r.tagId));
      const admitted: { i: number; r: Submitted; t: repo.TagRow }[] = [];
      reports.forEach((r, i) => {
        const t = tags.get(r.tagId);
        if (!t) return;
        if (r.signed && !signatureMatches(t.secret, r.signed)) outcomes[i] = 'badSignature';
        else admitted.push({ i, r, t });
      });
      if (!admitted.length) return outcomes;

      // A report without a click id is a view-through: credited to the latest valid impression its
      // browser saw of the account's campaigns within the tag's view window, or not kept at all
      // (nothing signed vouches for it). Its decision is that impression's, with a click's cap.
      const views = admitted.filter(({ r, t }) => !r.click && r.viewer && !r.bot && t.viewWindowDays > 0);
      const seenAds = await repo.findViews(
        tx,
        views.map(({ r, t }) => ({ viewer: r.viewer!, accountId: t.accountId, since: new Date(r.at.getTime() - t.viewWindowDays * DAY_MS), until: r.at })),
      );
      const credited = new Map(views.flatMap(({ i }, n) => (seenAds.has(n) ? [[i, seenAds.get(n)!] as const] : [])));
      const decided = admitted.flatMap((a) => {
        const ref = a.r.click ?? credited.get(a.i);
        if (ref) return [{ ...a, ref }];
        outcomes[a.i] = 'notCredited';
        return [];
      });

      const seen = await repo.lockAndCount(tx, decided.map(({ r, t, ref }) => ({ accountId: t.accountId, orderId: r.order, decisionId: ref.decisionId })));
      const kept = decided.filter(({ i, r, t, ref }) => {
        const order = repo.orderKey(t.accountId, r.order);
        const click = repo.clickKey(t.accountId, ref.decisionId);
        const reports = seen.reports.get(click) ?? 0;
        if (seen.known.has(order)) outcomes[i] = 'duplicate';
        // Past the cap a click id is refused; a browser's view-through report just does not count.
        else if (reports >= CONVERSIONS_PER_CLICK_MAX) outcomes[i] = r.click ? 'tooMany' : 'notCredited';
        else {
          seen.known.add(order);
          seen.reports.set(click, reports + 1);
          return true;
        }
        return false;
      });

      const clicks = await repo.findClicks(tx, kept.flatMap(({ r }) => (r.click && !r.bot ? [r.click] : [])));
      const rows: repo.NewConversion[] = kept.map(({ i, r, t, ref }) => {
        const seenAd = credited.get(i);
        const verdict: Verdict = seenAd
          ? { status: 'attributed', reason: null, click: seenAd }
          : r.bot
            ? { status: 'unattributed', reason: 'botReport' }
            : judge({ accountId: t.accountId, at: r.at, clickWindowDays: t.clickWindowDays }, repo.clickOf(clicks, ref), false);
        const { decisionId, decidedAt } = ref;
        const via = seenAd ? 'view' : 'click';
        return { accountId: t.accountId, orderId: r.order, source: r.source, at: r.at, valueMinor: r.value, decisionId, decidedAt, via, ...verdict };
      });
      const inserted = await repo.insertConversions(tx, rows);
      const isNew = (c: repo.NewConversion) => inserted.has(repo.orderKey(c.accountId, c.orderId));
      kept.forEach(({ i }, k) => (outcomes[i] = isNew(rows[k]!) ? 'recorded' : 'duplicate'));
      await repo.addToRollups(tx, rows.filter((c) => c.status === 'attributed' && isNew(c)).map((c) => ({ click: c.click!, at: c.at, valueMinor: c.valueMinor })));
      return outcomes;
    });

  const submit = groupCommit(keep, BATCH, IN_FLIGHT);

  /**
   * Records a report (its click id verified): 'duplicate' when the account already has this order
   * id, 'notCredited' for a view-through report no ad seen accounts for.
   */
  const record = async (r: Submitted): Promise<'recorded' | 'duplicate' | 'notCredited'> => {
    const outcome = await submit(r);
    if (outcome === 'noTag') throw tagNotFound();
    if (outcome === 'badSignature') throw badSignature();
    if (outcome === 'tooMany') throw tooManyForClick();
    return outcome;
  };

  const verifiedClick = (clid: string) => {
    const click = clickIds.verify(clid);
    if (!click) throw badClickId();
    return click;
  };

  /** The browser's report: the signed click id is its proof; without one, the ad its browser saw (view-through). */
  const pixel = (r: PixelReport) =>
    record({
      source: 'pixel',
      tagId: r.tag,
      order: r.order,
      value: r.value,
      at: now(),
      click: r.clid === undefined ? undefined : verifiedClick(r.clid),
      viewer: r.viewer,
      bot: isBot(r.userAgent),
    });

  /** The advertiser's server's report, recent and signed with the account's secret (checked with its tag). */
  const postback = async (body: ConversionPostback) => {
    const at = now();
    if (Math.abs(at.getTime() / 1000 - body.ts) > POSTBACK_SKEW_SECONDS) throw outOfTime();
    const click = verifiedClick(body.clid);
    const result = await record({ source: 'postback', tagId: body.tag, order: body.order, value: body.value, at, click, bot: false, signed: body });
    // A postback always names its click, so it is always credited to one.
    if (result === 'notCredited') throw new Error('a postback without its click');
    return { result };
  };

  /** The job: settles pending conversions whose click has been written since (or never will be). */
  const attributePending = async () => {
    let attributed = 0;
    let unattributed = 0;
    let pending = 0;
    for (;;) {
      const { size, settled } = await db.transaction(async (tx) => {
        const rows = await repo.lockPending(tx, SETTLE_BATCH);
        const clicks = await repo.findClicks(tx, rows);
        const counted: { click: repo.ClickRow; at: Date; valueMinor: number }[] = [];
        let settled = 0;
        for (const c of rows) {
          const verdict = judge(c, repo.clickOf(clicks, c), now().getTime() - c.at.getTime() >= CLICK_WAIT_MINUTES * 60_000);
          if (verdict.status === 'pending') {
            pending++;
            continue;
          }
          await repo.settle(tx, c.id, verdict);
          settled++;
          if (verdict.status === 'attributed') {
            attributed++;
            counted.push({ click: verdict.click!, at: c.at, valueMinor: c.valueMinor });
          } else unattributed++;
        }
        await repo.addToRollups(tx, counted);
        return { size: rows.length, settled };
      });
      // The oldest pending ones come first: a full batch of which none settled ends the run.
      if (size < SETTLE_BATCH || settled === 0) break;
    }
    return { attributed, unattributed, pending };
  };

  return { tag, updateTag, rotateSecret, list, pixel, postback, attributePending, clickIdFor: clickIds.sign };
};

export type ConversionsService = ReturnType<typeof createConversionsService>;
