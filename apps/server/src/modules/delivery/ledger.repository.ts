import { PUBLISHER_REVENUE_SHARE } from '@ads/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../kit/sql';

// The reconciliation of money (the `delivery.reconcile` job and the tests): every way the platform
// counts a charge must agree with the ledger to the milli, and no campaign may have spent past a
// budget (a day's as it was that day: a live campaign's daily budget may change). Each check
// answers the rows that disagree (none when the books balance).

export interface Mismatch {
  check:
    | 'campaignSpend'
    | 'campaignRollup'
    | 'placementRollup'
    | 'rawEvents'
    | 'publisherShare'
    | 'totalBudget'
    | 'dailyBudget';
  /** What disagrees (a campaign, a placement and hour, a publisher). */
  subject: string;
  expected: string;
  actual: string;
}

const LIMIT = 50;

/** Every disagreement between the ledger, the campaigns' spend, the rollups and the retained raw events (at most 50 of each). */
export const reconcile = async (db: DbOrTx): Promise<Mismatch[]> => {
  const share = sql.raw(`${PUBLISHER_REVENUE_SHARE}::numeric`);
  const rows = rowsOf<Mismatch>(
    await db.execute(sql`
      with ledger_by_campaign as (select campaign_id, sum(amount_milli) as amount from ledger_entries group by 1),
      ledger_by_placement_hour as (
        select placement_id, date_trunc('hour', at, 'UTC') as hour, sum(amount_milli) as amount from ledger_entries group by 1, 2),
      ledger_by_campaign_hour as (
        select campaign_id, date_trunc('hour', at, 'UTC') as hour, sum(amount_milli) as amount from ledger_entries group by 1, 2),
      placement_rollup as (select placement_id, hour, sum(spend_milli) as spend, sum(impressions) as impressions, sum(clicks) as clicks
        from placement_hourly group by 1, 2),
      -- Raw events are kept by day of decision; an event received an hour is decided at most a day
      -- before (a click's link lives CLICK_LINK_HOURS), so hours from the day after the oldest kept
      -- partition's have all their events.
      kept as (select min(e.decided_at) as since from delivery_events e),
      raw as (
        select placement_id, date_trunc('hour', at, 'UTC') as hour, sum(cost_milli) as spend,
          count(*) filter (where kind = 2 and valid) as impressions, count(*) filter (where kind = 3 and valid) as clicks
        from delivery_events where kind in (2, 3) and placement_id is not null group by 1, 2)
      (select 'campaignSpend' as check, 'campaign ' || c.id as subject, coalesce(l.amount, 0)::text as expected, c.spent_milli::text as actual
        from campaigns c left join ledger_by_campaign l on l.campaign_id = c.id
        where c.spent_milli <> coalesce(l.amount, 0) limit ${LIMIT})
      union all
      (select 'campaignRollup', 'campaign ' || coalesce(l.campaign_id, r.campaign_id) || ' at ' || coalesce(l.hour, r.hour),
          coalesce(l.amount, 0)::text, coalesce(r.spend_milli, 0)::text
        from ledger_by_campaign_hour l full join campaign_hourly r on r.campaign_id = l.campaign_id and r.hour = l.hour
        where coalesce(l.amount, 0) <> coalesce(r.spend_milli, 0) limit ${LIMIT})
      union all
      (select 'placementRollup', 'placement ' || coalesce(l.placement_id, r.placement_id) || ' at ' || coalesce(l.hour, r.hour),
          coalesce(l.amount, 0)::text, coalesce(r.spend, 0)::text
        from ledger_by_placement_hour l full join placement_rollup r on r.placement_id = l.placement_id and r.hour = l.hour
        where coalesce(l.amount, 0) <> coalesce(r.spend, 0) limit ${LIMIT})
      union all
      (select 'rawEvents', 'placement ' || coalesce(e.placement_id, r.placement_id) || ' at ' || coalesce(e.hour, r.hour),
          concat_ws('/', coalesce(e.spend, 0), coalesce(e.impressions, 0), coalesce(e.clicks, 0)),
          concat_ws('/', coalesce(r.spend, 0), coalesce(r.impressions, 0), coalesce(r.clicks, 0))
        from raw e full join placement_rollup r on r.placement_id = e.placement_id and r.hour = e.hour
        cross join kept
        where kept.since is not null and coalesce(e.hour, r.hour) >= date_trunc('day', kept.since, 'UTC') + interval '1 day'
          and (coalesce(e.spend, 0) <> coalesce(r.spend, 0) or coalesce(e.impressions, 0) <> coalesce(r.impressions, 0)
            or coalesce(e.clicks, 0) <> coalesce(r.clicks, 0))
        limit ${LIMIT})
      union all
      (select 'publisherShare', 'publisher ' || publisher_id, (sum(amount_milli) * ${share})::text, sum(publisher_milli)::text
        from ledger_entries group by publisher_id having sum(publisher_milli) <> sum(amount_milli) * ${share} limit ${LIMIT})
      union all
      (select 'totalBudget', 'campaign ' || id, (total_budget_minor * 1000)::text, spent_milli::text
        from campaigns where total_budget_minor is not null and spent_milli > total_budget_minor * 1000 limit ${LIMIT})
      union all
      -- A day's spend against the daily budget in force that day: the highest it was on a day it
      -- changed; on another day, the budget the next change found (its opening), else today's.
      (select 'dailyBudget', 'campaign ' || c.id || ' on ' || d.day, l.milli::text, d.spend::text
        from (select campaign_id, (hour at time zone 'UTC')::date as day, sum(spend_milli) as spend from campaign_hourly group by 1, 2) d
        join campaigns c on c.id = d.campaign_id
        cross join lateral (select coalesce(
          (select b.highest_milli from campaign_budget_days b where b.campaign_id = d.campaign_id and b.day = d.day),
          (select b.opening_milli from campaign_budget_days b where b.campaign_id = d.campaign_id and b.day > d.day order by b.day limit 1),
          c.daily_budget_minor * 1000) as milli) l
        where c.daily_budget_minor is not null and d.spend > l.milli limit ${LIMIT})`),
  );
  return rows.map((r) => ({ ...r, subject: String(r.subject), expected: String(r.expected), actual: String(r.actual) }));
};
