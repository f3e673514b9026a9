import { AD_SLOT_STATUSES, type AdSlotSortField, type AdSlotStatus } from '@ads/contracts';
import { and, asc, desc, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { adSlotReviews, adSlots } from '../../db/schema/ad-slots';
import { accounts, users } from '../../db/schema/identity';
import { inScope, ownedKind, type Scope } from '../../kit/access';
import { queueFirstPage } from '../../kit/paging';
import { escapeLike, rowsOf, textArray } from '../../kit/sql';

/** Ad slots belong to the publisher's account; staff (adslot.review) read every account's. */
export const adSlotKind = ownedKind({ what: 'The ad slot', table: adSlots, id: adSlots.id, owner: adSlots.accountId });

export const AD_SLOT_CODE_INDEX = 'ad_slots_code_unique';

export type AdSlotRow = typeof adSlots.$inferSelect;
export type NewAdSlot = typeof adSlots.$inferInsert;
/** A slot with its account's name and currency. */
export type AdSlotListRow = AdSlotRow & { accountName: string; currency: string };

const listColumns = { ...getTableColumns(adSlots), accountName: accounts.name, currency: accounts.currency };

export const findAdSlot = async (db: DbOrTx, id: number, scope: Scope): Promise<AdSlotListRow | undefined> => {
  const [row] = await db
    .select(listColumns)
    .from(adSlots)
    .innerJoin(accounts, eq(accounts.id, adSlots.accountId))
    .where(and(eq(adSlots.id, id), inScope(adSlotKind, scope)));
  return row;
};

export const insertAdSlot = async (db: DbOrTx, values: NewAdSlot) => {
  const [row] = await db.insert(adSlots).values(values).returning();
  return row!;
};

/** Updates the slot when it is still at `version` and in one of `statuses` (one statement); undefined otherwise. */
export const updateAdSlotAt = async (
  db: DbOrTx,
  id: number,
  version: number,
  statuses: readonly AdSlotStatus[],
  set: Partial<NewAdSlot> & { updatedAt: Date },
) => {
  const [row] = await db
    .update(adSlots)
    .set({ ...set, version: sql`${adSlots.version} + 1` })
    .where(and(eq(adSlots.id, id), eq(adSlots.version, version), sql`${adSlots.status} = any(${textArray(statuses)})`))
    .returning();
  return row;
};

/** Updates the slot when it is in one of `statuses`, whatever its version (a status change request's decision); undefined otherwise. */
export const updateAdSlotFrom = async (db: DbOrTx, id: number, statuses: readonly AdSlotStatus[], set: Partial<NewAdSlot> & { updatedAt: Date }) => {
  const [row] = await db
    .update(adSlots)
    .set({ ...set, version: sql`${adSlots.version} + 1` })
    .where(and(eq(adSlots.id, id), sql`${adSlots.status} = any(${textArray(statuses)})`))
    .returning();
  return row;
};

export const deleteAdSlotAt = async (db: DbOrTx, id: number, version: number, status: AdSlotStatus) => {
  const rows = await db
    .delete(adSlots)
    .where(and(eq(adSlots.id, id), eq(adSlots.version, version), eq(adSlots.status, status)))
    .returning({ id: adSlots.id });
  return rows.length > 0;
};

export interface AdSlotQuery {
  scope: Scope;
  search?: string;
  statuses?: AdSlotStatus[];
  format?: string;
  queueFirst?: boolean;
  sort: AdSlotSortField;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const sortColumn = (field: AdSlotSortField): SQL => (field === 'name' ? sql`lower(${adSlots.name})` : sql`${adSlots[field]}`);

export const listAdSlots = async (db: DbOrTx, q: AdSlotQuery) => {
  const pattern = q.search ? `%${escapeLike(q.search)}%` : undefined;
  const where = and(
    inScope(adSlotKind, q.scope),
    pattern
      ? or(sql`lower(${adSlots.name}) like lower(${pattern})`, sql`${adSlots.code} like lower(${pattern})`, sql`${adSlots.propertyId} like lower(${pattern})`)
      : undefined,
    q.statuses?.length ? sql`${adSlots.status} = any(${textArray(q.statuses)})` : undefined,
    q.format ? eq(adSlots.format, q.format as AdSlotRow['format']) : undefined,
  );
  const dir = q.order === 'asc' ? asc : desc;
  const column = dir(sortColumn(q.sort));
  const order = [q.sort === 'submittedAt' && q.order === 'desc' ? sql`${column} nulls last` : column, dir(adSlots.id)];
  const countOf = async (condition: SQL | undefined) => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(adSlots).where(condition);
    return Number(row?.n ?? 0);
  };
  // One statement a page: the ordered ids (one index walk), then only those rows with their account.
  const pageOf = (condition: SQL | undefined, by: SQL[], limit: number, offset: number): Promise<AdSlotListRow[]> => {
    if (limit <= 0) return Promise.resolve([]);
    const ids = db.select({ id: adSlots.id }).from(adSlots).where(condition).orderBy(...by).limit(limit).offset(offset);
    return db
      .select(listColumns)
      .from(sql`unnest(array(${ids})) with ordinality as page(id, ord)`)
      .innerJoin(adSlots, sql`${adSlots.id} = page.id`)
      .innerJoin(accounts, eq(accounts.id, adSlots.accountId))
      .orderBy(sql`page.ord`);
  };
  if (!q.queueFirst) {
    const [items, total] = await Promise.all([pageOf(where, order, q.limit, q.offset), countOf(where)]);
    return { items, total };
  }
  const waiting = and(where, eq(adSlots.status, 'pending_review'));
  const others = and(where, sql`${adSlots.status} <> 'pending_review'`);
  return queueFirstPage({
    queued: 'pending_review',
    statuses: q.statuses,
    all: AD_SLOT_STATUSES,
    limit: q.limit,
    offset: q.offset,
    count: (queue) => countOf(queue ? waiting : others),
    page: (queue, limit, offset) => (queue ? pageOf(waiting, [asc(adSlots.submittedAt), asc(adSlots.id)], limit, offset) : pageOf(others, order, limit, offset)),
  });
};

export const insertReview = async (db: DbOrTx, values: typeof adSlotReviews.$inferInsert) => {
  const [row] = await db.insert(adSlotReviews).values(values).returning();
  return row!;
};

export const reviewsOf = (db: DbOrTx, slotId: number) =>
  db
    .select({ ...getTableColumns(adSlotReviews), actorName: users.name })
    .from(adSlotReviews)
    .leftJoin(users, eq(users.id, adSlotReviews.actorId))
    .where(eq(adSlotReviews.slotId, slotId))
    .orderBy(desc(adSlotReviews.at), desc(adSlotReviews.id));

/** What a tag call showed: the page's host (or the app's bundle id) and the slot's size and format. */
export interface TagCall {
  host: string | null;
  width: number;
  height: number;
  format: string;
  at: Date;
}

/**
 * Keeps a tag's call on its slot, at most once a minute unless what it shows changed (one
 * statement: no read before the write). The slot's id, or undefined for an unknown key.
 */
export const recordTagCall = async (db: DbOrTx, tagKey: string, call: TagCall): Promise<number | undefined> => {
  const since = new Date(call.at.getTime() - 60_000);
  const result = await db.execute(sql`
    with slot as (select ${adSlots.id} as id from ${adSlots} where ${adSlots.tagKey} = ${tagKey}),
    kept as (
      update ${adSlots} set
        tag_seen_at = ${call.at}, tag_seen_host = ${call.host},
        tag_seen_width = ${call.width}, tag_seen_height = ${call.height}, tag_seen_format = ${call.format}
      where id = (select id from slot)
        and (tag_seen_at is null or tag_seen_at < ${since}
          or tag_seen_host is distinct from ${call.host} or tag_seen_width is distinct from ${call.width}
          or tag_seen_height is distinct from ${call.height} or tag_seen_format is distinct from ${call.format})
      returning id
    )
    select (select id from slot) as id`);
  const id = rowsOf<{ id: number | null }>(result)[0]?.id;
  return id ?? undefined;
};
