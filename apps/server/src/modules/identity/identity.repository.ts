import type { AccountKind, AccountStatus } from '@ads/contracts';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { escapeLike, rowsOf } from '../../kit/sql';
import { preparedPerDb } from '../../db/prepared';
import {
  accounts,
  loginAttempts,
  menus,
  powers,
  roleMenus,
  rolePowers,
  roles,
  sessions,
  userRoles,
  users,
} from '../../db/schema/identity';

export type AccountRow = typeof accounts.$inferSelect;
export type UserRow = typeof users.$inferSelect;

const roleIdsOfUser = sql<number[]>`(
  select coalesce(array_agg(${userRoles.roleId} order by ${userRoles.position}, ${userRoles.roleId}), '{}')
  from ${userRoles} where ${userRoles.userId} = ${users.id}
)`;

const principalColumns = {
  userId: users.id,
  email: users.email,
  name: users.name,
  userStatus: users.status,
  passwordHash: users.passwordHash,
  mustChangePassword: users.mustChangePassword,
  language: users.language,
  accountId: accounts.id,
  accountName: accounts.name,
  accountKind: accounts.kind,
  currency: accounts.currency,
  accountStatus: accounts.status,
  roleIds: roleIdsOfUser,
};

export const findPrincipalByEmail = async (db: DbOrTx, email: string) => {
  const [row] = await db
    .select(principalColumns)
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  return row;
};

/** A user with their account and roles, by id (a job acting in the user's name). */
export const findPrincipalById = async (db: DbOrTx, userId: number) => {
  const [row] = await db.select(principalColumns).from(users).innerJoin(accounts, eq(accounts.id, users.accountId)).where(eq(users.id, userId)).limit(1);
  return row;
};

// Every authenticated request runs this lookup.
const sessionLookup = preparedPerDb((db) =>
  db
    .select({
      ...principalColumns,
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      idleExpiresAt: sessions.idleExpiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('find_session_by_token_hash'),
);

/** The session behind a token hash with its user and account, in one round trip. */
export const findSessionByTokenHash = async (db: DbOrTx, tokenHash: string) => {
  const [row] = await sessionLookup(db).execute({ tokenHash });
  return row;
};

export const insertSession = async (db: DbOrTx, values: typeof sessions.$inferInsert) => {
  await db.insert(sessions).values(values);
};

export const touchSession = async (db: DbOrTx, sessionId: number, lastSeenAt: Date, idleExpiresAt: Date) => {
  await db.update(sessions).set({ lastSeenAt, idleExpiresAt }).where(eq(sessions.id, sessionId));
};

export const revokeSession = async (db: DbOrTx, sessionId: number, at: Date) => {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
};

/** The user's live sessions end, but `exceptSessionId` (the caller's own, after a password change). */
export const revokeSessionsOfUser = async (db: DbOrTx, userId: number, at: Date, exceptSessionId?: number) => {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId)));
};

export const markSignedIn = async (db: DbOrTx, userId: number, at: Date) => {
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
};

export const findCredentials = async (db: DbOrTx, userId: number) => {
  const [row] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
};

/** The user's own password from now on: no longer a one-time one. */
export const updateOwnPassword = async (db: DbOrTx, userId: number, passwordHash: string, at: Date) => {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: false, version: sql`${users.version} + 1`, updatedAt: at })
    .where(eq(users.id, userId));
};

export const revokeSessionsOfAccount = async (db: DbOrTx, accountId: number, at: Date) => {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(
        isNull(sessions.revokedAt),
        inArray(sessions.userId, db.select({ id: users.id }).from(users).where(eq(users.accountId, accountId))),
      ),
    );
};

// --- the user's own profile ------------------------------------------------------------------

/** The user's first role (the one that decides the landing page). */
const firstRoleName = sql<string | null>`(
  select ${roles.name} from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
  where ${userRoles.userId} = ${users.id} order by ${userRoles.position}, ${userRoles.roleId} limit 1
)`;

export const findProfile = async (db: DbOrTx, userId: number) => {
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      phone: users.phone,
      language: users.language,
      roleName: firstRoleName,
      accountId: accounts.id,
      accountName: accounts.name,
      accountKind: accounts.kind,
      accountStatus: accounts.status,
      version: users.version,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
};

