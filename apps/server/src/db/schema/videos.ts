import { sql } from 'drizzle-orm';
import { index, integer, type AnyPgColumn, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './identity';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * An ordered group of videos. Deleting a series removes the row (no bin): its videos stay, outside
 * any series (the foreign key sets theirs to null, the bin's included).
 */
export const videoSeries = pgTable(
  'video_series',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    /** When its first content request was approved (publisher content); null while never published. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('video_series_name_unique').on(t.accountId, sql`lower(${t.name})`)],
);

/** An uploaded video: its file and poster live in storage under content-addressed keys. */
export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** In the bin: the series it was in (null when outside any, or that series is gone). */
    seriesId: integer('series_id').references(() => videoSeries.id, { onDelete: 'set null' }),
    /** Order in the series (ascending, ties by id); null outside any series. */
    position: integer('position'),
    /** The user's file name, shown and used for downloads; never a storage key. */
    name: text('name').notNull(),
    /** mp4 | webm */
    format: text('format').notNull(),
    mime: text('mime').notNull(),
    codec: text('codec'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    durationMs: integer('duration_ms').notNull(),
    bytes: integer('bytes').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    posterKey: text('poster_key'),
    /** unreviewed | approved | rejected */
    reviewStatus: text('review_status').notNull().default('unreviewed'),
    /**
     * Published through an approved content request, in `publishedSeriesId`. Moving or deleting the
     * video leaves both until an approved 'update' request takes it out of publication.
     */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedSeriesId: integer('published_series_id').references((): AnyPgColumn => videoSeries.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // An exact duplicate is never stored twice in one account (the bin included: restore it instead).
    uniqueIndex('videos_account_sha256_unique').on(t.accountId, t.sha256),
    index('videos_live_created_idx').on(t.accountId, t.createdAt).where(sql`${t.deletedAt} is null`),
    index('videos_live_series_idx').on(t.accountId, t.seriesId, t.position).where(sql`${t.deletedAt} is null`),
    index('videos_series_idx').on(t.seriesId),
    index('videos_deleted_idx').on(t.accountId, t.deletedAt).where(sql`${t.deletedAt} is not null`),
    // Purges ask whether another video (any account) still uses a file.
    index('videos_sha256_idx').on(t.sha256),
    index('videos_poster_idx').on(t.posterKey),
  ],
);

/**
 * A chunked upload in progress: its chunks are kept in Storage (`video-uploads/<id in hex>/<index>`,
 * modules/videos/upload-chunks.ts) until completed, cancelled or expired. The id is random and unguessable.
 */
export const videoUploads = pgTable(
  'video_uploads',
  {
    id: text('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    bytes: integer('bytes').notNull(),
    received: integer('received').notNull().default(0),
    seriesId: integer('series_id').references(() => videoSeries.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('video_uploads_expires_idx').on(t.expiresAt)],
);
