import { INVALID_TRAFFIC_DAYS, PUBLISHER_REVENUE_SHARE, type AdFormat, type AdSlotFormat, type AdSlotStatus, type BidStrategy, type Daypart } from '@ads/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { intArray, jsonOf, plainArray, rowsOf, textArray } from '../../kit/sql';
import { hourOf, type JudgedEvent, type Room } from './charges';

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
      -- A suspended or closed account neither buys nor sells (accounts' status update reloads this).
      join accounts acc on acc.id = c.account_id and acc.status = 'active'
      join accounts pub on pub.id = s.account_id and pub.status = 'active'
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
  /** The receipt's user agent is a bot's (or none). */
  bot: boolean;
  /** The decision was made for invalid traffic (its signed token says so): never charged, whoever fires the link. */
  flagged: boolean;
  /** The client's address, hashed (clicks: their per-address rate); null when not kept. */
  address: string | null;
  /** What the event costs when it is valid (milli). */
  priceMilli: number;
  /** An impression's browser (its VIEWER_COOKIE): what a view-through conversion is credited by; null otherwise. */
  viewer: string | null;
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

/** Drops the partitions of days before `beforeDay` (the rollups and the ledger keep their figures), and old click rates. */
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


/**
 * Locks the campaigns a batch may charge, in id order (two writers never deadlock), for the rest
 * of the transaction: every charge to a campaign is decided by one writer at a time.
 */
export const lockCampaigns = async (tx: DbOrTx, ids: readonly number[]) => {
  if (ids.length) await tx.execute(sql`select id from campaigns where id = any(${intArray(ids)}) order by id for update`);
};

/**
 * The campaigns' budgets and spend (milli), with their spend on each of `days` (UTC) from the
 * campaign rollup. Read after `lockCampaigns`, in a statement of its own: it sees every charge
 * committed before the lock was granted.
 */
export const roomsOf = async (tx: DbOrTx, ids: readonly number[], days: readonly string[]): Promise<Map<number, Room>> => {
  const rooms = new Map<number, Room>();
  if (!ids.length) return rooms;
  const from = [...days].sort()[0]!;
  const to = new Date(Date.parse(`${[...days].sort().at(-1)!}T00:00:00Z`) + 86_400_000);
  const rows = rowsOf<{ id: number; daily: string | number | null; total: string | number | null; spent: string | number; days: unknown }>(
    await tx.execute(sql`
      select c.id, c.daily_budget_minor * 1000 as daily, c.total_budget_minor * 1000 as total, c.spent_milli as spent,
        coalesce((select json_agg(json_build_object('day', d.day, 'spent', d.spent)) from (
          select to_char(h.hour at time zone 'UTC', 'YYYY-MM-DD') as day, sum(h.spend_milli)::float8 as spent
          from campaign_hourly h where h.campaign_id = c.id and h.hour >= ${`${from}T00:00:00Z`}::timestamptz and h.hour < ${to.toISOString()}::timestamptz
          group by 1) d), '[]'::json) as days
      from campaigns c where c.id = any(${intArray(ids)})`),
  );
  for (const r of rows) {
    rooms.set(Number(r.id), {
      dailyMilli: r.daily === null ? 0 : Number(r.daily),
      totalMilli: r.total === null ? 0 : Number(r.total),
      spentMilli: Number(r.spent),
      daySpentMilli: new Map(jsonOf<{ day: string; spent: number }[]>(r.days).map((d) => [d.day, Number(d.spent)])),
    });
  }
  return rooms;
};

/** Of these events (impressions and clicks), those already written: when each was received and whether it counted. */
export const writtenOf = async (tx: DbOrTx, keys: readonly Pick<EventRow, 'decisionId' | 'kind' | 'decidedAt'>[]) => {
  const written = new Map<string, { at: number; valid: boolean }>();
  if (!keys.length) return written;
  const rows = rowsOf<{ decisionId: string; kind: number; decidedAt: string | Date; at: string | Date; valid: boolean }>(
    await tx.execute(sql`
      select replace(k.decision_id::text, '-', '') as "decisionId", k.kind, k.decided_at as "decidedAt", e.at, e.valid
      from unnest(${plainArray(
        keys.map((k) => k.decisionId),
        'uuid',
      )}, ${plainArray(
        keys.map((k) => k.kind),
        'smallint',
      )}, ${plainArray(
        keys.map((k) => k.decidedAt.toISOString()),
        'timestamptz',
      )}) as k(decision_id, kind, decided_at)
      -- One index probe per key (LATERAL … LIMIT 1): as a plain join PostgreSQL merges over the whole
      -- day's partition, 145 ms a batch once a day holds 640,000 events.
      cross join lateral (
        select x.at, x.valid from delivery_events x
        where x.decision_id = k.decision_id and x.kind = k.kind and x.decided_at = k.decided_at limit 1
      ) e`),
  );
  for (const r of rows) {
    written.set(`${r.decisionId}:${r.kind}:${new Date(r.decidedAt).getTime()}`, { at: new Date(r.at).getTime(), valid: r.valid });
  }
  return written;
};

/** Valid clicks so far for these (address, campaign, hour) buckets, by charges.ts `rateKey`. */
export const clickRatesOf = async (tx: DbOrTx, buckets: readonly { address: string; campaignId: number; hour: Date }[]) => {
  const rates = new Map<string, number>();
  if (!buckets.length) return rates;
  const rows = rowsOf<{ address: string; campaignId: number; hour: string | Date; clicks: number }>(
    await tx.execute(sql`
      select r.address, r.campaign_id as "campaignId", r.hour, r.clicks
      from unnest(${textArray(buckets.map((b) => b.address))}, ${intArray(buckets.map((b) => b.campaignId))}, ${plainArray(
        buckets.map((b) => b.hour.toISOString()),
        'timestamptz',
      )}) as k(address, campaign_id, hour)
      join click_rates r on r.address = k.address and r.campaign_id = k.campaign_id and r.hour = k.hour`),
  );
  for (const r of rows) rates.set(`${r.address}:${r.campaignId}:${new Date(r.hour).getTime()}`, Number(r.clicks));
  return rates;
};

export const addClickRates = async (tx: DbOrTx, add: readonly { address: string; campaignId: number; hour: Date; clicks: number }[]) => {
  if (!add.length) return;
  await tx.execute(sql`
    insert into click_rates as r (address, campaign_id, hour, clicks)
    select * from unnest(${textArray(add.map((a) => a.address))}, ${intArray(add.map((a) => a.campaignId))}, ${plainArray(
      add.map((a) => a.hour.toISOString()),
      'timestamptz',
    )}, ${intArray(add.map((a) => a.clicks))})
    on conflict (address, campaign_id, hour) do update set clicks = r.clicks + excluded.clicks`);
};

/** Click rates of hours before `before` are no longer read. */
export const dropClickRatesBefore = async (db: DbOrTx, before: Date) => {
  await db.execute(sql`delete from click_rates where hour < ${before.toISOString()}::timestamptz`);
};

/** Requests of a batch counted without rows of their own (a local log's, BatchOrigin): by slot, hour, region and device. */
export interface RequestCount {
  slotId: number;
  hour: Date;
  region: string;
  device: string;
  requests: number;
  filled: number;
  invalid: number;
}

/** The last position of a local event log written (null: none yet), locked for the batch's transaction. */
export const logMarkOf = async (tx: DbOrTx, log: string) => {
  const row = rowsOf<{ segment: string | number; line: number }>(
    await tx.execute(sql`select segment, line from delivery_log_marks where log = ${log}::uuid for update`),
  )[0];
  return row ? { segment: Number(row.segment), line: Number(row.line) } : null;
};

export const setLogMark = async (tx: DbOrTx, log: string, mark: { segment: number; line: number }) => {
  await tx.execute(sql`
    insert into delivery_log_marks (log, segment, line) values (${log}::uuid, ${mark.segment}, ${mark.line})
    on conflict (log) do update set segment = excluded.segment, line = excluded.line, updated_at = now()`);
};

/** Forgets the marks of logs not written since `before` (a log emptied and started again has a new name). */
export const dropLogMarksBefore = async (db: DbOrTx, before: Date) => {
  await db.execute(sql`delete from delivery_log_marks where updated_at < ${before.toISOString()}::timestamptz`);
};

export interface Charged {
  campaignId: number;
  spentMilli: number;
  impressions: number;
  clicks: number;
}

/**
 * Appends a judged batch (charges.ts) and rolls it up, in one statement: each event with what it
 * was charged, its rollups (a duplicate only as an invalid count), and a ledger row per charge with
 * the publisher's share. A request already written (a replay) is not inserted again; `requests` are
 * counted into the slots' rollup without rows. The campaigns' charges are returned for the caller's
 * transaction.
 */
export const appendEvents = async (db: DbOrTx, events: readonly JudgedEvent[], requests: readonly RequestCount[] = []) => {
  const result = await db.execute(sql`
    with b as (
      select * from unnest(
        ${plainArray(
          events.map((e) => e.decidedAt.toISOString()),
          'timestamptz',
        )}, ${plainArray(
          events.map((e) => e.decisionId),
          'uuid',
        )}, ${plainArray(
          events.map((e) => e.kind),
          'smallint',
        )}, ${plainArray(
          events.map((e) => e.at.toISOString()),
          'timestamptz',
        )}, ${plainArray(
          events.map((e) => e.slotId),
          'int',
        )}, ${plainArray(
          events.map((e) => e.placementId),
          'int',
        )}, ${plainArray(
          events.map((e) => e.campaignId),
          'int',
        )}, ${textArray(events.map((e) => e.region))}, ${textArray(events.map((e) => e.device))}, ${plainArray(
          events.map((e) => e.valid),
          'bool',
        )}, ${plainArray(
          events.map((e) => e.costMilli),
          'bigint',
        )}, ${plainArray(
          events.map((e) => e.duplicate),
          'bool',
        )}, ${plainArray(
          events.map((e) => e.viewer),
          'text',
        )}
      ) as b(decided_at, decision_id, kind, at, slot_id, placement_id, campaign_id, region, device, valid, cost, duplicate, viewer)
    ),
    ins as (
      insert into delivery_events (decided_at, decision_id, kind, at, slot_id, placement_id, campaign_id, region, device, valid, cost_milli, viewer)
      select decided_at, decision_id, kind, at, slot_id, placement_id, campaign_id, region, device, valid, cost, viewer
      from b where not duplicate
      on conflict do nothing
      returning decision_id, kind, at, slot_id, placement_id, campaign_id, region, device, valid, cost_milli
    ),
    counted as (
      select kind, at, placement_id, region, device, valid, cost_milli from ins
      union all
      select kind, at, placement_id, region, device, false, 0 from b where duplicate
    ),
    requested as (
      select i.slot_id, date_trunc('hour', i.at, 'UTC') as hour, i.region, i.device,
        i.valid::int as requests, (i.valid and i.placement_id is not null)::int as filled, (not i.valid)::int as invalid
      from ins i where i.kind = 1
      union all
      select * from unnest(${intArray(requests.map((r) => r.slotId))}, ${plainArray(
        requests.map((r) => r.hour.toISOString()),
        'timestamptz',
      )}, ${textArray(requests.map((r) => r.region))}, ${textArray(requests.map((r) => r.device))}, ${intArray(
        requests.map((r) => r.requests),
      )}, ${intArray(requests.map((r) => r.filled))}, ${intArray(requests.map((r) => r.invalid))})
    ),
    slot_hours as (
      insert into slot_hourly as h (slot_id, hour, region, device, requests, filled, invalid_requests)
      select i.slot_id, i.hour, i.region, i.device, sum(i.requests), sum(i.filled), sum(i.invalid)
      from requested i join ad_slots s on s.id = i.slot_id
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
      from counted i join placements p on p.id = i.placement_id
      where i.kind in (2, 3)
      group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (placement_id, hour, region, device) do update set
        impressions = h.impressions + excluded.impressions, clicks = h.clicks + excluded.clicks,
        invalid_impressions = h.invalid_impressions + excluded.invalid_impressions,
        invalid_clicks = h.invalid_clicks + excluded.invalid_clicks, spend_milli = h.spend_milli + excluded.spend_milli
      returning 1
    ),
    ledger as (
      insert into ledger_entries (at, campaign_id, placement_id, publisher_id, decision_id, kind, amount_milli, publisher_milli)
      select i.at, i.campaign_id, i.placement_id, p.publisher_id, i.decision_id, i.kind, i.cost_milli,
        i.cost_milli * ${String(PUBLISHER_REVENUE_SHARE)}::numeric
      from ins i join placements p on p.id = i.placement_id
      where i.cost_milli > 0
      returning 1
    )
    select
      (select count(*) from ins)::int as inserted,
      (select count(*) from slot_hours)::int + (select count(*) from placement_hours)::int + (select count(*) from ledger)::int as "written",
      coalesce((select json_agg(x order by x."campaignId") from (
        select campaign_id as "campaignId", sum(cost_milli)::float8 as "spentMilli",
          count(*) filter (where kind = 2 and valid)::int as impressions, count(*) filter (where kind = 3 and valid)::int as clicks
        from ins where campaign_id is not null and kind in (2, 3) group by campaign_id) x), '[]'::json) as charged`);
  const row = rowsOf<{ inserted: number; charged: unknown }>(result)[0]!;
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
  /** Today's (UTC) spend so far. */
  todaySpentMilli: number | string;
  /** The highest daily budget of today when it changed today (campaign_budget_days), else null. */
  todayHighestMilli: number | string | null;
}

/** A campaign's settings and figures as the funnel's checks read them, with today's pacing and spend. */
export const funnelCampaign = async (db: DbOrTx, id: number, at: Date) => {
  const dayStart = new Date(Math.floor(at.getTime() / 86_400_000) * 86_400_000);
  return rowsOf<FunnelCampaign>(
    await db.execute(sql`
      select c.id, c.status, a.currency, c.start_at as "startAt", c.end_at as "endAt", c.dayparting, c.bid_strategy as strategy,
        c.daily_budget_minor as "dailyBudgetMinor", c.total_budget_minor as "totalBudgetMinor", c.spent_milli as "spentMilli",
        c.impressions, c.clicks, p.day::text as "pacingDay", p.day_reserved_milli as "dayReservedMilli",
        (select coalesce(sum(h.spend_milli), 0) from campaign_hourly h where h.campaign_id = c.id and h.hour >= ${dayStart}) as "todaySpentMilli",
        (select b.highest_milli from campaign_budget_days b where b.campaign_id = c.id and b.day = ${dayStart.toISOString().slice(0, 10)}::date) as "todayHighestMilli"
      from campaigns c join accounts a on a.id = c.account_id left join campaign_pacing p on p.campaign_id = c.id
      where c.id = ${id}`),
  )[0];
};

export interface FunnelTraffic {
  impressions: number;
  clicks: number;
  invalidImpressions: number;
  invalidClicks: number;
  /** The first hour counted. */
  since: Date;
}

/**
 * A campaign's valid and invalid impressions and clicks over the INVALID_TRAFFIC_DAYS before `at`,
 * from the start of that UTC hour (the rollups' hours), on all its placements, active or not.
 */
export const funnelTraffic = async (db: DbOrTx, id: number, at: Date): Promise<FunnelTraffic> => {
  const since = hourOf(new Date(at.getTime() - INVALID_TRAFFIC_DAYS * 86_400_000));
  const [r] = rowsOf<Record<'impressions' | 'clicks' | 'invalidImpressions' | 'invalidClicks', number | string>>(
    await db.execute(sql`
      select coalesce(sum(h.impressions), 0) as impressions, coalesce(sum(h.clicks), 0) as clicks,
        coalesce(sum(h.invalid_impressions), 0) as "invalidImpressions", coalesce(sum(h.invalid_clicks), 0) as "invalidClicks"
      from placements p join placement_hourly h on h.placement_id = p.id and h.hour >= ${since}
      where p.campaign_id = ${id}`),
  );
  return { impressions: Number(r!.impressions), clicks: Number(r!.clicks), invalidImpressions: Number(r!.invalidImpressions), invalidClicks: Number(r!.invalidClicks), since };
};
