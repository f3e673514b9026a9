import type { AccountKind, AccountSortField, AccountStatus, RoleName, UserStatus } from '@ads/contracts';
import { and, asc, desc, eq, getTableColumns, isNull, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, passwordResetRequests, roles, userRoles, users } from '../../db/schema/identity';
import { escapeLike, rowsOf, textArray } from '../../kit/sql';

export type NewAccount = typeof accounts.$inferInsert;

// The outer row named by its table: Drizzle leaves columns unqualified in a one-table select.
const userCount = sql<number>`(select count(*)::int from ${users} u where u.account_id = ${accounts}.id)`;
const activeUserCount = sql<number>`(select count(*)::int from ${users} u where u.account_id = ${accounts}.id and u.status = 'active')`;

const accountColumns = { ...getTableColumns(accounts), userCount, activeUserCount };

export type ManagedAccountRow = Omit<typeof accounts.$inferSelect, 'kind' | 'status'> & {
  kind: AccountKind;
  status: AccountStatus;
  userCount: number;
  activeUserCount: number;
};

export const findAccount = async (db: DbOrTx, id: number): Promise<ManagedAccountRow | undefined> => {
  const [row] = await db.select(accountColumns).from(accounts).where(eq(accounts.id, id)).limit(1);
  return row as ManagedAccountRow | undefined;
};

/** The account's status, its row locked until the transaction ends (a user added to it waits for a close). */
export const lockAccount = async (db: DbOrTx, id: number): Promise<AccountStatus | undefined> => {
  const [row] = await db.select({ status: accounts.status }).from(accounts).where(eq(accounts.id, id)).for('update');
  return row?.status as AccountStatus | undefined;
};

