import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PlacementStatus } from '@ads/contracts';
import { adSlots } from './ad-slots';
import { ads, campaigns } from './campaigns';
import { accounts, users } from './identity';

/**
 * An approved ad × a live (or paused) slot it fits, targets and is not disapproved on
 * (docs/architecture.md, Inventory: placements). Rows are kept by the placements module's
 * recomputation; a row that stops being eligible is kept inactive, so the publisher's decision
 * holds when it becomes eligible again.
 */
export const placements = pgTable(
  'placements',
  {
    id: serial('id').primaryKey(),
    adId: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    slotId: integer('slot_id')
      .notNull()
      .references(() => adSlots.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => accounts.id),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => accounts.id),
    status: text('status').$type<PlacementStatus>().notNull(),
    reason: text('reason'),
    /** Null with a decision: the slot's auto policy approved it. */
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Eligible now (every rule holds); inactive rows keep their decision. */
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('placements_ad_slot_unique').on(t.adId, t.slotId),
    // The publisher's review, newest first.
    index('placements_publisher_idx').on(t.publisherId, t.createdAt).where(sql`${t.active}`),
    // The advertiser's rejected placements, newest decision first.
    index('placements_advertiser_rejected_idx').on(t.advertiserId, t.decidedAt).where(sql`${t.status} = 'rejected'`),
    index('placements_slot_idx').on(t.slotId),
    index('placements_campaign_idx').on(t.campaignId),
  ],
);

/** A slot an advertiser's account disapproved: none of its ads shows there. */
export const slotDisapprovals = pgTable(
  'slot_disapprovals',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    slotId: integer('slot_id')
      .notNull()
      .references(() => adSlots.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.slotId] }), index('slot_disapprovals_slot_idx').on(t.slotId)],
);

/**
 * Placements to recompute, written in the transaction of the change that made them stale (a slot
 * went live, a campaign was approved or ended, a slot was disapproved or restored): each column set
 * narrows the work (a slot's placements, a campaign's, an advertiser's on a slot). The placements
 * job drains it, so a request never waits for a recomputation over thousands of ads or slots.
 */
export const placementWork = pgTable('placement_work', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  slotId: integer('slot_id'),
  campaignId: integer('campaign_id'),
  advertiserId: integer('advertiser_id'),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A placement's impressions, clicks and spend by hour, region and device, written by delivery's
 * rollups (docs/architecture.md, Delivery): what reports, the campaign list and placement health
 * read. Invalid traffic (known bots; a click without its impression) is counted apart and never
 * charged.
 */
export const placementHourly = pgTable(
  'placement_hourly',
  {
    placementId: integer('placement_id')
      .notNull()
      .references(() => placements.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    region: text('region').notNull().default(''),
    device: text('device').notNull().default(''),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    invalidImpressions: bigint('invalid_impressions', { mode: 'number' }).notNull().default(0),
    invalidClicks: bigint('invalid_clicks', { mode: 'number' }).notNull().default(0),
    /** What advertisers were charged (milli, contracts' MILLI_PER_MINOR). */
    spendMilli: bigint('spend_milli', { mode: 'number' }).notNull().default(0),
    /** Conversions attributed to its clicks, by the hour they were reported (modules/conversions). */
    conversions: bigint('conversions', { mode: 'number' }).notNull().default(0),
    conversionValueMinor: bigint('conversion_value_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.placementId, t.hour, t.region, t.device] }), index('placement_hourly_hour_idx').on(t.hour)],
);
