import { NOTIFICATION_TYPES, type NotificationParams, type NotificationTranslations } from '@ads/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { inScope, ownedKind, type Scope } from '../../kit/access';
import { intArray, intArrayLiteral, rowsOf, textArray } from '../../kit/sql';
import { accounts, rolePowers, roles, userRoles, users } from '../../db/schema/identity';
import {
  notificationInboxes as inboxes,
  notifications,
  notificationTargets as targets,
} from '../../db/schema/notifications';

const ACTION = NOTIFICATION_TYPES.action;

/**
 * A notification as it reached one user (its target row): the user's own, whatever the account
 * (targets have no account), so it is scoped to the user (`userScope`).
 */
export const targetKind = ownedKind({ what: 'The notification', table: targets, id: targets.id, parties: { user: targets.userId } });

// The Action Center poll runs for every open console once a minute, so it is one prepared
// statement. When the caller already holds the inbox's current version (and nothing scheduled has
// fallen due), it reads one row by primary key and nothing else. Otherwise the counts read only
// the inbox index (user, undismissed, delivered); the page walks the same index in its order and
// stops at the page's end, and only its rows are joined to their notifications and turned into
// JSON by PostgreSQL. Optional filters are parameters (null = no filter): one plan for all calls.
const ph = sql.placeholder;
const utc = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const inboxStatement = preparedPerDb((db) => {
  const inInbox = (t: string) =>
    sql`${sql.raw(t)}.user_id = ${ph('userId')} and ${sql.raw(t)}.is_dismissed = false
      and ${sql.raw(t)}.deliver_at <= ${ph('now')}::timestamptz`;
  const matches = (t: string) =>
    sql`(${ph('types')}::int[] is null or ${sql.raw(t)}.type = any(${ph('types')}::int[]))
      and (${ph('hasRead')}::boolean is null or ${sql.raw(t)}.has_read = ${ph('hasRead')}::boolean)
      and (${ph('tab')}::text is null or (${sql.raw(t)}.type = ${sql.raw(String(ACTION))}) = (${ph('tab')}::text = 'actions'))`;
  // "nulls last" matches the index's order, so the page needs no sort.
  const newestFirst = (t: string) => sql.raw(`${t}.deliver_at desc nulls last, ${t}.id desc nulls last`);
  const info = sql.raw(`json_build_object(
    'notificationId', p.id, 'type', n.type, 'title', n.title, 'content', n.content,
    'hasRead', p.has_read, 'createdAt', ${utc('n.created_at')}, 'toSentAt', ${utc('n.to_sent_at')},
    'menuId', n.menu_id, 'messageKey', n.message_key, 'params', n.params, 'translations', n.translations)`);
  const state = (column: string) =>
    sql`(select ${sql.raw(column)} from ${inboxes} b where b.user_id = ${ph('userId')})`;
  const due = sql`coalesce(${state('next_due_at')} <= ${ph('now')}::timestamptz, false)`;
  // An uncorrelated condition: PostgreSQL evaluates it once and skips the scans when it holds.
  const known = sql`coalesce(${state('version')} = ${ph('knownVersion')}::int and not ${due}, false)`;
  const infos = sql`(select coalesce(json_agg(${info} order by ${newestFirst('p')}), '[]')
    from (select t.id, t.notification_id, t.has_read, t.deliver_at from ${targets} t
          where ${inInbox('t')} and ${matches('t')} and not ${known}
          order by ${newestFirst('t')} limit ${ph('limit')} offset ${ph('offset')}) p
    join ${notifications} n on n.id = p.notification_id)`;
  return db
    .select({
      version: sql<number>`coalesce(${state('version')}, 0)`,
      unchanged: sql<boolean>`${known}`,
      due: sql<boolean>`${due}`,
      total: sql<number>`(count(*) filter (where ${matches('i')}))::int`,
      unreadActions: sql<number>`(count(*) filter (where not i.has_read and i.type = ${sql.raw(String(ACTION))}))::int`,
      unreadNotifications: sql<number>`(count(*) filter (where not i.has_read and i.type <> ${sql.raw(String(ACTION))}))::int`,
      infos: sql<InboxRow[]>`${infos}`,
    })
    .from(sql`${targets} i`)
    .where(sql`${inInbox('i')} and not ${known}`)
    .prepare('notification_inbox');
});

