import type { AdFormat, AdSlotFormat, AdSlotStatus, BidStrategy, Daypart } from '@ads/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jsonOf, rowsOf, textArray } from '../../kit/sql';

// Delivery's SQL: what is served (loaded whole into memory), the events appended in batches with
// their rollups, the partitions of the events table, and the budget slices processes share.

// ---- What is served -------------------------------------------------------------------------

export interface SlotRow {
  id: number;
  tagKey: string;
  status: AdSlotStatus;
  publisherId: number;
  currency: string;
  format: AdSlotFormat;
  width: number;
  height: number;
  floorCpmMinor: number;
}

/** Every slot (a tag names its slot by key; an unknown key is refused without the database). */
export const loadSlots = async (db: DbOrTx) =>
  rowsOf<SlotRow>(
    await db.execute(sql`
      select s.id, s.tag_key as "tagKey", s.status, s.account_id as "publisherId", a.currency, s.format, s.width, s.height,
        s.floor_cpm_minor as "floorCpmMinor"
      from ad_slots s join accounts a on a.id = s.account_id`),
  );

export interface ServingRow {
  placementId: number;
  slotId: number;
  adId: number;
  campaignId: number;
  advertiserId: number;
  currency: string;
  startAt: Date | string | null;
  endAt: Date | string | null;
  dayparting: Daypart[] | string;
  strategy: BidStrategy;
  bidMinor: number;
  dailyBudgetMinor: number;
  totalBudgetMinor: number;
  spentMilli: number | string;
  impressions: number | string;
  clicks: number | string;
  capImpressions: number | null;
  capPeriod: 'day' | 'week' | null;
  regions: string[] | string;
  devices: string[] | string;
  kind: AdFormat;
  creativeId: number;
  posterKey: string | null;
  width: number;
  height: number;
  headline: string | null;
  description: string | null;
  landingUrl: string;
}

/**
 * Each approved, active placement on a live slot whose campaign is active and not disapproved
 * there, with what a decision needs of its campaign, group and ad. Schedule, dayparting, budget,
 * targeting, floor and caps are the decision's (rules.ts), so the funnel can tell them apart.
 */
export const loadServing = async (db: DbOrTx) =>
  rowsOf<ServingRow>(
    await db.execute(sql`
      select p.id as "placementId", p.slot_id as "slotId", a.id as "adId", c.id as "campaignId", c.account_id as "advertiserId",
        acc.currency, c.start_at as "startAt", c.end_at as "endAt", c.dayparting, c.bid_strategy as strategy,
        coalesce(g.bid_override_minor, c.max_bid_minor) as "bidMinor",
        c.daily_budget_minor as "dailyBudgetMinor", c.total_budget_minor as "totalBudgetMinor", c.spent_milli as "spentMilli",
        c.impressions, c.clicks, c.frequency_cap_impressions as "capImpressions", c.frequency_cap_period as "capPeriod",
        g.regions, g.devices, a.format as kind, cr.id as "creativeId", cr.poster_key as "posterKey", cr.width, cr.height,
        a.headline, a.description, a.landing_url as "landingUrl"
      from placements p
      join ad_slots s on s.id = p.slot_id and s.status = 'live'
      join campaigns c on c.id = p.campaign_id and c.status = 'active'
      join accounts acc on acc.id = c.account_id
      join ads a on a.id = p.ad_id
      join ad_groups g on g.id = a.ad_group_id
      join lateral (
        select i.id, null::text as poster_key, i.width, i.height from images i where a.format = 'image' and i.id = a.image_id and i.deleted_at is null
        union all
        select v.id, v.poster_key, v.width, v.height from videos v where a.format = 'video' and v.id = a.video_id and v.deleted_at is null
      ) cr on true
      where p.active and p.status = 'approved' and a.landing_url is not null
        and c.bid_strategy is not null and c.max_bid_minor is not null
        and c.daily_budget_minor is not null and c.total_budget_minor is not null
        and not exists (select 1 from slot_disapprovals d where d.account_id = c.account_id and d.slot_id = s.id)`),
  );

/** Where a placement's clicks lead (a click may come after its campaign stopped serving). */
export const landingOf = async (db: DbOrTx, placementId: number) =>
  rowsOf<{ landingUrl: string | null }>(
    await db.execute(sql`select a.landing_url as "landingUrl" from placements p join ads a on a.id = p.ad_id where p.id = ${placementId}`),
  )[0]?.landingUrl ?? undefined;

// ---- Events ---------------------------------------------------------------------------------

export interface EventRow {
  decidedAt: Date;
  /** 32 hex digits. */
  decisionId: string;
  kind: 1 | 2 | 3;
  at: Date;
  slotId: number;
  placementId: number | null;
  campaignId: number | null;
  region: string;
  device: string;
  bot: boolean;
  /** What the event costs when it is valid (milli). */
  priceMilli: number;
}

