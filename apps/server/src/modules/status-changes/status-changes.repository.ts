import type { AccountKind, StatusChangeEntity, StatusChangeKind, StatusChangeState } from '@ads/contracts';
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { adSlots } from '../../db/schema/ad-slots';
import { campaigns } from '../../db/schema/campaigns';
import { accounts, users } from '../../db/schema/identity';
import { statusChanges } from '../../db/schema/status-changes';
import { inScope, ownedKind, type Scope } from '../../kit/access';
import { escapeLike, textArray } from '../../kit/sql';

/** Requests belong to the entity's account: its users see them, staff see every account's. */
export const statusChangeKind = ownedKind({ what: 'The request', table: statusChanges, id: statusChanges.id, owner: statusChanges.accountId });

/** One pending request per entity and kind (the partial unique index of migration 0019). */
export const PENDING_INDEX = 'status_changes_pending_unique';

export type NewStatusChange = typeof statusChanges.$inferInsert;

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

// The entity's name and state now, by its kind (a subquery each: one request names one entity).
const entityName = sql<string>`coalesce(case ${statusChanges.entity}
  when 'campaign' then (select c.name from ${campaigns} c where c.id = ${statusChanges.entityId})
  when 'adSlot' then (select s.name from ${adSlots} s where s.id = ${statusChanges.entityId})
  else (select a.name from ${accounts} a where a.id = ${statusChanges.entityId}) end, '')`;
const entityStatus = sql<string>`coalesce(case ${statusChanges.entity}
  when 'campaign' then (select c.status from ${campaigns} c where c.id = ${statusChanges.entityId})
  when 'adSlot' then (select s.status from ${adSlots} s where s.id = ${statusChanges.entityId})
  else (select a.status from ${accounts} a where a.id = ${statusChanges.entityId}) end, '')`;

const columns = {
  id: statusChanges.id,
  kind: statusChanges.kind,
  entity: statusChanges.entity,
  entityId: statusChanges.entityId,
  entityName,
  fromStatus: statusChanges.fromStatus,
  toStatus: statusChanges.toStatus,
  entityStatus,
  accountId: statusChanges.accountId,
  accountName: accounts.name,
  accountKind: accounts.kind,
  status: statusChanges.status,
  reason: statusChanges.reason,
  decisionNote: statusChanges.decisionNote,
  requestedById: statusChanges.requestedBy,
  requestedByName: requester.name,
  requestedByEmail: requester.email,
  requestedByKind: sql<AccountKind>`(select ra.kind from ${accounts} ra where ra.id = ${requester.accountId})`,
  requestedAt: statusChanges.requestedAt,
  decidedById: statusChanges.decidedBy,
  decidedByName: decider.name,
  decidedByEmail: decider.email,
  decidedAt: statusChanges.decidedAt,
  direct: statusChanges.direct,
  version: statusChanges.version,
};

export interface StatusChangeRow {
  id: number;
  kind: StatusChangeKind;
  entity: StatusChangeEntity;
  entityId: number;
  entityName: string;
  fromStatus: string;
  toStatus: string;
  entityStatus: string;
  accountId: number;
  accountName: string;
  accountKind: string;
  status: StatusChangeState;
  reason: string;
  decisionNote: string | null;
  requestedById: number;
  requestedByName: string;
  requestedByEmail: string;
  /** The requester's own account's kind (which menu their notifications open). */
  requestedByKind: AccountKind;
  requestedAt: Date;
  decidedById: number | null;
  decidedByName: string | null;
  decidedByEmail: string | null;
  decidedAt: Date | null;
  direct: boolean;
  version: number;
}

const selectRows = (db: DbOrTx) =>
  db
    .select(columns)
    .from(statusChanges)
    .innerJoin(accounts, eq(accounts.id, statusChanges.accountId))
    .innerJoin(requester, eq(requester.id, statusChanges.requestedBy))
    .leftJoin(decider, eq(decider.id, statusChanges.decidedBy));

export const findStatusChange = async (db: DbOrTx, id: number, scope: Scope): Promise<StatusChangeRow | undefined> => {
  const [row] = await selectRows(db).where(and(eq(statusChanges.id, id), inScope(statusChangeKind, scope)));
  return row as StatusChangeRow | undefined;
};

/** The request's state and version, its row locked until the transaction ends (decisions take turns). */
export const lockStatusChange = async (db: DbOrTx, id: number, scope: Scope) => {
  const [row] = await db
    .select({ id: statusChanges.id, status: statusChanges.status, version: statusChanges.version })
    .from(statusChanges)
    .where(and(eq(statusChanges.id, id), inScope(statusChangeKind, scope)))
    .for('update');
  return row;
};

const pendingOf = (entity: StatusChangeEntity, entityId: number, kind: StatusChangeKind) =>
  and(eq(statusChanges.entity, entity), eq(statusChanges.entityId, entityId), eq(statusChanges.kind, kind), eq(statusChanges.status, 'pending'));