/** Saves the user's own name, phone and language when still at `version` (one statement); undefined otherwise. */
export const updateProfileAt = async (
  db: DbOrTx,
  userId: number,
  version: number,
  set: { name: string; phone: string; language: string; updatedAt: Date },
) => {
  const [row] = await db
    .update(users)
    .set({ ...set, version: sql`${users.version} + 1` })
    .where(and(eq(users.id, userId), eq(users.version, version)))
    .returning({ id: users.id });
  return row;
};

// --- sign-in throttling -------------------------------------------------------------------

export interface AttemptKey {
  key: string;
  /** The attempt that brings the count to this many locks the key. */
  lockAfter: number;
}

export interface Reservation extends AttemptKey {
  failures: number;
  windowStartedAt: Date;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Counts one attempt on every key that is not locked, in one statement (so it holds across server
 * processes and whatever the concurrency): a window older than `windowStart`, or an ended lock,
 * starts again at 1; the attempt that reaches a key's `lockAfter` locks it until `lockUntil`. A
 * locked key is left alone and missing from the answer. Rows are taken in key order, so two
 * sign-ins never wait on each other in a cycle.
 */
export const reserveLoginAttempt = async (
  db: DbOrTx,
  keys: AttemptKey[],
  at: Date,
  windowStart: Date,
  lockUntil: Date,
): Promise<Reservation[]> => {
  const input = sql.join(
    keys.map((k) => sql`(${k.key}::text, ${k.lockAfter}::int)`),
    sql`, `,
  );
  const fresh = sql`(a.window_started_at < ${ts(windowStart)} or a.locked_until is not null)`;
  const next = sql`case when ${fresh} then 1 else a.failures + 1 end`;
  const result = await db.execute(sql`
    with input(key, lock_after) as (values ${input})
    insert into ${loginAttempts} as a (key, failures, window_started_at, locked_until)
    select key, 1, ${ts(at)}, case when lock_after <= 1 then ${ts(lockUntil)} end from input order by key
    on conflict (key) do update set
      failures = ${next},
      window_started_at = case when ${fresh} then ${ts(at)} else a.window_started_at end,
      locked_until = case when ${next} >= (select lock_after from input where input.key = a.key) then ${ts(lockUntil)} end
    where a.locked_until is null or a.locked_until <= ${ts(at)}
    returning a.key, a.failures, a.window_started_at as "windowStartedAt"`);
  const lockAfter = new Map(keys.map((k) => [k.key, k.lockAfter]));
  return rowsOf<{ key: string; failures: number; windowStartedAt: Date | string }>(result).map((r) => ({
    key: r.key,
    lockAfter: lockAfter.get(r.key)!,
    failures: Number(r.failures),
    windowStartedAt: new Date(r.windowStartedAt),
  }));
};

/**
 * Gives one counted attempt back (a successful sign-in, or one refused by another key), unless its
 * window has started again since; below `lockAfter` the key is unlocked. One row per statement, so
 * releases never hold two rows at once.
 */
export const releaseLoginAttempt = async (db: DbOrTx, r: Reservation) => {
  await db
    .update(loginAttempts)
    .set({
      failures: sql`greatest(${loginAttempts.failures} - 1, 0)`,
      lockedUntil: sql`case when ${loginAttempts.failures} - 1 >= ${r.lockAfter}::int then ${loginAttempts.lockedUntil} end`,
    })
    .where(and(eq(loginAttempts.key, r.key), eq(loginAttempts.windowStartedAt, r.windowStartedAt)));
};

/** The latest lock among `keys`, if any is still running. */
export const findLockedUntil = async (db: DbOrTx, keys: string[], at: Date): Promise<Date | undefined> => {
  const [row] = await db
    .select({ until: sql<Date | string | null>`max(${loginAttempts.lockedUntil})` })
    .from(loginAttempts)
    .where(and(inArray(loginAttempts.key, keys), sql`${loginAttempts.lockedUntil} > ${ts(at)}`));
  return row?.until ? new Date(row.until) : undefined;
};

export const clearLoginAttempts = async (db: DbOrTx, key: string) => {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
};

// --- accounts and users ---------------------------------------------------------------------

export const insertAccount = async (db: DbOrTx, values: typeof accounts.$inferInsert) => {
  const [row] = await db.insert(accounts).values(values).returning();
  return row!;
};

/** The codes in use that start with `prefix` (case-insensitive), to derive a free one. */
export const codesStartingWith = async (db: DbOrTx, prefix: string): Promise<string[]> => {
  const rows = await db
    .select({ code: accounts.code })
    .from(accounts)
    .where(sql`lower(${accounts.code}) like lower(${`${escapeLike(prefix)}%`})`);
  return rows.map((r) => r.code);
};

export const findAccountByName = async (db: DbOrTx, kind: string, name: string) => {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.kind, kind), eq(accounts.name, name)))
    .limit(1);
  return row;
};