/** The events table's partition for a UTC day (YYYY-MM-DD). */
const partitionName = (day: string) => `delivery_events_p${day.replaceAll('-', '')}`;

/** Makes the day's partitions that do not exist yet (under a lock: two processes may ask at once). */
export const ensurePartitions = async (db: DbOrTx, days: string[]) => {
  if (!days.length) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('delivery_events partitions'))`);
    for (const day of days) {
      const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      await tx.execute(
        sql.raw(`create table if not exists ${partitionName(day)} partition of delivery_events for values from ('${day} 00:00:00+00') to ('${next} 00:00:00+00')`),
      );
    }
  });
};

/** Drops the partitions of days before `beforeDay` (the rollups keep their figures). */
export const dropPartitionsBefore = async (db: DbOrTx, beforeDay: string) => {
  const names = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      where p.relname = 'delivery_events'`),
  )
    .map((r) => r.name)
    .filter((name) => /^delivery_events_p\d{8}$/.test(name) && name < partitionName(beforeDay));
  for (const name of names) await db.execute(sql.raw(`drop table if exists ${name}`));
  return names.length;
};

const array = (values: readonly (string | number | boolean | null)[], type: string) =>
  sql`${`{${values.map((v) => (v === null ? 'NULL' : typeof v === 'boolean' ? (v ? 't' : 'f') : String(v))).join(',')}}`}::${sql.raw(type)}[]`;

export interface Charged {
  campaignId: number;
  spentMilli: number;
  impressions: number;
  clicks: number;
}

/**
 * Appends a batch and rolls it up, in one statement: a replayed event (same decision and kind) is
 * not inserted and so neither counted nor charged; a click is valid only after its impression (in
 * the table or this batch); bots are never valid. What was inserted is added to the slots' and
 * placements' hours; the campaigns' charges are returned for the caller's transaction.
 */
export const appendEvents = async (db: DbOrTx, events: EventRow[]) => {
  const result = await db.execute(sql`
    with b as (
      select * from unnest(
        ${array(
          events.map((e) => e.decidedAt.toISOString()),
          'timestamptz',
        )}, ${array(
          events.map((e) => e.decisionId),
          'uuid',
        )}, ${array(
          events.map((e) => e.kind),
          'smallint',
        )}, ${array(
          events.map((e) => e.at.toISOString()),
          'timestamptz',
        )}, ${array(
          events.map((e) => e.slotId),
          'int',
        )}, ${array(
          events.map((e) => e.placementId),
          'int',
        )}, ${array(
          events.map((e) => e.campaignId),
          'int',
        )}, ${textArray(events.map((e) => e.region))}, ${textArray(events.map((e) => e.device))}, ${array(
          events.map((e) => e.bot),
          'bool',
        )}, ${array(
          events.map((e) => e.priceMilli),
          'bigint',
        )}
      ) as b(decided_at, decision_id, kind, at, slot_id, placement_id, campaign_id, region, device, bot, price)
    ),
    -- A click is valid after its impression: in this batch (one hashed set) or already written.
    shown as (select decision_id from b where kind = 2),
    judged as (
      select b.*, not b.bot and (b.kind <> 3
        or b.decision_id in (select decision_id from shown)
        or exists (select 1 from delivery_events e where e.decision_id = b.decision_id and e.kind = 2 and e.decided_at = b.decided_at)) as valid
      from b
    ),
    ins as (
      insert into delivery_events (decided_at, decision_id, kind, at, slot_id, placement_id, campaign_id, region, device, valid, cost_milli)
      select decided_at, decision_id, kind, at, slot_id, placement_id, campaign_id, region, device, valid, case when valid then price else 0 end
      from judged
      on conflict do nothing
      returning kind, at, slot_id, placement_id, campaign_id, region, device, valid, cost_milli
    ),
    slot_hours as (
      insert into slot_hourly as h (slot_id, hour, region, device, requests, filled, invalid_requests)
      select i.slot_id, date_trunc('hour', i.at, 'UTC'), i.region, i.device,
        count(*) filter (where i.valid), count(*) filter (where i.valid and i.placement_id is not null), count(*) filter (where not i.valid)
      from ins i join ad_slots s on s.id = i.slot_id
      where i.kind = 1
      group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (slot_id, hour, region, device) do update set
        requests = h.requests + excluded.requests, filled = h.filled + excluded.filled,
        invalid_requests = h.invalid_requests + excluded.invalid_requests
      returning 1
    ),
    placement_hours as (
      insert into placement_hourly as h (placement_id, hour, region, device, impressions, clicks, invalid_impressions, invalid_clicks, spend_milli)
      select i.placement_id, date_trunc('hour', i.at, 'UTC'), i.region, i.device,
        count(*) filter (where i.kind = 2 and i.valid), count(*) filter (where i.kind = 3 and i.valid),
        count(*) filter (where i.kind = 2 and not i.valid), count(*) filter (where i.kind = 3 and not i.valid), sum(i.cost_milli)
      from ins i join placements p on p.id = i.placement_id
      where i.kind in (2, 3)
      group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (placement_id, hour, region, device) do update set
        impressions = h.impressions + excluded.impressions, clicks = h.clicks + excluded.clicks,
        invalid_impressions = h.invalid_impressions + excluded.invalid_impressions,
        invalid_clicks = h.invalid_clicks + excluded.invalid_clicks, spend_milli = h.spend_milli + excluded.spend_milli
      returning 1
    )
    select
      (select count(*) from ins)::int as inserted,
      (select count(*) from slot_hours)::int + (select count(*) from placement_hours)::int as "rolledUp",
      coalesce((select json_agg(x order by x."campaignId") from (
        select campaign_id as "campaignId", sum(cost_milli)::float8 as "spentMilli",
          count(*) filter (where kind = 2 and valid)::int as impressions, count(*) filter (where kind = 3 and valid)::int as clicks
        from ins where campaign_id is not null and kind in (2, 3) group by campaign_id) x), '[]'::json) as charged`);
  const row = rowsOf<{ inserted: number; rolledUp: number; charged: unknown }>(result)[0]!;
  const charged = jsonOf<Charged[]>(row.charged);
  return { inserted: row.inserted, charged };
};

