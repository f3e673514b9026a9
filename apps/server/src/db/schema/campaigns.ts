import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CampaignStatus, Daypart } from '@ads/contracts';
import { images } from './assets';
import { accounts, users } from './identity';
import { videos } from './videos';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * An advertiser's campaign (docs/architecture.md, Campaigns). A draft may leave any setting empty
 * (null); Submit requires them. Money is in minor units of the account's currency. Figures (spent,
 * impressions, clicks) are kept here by delivery's rollups so the list sorts on them without a
 * join.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    status: text('status').$type<CampaignStatus>().notNull().default('draft'),
    objective: text('objective'),
    dailyBudgetMinor: bigint('daily_budget_minor', { mode: 'number' }),
    totalBudgetMinor: bigint('total_budget_minor', { mode: 'number' }),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    /** Empty: every hour of every day. */
    dayparting: jsonb('dayparting').$type<Daypart[]>().notNull().default([]),
    bidStrategy: text('bid_strategy'),
    maxBidMinor: integer('max_bid_minor'),
    frequencyCapImpressions: smallint('frequency_cap_impressions'),
    /** day | week; set with frequencyCapImpressions. */
    frequencyCapPeriod: text('frequency_cap_period'),
    /** The last review's outcome: pending while waiting, then approved or rejected. */
    reviewOutcome: text('review_outcome'),
    reviewReason: text('review_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    spentMinor: bigint('spent_minor', { mode: 'number' }).notNull().default(0),
    /** The spend to a thousandth of a minor unit (an impression may cost less than one): spentMinor is its floor. */
    spentMilli: bigint('spent_milli', { mode: 'number' }).notNull().default(0),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    /** When the owners were told BUDGET_ALERT_RATIO of the total budget was spent (once). */
    budgetAlertAt: timestamp('budget_alert_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('campaigns_name_unique').on(t.accountId, sql`lower(${t.name})`),
    index('campaigns_account_status_idx').on(t.accountId, t.status, t.updatedAt),
    index('campaigns_account_updated_idx').on(t.accountId, t.updatedAt),
    // A search by name counts its matches from this index alone (no row is read).
    index('campaigns_account_name_idx').on(t.accountId, t.name),
    // Staff's review queue, oldest submission first.
    index('campaigns_queue_idx').on(t.submittedAt).where(sql`${t.status} = 'pending_review'`),
    index('campaigns_status_updated_idx').on(t.status, t.updatedAt),
    // Staff's list of every account, newest change first (the default sort).
    index('campaigns_updated_idx').on(t.updatedAt),
    // The schedule job's scans.
    index('campaigns_start_idx').on(t.startAt).where(sql`${t.status} = 'scheduled'`),
    index('campaigns_end_idx').on(t.endAt).where(sql`${t.status} in ('scheduled', 'active', 'paused')`),
  ],
);

export const adGroups = pgTable(
  'ad_groups',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** Order in the campaign as the wizard shows it. */
    position: integer('position').notNull().default(0),
    name: text('name'),
    /** ISO 3166-1 alpha-2 codes; empty means every region. */
    regions: text('regions').array().notNull().default(sql`'{}'::text[]`),
    /** Empty means every device. */
    devices: text('devices').array().notNull().default(sql`'{}'::text[]`),
    /** all | chosen */
    slotMode: text('slot_mode').notNull().default('all'),
    slotIds: integer('slot_ids').array().notNull().default(sql`'{}'::integer[]`),
    bidOverrideMinor: integer('bid_override_minor'),
    ...timestamps,
  },
  (t) => [index('ad_groups_campaign_idx').on(t.campaignId, t.position)],
);

export const ads = pgTable(
  'ads',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    adGroupId: integer('ad_group_id')
      .notNull()
      .references(() => adGroups.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /** image | video */
    format: text('format'),
    // A creative deleted for good leaves its ad without one (Submit then asks for another).
    imageId: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'set null' }),
    headline: text('headline'),
    description: text('description'),
    landingUrl: text('landing_url'),
    /** pending | approved | rejected; null before the first submission. */
    reviewOutcome: text('review_outcome'),
    reviewReason: text('review_reason'),
    ...timestamps,
  },
  (t) => [
    index('ads_campaign_idx').on(t.campaignId, t.adGroupId, t.position),
    index('ads_group_idx').on(t.adGroupId),
    index('ads_image_idx').on(t.imageId).where(sql`${t.imageId} is not null`),
    index('ads_video_idx').on(t.videoId).where(sql`${t.videoId} is not null`),
  ],
);

/**
 * A change to a live campaign's ad, waiting for staff's review (or rejected by it) while the ad
 * keeps serving as approved: one per ad. Approval copies it onto the ad in one transaction and
 * removes it; a rejection keeps it, with the reason, until the advertiser edits again or withdraws.
 */
export const adChanges = pgTable(
  'ad_changes',
  {
    adId: integer('ad_id')
      .primaryKey()
      .references(() => ads.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    imageId: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'set null' }),
    headline: text('headline').notNull(),
    description: text('description').notNull(),
    landingUrl: text('landing_url').notNull(),
    /** pending | rejected */
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ad_changes_campaign_idx').on(t.campaignId)],
);

/**
 * A campaign's review history: each submission and each decision, with the per-ad and per-image
 * reasons of a rejection (the audit log holds the before and after of each).
 */
export const campaignReviews = pgTable(
  'campaign_reviews',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** submitted | approved | rejected */
    action: text('action').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    adReasons: jsonb('ad_reasons').$type<{ id: number; headline: string | null; reason: string }[]>().notNull().default([]),
    imageReasons: jsonb('image_reasons').$type<{ id: number; name: string; reason: string }[]>().notNull().default([]),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaign_reviews_campaign_idx').on(t.campaignId, t.at)],
);

/**
 * How many campaigns each account has in each state, kept by a statement trigger on `campaigns`
 * (migration 0010): a list without a search or a date range takes its total from here instead of
 * counting every row (staff's list spans every account). Each statement adds its changes in one
 * INSERT … ON CONFLICT ordered by (account, status), so concurrent statements lock rows in the
 * same order.
 */
export const campaignCounts = pgTable(
  'campaign_counts',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    status: text('status').$type<CampaignStatus>().notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.status] })],
);

/**
 * The UTC days on which a live campaign's daily budget changed (migration 0023): the budget at the
 * day's start and the highest it was that day. A day's spend is held to the budget in force when
 * each charge was made, so the reconciliation checks a changed day against its highest budget and
 * a day without a change against the budget then in force (the next change's opening, else today's).
 */
export const campaignBudgetDays = pgTable(
  'campaign_budget_days',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    openingMilli: bigint('opening_milli', { mode: 'number' }).notNull(),
    highestMilli: bigint('highest_milli', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day] })],
);
