import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ContentItemDecision, ContentRequestKind, ContentRequestState } from '@ads/contracts';
import { accounts, users } from './identity';

/**
 * A publisher's request to publish a series of its video library, or the changes to a published one
 * (docs/architecture.md, Publisher content). One pending request per series: the partial unique
 * index decides concurrent submissions. The series and its videos are named by id without a foreign
 * key (a series may be deleted, a video purged, while the request stays on record); their names as
 * they were when submitted are kept for that case.
 */
export const contentRequests = pgTable(
  'content_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ContentRequestKind>().notNull(),
    seriesId: integer('series_id').notNull(),
    seriesName: text('series_name').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    status: text('status').$type<ContentRequestState>().notNull().default('pending'),
    note: text('note'),
    submittedBy: integer('submitted_by')
      .notNull()
      .references(() => users.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('content_requests_pending_unique').on(t.seriesId).where(sql`${t.status} = 'pending'`),
    index('content_requests_account_idx').on(t.accountId, t.submittedAt),
    index('content_requests_status_idx').on(t.status, t.submittedAt),
  ],
);

/** One video of a request: to publish (`add`) or to take out of publication (`remove`), and its decision. */
export const contentRequestItems = pgTable(
  'content_request_items',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => contentRequests.id, { onDelete: 'cascade' }),
    videoId: integer('video_id').notNull(),
    videoName: text('video_name').notNull(),
    action: text('action').$type<'add' | 'remove'>().notNull(),
    decision: text('decision').$type<ContentItemDecision>().notNull().default('pending'),
    /** The policy reason of a rejection, its labels copied as they were when chosen. */
    reasonId: integer('reason_id').references(() => contentPolicyReasons.id),
    reasonLabel: text('reason_label'),
    reasonLabelZh: text('reason_label_zh'),
    note: text('note'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.videoId] }), index('content_request_items_video_idx').on(t.videoId)],
);

/** The reasons staff reject content with: kept by staff, retired rather than deleted (items name them). */
export const contentPolicyReasons = pgTable(
  'content_policy_reasons',
  {
    id: serial('id').primaryKey(),
    label: text('label').notNull(),
    labelZh: text('label_zh').notNull().default(''),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('content_policy_reasons_label_unique').on(sql`lower(${t.label})`)],
);