// ---- Budget slices --------------------------------------------------------------------------

export interface Exchange {
  campaignId: number;
  /** The UTC day the process's current slice was taken on (null: it holds none). */
  heldDay: string | null;
  /** What the process holds (granted since its last exchange), and of it what it did not use. */
  heldMilli: number;
  unusedMilli: number;
  today: string;
  /** The most the day may have handed out by now (the paced share of the daily budget). */
  pacedDailyMilli: number;
  /** How much to take now (0: only give back). */
  wantMilli: number;
}

/**
 * Gives back what a process did not use and takes a new slice, under the campaign's pacing row
 * lock: a grant never lifts the day's handed-out amount above its paced share of the daily budget,
 * nor the amount held by all processes above the total budget not yet spent. Answers the grant.
 */
export const exchangeSlice = async (db: DbOrTx, x: Exchange): Promise<number> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`insert into campaign_pacing (campaign_id, day) values (${x.campaignId}, ${x.today}) on conflict do nothing`);
    const row = rowsOf<{ day: string; dayReserved: number | string; held: number | string; totalMilli: number | string | null; spentMilli: number | string }>(
      await tx.execute(sql`
        select p.day::text as day, p.day_reserved_milli as "dayReserved", p.held_milli as held,
          c.total_budget_minor * 1000 as "totalMilli", c.spent_milli as "spentMilli"
        from campaign_pacing p join campaigns c on c.id = p.campaign_id
        where p.campaign_id = ${x.campaignId}
        for update of p`),
    )[0];
    if (!row) return 0;
    let dayReserved = row.day === x.today ? Number(row.dayReserved) : 0;
    // What comes back: the unused part of today's slice returns to today's budget; all of it leaves "held".
    if (x.heldDay === x.today) dayReserved = Math.max(0, dayReserved - x.unusedMilli);
    const held = Math.max(0, Number(row.held) - x.heldMilli);
    const totalRoom = row.totalMilli === null ? 0 : Number(row.totalMilli) - Number(row.spentMilli) - held;
    const grant = Math.max(0, Math.min(x.wantMilli, x.pacedDailyMilli - dayReserved, totalRoom));
    await tx.execute(sql`
      update campaign_pacing set day = ${x.today}, day_reserved_milli = ${dayReserved + grant}, held_milli = ${held + grant}
      where campaign_id = ${x.campaignId}`);
    return grant;
  });

// ---- The funnel -----------------------------------------------------------------------------

export interface FunnelCampaign {
  id: number;
  status: string;
  currency: string;
  startAt: Date | string | null;
  endAt: Date | string | null;
  dayparting: Daypart[] | string;
  strategy: BidStrategy | null;
  dailyBudgetMinor: number | string | null;
  totalBudgetMinor: number | string | null;
  spentMilli: number | string;
  impressions: number | string;
  clicks: number | string;
  pacingDay: string | null;
  dayReservedMilli: number | string | null;
}

/** A campaign's settings and figures as the funnel's checks read them, with today's pacing. */
export const funnelCampaign = async (db: DbOrTx, id: number) =>
  rowsOf<FunnelCampaign>(
    await db.execute(sql`
      select c.id, c.status, a.currency, c.start_at as "startAt", c.end_at as "endAt", c.dayparting, c.bid_strategy as strategy,
        c.daily_budget_minor as "dailyBudgetMinor", c.total_budget_minor as "totalBudgetMinor", c.spent_milli as "spentMilli",
        c.impressions, c.clicks, p.day::text as "pacingDay", p.day_reserved_milli as "dayReservedMilli"
      from campaigns c join accounts a on a.id = c.account_id left join campaign_pacing p on p.campaign_id = c.id
      where c.id = ${id}`),
  )[0];
