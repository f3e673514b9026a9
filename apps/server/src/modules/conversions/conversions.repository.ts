import { IMPRESSION_LINK_MINUTES, type AttributionVia, type ConversionSource, type ConversionStatus, type UnattributedReason } from '@ads/contracts';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { conversions, conversionTags } from '../../db/schema/conversions';
import { intArray, plainArray, rowsOf, textArray } from '../../kit/sql';

export type TagRow = typeof conversionTags.$inferSelect;

export const findTag = async (db: DbOrTx, accountId: number): Promise<TagRow | undefined> =>
  (await db.select().from(conversionTags).where(eq(conversionTags.accountId, accountId)))[0];

/** Makes the account's tag unless it has one (two first reads at once make one). */
export const ensureTag = async (db: DbOrTx, values: typeof conversionTags.$inferInsert) => {
  await db.insert(conversionTags).values(values).onConflictDoNothing({ target: conversionTags.accountId });
};

export const updateTagAt = async (db: DbOrTx, accountId: number, version: number, set: Partial<Pick<TagRow, 'clickWindowDays' | 'viewWindowDays' | 'secret'>> & { updatedAt: Date }) =>
  (
    await db
      .update(conversionTags)
      .set({ ...set, version: sql`${conversionTags.version} + 1` })
      .where(and(eq(conversionTags.accountId, accountId), eq(conversionTags.version, version)))
      .returning()
  )[0];

export interface ClickRow {
  at: Date;
  valid: boolean;
  placementId: number;
  campaignId: number;
  region: string;
  device: string;
  advertiserId: number | null;
}

export interface NewConversion {
  accountId: number;
  orderId: string;
  source: ConversionSource;
  at: Date;
  valueMinor: number;
  decisionId: string;
  decidedAt: Date;
  status: ConversionStatus;
  reason: UnattributedReason | null;
  via: AttributionVia;
  /** Its click (view-through: the impression), once found (not another account's). */
  click?: ClickRow;
}

/** The tags these ids name, by id. */
export const findTagsById = async (db: DbOrTx, tagIds: readonly string[]): Promise<Map<string, TagRow>> =>
  new Map((await db.select().from(conversionTags).where(inArray(conversionTags.tagId, [...new Set(tagIds)]))).map((t) => [t.tagId, t]));

/** `account:decision`: the key a click's reports are counted and serialised by. */
export const clickKey = (accountId: number, decisionId: string) => `${accountId}:${decisionId}`;
/** `account:order`: an account's order, counted once. */
export const orderKey = (accountId: number, orderId: string) => `${accountId}:${orderId}`;

/**
 * Serialises these clicks' reports for the rest of the transaction (transaction-scoped locks, taken
 * in one order so two writers never deadlock), then reads which of these orders the accounts have
 * already and how many conversions each click has: decided, then inserted, in the caller's
 * transaction, so concurrent reports never pass a click's cap together.
 */
export const lockAndCount = async (tx: DbOrTx, reports: readonly { accountId: number; orderId: string; decisionId: string }[]) => {
  const clicks = [...new Set(reports.map((r) => clickKey(r.accountId, r.decisionId)))].sort();
  await tx.execute(sql`
    select count(pg_advisory_xact_lock(h))
    from (select distinct hashtext('conversion-click:' || k) as h from unnest(${textArray(clicks)}) k order by 1) s`);
  const known = rowsOf<{ accountId: number; orderId: string }>(
    await tx.execute(sql`
      select c.account_id as "accountId", c.order_id as "orderId"
      from unnest(${intArray(reports.map((r) => r.accountId))}, ${textArray(reports.map((r) => r.orderId))}) k(account_id, order_id)
      join conversions c on c.account_id = k.account_id and c.order_id = k.order_id`),
  );
  const counts = rowsOf<{ accountId: number; decisionId: string; reports: number }>(
    await tx.execute(sql`
      select k.account_id as "accountId", replace(k.decision_id::text, '-', '') as "decisionId", count(*)::int as reports
      from (select distinct * from unnest(${intArray(reports.map((r) => r.accountId))}, ${plainArray(
        reports.map((r) => r.decisionId),
        'uuid',
      )})) k(account_id, decision_id)
      join conversions c on c.account_id = k.account_id and c.decision_id = k.decision_id
      group by 1, 2`),
  );
  return {
    known: new Set(known.map((k) => orderKey(Number(k.accountId), k.orderId))),
    reports: new Map(counts.map((c) => [clickKey(Number(c.accountId), c.decisionId), Number(c.reports)])),
  };
};

