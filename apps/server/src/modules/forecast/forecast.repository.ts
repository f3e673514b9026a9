import type { BidStrategy } from '@ads/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { intArray, rowsOf, textArray } from '../../kit/sql';

// The forecast's SQL: the rollups of the last days (slot_hourly, placement_hourly) summed by slot
// and day within a targeting, and the placements that serve now. Other advertisers' rows are read
// only as sums (competition), never answered.

/** What a forecast reads the history within: [from, to), the regions, devices and serving hours. */
export interface Window {
  from: Date;
  to: Date;
  slotIds: number[];
  regions: readonly string[];
  devices: readonly string[];
  /** weekday × 24 + hour (UTC) the campaign serves in; null: every hour. */
  hours: number[] | null;
}

const within = (w: Window, h: SQL) => sql`${h}.hour >= ${w.from} and ${h}.hour < ${w.to}
  ${w.regions.length ? sql`and ${h}.region = any(${textArray([...w.regions])})` : sql``}
  ${w.devices.length ? sql`and ${h}.device = any(${textArray([...w.devices])})` : sql``}
  ${w.hours ? sql`and (extract(dow from ${h}.hour at time zone 'UTC') * 24 + extract(hour from ${h}.hour at time zone 'UTC'))::int = any(${intArray(w.hours)})` : sql``}`;

const dayOf = (h: SQL) => sql`to_char(${h}.hour at time zone 'UTC', 'YYYY-MM-DD')`;

export interface SlotDay {
  slotId: number;
  day: string;
  /** Valid ad requests (bots' are counted apart and never charged). */
  requests: number;
}

/** Valid requests by slot and day within the window's targeting. */
export const requestsByDay = async (db: DbOrTx, w: Window) =>
  rowsOf<{ slotId: number; day: string; requests: string | number }>(
    await db.execute(sql`
      select h.slot_id as "slotId", ${dayOf(sql`h`)} as day, sum(h.requests) as requests
      from slot_hourly h
      where h.slot_id = any(${intArray(w.slotIds)}) and ${within(w, sql`h`)}
      group by 1, 2`),
  ).map((r): SlotDay => ({ slotId: r.slotId, day: r.day, requests: Number(r.requests) }));

/** Valid impressions by slot and day that the given placements took within the window's targeting. */
export const takenByDay = async (db: DbOrTx, w: Window, placementIds: number[]) =>
  placementIds.length === 0
    ? []
    : rowsOf<{ slotId: number; day: string; impressions: string | number }>(
        await db.execute(sql`
          select p.slot_id as "slotId", ${dayOf(sql`h`)} as day, sum(h.impressions) as impressions
          from placement_hourly h join placements p on p.id = h.placement_id
          where h.placement_id = any(${intArray(placementIds)}) and ${within(w, sql`h`)}
          group by 1, 2`),
      ).map((r) => ({ slotId: r.slotId, day: r.day, impressions: Number(r.impressions) }));

export interface SlotRates {
  slotId: number;
  /** Valid requests answered with an ad, and the valid impressions and clicks on the slot (any targeting). */
  filled: number;
  impressions: number;
  clicks: number;
}

/** Each slot's fill, impressions and clicks over [from, to): its render rate and click-through rate. */
export const slotRates = async (db: DbOrTx, slotIds: number[], from: Date, to: Date) => {
  const rows = rowsOf<{ slotId: number; filled: string | null; impressions: string | null; clicks: string | null }>(
    await db.execute(sql`
      select s.id as "slotId",
        (select sum(h.filled) from slot_hourly h where h.slot_id = s.id and h.hour >= ${from} and h.hour < ${to}) as filled,
        (select sum(h.impressions) from slot_served_hourly h where h.slot_id = s.id and h.hour >= ${from} and h.hour < ${to}) as impressions,
        (select sum(h.clicks) from slot_served_hourly h where h.slot_id = s.id and h.hour >= ${from} and h.hour < ${to}) as clicks
      from ad_slots s where s.id = any(${intArray(slotIds)})`),
  );
  return rows.map((r): SlotRates => ({ slotId: r.slotId, filled: Number(r.filled ?? 0), impressions: Number(r.impressions ?? 0), clicks: Number(r.clicks ?? 0) }));
};

export interface CompetitorRow {
  placementId: number;
  slotId: number;
  campaignId: number;
  strategy: BidStrategy;
  bidMinor: number;
  impressions: number | string;
  clicks: number | string;
  regions: string[] | string;
  devices: string[] | string;
}

/**
 * The placements serving now on the slots (approved, active, on an active campaign of an active
 * account), but `exceptCampaignId`'s: what a decision would rank the campaign against.
 */
export const competitors = async (db: DbOrTx, slotIds: number[], exceptCampaignId: number | null) =>
  rowsOf<CompetitorRow>(
    await db.execute(sql`
      select p.id as "placementId", p.slot_id as "slotId", c.id as "campaignId", c.bid_strategy as strategy,
        coalesce(g.bid_override_minor, c.max_bid_minor) as "bidMinor", c.impressions, c.clicks, g.regions, g.devices
      from placements p
      join campaigns c on c.id = p.campaign_id and c.status = 'active'
      join accounts acc on acc.id = c.account_id and acc.status = 'active'
      join ads a on a.id = p.ad_id
      join ad_groups g on g.id = a.ad_group_id
      where p.slot_id = any(${intArray(slotIds)}) and p.active and p.status = 'approved'
        and c.bid_strategy is not null and c.max_bid_minor is not null
        ${exceptCampaignId ? sql`and c.id <> ${exceptCampaignId}` : sql``}`),
  );

/** The account's currency. */
export const currencyOf = async (db: DbOrTx, accountId: number) =>
  rowsOf<{ currency: string }>(await db.execute(sql`select currency from accounts where id = ${accountId}`))[0]?.currency ?? 'USD';

/** A campaign's delivered impressions and clicks (its own CTR prices a CPC bid). */
export const campaignFigures = async (db: DbOrTx, campaignId: number) => {
  const row = rowsOf<{ impressions: string | number; clicks: string | number; spentMilli: string | number }>(
    await db.execute(sql`select impressions, clicks, spent_milli as "spentMilli" from campaigns where id = ${campaignId}`),
  )[0];
  return { impressions: Number(row?.impressions ?? 0), clicks: Number(row?.clicks ?? 0), spentMilli: Number(row?.spentMilli ?? 0) };
};
