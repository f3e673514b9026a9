import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { adSlots } from './ad-slots';
import { campaigns } from './campaigns';
import { accounts, users } from './identity';

/**
 * A report's settings a user saved under a name (data insights): the report page's URL query as it
 * was saved. Each is its user's own; names are unique per user, case-insensitive (the folders'
 * rule), and a user keeps at most SAVED_REPORTS_MAX (decided under a lock on the user's row).
 */
export const savedReports = pgTable(
  'saved_reports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** advertiser | publisher */
    type: text('type').$type<'advertiser' | 'publisher'>().notNull(),
    name: text('name').notNull(),
    /** The report page's URL query (without `?`), at most SAVED_REPORT_QUERY_MAX characters. */
    query: text('query').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The schedule (all null when the report does not run by itself): daily | weekly | monthly, an
    // IANA zone, the local hour, and the next run's instant (moved on by the run that claims it).
    scheduleFrequency: text('schedule_frequency').$type<'daily' | 'weekly' | 'monthly'>(),
    scheduleTimeZone: text('schedule_time_zone'),
    scheduleHour: integer('schedule_hour'),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('saved_reports_user_name_unique').on(t.userId, sql`lower(${t.name})`),
    index('saved_reports_next_run_idx').on(t.nextRunAt).where(sql`${t.nextRunAt} is not null`),
  ],
);

/**
 * A scheduled saved report's run: the CSV as the Csv call answered it then (at most
 * REPORT_RUN_MAX_BYTES, kept in the row), the days it covered, and when it goes
 * (created_at + REPORT_RUN_KEEP_DAYS; the insights job deletes it then). The owner's only.
 */
export const reportRuns = pgTable(
  'report_runs',
  {
    id: serial('id').primaryKey(),
    savedReportId: integer('saved_report_id')
      .notNull()
      .references(() => savedReports.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The days covered (inclusive, in `time_zone`). */
    fromDay: text('from_day').notNull(),
    toDay: text('to_day').notNull(),
    timeZone: text('time_zone').notNull(),
    rows: integer('rows').notNull(),
    bytes: integer('bytes').notNull(),
    truncated: boolean('truncated').notNull().default(false),
    csv: text('csv').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('report_runs_report_idx').on(t.savedReportId, t.createdAt), index('report_runs_expires_idx').on(t.expiresAt)],
);

// The reports' coarse rollups: delivery's hourly rollups (placement_hourly, slot_hourly) summed
// without the ad, region and device — by campaign or slot, and by account — so a report that needs
// none of them reads a few rows an hour instead of thousands. Triggers on the fine rollups keep
// them, in the same transaction and whoever writes (migration 0016), so all always agree; each is
// written by one trigger statement in key order, so concurrent writers cannot deadlock on them.
// Rows of deleted placements are not taken back: placements are deleted only with a draft's ads or
// slots, which never served.

// Fresh column builders for each table (drizzle binds a builder to the table it is used in).
const servedByHour = () => ({
  hour: timestamp('hour', { withTimezone: true }).notNull(),
  impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
  clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  spendMilli: bigint('spend_milli', { mode: 'number' }).notNull().default(0),
  conversions: bigint('conversions', { mode: 'number' }).notNull().default(0),
  conversionValueMinor: bigint('conversion_value_minor', { mode: 'number' }).notNull().default(0),
});
const requestsByHour = () => ({
  hour: timestamp('hour', { withTimezone: true }).notNull(),
  requests: bigint('requests', { mode: 'number' }).notNull().default(0),
  filled: bigint('filled', { mode: 'number' }).notNull().default(0),
});

/** A campaign's impressions, clicks and spend by hour (from placement_hourly). */
export const campaignHourly = pgTable(
  'campaign_hourly',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    advertiserId: integer('advertiser_id').notNull(),
    ...servedByHour(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.hour] }), index('campaign_hourly_advertiser_hour_idx').on(t.advertiserId, t.hour), index('campaign_hourly_hour_idx').on(t.hour)],
);

/** A slot's impressions, clicks and the spend on it by hour (from placement_hourly). */
export const slotServedHourly = pgTable(
  'slot_served_hourly',
  {
    slotId: integer('slot_id')
      .notNull()
      .references(() => adSlots.id, { onDelete: 'cascade' }),
    publisherId: integer('publisher_id').notNull(),
    ...servedByHour(),
  },
  (t) => [primaryKey({ columns: [t.slotId, t.hour] }), index('slot_served_hourly_publisher_hour_idx').on(t.publisherId, t.hour), index('slot_served_hourly_hour_idx').on(t.hour)],
);

/** A slot's valid ad requests and those filled by hour (from slot_hourly). */
export const slotRequestsHourly = pgTable(
  'slot_requests_hourly',
  {
    slotId: integer('slot_id')
      .notNull()
      .references(() => adSlots.id, { onDelete: 'cascade' }),
    publisherId: integer('publisher_id').notNull(),
    ...requestsByHour(),
  },
  (t) => [primaryKey({ columns: [t.slotId, t.hour] }), index('slot_requests_hourly_publisher_hour_idx').on(t.publisherId, t.hour), index('slot_requests_hourly_hour_idx').on(t.hour)],
);

/** An advertiser's impressions, clicks and spend by hour (from placement_hourly). */
export const advertiserHourly = pgTable(
  'advertiser_hourly',
  {
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...servedByHour(),
  },
  (t) => [primaryKey({ columns: [t.advertiserId, t.hour] }), index('advertiser_hourly_hour_idx').on(t.hour)],
);

/** A publisher's impressions, clicks and the spend on its slots by hour (from placement_hourly). */
export const publisherServedHourly = pgTable(
  'publisher_served_hourly',
  {
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...servedByHour(),
  },
  (t) => [primaryKey({ columns: [t.publisherId, t.hour] }), index('publisher_served_hourly_hour_idx').on(t.hour)],
);

/** A publisher's valid ad requests and those filled by hour (from slot_hourly). */
export const publisherRequestsHourly = pgTable(
  'publisher_requests_hourly',
  {
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...requestsByHour(),
  },
  (t) => [primaryKey({ columns: [t.publisherId, t.hour] }), index('publisher_requests_hourly_hour_idx').on(t.hour)],
);