const clickRef = (decisionId: string, decidedAt: Date) => `${decisionId}:${decidedAt.getTime()}`;

/**
 * The clicks of these decisions, from their rows in delivery_events (the partition each decision's
 * time names), by `clickOf`'s key; a click not written yet is missing.
 */
export const findClicks = async (db: DbOrTx, refs: readonly { decisionId: string; decidedAt: Date }[]) => {
  const found = new Map<string, ClickRow>();
  if (!refs.length) return found;
  const rows = rowsOf<ClickRow & { decisionId: string; decidedAt: string | Date; at: string | Date }>(
    await db.execute(sql`
      select replace(k.decision_id::text, '-', '') as "decisionId", k.decided_at as "decidedAt", e.at, e.valid,
        e.placement_id as "placementId", e.campaign_id as "campaignId", e.region, e.device, p.advertiser_id as "advertiserId"
      from unnest(${plainArray(
        refs.map((r) => r.decisionId),
        'uuid',
      )}, ${plainArray(
        refs.map((r) => r.decidedAt.toISOString()),
        'timestamptz',
      )}) as k(decision_id, decided_at)
      -- One index probe per click, as delivery's writtenOf does.
      cross join lateral (
        select x.at, x.valid, x.placement_id, x.campaign_id, x.region, x.device from delivery_events x
        where x.decision_id = k.decision_id and x.kind = 3 and x.decided_at = k.decided_at limit 1
      ) e
      left join placements p on p.id = e.placement_id`),
  );
  for (const r of rows) {
    found.set(clickRef(r.decisionId, new Date(r.decidedAt)), {
      at: new Date(r.at),
      valid: r.valid,
      placementId: Number(r.placementId),
      campaignId: Number(r.campaignId),
      region: r.region,
      device: r.device,
      advertiserId: r.advertiserId === null ? null : Number(r.advertiserId),
    });
  }
  return found;
};

export interface ViewAsk {
  viewer: string;
  accountId: number;
  /** The window: an impression at or after `since`, and not after the report (`until`). */
  since: Date;
  until: Date;
}

/** A view-through's impression: its decision (the conversion's) and where it was shown. */
export interface SeenAd extends ClickRow {
  decisionId: string;
  decidedAt: Date;
}

/**
 * For each ask (by index), the latest valid impression its browser saw of a campaign of the
 * account within its window, if any. An impression's link lives IMPRESSION_LINK_MINUTES, so its
 * decision is at most that much older: the bound lets each probe skip the days' partitions outside it.
 */
