import type { AccountKind, AccountStatus } from '@ads/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
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
  accountId: accounts.id,
  accountName: accounts.name,
  accountKind: accounts.kind,
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

// --- sign-in throttling -------------------------------------------------------------------

export const findLoginAttempts = (db: DbOrTx, keys: string[]) =>
  db.select().from(loginAttempts).where(inArray(loginAttempts.key, keys));

/**
 * Counts one failure atomically (safe with many server processes): a window older than
 * `windowStart` starts again at 1; reaching `lockAfter` sets `lockedUntil`.
 */
export const recordLoginFailure = async (
  db: DbOrTx,
  key: string,
  now: Date,
  windowStart: Date,
  lockAfter: number,
  lockUntil: Date,
) => {
  const expired = sql`${loginAttempts.windowStartedAt} < ${windowStart.toISOString()}::timestamptz`;
  const nextFailures = sql`case when ${expired} then 1 else ${loginAttempts.failures} + 1 end`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ key, failures: 1, windowStartedAt: now, lockedUntil: lockAfter <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: nextFailures,
        windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginAttempts.windowStartedAt} end`,
        lockedUntil: sql`case when ${nextFailures} >= ${lockAfter} then ${lockUntil.toISOString()}::timestamptz else null end`,
      },
    })
    .returning({ failures: loginAttempts.failures, lockedUntil: loginAttempts.lockedUntil });
  return row!;
};

export const clearLoginAttempts = async (db: DbOrTx, key: string) => {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
};

// --- accounts and users ---------------------------------------------------------------------

export const insertAccount = async (db: DbOrTx, values: typeof accounts.$inferInsert) => {
  const [row] = await db.insert(accounts).values(values).returning();
  return row!;
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
export const searchAccounts = async (db: DbOrTx, q: { search: string; kind?: string; limit: number }) => {
  const pattern = `%${q.search.replace(/[\\%_]/g, '\\$&')}%`;
  const rows = await db
    .select({ id: accounts.id, name: accounts.name, kind: accounts.kind, status: accounts.status })
    .from(accounts)
    .where(and(sql`${accounts.name} ilike ${pattern}`, q.kind ? eq(accounts.kind, q.kind) : undefined))
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