export interface InboxRow {
  notificationId: number;
  type: number;
  title: string | null;
  content: string | null;
  hasRead: boolean;
  createdAt: string;
  toSentAt: string | null;
  menuId: number | null;
  messageKey: string | null;
  params: NotificationParams | null;
  translations: NotificationTranslations | null;
}

export interface InboxQuery {
  userId: number;
  now: Date;
  types: number[] | null;
  hasRead: boolean | null;
  tab: 'actions' | 'notifications' | null;
  limit: number;
  offset: number;
  knownVersion: number | null;
}

export const findInbox = async (db: DbOrTx, q: InboxQuery) => {
  const [row] = await inboxStatement(db).execute({
    userId: q.userId,
    now: q.now.toISOString(),
    types: q.types ? intArrayLiteral(q.types) : null,
    hasRead: q.hasRead,
    tab: q.tab,
    limit: q.limit,
    offset: q.offset,
    knownVersion: q.knownVersion,
  });
  return row!;
};

/** The channel that tells every process whose inbox changed (inbox-stream.ts). */
export const INBOX_CHANNEL = 'notification_inbox';

/**
 * A NOTIFY of the user ids `bumped` (a CTE answering `user_id`) on INBOX_CHANNEL, a thousand ids a
 * message (a payload holds under 8,000 bytes); delivered at commit, to every process. A CTE to
 * name in the statement's answer: a volatile CTE is computed whole.
 */
const notifyInboxes = (bumped: string) => sql.raw(`notified as (
      select pg_notify('${INBOX_CHANNEL}', string_agg(user_id::text, ',')) from (
        select user_id, (row_number() over ()) / 1000 as chunk from ${bumped}) ids group by chunk
    )`);

/** Every change to a user's inbox moves its version on, so that a client's copy is known stale. */
export const bumpInbox = async (db: DbOrTx, userId: number) => {
  await db.execute(sql`
    with bumped as (
      insert into ${inboxes} as b (user_id) values (${userId})
      on conflict (user_id) do update set version = b.version + 1
      returning user_id
    ), ${notifyInboxes('bumped')}
    select (select count(*) from notified)::int as n`);
};

/** Scheduled notifications have fallen due: a new version, and the next time to look. */
export const advanceDue = async (db: DbOrTx, userId: number, now: Date) => {
  const at = now.toISOString();
  await db
    .update(inboxes)
    .set({
      version: sql`${inboxes.version} + 1`,
      nextDueAt: sql`(select min(${targets.deliverAt}) from ${targets}
        where ${targets.userId} = ${userId} and ${targets.deliverAt} > ${at}::timestamptz)`,
    })
    .where(and(eq(inboxes.userId, userId), sql`${inboxes.nextDueAt} <= ${at}::timestamptz`));
};

/** Of `ids`, those in the scope (the user's) and already delivered (others must look absent). */
export const findOwnTargets = (db: DbOrTx, scope: Scope, ids: number[], now: Date) =>
  db
    .select({ id: targets.id, hasRead: targets.hasRead, isDismissed: targets.isDismissed })
    .from(targets)
    .where(and(inScope(targetKind, scope), inArray(targets.id, ids), sql`${targets.deliverAt} <= ${now.toISOString()}::timestamptz`));

export const markRead = async (db: DbOrTx, ids: number[], at: Date): Promise<number> => {
  const rows = await db
    .update(targets)
    .set({ hasRead: true, readAt: at })
    .where(and(inArray(targets.id, ids), eq(targets.hasRead, false)))
    .returning({ id: targets.id });
  return rows.length;
};

export const markDismissed = async (db: DbOrTx, ids: number[], at: Date): Promise<number> => {
  const rows = await db
    .update(targets)
    .set({ isDismissed: true, dismissedAt: at })
    .where(and(inArray(targets.id, ids), eq(targets.isDismissed, false)))
    .returning({ id: targets.id });
  return rows.length;
};

