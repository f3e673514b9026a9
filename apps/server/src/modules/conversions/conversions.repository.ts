import type { ConversionSource, ConversionStatus, UnattributedReason } from '@ads/contracts';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { conversions, conversionTags } from '../../db/schema/conversions';
import { rowsOf } from '../../kit/sql';

export type TagRow = typeof conversionTags.$inferSelect;

export const findTag = async (db: DbOrTx, accountId: number): Promise<TagRow | undefined> =>
  (await db.select().from(conversionTags).where(eq(conversionTags.accountId, accountId)))[0];

export const findTagById = async (db: DbOrTx, tagId: string): Promise<TagRow | undefined> =>
  (await db.select().from(conversionTags).where(eq(conversionTags.tagId, tagId)))[0];

/** Makes the account's tag unless it has one (two first reads at once make one). */
export const ensureTag = async (db: DbOrTx, values: typeof conversionTags.$inferInsert) => {
  await db.insert(conversionTags).values(values).onConflictDoNothing({ target: conversionTags.accountId });
};

export const updateTagAt = async (db: DbOrTx, accountId: number, version: number, set: Partial<Pick<TagRow, 'clickWindowDays' | 'secret'>> & { updatedAt: Date }) =>
  (
    await db
      .update(conversionTags)
      .set({ ...set, version: sql`${conversionTags.version} + 1` })
      .where(and(eq(conversionTags.accountId, accountId), eq(conversionTags.version, version)))
      .returning()
  )[0];

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
}

/**
 * Whether the account already has this order id, and how many conversions the click has reported,
 * with the click's reports serialised (a transaction-scoped lock on it): decided, then inserted, in
 * the caller's transaction, so concurrent reports never pass the cap together.
 */
export const lockClickReports = async (tx: DbOrTx, accountId: number, orderId: string, decisionId: string) => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`conversion-click:${accountId}:${decisionId}`}))`);
  const [row] = rowsOf<{ known: boolean; reports: number }>(
    await tx.execute(sql`
      select exists (select 1 from conversions where account_id = ${accountId} and order_id = ${orderId}) as known,
        (select count(*)::int from conversions where account_id = ${accountId} and decision_id = ${decisionId}::uuid) as reports`),
  );
  return { known: Boolean(row?.known), reports: Number(row?.reports ?? 0) };
};

/** The new conversion's id, or undefined when the account already has this order id. */
export const insertConversion = async (db: DbOrTx, c: NewConversion): Promise<number | undefined> => {
  const [row] = await db
    .insert(conversions)
    .values(c)
    .onConflictDoNothing({ target: [conversions.accountId, conversions.orderId] })
    .returning({ id: conversions.id });
  return row?.id;
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
      select c.id, c.account_id as "accountId", c.at, c.value_minor as "valueMinor", c.decision_id::text as "decisionId",
        c.decided_at as "decidedAt", t.click_window_days as "clickWindowDays"
      from conversions c join conversion_tags t on t.account_id = c.account_id
      where c.status = 'pending' order by c.at limit ${limit} for update of c skip locked`),
  ).map((r) => ({ ...r, id: Number(r.id), valueMinor: Number(r.valueMinor), at: new Date(r.at), decidedAt: new Date(r.decidedAt) }));

export interface ClickRow {
  at: Date;
  valid: boolean;
  placementId: number;
  campaignId: number;
  region: string;
  device: string;
  advertiserId: number | null;
}

/** The click of a decision, from its row in delivery_events (the partition its decision's time names). */
export const findClick = async (db: DbOrTx, decisionId: string, decidedAt: Date): Promise<ClickRow | undefined> => {
  const [row] = rowsOf<ClickRow & { at: string | Date }>(
    await db.execute(sql`
      select e.at, e.valid, e.placement_id as "placementId", e.campaign_id as "campaignId", e.region, e.device,
        p.advertiser_id as "advertiserId"
      from delivery_events e left join placements p on p.id = e.placement_id
      where e.decision_id = ${decisionId}::uuid and e.kind = 3 and e.decided_at = ${decidedAt.toISOString()}::timestamptz`),
  );
  return row && { ...row, at: new Date(row.at), advertiserId: row.advertiserId === null ? null : Number(row.advertiserId) };
};

/** Settles a pending conversion; false when another transaction settled it first. */
export const settle = async (
  db: DbOrTx,
  id: number,
  set: { status: 'attributed' | 'unattributed'; reason: UnattributedReason | null; click?: ClickRow },
): Promise<boolean> => {
  const rows = await db
    .update(conversions)
    .set({
      status: set.status,
      reason: set.reason,
      clickedAt: set.click?.at ?? null,
      campaignId: set.click?.campaignId ?? null,
      placementId: set.click?.placementId ?? null,
    })
    .where(and(eq(conversions.id, id), eq(conversions.status, 'pending')))
    .returning({ id: conversions.id });
  return rows.length > 0;
};

/** Counts an attributed conversion in its click's placement's rollup, at the hour it was reported. */
export const addToRollup = async (db: DbOrTx, click: ClickRow, at: Date, valueMinor: number) => {
  await db.execute(sql`
    insert into placement_hourly as h (placement_id, hour, region, device, conversions, conversion_value_minor)
    values (${click.placementId}, date_trunc('hour', ${at.toISOString()}::timestamptz, 'UTC'), ${click.region}, ${click.device}, 1, ${valueMinor})
    on conflict (placement_id, hour, region, device)
    do update set conversions = h.conversions + 1, conversion_value_minor = h.conversion_value_minor + excluded.conversion_value_minor`);
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
