import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StatusChangeEntity, StatusChangeKind, StatusChangeState } from '@ads/contracts';
import { accounts, users } from './identity';

/**
 * A status change request (docs/architecture.md, Status change requests): a campaign's termination,
 * an ad slot offline or back online, an account's reactivation or closing, asked by the entity's
 * account and decided by staff, or a staff member's own change recorded as approved (`direct`).
 * One pending request per entity and kind: the partial unique index decides concurrent filings.
 */
export const statusChanges = pgTable(
  'status_changes',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<StatusChangeKind>().notNull(),
    entity: text('entity').$type<StatusChangeEntity>().notNull(),
    /** The campaign's, slot's or account's id (by `entity`). */
    entityId: integer('entity_id').notNull(),
    /** The entity's account: whose request it is (the requester sees its account's). */
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The entity's state when filed, and the state the change leaves. */
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    status: text('status').$type<StatusChangeState>().notNull().default('pending'),
    reason: text('reason').notNull(),
    /** Staff's reason when rejected, or their note when approved. */
    decisionNote: text('decision_note'),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    direct: boolean('direct').notNull().default(false),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('status_changes_pending_unique').on(t.entity, t.entityId, t.kind).where(sql`${t.status} = 'pending'`),
    index('status_changes_account_idx').on(t.accountId, t.requestedAt),
    index('status_changes_status_idx').on(t.status, t.requestedAt),
  ],
);
