import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The one row that names this database's installation (db/installation.ts). DATA_DIR, and an S3
 * file store, keep the same id: a start that finds another one refuses, so files are never swept
 * against a database that does not know them. Also where the demo seed marks its start and its end,
 * so that a seed cut off half-way is recognised (bootstrap.ts) and made again from nothing.
 */
export const installation = pgTable(
  'installation',
  {
    /** Always true: the primary key that keeps the table to one row. */
    one: boolean('one').primaryKey().default(true),
    id: uuid('id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The demo seed began (set before its first write); null when no seed ever ran here. */
    demoSeedStartedAt: timestamp('demo_seed_started_at', { withTimezone: true }),
    /** The demo seed finished (its last write); a start without it after a start was cut off. */
    demoSeedCompletedAt: timestamp('demo_seed_completed_at', { withTimezone: true }),
  },
  (t) => [check('installation_one_row', sql`${t.one}`)],
);