export const findViews = async (db: DbOrTx, asks: readonly ViewAsk[]) => {
  const found = new Map<number, SeenAd>();
  if (!asks.length) return found;
  const rows = rowsOf<ClickRow & { n: number; decisionId: string; decidedAt: string | Date; at: string | Date }>(
    await db.execute(sql`
      select k.n, replace(i.decision_id::text, '-', '') as "decisionId", i.decided_at as "decidedAt", i.at, true as valid,
        i.placement_id as "placementId", i.campaign_id as "campaignId", i.region, i.device, k.account_id as "advertiserId"
      from unnest(${plainArray(
        asks.map((_, n) => n),
        'int',
      )}, ${plainArray(
        asks.map((a) => a.viewer),
        'text',
      )}, ${intArray(asks.map((a) => a.accountId))}, ${plainArray(
        asks.map((a) => a.since.toISOString()),
        'timestamptz',
      )}, ${plainArray(
        asks.map((a) => a.until.toISOString()),
        'timestamptz',
      )}) as k(n, viewer, account_id, since, until)
      cross join lateral (
        select e.decision_id, e.decided_at, e.at, e.placement_id, e.campaign_id, e.region, e.device
        from delivery_events e join placements p on p.id = e.placement_id
        where e.viewer = k.viewer and e.kind = 2 and e.valid and p.advertiser_id = k.account_id
          and e.at >= k.since and e.at <= k.until
          and e.decided_at >= k.since - ${`${IMPRESSION_LINK_MINUTES} minutes`}::interval and e.decided_at <= k.until
        order by e.at desc limit 1
      ) i`),
  );
  for (const r of rows) {
    found.set(Number(r.n), {
      decisionId: r.decisionId,
      decidedAt: new Date(r.decidedAt),
      at: new Date(r.at),
      valid: true,
      placementId: Number(r.placementId),
      campaignId: Number(r.campaignId),
      region: r.region,
      device: r.device,
      advertiserId: Number(r.advertiserId),
    });
  }
  return found;
};

/** The click `findClicks` found for this decision, if it did. */
export const clickOf = (found: Map<string, ClickRow>, c: { decisionId: string; decidedAt: Date }) => found.get(clickRef(c.decisionId, c.decidedAt));

/**
 * Inserts these conversions in one statement (in order of account and order id, so two writers
 * never deadlock on the unique index); the `orderKey`s of those inserted — one another writer
 * inserted first is left out, a duplicate.
 */
export const insertConversions = async (db: DbOrTx, rows: readonly NewConversion[]): Promise<Set<string>> => {
  if (!rows.length) return new Set();
  const sorted = [...rows].sort((a, b) => a.accountId - b.accountId || (a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0));
  const inserted = rowsOf<{ accountId: number; orderId: string }>(
    await db.execute(sql`
      insert into conversions (account_id, order_id, source, at, value_minor, decision_id, decided_at, status, reason, clicked_at, campaign_id, placement_id, via)
      select * from unnest(
        ${intArray(sorted.map((r) => r.accountId))}, ${textArray(sorted.map((r) => r.orderId))}, ${textArray(sorted.map((r) => r.source))},
        ${plainArray(
          sorted.map((r) => r.at.toISOString()),
          'timestamptz',
        )}, ${plainArray(
          sorted.map((r) => r.valueMinor),
          'bigint',
        )}, ${plainArray(
          sorted.map((r) => r.decisionId),
          'uuid',
        )}, ${plainArray(
          sorted.map((r) => r.decidedAt.toISOString()),
          'timestamptz',
        )}, ${textArray(sorted.map((r) => r.status))}, ${plainArray(
          sorted.map((r) => r.reason),
          'text',
        )}, ${plainArray(
          sorted.map((r) => r.click?.at.toISOString() ?? null),
          'timestamptz',
        )}, ${plainArray(
          sorted.map((r) => r.click?.campaignId ?? null),
          'int',
        )}, ${plainArray(
          sorted.map((r) => r.click?.placementId ?? null),
          'int',
        )}, ${textArray(sorted.map((r) => r.via))})
      on conflict (account_id, order_id) do nothing
      returning account_id as "accountId", order_id as "orderId"`),
  );
  return new Set(inserted.map((r) => orderKey(Number(r.accountId), r.orderId)));
};

export interface PendingConversion {
  id: number;
  accountId: number;
  at: Date;
  valueMinor: number;
  decisionId: string;
  decidedAt: Date;
  clickWindowDays: number;
}

