import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './identity';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * The recycle bin's columns. An item deleted on its own has `deletedWithFolderId` null and is a row
 * of the bin; the subfolders and images of a deleted folder carry that folder's id and travel with
 * it (restored or deleted forever together). `folderId`/`parentId` keep the original location.
 */
const recycle = {
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  deletedWithFolderId: integer('deleted_with_folder_id'),
};

/** A tree of folders per account; names unique among live siblings, case-insensitive. */
export const assetFolders = pgTable(
  'asset_folders',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    parentId: integer('parent_id').references((): AnyPgColumn => assetFolders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...recycle,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('asset_folders_sibling_name_unique')
      .on(t.accountId, sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index('asset_folders_parent_idx').on(t.accountId, t.parentId),
    index('asset_folders_deleted_idx').on(t.accountId, t.deletedAt),
  ],
);

/** An uploaded image: its file and thumbnail live in storage under content-addressed keys. */
export const images = pgTable(
  'images',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    folderId: integer('folder_id').references(() => assetFolders.id, { onDelete: 'set null' }),
    /** The user's file name, shown and used for downloads; never a storage key. */
    name: text('name').notNull(),
    /** jpeg | png | gif | webp */
    format: text('format').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    /** unreviewed | approved | rejected */
    reviewStatus: text('review_status').notNull().default('unreviewed'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...recycle,
    ...timestamps,
  },
  (t) => [
    // An exact duplicate is never stored twice in one account (the bin included: restore it instead).
    uniqueIndex('images_account_sha256_unique').on(t.accountId, t.sha256),
    // Names unique among the live images of a folder, case-insensitive: the folders' rule.
    uniqueIndex('images_folder_name_unique')
      .on(t.accountId, sql`coalesce(${t.folderId}, 0)`, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    // The gallery's pages (live images by date, in a folder or in all): the ids of a page come
    // from an index-only scan, however deep the page (see listImages).
    index('images_live_folder_created_idx').on(t.accountId, t.folderId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index('images_live_created_idx').on(t.accountId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index('images_folder_idx').on(t.accountId, t.folderId),
    index('images_deleted_idx').on(t.accountId, t.deletedAt),
    index('images_sha256_idx').on(t.sha256),
  ],
);

/**
 * Each review decision on an image (campaign review records them). A rejection is resolved when
 * the image's file is replaced after it; the image's reviewStatus is its latest decision.
 */
export const imageReviews = pgTable(
  'image_reviews',
  {
    id: serial('id').primaryKey(),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** approved | rejected */
    decision: text('decision').notNull(),
    reason: text('reason'),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The campaign under review; a plain id and name until the campaigns tables exist. */
    campaignId: integer('campaign_id'),
    campaignName: text('campaign_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('image_reviews_image_idx').on(t.imageId, t.createdAt),
    index('image_reviews_open_rejections_idx')
      .on(t.accountId, t.createdAt)
      .where(sql`${t.decision} = 'rejected' and ${t.resolvedAt} is null`),
  ],
);

/**
 * The files an image had before each replacement (RejectedImage/Replace): the image row holds the
 * newest; its history shows these beside the review decisions.
 */
export const imageReplacements = pgTable(
  'image_replacements',
  {
    id: serial('id').primaryKey(),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The replaced file: its name, size and when and by whom it had been uploaded. */
    previousName: text('previous_name').notNull(),
    previousWidth: integer('previous_width').notNull(),
    previousHeight: integer('previous_height').notNull(),
    previousBytes: integer('previous_bytes').notNull(),
    previousUploadedAt: timestamp('previous_uploaded_at', { withTimezone: true }).notNull(),
    replacedBy: integer('replaced_by').references(() => users.id, { onDelete: 'set null' }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('image_replacements_image_idx').on(t.imageId, t.replacedAt)],
);
