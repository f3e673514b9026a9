import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity';

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
  },
  (t) => [uniqueIndex('saved_reports_user_name_unique').on(t.userId, sql`lower(${t.name})`)],
);