export interface AccountQuery {
  kind: AccountKind;
  search?: string;
  statuses?: readonly AccountStatus[];
  sort: AccountSortField;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const sortColumn = (field: AccountSortField): SQL =>
  field === 'name' ? sql`lower(${accounts.name})` : field === 'code' ? sql`lower(${accounts.code})` : sql`${accounts[field]}`;

/** Accounts of a kind whose name, code or contact email contains the search, or one of whose users' email does. */
export const listAccounts = async (db: DbOrTx, q: AccountQuery) => {
  const pattern = q.search ? `%${escapeLike(q.search)}%` : undefined;
  const contains = (column: Column) => sql`lower(${column}) like lower(${pattern})`;
  const where = and(
    eq(accounts.kind, q.kind),
    pattern
      ? or(
          contains(accounts.name),
          contains(accounts.code),
          contains(accounts.contactEmail),
          sql`exists (select 1 from ${users} where ${users.accountId} = ${accounts.id} and lower(${users.email}) like lower(${pattern}))`,
        )
      : undefined,
    q.statuses?.length ? sql`${accounts.status} = any(${textArray(q.statuses)})` : undefined,
  );
  const dir = q.order === 'asc' ? asc : desc;
  const [items, [count]] = await Promise.all([
    db
      .select(accountColumns)
      .from(accounts)
      .where(where)
      .orderBy(dir(sortColumn(q.sort)), dir(accounts.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(accounts).where(where),
  ]);
  return { items: items as ManagedAccountRow[], total: Number(count?.n ?? 0) };
};

export const insertAccount = async (db: DbOrTx, values: NewAccount) => {
  const [row] = await db.insert(accounts).values(values).returning({ id: accounts.id });
  return row!;
};

/** Updates the account when it is still at `version` and in one of `statuses` (one statement); undefined otherwise. */
export const updateAccountAt = async (
  db: DbOrTx,
  id: number,
  version: number,
  statuses: readonly AccountStatus[],
  set: Partial<NewAccount> & { updatedAt: Date },
) => {
  const [row] = await db
    .update(accounts)
    .set({ ...set, version: sql`${accounts.version} + 1` })
    .where(and(eq(accounts.id, id), eq(accounts.version, version), sql`${accounts.status} = any(${textArray(statuses)})`))
    .returning({ id: accounts.id });
  return row;
};

/** Updates the account when it is in one of `statuses`, whatever its version (a status change request's decision); undefined otherwise. */
export const updateAccountFrom = async (db: DbOrTx, id: number, statuses: readonly AccountStatus[], set: Partial<NewAccount> & { updatedAt: Date }) => {
  const [row] = await db
    .update(accounts)
    .set({ ...set, version: sql`${accounts.version} + 1` })
    .where(and(eq(accounts.id, id), sql`${accounts.status} = any(${textArray(statuses)})`))
    .returning({ id: accounts.id, kind: accounts.kind });
  return row;
};

// --- users ----------------------------------------------------------------------------------

/** The user's first role (the one that decides the landing page). */
const roleName = sql<RoleName | null>`(
  select ${roles.name} from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
  where ${userRoles.userId} = ${users}.id order by ${userRoles.position}, ${userRoles.roleId} limit 1
)`;

const userColumns = {
  id: users.id,
  accountId: users.accountId,
  name: users.name,
  email: users.email,
  phone: users.phone,
  status: users.status,
  mustChangePassword: users.mustChangePassword,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
  version: users.version,
  roleName,
  accountKind: accounts.kind,
  accountStatus: accounts.status,
};

export interface ManagedUserRow {
  id: number;
  accountId: number;
  name: string;
  email: string;
  phone: string | null;
  status: UserStatus;
  mustChangePassword: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
  version: number;
  roleName: RoleName | null;
  accountKind: AccountKind;
  accountStatus: AccountStatus;
}

const selectUsers = (db: DbOrTx) => db.select(userColumns).from(users).innerJoin(accounts, eq(accounts.id, users.accountId));

export const findUser = async (db: DbOrTx, id: number): Promise<ManagedUserRow | undefined> => {
  const [row] = await selectUsers(db).where(eq(users.id, id)).limit(1);
  return row as ManagedUserRow | undefined;
};

export const usersOf = async (db: DbOrTx, accountId: number): Promise<ManagedUserRow[]> =>
  (await selectUsers(db).where(eq(users.accountId, accountId)).orderBy(asc(users.id))) as ManagedUserRow[];

/** Updates the user when it is still at `version` (one statement); undefined otherwise. */
export const updateUserAt = async (db: DbOrTx, id: number, version: number, set: Partial<typeof users.$inferInsert> & { updatedAt: Date }) => {
  const [row] = await db
    .update(users)
    .set({ ...set, version: sql`${users.version} + 1` })
    .where(and(eq(users.id, id), eq(users.version, version)))
    .returning({ id: users.id });
  return row;
};

/**
 * The active users of internal accounts, their rows locked until the transaction ends: two staff
 * disabling each other at once take turns, and the second sees the first's change (PostgreSQL
 * re-reads a locked row that changed, and drops it when it no longer matches).
 */
export const lockActiveStaff = async (db: DbOrTx): Promise<number[]> => {
  const result = await db.execute(sql`
    select u.id from ${users} u join ${accounts} a on a.id = u.account_id
    where a.kind = 'internal' and u.status = 'active'
    order by u.id
    for update of u`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
};

// --- forgotten passwords ----------------------------------------------------------------------

export interface FiledResetRequest {
  id: number;
  userId: number;
  userName: string;
  email: string;
  accountId: number;
  accountKind: AccountKind;
  accountName: string;
}

/**
 * Files a reset request for the active user of a non-closed account with this email, unless one
 * of theirs is open (the partial unique index decides, whatever the concurrency). One statement
 * whether or not such a user exists, so an unknown email costs the same; answers the filed request
 * with its user and account, or undefined when nothing was filed.
 */
export const fileResetRequest = async (db: DbOrTx, email: string, at: Date, ip: string | null): Promise<FiledResetRequest | undefined> => {
  const result = await db.execute(sql`
    with target as (
      select u.id as user_id, u.name as user_name, u.email, a.id as account_id, a.kind as account_kind, a.name as account_name
      from ${users} u join ${accounts} a on a.id = u.account_id
      where lower(u.email) = ${email} and u.status = 'active' and a.status <> 'closed'
    ), filed as (
      insert into ${passwordResetRequests} (user_id, requested_at, ip)
      select user_id, ${at.toISOString()}::timestamptz, ${ip} from target
      on conflict (user_id) where answered_at is null do nothing
      returning id, user_id
    )
    select f.id, t.user_id as "userId", t.user_name as "userName", t.email, t.account_id as "accountId",
      t.account_kind as "accountKind", t.account_name as "accountName"
    from filed f join target t on t.user_id = f.user_id`);
  const [row] = rowsOf<FiledResetRequest>(result);
  return row && { ...row, id: Number(row.id), userId: Number(row.userId), accountId: Number(row.accountId) };
};

/** Answers the user's open reset request (staff gave a one-time password); the ids answered. */
export const answerResetRequests = async (db: DbOrTx, userId: number, at: Date): Promise<number[]> => {
  const rows = await db
    .update(passwordResetRequests)
    .set({ answeredAt: at })
    .where(and(eq(passwordResetRequests.userId, userId), isNull(passwordResetRequests.answeredAt)))
    .returning({ id: passwordResetRequests.id });
  return rows.map((r) => r.id);
};