/** Pending conversions, oldest first, locked for this transaction (another process takes others). */
export const lockPending = async (tx: DbOrTx, limit: number): Promise<PendingConversion[]> =>
  rowsOf<PendingConversion & { at: string | Date; decidedAt: string | Date }>(
    await tx.execute(sql`
      select c.id, c.account_id as "accountId", c.at, c.value_minor as "valueMinor", replace(c.decision_id::text, '-', '') as "decisionId",
        c.decided_at as "decidedAt", t.click_window_days as "clickWindowDays"
      from conversions c join conversion_tags t on t.account_id = c.account_id
      where c.status = 'pending' order by c.at limit ${limit} for update of c skip locked`),
  ).map((r) => ({ ...r, id: Number(r.id), valueMinor: Number(r.valueMinor), at: new Date(r.at), decidedAt: new Date(r.decidedAt) }));

/** Settles a pending conversion (locked by the caller). */
export const settle = async (
  db: DbOrTx,
  id: number,
  set: { status: 'attributed' | 'unattributed'; reason: UnattributedReason | null; click?: ClickRow },
) => {
  await db
    .update(conversions)
    .set({
      status: set.status,
      reason: set.reason,
      clickedAt: set.click?.at ?? null,
      campaignId: set.click?.campaignId ?? null,
      placementId: set.click?.placementId ?? null,
    })
    .where(and(eq(conversions.id, id), eq(conversions.status, 'pending')));
};

/**
 * Counts attributed conversions in their clicks' placements' rollups, at the hour each was
 * reported: one row per placement, hour, region and device, in the key order delivery's writer
 * upserts them in too (no deadlock between the two writers).
 */
export const addToRollups = async (db: DbOrTx, attributed: readonly { click: ClickRow; at: Date; valueMinor: number }[]) => {
  const sums = new Map<string, { placementId: number; hour: string; region: string; device: string; n: number; value: number }>();
  for (const a of attributed) {
    const hour = new Date(Math.floor(a.at.getTime() / 3_600_000) * 3_600_000).toISOString();
    const key = `${a.click.placementId}|${hour}|${a.click.region}|${a.click.device}`;
    const sum = sums.get(key);
    if (sum) {
      sum.n++;
      sum.value += a.valueMinor;
    } else sums.set(key, { placementId: a.click.placementId, hour, region: a.click.region, device: a.click.device, n: 1, value: a.valueMinor });
  }
  if (!sums.size) return;
  const rows = [...sums.values()];
  await db.execute(sql`
    insert into placement_hourly as h (placement_id, hour, region, device, conversions, conversion_value_minor)
    select * from unnest(${intArray(rows.map((r) => r.placementId))}, ${plainArray(
      rows.map((r) => r.hour),
      'timestamptz',
    )}, ${textArray(rows.map((r) => r.region))}, ${textArray(rows.map((r) => r.device))}, ${plainArray(
      rows.map((r) => r.n),
      'bigint',
    )}, ${plainArray(
      rows.map((r) => r.value),
      'bigint',
    )}) order by 1, 2, 3, 4
    on conflict (placement_id, hour, region, device)
    do update set conversions = h.conversions + excluded.conversions, conversion_value_minor = h.conversion_value_minor + excluded.conversion_value_minor`);
};

export interface ListQuery {
  accountId: number;
  status?: ConversionStatus;
  campaignId?: number;
  limit: number;
  offset: number;
}

export const listConversions = async (db: DbOrTx, q: ListQuery) => {
  const where: SQL[] = [eq(conversions.accountId, q.accountId)];
  if (q.status) where.push(eq(conversions.status, q.status));
  if (q.campaignId) where.push(eq(conversions.campaignId, q.campaignId));
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: conversions.id,
        orderId: conversions.orderId,
        source: conversions.source,
        at: conversions.at,
        valueMinor: conversions.valueMinor,
        status: conversions.status,
        reason: conversions.reason,
        via: conversions.via,
        campaignId: conversions.campaignId,
        campaignName: campaigns.name,
        clickedAt: conversions.clickedAt,
      })
      .from(conversions)
      .leftJoin(campaigns, eq(campaigns.id, conversions.campaignId))
      .where(condition)
      .orderBy(desc(conversions.at), desc(conversions.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(conversions).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
};
