import type { Power } from '@ads/contracts';
import { and, eq, isNull, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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
 * - publisher: records shown on the publisher's slots (campaigns' ads); only kinds that declare
 *   it in `parties` answer it, none does yet;
 * - system: the server itself (a signed link already decided, a background job): every record.
 */
export type Scope =
  | { readonly party: 'owner'; readonly accountId: number }
  | { readonly party: 'staff'; readonly accountId?: number }
  | { readonly party: 'publisher'; readonly accountId: number }
  | { readonly party: 'system' };
export type Party = Scope['party'];

/** The caller's own account (what writes act on). */
export const ownScope = (p: Pick<Principal, 'accountId'>): Scope => ({ party: 'owner', accountId: p.accountId });

/** A publisher looking at what runs on its slots (campaigns map it per kind). */
export const publisherScope = (p: Pick<Principal, 'accountId'>): Scope => ({ party: 'publisher', accountId: p.accountId });

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

/** A kind of record that belongs to an account. */
export interface OwnedKind {
  /** The subject of its 404 sentence ("The image was not found."). */
  what: string;
  table: PgTable;
  id: Column;
  /** The owning account. */
  owner: Column;
  /** Set while the record is in the recycle bin; `requireOwned` asks for live records by default. */
  deletedAt?: Column;
  /** Parties beyond owner, staff and system, each with its condition (campaigns: the slot's publisher). */
  parties?: { [P in Party]?: (scope: Extract<Scope, { party: P }>) => SQL };
}

/** Declares a kind where its table lives (the module's repository), typed as one. */
export const ownedKind = (kind: OwnedKind): OwnedKind => kind;

/**
 * The condition a kind's rows meet to be in the scope: undefined means every row (staff, system);
 * a party the kind does not map sees nothing (fails closed).
 */
export const inScope = (k: OwnedKind, scope: Scope): SQL | undefined => {
  const own = k.parties?.[scope.party] as ((s: Scope) => SQL) | undefined;
  if (own) return own(scope);
  switch (scope.party) {
    case 'owner':
      return eq(k.owner, scope.accountId);
    case 'staff':
      return scope.accountId === undefined ? undefined : eq(k.owner, scope.accountId);
    case 'system':
      return undefined;
    default:
      return sql`false`;
  }
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
