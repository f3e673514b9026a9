import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AdSlotCheck, AdSlotFormat, AdSlotPlatform, AdSlotPosition, AdSlotStatus, PlacementPolicy } from '@ads/contracts';
import { accounts, users } from './identity';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A publisher's ad slot (docs/architecture.md, Inventory: ad slots): a place on a site or in an
 * app. The floor is in minor units of the account's currency per thousand impressions.
 */
export const adSlots = pgTable(
  'ad_slots',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    platform: text('platform').$type<AdSlotPlatform>().notNull(),
    propertyName: text('property_name').notNull(),
    /** Host name (site) or bundle id (app), lower case. */
    propertyId: text('property_id').notNull(),
    name: text('name').notNull(),
    /** Unique in the account; the tag names the slot by it. */
    code: text('code').notNull(),
    position: text('position').$type<AdSlotPosition>().notNull(),
    format: text('format').$type<AdSlotFormat>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    floorCpmMinor: integer('floor_cpm_minor').notNull(),
    placementPolicy: text('placement_policy').$type<PlacementPolicy>().notNull(),
    status: text('status').$type<AdSlotStatus>().notNull().default('draft'),
    reviewReason: text('review_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Random, public: the tag names the slot by it (never by its id). */
    tagKey: text('tag_key').notNull(),
    /** The tag's last call (kept at most once a minute): when, from which host or app, as what. */
    tagSeenAt: timestamp('tag_seen_at', { withTimezone: true }),
    tagSeenHost: text('tag_seen_host'),
    tagSeenWidth: integer('tag_seen_width'),
    tagSeenHeight: integer('tag_seen_height'),
    tagSeenFormat: text('tag_seen_format'),
    /** The last validation's checks. */
    checks: jsonb('checks').$type<AdSlotCheck[]>(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    liveAt: timestamp('live_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('ad_slots_code_unique').on(t.accountId, t.code),
    uniqueIndex('ad_slots_tag_key_unique').on(t.tagKey),
    index('ad_slots_account_updated_idx').on(t.accountId, t.updatedAt),
    index('ad_slots_account_status_idx').on(t.accountId, t.status, t.updatedAt),
    // Staff's review queue, oldest submission first.
    index('ad_slots_queue_idx').on(t.submittedAt).where(sql`${t.status} = 'pending_review'`),
    index('ad_slots_updated_idx').on(t.updatedAt),
    // The slots serving (live) or about to again (paused): the catalogue and placement recomputation.
    index('ad_slots_serving_idx').on(t.format, t.width, t.height).where(sql`${t.status} in ('live', 'paused')`),
  ],
);

/** A slot's review history: each submission and each decision (the audit log holds before and after). */
export const adSlotReviews = pgTable(
  'ad_slot_reviews',
  {
    id: serial('id').primaryKey(),
    slotId: integer('slot_id')
      .notNull()
      .references(() => adSlots.id, { onDelete: 'cascade' }),
    /** submitted | approved | rejected */
    action: text('action').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ad_slot_reviews_slot_idx').on(t.slotId, t.at)],
);
