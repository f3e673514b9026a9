import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { NotificationParams, NotificationTranslations } from '@ads/contracts';
import { users } from './identity';

/**
 * One message, written once however many people receive it (docs/architecture.md,
 * Notifications).
 */
export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  /** 10 event · 15 reminder · 20 action · 25 approval · 30 announcement */
  type: smallint('type').notNull(),
  /**
   * Free text: a staff announcement's (English) version, or a row written before message keys.
   * System notifications leave both null and carry messageKey and params instead.
   */
  title: text('title'),
  content: text('content'),
  /** A system notification's message (e.g. `recycle.purgeSoon`), rendered in the reader's language. */
  messageKey: text('message_key'),
  /** The message's values: names, counts, ISO times. */
  params: jsonb('params').$type<NotificationParams>(),
  /** An announcement's other language versions, e.g. `{"zh-CN": {"title": …, "content": …}}`. */
  translations: jsonb('translations').$type<NotificationTranslations>(),
  /** The menu entry of the page where the recipient acts; no foreign key, the catalogue may drop it. */
  menuId: integer('menu_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Scheduled delivery; null means delivered at creation. */
  toSentAt: timestamp('to_sent_at', { withTimezone: true }),
  createdBy: integer('created_by').references(() => users.id),
  /** The event that caused it: a second notify() for the same event fans out nothing. */
  eventKey: text('event_key').unique(),
  /**
   * An action's (type 20) subject, e.g. `campaign:42`: what it asks about. Doing what it asks
   * (an approval, a new submission) resolves every open action on that subject (`resolve`).
   */
  subject: text('subject'),
}, (t) => [index('notifications_subject').on(t.subject).where(sql`${t.subject} is not null`)]);

/** One per recipient; its id is the notificationId the web client sees and acts on. */
export const notificationTargets = pgTable(
  'notification_targets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Copied from the notification (neither ever changes) so that the poll's page and counts are
    // one range of the inbox index, joined to notifications only for the rows of the page.
    /** coalesce(toSentAt, createdAt) */
    deliverAt: timestamp('deliver_at', { withTimezone: true }).notNull(),
    type: smallint('type').notNull(),
    hasRead: boolean('has_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    isDismissed: boolean('is_dismissed').notNull().default(false),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_targets_once').on(t.notificationId, t.userId),
    // The Action Center poll: a user's undismissed targets, newest first; the counts read only
    // this index.
    index('notification_targets_inbox')
      .on(t.userId, t.deliverAt.desc(), t.id.desc(), t.type, t.hasRead)
      .where(sql`${t.isDismissed} = false`),
  ],
);

/**
 * Per user: a version bumped by every change to the user's inbox (a delivery, a read, a dismissal,
 * a scheduled notification falling due), so that a poll that knows the current version is answered
 * without reading the inbox. nextDueAt is the earliest scheduled delivery still to come.
 */
export const notificationInboxes = pgTable('notification_inboxes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(1),
  nextDueAt: timestamp('next_due_at', { withTimezone: true }),
});
