import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { adSlots } from './ad-slots';
import { campaigns } from './campaigns';

/**
 * Every impression and click (docs/architecture.md, Delivery), appended in batches, and the ad
 * requests that came through JetStream (a local log's are counted in slot_hourly only, exactly once
 * by its mark: delivery_log_marks). The
 * table is partitioned by day of the decision (migration 0014: `partition by range (decided_at)`,
 * partitions made ahead and dropped past DELIVERY_RETENTION_DAYS), so a replayed link lands in the
 * partition of its first use and the unique key refuses it. Figures are read from the rollups.
 */
export const deliveryEvents = pgTable(
  'delivery_events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    /** The decision's time (from its signed token): the partition key. */
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
    decisionId: uuid('decision_id').notNull(),
    /** 1 request, 2 impression, 3 click. */
    kind: smallint('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    slotId: integer('slot_id').notNull(),
    /** The placement served; null for a request answered "no ad". */
    placementId: integer('placement_id'),
    campaignId: integer('campaign_id'),
    /** ISO 3166-1 alpha-2, '' when unknown. */
    region: text('region').notNull(),
    device: text('device').notNull(),
    /** Charged and counted: not a known bot's user agent, and a click only after its impression. Invalid ones are counted apart. */
    valid: boolean('valid').notNull(),
    /** What the advertiser is charged, in milli (contracts' MILLI_PER_MINOR). */
    costMilli: bigint('cost_milli', { mode: 'number' }).notNull(),
    /** An impression's browser (VIEWER_COOKIE): view-through conversions find its latest impressions. */
    viewer: text('viewer'),
  },
  (t) => [
    primaryKey({ columns: [t.decisionId, t.kind, t.decidedAt] }),
    index('delivery_events_viewer_idx').on(t.viewer, t.at).where(sql`${t.kind} = 2 and ${t.viewer} is not null`),
  ],
);

/** A slot's ad requests by hour, region and device: the publisher's requests and fill rate. */
export const slotHourly = pgTable(
  'slot_hourly',
  {
    slotId: integer('slot_id')
      .notNull()
      .references(() => adSlots.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    region: text('region').notNull(),
    device: text('device').notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull().default(0),
    /** Requests answered with an ad. */
    filled: bigint('filled', { mode: 'number' }).notNull().default(0),
    /** From known bots: never filled. */
    invalidRequests: bigint('invalid_requests', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.slotId, t.hour, t.region, t.device] }), index('slot_hourly_hour_idx').on(t.hour)],
);

/**
 * Each campaign's share of its budget handed to delivery processes, today (UTC) and held now.
 * A process takes a slice in one UPDATE that refuses more than the paced daily budget and the total
 * budget left, and gives back what it did not use: processes share a budget without overspending it.
 */
export const campaignPacing = pgTable('campaign_pacing', {
  campaignId: integer('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  /** Slices granted on `day` less what came back (milli). */
  dayReservedMilli: bigint('day_reserved_milli', { mode: 'number' }).notNull().default(0),
  /** Slices held by processes now, used or not (milli): counted against the total budget. */
  heldMilli: bigint('held_milli', { mode: 'number' }).notNull().default(0),
});

/**
 * The money ledger: one row per charge, written in the transaction that rolls its event up and adds
 * it to the campaign's spend, so the ledger, the campaigns' spend and the rollups agree to the milli
 * (the reconciliation job proves it). A charge is never more than the budget left: an event past the
 * daily or total budget is counted but charged 0 (or the part that fits) and has no row.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** When the event was received (its rollup hour). */
    at: timestamp('at', { withTimezone: true }).notNull(),
    campaignId: integer('campaign_id').notNull(),
    placementId: integer('placement_id').notNull(),
    publisherId: integer('publisher_id').notNull(),
    /** The event charged (2 impression, 3 click); null for an opening balance carried from the rollups. */
    decisionId: uuid('decision_id'),
    kind: smallint('kind').notNull(),
    /** What the advertiser pays (milli). */
    amountMilli: bigint('amount_milli', { mode: 'number' }).notNull(),
    /** The publisher's credit: PUBLISHER_REVENUE_SHARE of the amount, exact (tenths of a milli kept). */
    publisherMilli: numeric('publisher_milli', { precision: 20, scale: 1 }).notNull(),
  },
  // No secondary index: rows are written at the ingest's rate and read whole by the reconciliation.
);

/** Valid clicks per hashed client address, campaign and hour: past CLICKS_PER_ADDRESS_HOUR they are invalid. */
export const clickRates = pgTable(
  'click_rates',
  {
    address: text('address').notNull(),
    campaignId: integer('campaign_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    clicks: integer('clicks').notNull(),
  },
  (t) => [primaryKey({ columns: [t.address, t.campaignId, t.hour] }), index('click_rates_hour_idx').on(t.hour)],
);

/**
 * How far each local event log (event-log.ts, BatchOrigin) has been written: its last segment and
 * line, stored in the transaction that writes the batch. A replay after a crash hands the requests
 * up to here again; they are skipped, so requests are counted once without a row each.
 */
export const deliveryLogMarks = pgTable('delivery_log_marks', {
  log: uuid('log').primaryKey(),
  segment: bigint('segment', { mode: 'number' }).notNull(),
  line: integer('line').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
