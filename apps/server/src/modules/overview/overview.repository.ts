import { MILLI_PER_MINOR, OVERVIEW_TOP, type Daypart } from '@ads/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { intArray, rowsOf } from '../../kit/sql';

// What the dashboards show beside the reports' figures: records by status, to-dos and queues.
// `accountId` undefined: every account's (staff; the service decides).

const ofAccount = (column: SQL, accountId: number | undefined) => (accountId === undefined ? sql`true` : sql`${column} = ${accountId}`);

/** Records by status (none listed: the account has none). */
export const statusCounts = async (db: DbOrTx, table: 'campaigns' | 'ad_slots', accountId: number | undefined) =>
  rowsOf<{ status: string; count: number }>(
    await db.execute(sql`select status, count(*)::int as count from ${sql.raw(table)} where ${ofAccount(sql`account_id`, accountId)} group by status`),
  );

export const statusesOf = async (db: DbOrTx, table: 'campaigns' | 'ad_slots', ids: number[]) =>
  new Map(
    rowsOf<{ id: number; status: string }>(await db.execute(sql`select id, status from ${sql.raw(table)} where id = any(${intArray(ids)})`)).map((r) => [
      Number(r.id),
      r.status,
    ]),
  );

/** Active campaigns with a daily budget, and what they spent since `dayStart` (the UTC day). */
export const pacingRows = async (db: DbOrTx, accountId: number | undefined, dayStart: Date) =>
  rowsOf<{ id: number; name: string; dailyBudgetMinor: number | string; dayparting: Daypart[] | string; spentMilli: number | string }>(
    await db.execute(sql`
      select c.id, c.name, c.daily_budget_minor as "dailyBudgetMinor", c.dayparting,
        coalesce((select sum(h.spend_milli) from placements p join placement_hourly h on h.placement_id = p.id
                  where p.campaign_id = c.id and h.hour >= ${dayStart}), 0) as "spentMilli"
      from campaigns c
      where c.status = 'active' and c.daily_budget_minor > 0 and ${ofAccount(sql`c.account_id`, accountId)}`),
  ).map((r) => ({ ...r, dailyBudget: Number(r.dailyBudgetMinor), spentToday: Number(r.spentMilli) / MILLI_PER_MINOR }));

/** The newest rejected campaigns and drafts (with the reviewer's reason), a few of each. */
export const campaignsToAct = async (db: DbOrTx, accountId: number) =>
  rowsOf<{ kind: 'rejected' | 'draft'; id: number; name: string; reason: string | null; at: string }>(
    await db.execute(sql`
      (select 'rejected' as kind, id, name, review_reason as reason, coalesce(reviewed_at, updated_at) as at
         from campaigns where account_id = ${accountId} and status = 'rejected' order by updated_at desc limit ${OVERVIEW_TOP})
      union all
      (select 'draft', id, name, null, updated_at
         from campaigns where account_id = ${accountId} and status = 'draft' order by updated_at desc limit ${OVERVIEW_TOP})`),
  );

/** Active campaigns that showed no impression since `since`, oldest start first. */
export const idleCampaigns = async (db: DbOrTx, accountId: number, since: Date) =>
  rowsOf<{ id: number; name: string; at: string }>(
    await db.execute(sql`
      select c.id, c.name, coalesce(c.start_at, c.updated_at) as at from campaigns c
      where c.account_id = ${accountId} and c.status = 'active'
        and not exists (
          select 1 from placements p join placement_hourly h on h.placement_id = p.id
          where p.campaign_id = c.id and h.hour >= ${since} and h.impressions > 0)
      order by c.start_at nulls last, c.id limit ${OVERVIEW_TOP}`),
  );

/** Placements waiting for their publisher's review: how many, and the oldest few. */
export const pendingPlacements = async (db: DbOrTx, accountId: number | undefined) => {
  const where = sql`p.status = 'pending' and p.active and ${ofAccount(sql`p.publisher_id`, accountId)}`;
  const [count, items] = await Promise.all([
    db.execute(sql`select count(*)::int as count from placements p where ${where}`),
    db.execute(sql`
      select p.id, c.name as campaign, a.name as advertiser, s.name as slot, p.created_at as since
      from placements p join campaigns c on c.id = p.campaign_id join accounts a on a.id = p.advertiser_id join ad_slots s on s.id = p.slot_id
      where ${where} order by p.created_at, p.id limit ${OVERVIEW_TOP}`),
  ]);
  return {
    count: Number(rowsOf<{ count: number }>(count)[0]?.count ?? 0),
    items: rowsOf<{ id: number; campaign: string; advertiser: string; slot: string; since: string | Date }>(items),
  };
};

/** Staff's queues: campaigns and ad slots waiting for review, placements waiting for their publishers. */
export const reviewQueues = async (db: DbOrTx) =>
  rowsOf<{ campaigns: number; adSlots: number; placements: number }>(
    await db.execute(sql`
      select (select count(*) from campaigns where status = 'pending_review')::int as campaigns,
        (select count(*) from ad_slots where status = 'pending_review')::int as "adSlots",
        (select count(*) from placements where status = 'pending' and active)::int as placements`),
  )[0]!;
