import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants';
import { defineEndpoint } from './endpoint';
import { ROLE_NAMES } from './identity';
import {
  ANNOUNCEMENT_CONTENT_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  MAX_NOTIFICATION_IDS,
  NOTIFICATION_LANGUAGES,
  NOTIFICATION_PAGE_SIZE,
} from './notification-types';
import { DB_SMALLINT_MAX, dbBigId, dbId, dbInt, nameSchema, textSchema } from './schema-kit';

const id = dbId;

/** The optional filter of the poll; `{}` is the caller's undismissed, delivered notifications. */
export const notificationsFilterSchema = z.object({
  types: z.array(dbInt(0, DB_SMALLINT_MAX)).max(20, 'Please filter by at most 20 types.').optional(),
  /** The Action Center tab (type 20: actions; every other type: notifications). */
  tab: z.enum(['actions', 'notifications']).optional(),
  hasRead: z.boolean().optional(),
  page: dbInt(1, 100_000).default(1),
  pageSize: dbInt(1, MAX_PAGE_SIZE).default(NOTIFICATION_PAGE_SIZE),
  /**
   * The `version` of the caller's last answer to the same filter: when the inbox has not changed
   * since, the answer is `{unchanged: true, version}` and the server reads nothing more (the poll of
   * an idle console).
   */
  knownVersion: dbInt(0).optional(),
  /**
   * The language to write title and content in (the console's current one). Absent: the reader's
   * profile language, else the request's Accept-Language, else en-US.
   */
  language: z.enum(NOTIFICATION_LANGUAGES).optional(),
});
export type NotificationsFilter = z.input<typeof notificationsFilterSchema>;

export const notificationInfoSchema = z.object({
  /** The id of the caller's notification target: the one SetRead and SetDismissed take. */
  notificationId: z.number().int(),
  type: z.number().int(),
  /**
   * Title and content in the reader's language (see the filter's `language`): rendered from
   * `messageKey` and `params` for a system notification, the reader's version of an announcement.
   */
  title: z.string().nullable(),
  content: z.string().nullable(),
  hasRead: z.boolean(),
  /** ISO times. toSentAt is the scheduled delivery time, null when sent at once. */
  createdAt: z.string().nullable(),
  toSentAt: z.string().nullable(),
  menuId: z.number().int().nullable(),
  /**
   * A system notification's message key and values (contracts' NotificationMessages): a console
   * may render them itself (in the language it switches to). Null on free-text notifications.
   */
  messageKey: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
  /** An announcement's every language version of title and content (the written one included), by language. */
  translations: z
    .partialRecord(z.enum(NOTIFICATION_LANGUAGES), z.object({ title: z.string().nullable(), content: z.string().nullable() }))
    .nullable(),
});
export type NotificationInfo = z.infer<typeof notificationInfoSchema>;

export const notificationsResponseSchema = z.object({
  /** Newest first, one page. */
  infos: z.array(notificationInfoSchema),
  /** Each menu id used by `infos` that the caller has, keyed by id. */
  menus: z.record(z.string(), z.object({ name: z.string(), url: z.string() })),
  /** How many match the filter, across all pages. */
  total: z.number().int(),
  /** Unread, undismissed, delivered notifications per Action Center tab, whatever the filter. */
  unread: z.object({ actions: z.number().int(), notifications: z.number().int() }),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Changes with every change to the caller's inbox; send it back as `knownVersion`. */
  version: z.number().int(),
  unchanged: z.literal(false),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

export const notificationsUnchangedSchema = z.object({ unchanged: z.literal(true), version: z.number().int() });
export type NotificationsUnchanged = z.infer<typeof notificationsUnchangedSchema>;

/** Notification targets are a `bigserial` table. */
const targetIds = z
  .array(dbBigId)
  .min(1, 'Please choose at least one notification.')
  .max(MAX_NOTIFICATION_IDS, `Please choose at most ${MAX_NOTIFICATION_IDS} notifications at once.`);

export const changedSchema = z.object({ ok: z.literal(true), changed: z.number().int() });

export const notificationsList = defineEndpoint('notifications.notificationsList', {
  summary: "The caller's delivered, undismissed notifications (newest first) and the menus they link to",
  tag: 'Notification',
  request: notificationsFilterSchema,
  response: z.discriminatedUnion('unchanged', [notificationsResponseSchema, notificationsUnchangedSchema]),
});

export const setNotificationsRead = defineEndpoint('notifications.setNotificationsRead', {
  summary: "Marks the caller's notification targets read; an id that is not the caller's answers 404",
  tag: 'Notification',
  request: z.object({ hasRead: z.literal(true), notificationTargetIds: targetIds }),
  response: changedSchema,
});

export const setNotificationsDismissed = defineEndpoint('notifications.setNotificationsDismissed', {
  summary: "Dismisses the caller's read notification targets; an unread one is refused with 409",
  tag: 'Notification',
  request: z.object({ isDismissed: z.literal(true), notificationTargetIds: targetIds }),
  response: changedSchema,
});

export const announcementAudienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('role'), role: z.enum(ROLE_NAMES) }),
  z.object({
    kind: z.literal('accounts'),
    accountIds: z
      .array(id)
      .min(1, 'Please choose at least one account.')
      .max(MAX_PAGE_SIZE, `Please choose at most ${MAX_PAGE_SIZE} accounts.`),
  }),
]);
export type AnnouncementAudience = z.infer<typeof announcementAudienceSchema>;

/** A title is a name: one line, nothing invisible or direction-changing. */
const announcementTitle = nameSchema(ANNOUNCEMENT_TITLE_MAX, 'Please enter a title.');
const announcementContent = textSchema(ANNOUNCEMENT_CONTENT_MAX, 'Please enter the message.');

export const publishAnnouncementRequestSchema = z.object({
  title: announcementTitle,
  content: announcementContent,
  /** The zh-CN version (optional): zh-CN readers see it, everyone else the English one. */
  zh: z.object({ title: announcementTitle, content: announcementContent }).optional(),
  audience: announcementAudienceSchema,
  /** When to deliver (ISO time with offset); absent means now. Must be in the future. */
  toSentAt: z.iso.datetime({ offset: true, message: 'Please enter a valid time' }).optional(),
});
export type PublishAnnouncementRequest = z.input<typeof publishAnnouncementRequestSchema>;

export const publishAnnouncement = defineEndpoint('notifications.publishAnnouncement', {
  summary: 'Publishes an announcement (type 30) to everyone, a role or chosen accounts, now or at a set time',
  tag: 'Notification',
  request: publishAnnouncementRequestSchema,
  response: z.object({
    id: z.number().int(),
    recipients: z.number().int(),
    toSentAt: z.string().nullable(),
  }),
});

/**
 * The Action Center's live updates: `text/event-stream` (ask with `Accept: text/event-stream`; 406
 * otherwise), for the caller only. `event: inbox` whenever the caller's inbox changes (then poll
 * Notifications with the known version), a comment line as heartbeat, `event: end` when the session
 * ends. At most NOTIFICATION_STREAMS_PER_USER per user and process (429 RATE_LIMITED beyond).
 */
export const notificationStream = defineEndpoint('notifications.notificationStream', {
  summary: "Server-sent events telling the caller that their Action Center changed (text/event-stream)",
  tag: 'Notification',
  request: z.object({}),
  response: z.unknown(),
});
