import type { Power } from '@ads/contracts';
import { and, Column, eq, getTableColumns, is, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { notFound } from '../errors';
import type { Principal } from '../principal';
import { intArray } from './sql';

/**
 * Who the caller is to the records of a call, decided once per call and handed to repositories
 * (never a nullable account id). A party names the caller's relation to a record; each kind below
 * maps a party to its SQL condition, and a party a kind does not map sees none of it.
 * - owner: the records of its own account;
 * - staff: every account's (review), or the one account staff names;
 * - publisher: records shown on the publisher's slots (placements); only kinds that declare it in
 *   `parties` answer it;
 * - user: the records a user keeps for itself, whatever its account (its inbox, its saved
 *   reports); only kinds that declare it answer it;
 * - system: the server itself (a signed link already decided, a background job): every record.
 */
export type Scope =
  | { readonly party: 'owner'; readonly accountId: number }
  | { readonly party: 'staff'; readonly accountId?: number }
  | { readonly party: 'publisher'; readonly accountId: number }
  | { readonly party: 'user'; readonly userId: number }
  | { readonly party: 'system' };
export type Party = Scope['party'];

/** The caller's own account (what writes act on). */
export const ownScope = (p: Pick<Principal, 'accountId'>): Scope => ({ party: 'owner', accountId: p.accountId });

/** A publisher looking at what runs on its slots (kinds map it, as placements do). */
export const publisherScope = (p: Pick<Principal, 'accountId'>): Scope => ({ party: 'publisher', accountId: p.accountId });

/** The caller as a person: what it keeps for itself (kinds owned by a user map it). */
export const userScope = (p: Pick<Principal, 'userId'>): Scope => ({ party: 'user', userId: p.userId });

/** Every record, for the server's own reads: a signed link, campaign review, a job. */
export const systemScope: Scope = { party: 'system' };

/**
 * What the caller reads with `power`: staff (an internal account holding it) every account's
 * records, narrowed to `accountId` when staff names one; anyone else its own account's.
 */
export const scopeFor = (
  p: Pick<Principal, 'accountId' | 'accountKind' | 'powers'>,
  power: Power,
  narrow: { accountId?: number } = {},
): Scope =>
  p.accountKind === 'internal' && p.powers.has(power) ? { party: 'staff', accountId: narrow.accountId } : ownScope(p);

/** The parties that name one id (an account, a user), which a column can hold. */
type NamedParty = 'publisher' | 'user';

/** A kind of record that belongs to an account, or to a user. */
export interface OwnedKind {
  /** The subject of its 404 sentence ("The image was not found."). */
  what: string;
  table: PgTable;
  id: Column;
  /** The owning account; none for what a user keeps for itself (it declares the `user` party). */
  owner?: Column;
  /** Set while the record is in the recycle bin; `requireOwned` asks for live records by default. */
  deletedAt?: Column;
  /**
   * Parties beyond owner, staff and system: the column holding the party's own id (the slot's
   * publisher, the user), or a condition of its own (campaigns: ads on the publisher's slots).
   */
  parties?: { [P in Party]?: ((scope: Extract<Scope, { party: P }>) => SQL) | (P extends NamedParty ? Column : never) };
}

/** Declares a kind where its table lives (the module's repository), typed as one. */
export const ownedKind = (kind: OwnedKind): OwnedKind => kind;

/**
 * The condition an owning-account column (a table's, or a report's facts') meets for the scope:
 * undefined means every row (staff, system); parties other than owner and staff see nothing.
 */
export const ownedBy = (owner: Column | SQL, scope: Scope): SQL | undefined => {
  const of = (accountId: number) => (is(owner, Column) ? eq(owner, accountId) : eq(owner, accountId));
  switch (scope.party) {
    case 'owner':
      return of(scope.accountId);
    case 'staff':
      return scope.accountId === undefined ? undefined : of(scope.accountId);
    case 'system':
      return undefined;
    default:
      return sql`false`;
  }
};

/**
 * The condition a kind's rows meet to be in the scope: undefined means every row (staff, system);
 * a party the kind does not map sees nothing (fails closed), and no account reaches a user's own.
 */
export const inScope = (k: OwnedKind, scope: Scope): SQL | undefined => {
  const own = k.parties?.[scope.party];
  if (is(own, Column)) return scope.party === 'user' ? eq(own, scope.userId) : scope.party === 'publisher' ? eq(own, scope.accountId) : sql`false`;
  if (own) return (own as (s: Scope) => SQL)(scope);
  if (!k.owner) return scope.party === 'system' ? undefined : sql`false`;
  return ownedBy(k.owner, scope);
};

/** `inScope` where hand-written SQL needs a condition: `true` for every row. */
export const inScopeSql = (k: OwnedKind, scope: Scope): SQL => inScope(k, scope) ?? sql`true`;

/**
 * The kind read under an alias in hand-written SQL (`from placements p`): its columns named by the
 * alias. A party's own condition names the table itself: a kind declaring one is read unaliased.
 */
export const aliasedKind = (k: OwnedKind, as: string): OwnedKind => {
  const table = alias(k.table, as);
  const columns = getTableColumns(k.table);
  const named = table as unknown as Record<string, Column>;
  const rename = (c: Column): Column => {
    const key = Object.keys(columns).find((name) => columns[name] === c);
    if (key === undefined) throw new Error(`${k.what}: a column of another table`);
    return named[key]!;
  };
  const parties = Object.fromEntries(
    Object.entries(k.parties ?? {}).map(([party, own]) => {
      if (!is(own, Column)) throw new Error(`${k.what}: the ${party} party's condition names the table and cannot be read under an alias`);
      return [party, rename(own)];
    }),
  );
  return { ...k, table, id: rename(k.id), owner: k.owner && rename(k.owner), deletedAt: k.deletedAt && rename(k.deletedAt), parties };
};

/**
 * All of `ids` are records of the kind inside the scope (live ones unless `live: false`), or 404
 * naming the kind: a foreign id and a missing one answer the same. Answers the ids without repeats.
 */
export const requireOwned = async (
  t: DbOrTx,
  kind: OwnedKind,
  ids: readonly number[],
  scope: Scope,
  { live = true }: { live?: boolean } = {},
): Promise<number[]> => {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const rows = await t
    .select({ id: sql<number>`${kind.id}` })
    .from(kind.table)
    .where(and(sql`${kind.id} = any(${intArray(unique)})`, inScope(kind, scope), live && kind.deletedAt ? isNull(kind.deletedAt) : undefined));
  if (rows.length !== unique.length) throw notFound(kind.what);
  return unique;
};