/**
 * Dismisses every recipient's open copy of the notifications whose `by` column (an event key, or
 * the subject an action asks about) is one of `keys` (what they ask is done), moving each such
 * inbox's version on; answers how many copies.
 */
const dismissBy = async (db: DbOrTx, by: 'event_key' | 'subject', keys: string[], at: Date): Promise<number> => {
  const result = await db.execute<{ n: number }>(sql`
    with dismissed as (
      update ${targets} t set is_dismissed = true, dismissed_at = ${at.toISOString()}::timestamptz
      from ${notifications} n
      where n.id = t.notification_id and ${sql.raw(`n.${by}`)} = any(${textArray(keys)}) and t.is_dismissed = false
      returning t.user_id
    ), bumped as (
      insert into ${inboxes} as b (user_id)
      select distinct user_id from dismissed
      on conflict (user_id) do update set version = b.version + 1
      returning user_id
    ), ${notifyInboxes('bumped')}
    select count(*)::int as n, (select count(*) from notified)::int as notified from dismissed`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
};

/** Dismisses the copies of the notifications with these event keys (an action someone took care of). */
export const dismissEvents = (db: DbOrTx, eventKeys: string[], at: Date) => dismissBy(db, 'event_key', eventKeys, at);

/** Dismisses the open copies of the actions on these subjects. */
export const dismissSubjects = (db: DbOrTx, subjects: string[], at: Date) => dismissBy(db, 'subject', subjects, at);

/** Inserts the notification unless its event key is already known; undefined when it is. */
export const insertNotification = async (db: DbOrTx, values: typeof notifications.$inferInsert) => {
  const [row] = await db
    .insert(notifications)
    .values(values)
    .onConflictDoNothing({ target: notifications.eventKey })
    .returning({ id: notifications.id, createdAt: notifications.createdAt, toSentAt: notifications.toSentAt });
  return row;
};

export interface RecipientSet {
  userIds: number[];
  accountIds: number[];
  roleNames: string[];
  powerCodes: string[];
  everyone: boolean;
}

/**
 * One target per distinct recipient, in one statement (a broadcast to every user included);
 * answers how many were written.
 */
export const fanOut = async (
  db: DbOrTx,
  notification: { id: number; type: number; deliverAt: Date; now: Date },
  to: RecipientSet,
): Promise<number> => {
  const holdsRole = db
    .select({ one: sql`1` })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, users.id), sql`${roles.name} = any(${textArray(to.roleNames)})`));
  const holdsPower = db
    .select({ one: sql`1` })
    .from(userRoles)
    .innerJoin(rolePowers, eq(rolePowers.roleId, userRoles.roleId))
    .where(and(eq(userRoles.userId, users.id), sql`${rolePowers.powerCode} = any(${textArray(to.powerCodes)})`));
  const recipients = sql`${to.everyone ? sql`true` : sql`false`}
    or ${users.id} = any(${intArray(to.userIds)})
    or ${users.accountId} = any(${intArray(to.accountIds)})
    or exists (${holdsRole})
    or exists (${holdsPower})`;
  const deliverAt = notification.deliverAt.toISOString();
  // A delivery still to come is remembered as the inbox's next time to look (see advanceDue).
  const scheduled = notification.deliverAt > notification.now ? deliverAt : null;
  const result = await db.execute<{ n: number }>(sql`
    with written as (
      insert into ${targets} (notification_id, type, user_id, deliver_at)
      select ${notification.id}::int, ${notification.type}::smallint, ${users.id}, ${deliverAt}::timestamptz
      from ${users} where ${recipients}
      on conflict do nothing
      returning user_id
    ), bumped as (
      insert into ${inboxes} as b (user_id, next_due_at)
      select user_id, ${scheduled}::timestamptz from written
      on conflict (user_id) do update
      set version = b.version + 1, next_due_at = least(b.next_due_at, excluded.next_due_at)
      returning user_id
    ), ${notifyInboxes('bumped')}
    select count(*)::int as n, (select count(*) from notified)::int as notified from written`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
};

export const existingAccountIds = async (db: DbOrTx, ids: number[]): Promise<number[]> => {
  const rows = await db.select({ id: accounts.id }).from(accounts).where(inArray(accounts.id, ids));
  return rows.map((r) => r.id);
};