/** The pending request of this kind for the entity, if any. */
export const findPending = async (db: DbOrTx, entity: StatusChangeEntity, entityId: number, kind: StatusChangeKind) => {
  const [row] = await db.select({ id: statusChanges.id }).from(statusChanges).where(pendingOf(entity, entityId, kind));
  return row;
};

/** The same, its row locked for the caller's transaction. */
export const lockPending = async (db: DbOrTx, entity: StatusChangeEntity, entityId: number, kind: StatusChangeKind) => {
  const [row] = await db.select({ id: statusChanges.id }).from(statusChanges).where(pendingOf(entity, entityId, kind)).for('update');
  return row;
};

export interface StatusChangeQuery {
  scope: Scope;
  statuses?: readonly StatusChangeState[];
  kinds?: readonly StatusChangeKind[];
  entity?: StatusChangeEntity;
  entityId?: number;
  search?: string;
  sort: 'requestedAt' | 'decidedAt' | 'status';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export const listStatusChanges = async (db: DbOrTx, q: StatusChangeQuery) => {
  const pattern = q.search ? `%${escapeLike(q.search)}%` : undefined;
  const contains = (column: SQL | typeof accounts.name) => sql`lower(${column}) like lower(${pattern})`;
  const where = and(
    inScope(statusChangeKind, q.scope),
    q.statuses?.length ? sql`${statusChanges.status} = any(${textArray(q.statuses)})` : undefined,
    q.kinds?.length ? sql`${statusChanges.kind} = any(${textArray(q.kinds)})` : undefined,
    q.entity ? eq(statusChanges.entity, q.entity) : undefined,
    q.entityId !== undefined ? eq(statusChanges.entityId, q.entityId) : undefined,
    pattern ? or(contains(entityName), contains(accounts.name), sql`lower(${statusChanges.reason}) like lower(${pattern})`) : undefined,
  );
  const dir = q.order === 'asc' ? asc : desc;
  const sortBy = q.sort === 'decidedAt' ? sql`${statusChanges.decidedAt} ${sql.raw(q.order)} nulls last` : dir(statusChanges[q.sort]);
  const [items, [count]] = await Promise.all([
    selectRows(db).where(where).orderBy(sortBy, dir(statusChanges.id)).limit(q.limit).offset(q.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(statusChanges)
      .innerJoin(accounts, eq(accounts.id, statusChanges.accountId))
      .where(where),
  ]);
  return { items: items as StatusChangeRow[], total: Number(count?.n ?? 0) };
};

export const insertStatusChange = async (db: DbOrTx, values: NewStatusChange) => {
  const [row] = await db.insert(statusChanges).values(values).returning({ id: statusChanges.id });
  return row!;
};

/** A staff member's own change, recorded as approved at once (the accounts page's reactivate and close). */
export interface DirectChange {
  kind: StatusChangeKind;
  entity: StatusChangeEntity;
  entityId: number;
  accountId: number;
  fromStatus: string;
  toStatus: string;
  reason: string;
  userId: number;
  at: Date;
}

export const recordDirectChange = (db: DbOrTx, c: DirectChange) =>
  insertStatusChange(db, {
    kind: c.kind,
    entity: c.entity,
    entityId: c.entityId,
    accountId: c.accountId,
    fromStatus: c.fromStatus,
    toStatus: c.toStatus,
    status: 'approved',
    reason: c.reason,
    requestedBy: c.userId,
    requestedAt: c.at,
    decidedBy: c.userId,
    decidedAt: c.at,
    direct: true,
  });

/** Decides the request when it is still pending at `version` (one statement); undefined otherwise. */
export const decideAt = async (
  db: DbOrTx,
  id: number,
  version: number,
  set: { status: StatusChangeState; decisionNote?: string | null; decidedBy: number | null; decidedAt: Date | null },
) => {
  const [row] = await db
    .update(statusChanges)
    .set({ ...set, version: sql`${statusChanges.version} + 1` })
    .where(and(eq(statusChanges.id, id), eq(statusChanges.version, version), eq(statusChanges.status, 'pending')))
    .returning({ id: statusChanges.id });
  return row;
};

// ---- The entities as a request sees them ----------------------------------------------------

export interface EntityRow {
  accountId: number;
  accountName: string;
  name: string;
  status: string;
}

/** The entity's account, name and state, or undefined when it is not there. */
export const findEntity = async (db: DbOrTx, entity: StatusChangeEntity, id: number): Promise<EntityRow | undefined> => {
  const table = entity === 'campaign' ? campaigns : entity === 'adSlot' ? adSlots : undefined;
  if (!table) {
    const [row] = await db.select({ accountId: accounts.id, accountName: accounts.name, name: accounts.name, status: accounts.status }).from(accounts).where(eq(accounts.id, id));
    return row;
  }
  const [row] = await db
    .select({ accountId: table.accountId, accountName: accounts.name, name: table.name, status: table.status })
    .from(table)
    .innerJoin(accounts, eq(accounts.id, table.accountId))
    .where(eq(table.id, id));
  return row;
};
