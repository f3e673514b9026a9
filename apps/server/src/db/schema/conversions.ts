import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './identity';

/**
 * An advertiser's conversion tag (docs/architecture.md, Conversions): made on first read. Its id
 * is public (the script and pixel on the advertiser's site carry it); the secret signs postbacks.
 */
export const conversionTags = pgTable('conversion_tags', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  tagId: text('tag_id').notNull().unique(),
  secret: text('secret').notNull(),
  clickWindowDays: smallint('click_window_days').notNull(),
  /** View-through window in days; 0: clicks only. */
  viewWindowDays: smallint('view_window_days').notNull().default(0),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every conversion an advertiser reported, once per order id (a second report of the order is a
 * duplicate, whatever its source). Attributed ones are counted in placement_hourly (and so in every
 * report) in the transaction that attributes them; the click is found by its decision, the key of
 * its row in delivery_events.
 */
export const conversions = pgTable(
  'conversions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: text('order_id').notNull(),
    /** 'pixel' | 'postback'. */
    source: text('source').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    valueMinor: bigint('value_minor', { mode: 'number' }).notNull(),
    /** The click's decision (from the signed click id; PostgreSQL reads its 32 hex digits as a uuid). */
    decisionId: uuid('decision_id').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
    /** 'pending' | 'attributed' | 'unattributed'. */
    status: text('status').notNull(),
    /** 'click' | 'view': a view-through conversion's decision is the impression its browser saw. */
    via: text('via').notNull().default('click'),
    reason: text('reason'),
    /** The click's, once it is found. */
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    campaignId: integer('campaign_id'),
    placementId: integer('placement_id'),
  },
  (t) => [
    uniqueIndex('conversions_account_order_unique').on(t.accountId, t.orderId),
    index('conversions_account_at_idx').on(t.accountId, t.at),
    index('conversions_account_click_idx').on(t.accountId, t.decisionId),
    index('conversions_pending_idx').on(t.at).where(sql`${t.status} = 'pending'`),
  ],
);
