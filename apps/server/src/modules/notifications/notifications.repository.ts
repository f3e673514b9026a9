import { NOTIFICATION_TYPES } from '@ads/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { accounts, rolePowers, roles, userRoles, users } from '../../db/schema/identity';
import { notifications, notificationTargets as targets } from '../../db/schema/notifications';

const ACTION = NOTIFICATION_TYPES.action;

// Arrays go as one array-literal parameter: Drizzle would spread a JS array into a list, and the
// two drivers serialise arrays differently.
const intArrayLiteral = (values: number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;

// The Action Center poll runs for every open console once a minute, so it is one prepared
// statement. The counts read only the inbox index (user, undismissed, delivered); the page walks
// the same index in its order and stops at the page's end, and only its rows are joined to their
// notifications and turned into JSON by PostgreSQL. Optional filters are parameters (null = no
// filter), so one plan serves every call.
const ph = sql.placeholder;
const utc = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const inboxStatement = preparedPerDb((db) => {
  const inInbox = (t: string) =>
    sql`${sql.raw(t)}.user_id = ${ph('userId')} and ${sql.raw(t)}.is_dismissed = false
      and ${sql.raw(t)}.deliver_at <= ${ph('now')}::timestamptz`;
  const matches = (t: string) =>
    sql`(${ph('types')}::int[] is null or ${sql.raw(t)}.type = any(${ph('types')}::int[]))
      and (${ph('hasRead')}::boolean is null or ${sql.raw(t)}.has_read = ${ph('hasRead')}::boolean)`;
  // "nulls last" matches the index's order, so the page needs no sort.
  const newestFirst = (t: string) => sql.raw(`${t}.deliver_at desc nulls last, ${t}.id desc nulls last`);
  const info = sql.raw(`json_build_object(
    'notificationId', p.id, 'type', n.type, 'title', n.title, 'content', n.content,
    'hasRead', p.has_read, 'createdAt', ${utc('n.created_at')}, 'toSentAt', ${utc('n.to_sent_at')},
    'menuId', n.menu_id)`);
  const infos = sql`(select coalesce(json_agg(${info} order by ${newestFirst('p')}), '[]')
    from (select t.id, t.notification_id, t.has_read, t.deliver_at from ${targets} t
          where ${inInbox('t')} and ${matches('t')}
          order by ${newestFirst('t')} limit ${ph('limit')} offset ${ph('offset')}) p
    join ${notifications} n on n.id = p.notification_id)`;
  return db
    .select({
      total: sql<number>`(count(*) filter (where ${matches('i')}))::int`,
      unreadActions: sql<number>`(count(*) filter (where not i.has_read and i.type = ${sql.raw(String(ACTION))}))::int`,
      unreadNotifications: sql<number>`(count(*) filter (where not i.has_read and i.type <> ${sql.raw(String(ACTION))}))::int`,
      infos: sql<InboxRow[]>`${infos}`,
    })
    .from(sql`${targets} i`)
    .where(inInbox('i'))
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
}

export interface InboxQuery {
  userId: number;
  now: Date;
  types: number[] | null;
  hasRead: boolean | null;
  limit: number;
  offset: number;
}

export const findInbox = async (db: DbOrTx, q: InboxQuery) => {
  const [row] = await inboxStatement(db).execute({
    userId: q.userId,
    now: q.now.toISOString(),
    types: q.types ? intArrayLiteral(q.types) : null,
    hasRead: q.hasRead,
    limit: q.limit,
    offset: q.offset,
  });
  return row!;
};

/** Of `ids`, those that are `userId`'s and already delivered (others must look absent). */
export const findOwnTargets = (db: DbOrTx, userId: number, ids: number[], now: Date) =>
  db
    .select({ id: targets.id, hasRead: targets.hasRead, isDismissed: targets.isDismissed })
    .from(targets)
    .where(and(eq(targets.userId, userId), inArray(targets.id, ids), sql`${targets.deliverAt} <= ${now.toISOString()}::timestamptz`));

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

const intArray = (values: number[]) => sql`${intArrayLiteral(values)}::int[]`;
const textArray = (values: string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/**
 * One target per distinct recipient, in one statement (a broadcast to every user included);
 * answers how many were written.
 */
export const fanOut = async (
  db: DbOrTx,
  notification: { id: number; type: number; deliverAt: Date },
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
  const result = await db.execute<{ n: number }>(sql`
    with written as (
      insert into ${targets} (notification_id, type, user_id, deliver_at)
      select ${notification.id}::int, ${notification.type}::smallint, ${users.id}, ${notification.deliverAt.toISOString()}::timestamptz
      from ${users} where ${recipients}
      on conflict do nothing
      returning 1
    )
    select count(*)::int as n from written`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
};

export const existingAccountIds = async (db: DbOrTx, ids: number[]): Promise<number[]> => {
  const rows = await db.select({ id: accounts.id }).from(accounts).where(inArray(accounts.id, ids));
  return rows.map((r) => r.id);
};