/** Name contains `search` (case-insensitive; % and _ taken literally), by name. */
export const searchAccounts = async (db: DbOrTx, q: { search: string; kind?: string; id?: number; limit: number }) => {
  const pattern = `%${q.search.replace(/[\\%_]/g, '\\$&')}%`;
  const rows = await db
    .select({ id: accounts.id, name: accounts.name, kind: accounts.kind, status: accounts.status })
    .from(accounts)
    .where(and(sql`${accounts.name} ilike ${pattern}`, q.kind ? eq(accounts.kind, q.kind) : undefined, q.id === undefined ? undefined : eq(accounts.id, q.id)))
    .orderBy(accounts.name, accounts.id)
    .limit(q.limit);
  return rows as { id: number; name: string; kind: AccountKind; status: AccountStatus }[];
};

export const insertUser = async (db: DbOrTx, values: typeof users.$inferInsert) => {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
};

export const insertUserRoles = async (db: DbOrTx, userId: number, roleIds: number[]) => {
  if (roleIds.length === 0) return;
  await db.insert(userRoles).values(roleIds.map((roleId, position) => ({ userId, roleId, position })));
};

export const updateUserStatus = async (db: DbOrTx, userId: number, status: string) => {
  await db.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, userId));
};

export const updateAccountStatus = async (db: DbOrTx, accountId: number, status: string) => {
  await db.update(accounts).set({ status, updatedAt: new Date() }).where(eq(accounts.id, accountId));
};

export const countAccounts = async (db: DbOrTx): Promise<number> => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts);
  return row?.n ?? 0;
};

export const emailExists = async (db: DbOrTx, email: string): Promise<boolean> => {
  const rows = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
  return rows.length > 0;
};

// --- catalogue ------------------------------------------------------------------------------

export interface CatalogueData {
  roles: { id: number; name: string }[];
  powers: { code: string; description: string }[];
  menus: (typeof menus.$inferSelect)[];
  roleMenus: { roleId: number; menuId: number }[];
  rolePowers: { roleId: number; powerCode: string }[];
}

/** Makes the catalogue tables equal to `data` (insert, update, delete) in one transaction. */
export const writeCatalogue = async (db: DbOrTx, data: CatalogueData) => {
  await db.transaction(async (tx) => {
    await tx.delete(roleMenus);
    await tx.delete(rolePowers);
    for (const role of data.roles) {
      await tx.insert(roles).values(role).onConflictDoUpdate({ target: roles.id, set: { name: role.name } });
    }
    for (const power of data.powers) {
      await tx
        .insert(powers)
        .values(power)
        .onConflictDoUpdate({ target: powers.code, set: { description: power.description } });
    }
    const powerCodes = data.powers.map((p) => p.code);
    await tx.delete(powers).where(sql`${powers.code} not in ${powerCodes.length ? powerCodes : ['']}`);
    for (const menu of data.menus) {
      await tx.insert(menus).values(menu).onConflictDoUpdate({ target: menus.id, set: menu });
    }
    const menuIds = data.menus.map((m) => m.id);
    await tx.delete(menus).where(sql`${menus.id} not in ${menuIds.length ? menuIds : [-1]}`);
    if (data.roleMenus.length) await tx.insert(roleMenus).values(data.roleMenus);
    if (data.rolePowers.length) await tx.insert(rolePowers).values(data.rolePowers);
  });
};

export const readCatalogue = async (db: DbOrTx): Promise<CatalogueData> => {
  const [r, p, m, rm, rp] = await Promise.all([
    db.select().from(roles),
    db.select().from(powers),
    db.select().from(menus),
    db.select().from(roleMenus),
    db.select().from(rolePowers),
  ]);
  return { roles: r, powers: p, menus: m, roleMenus: rm, rolePowers: rp };
};
