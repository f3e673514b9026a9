import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { assetFolders } from '../db/schema/assets';
import { accounts, users } from '../db/schema/identity';
import { DEMO_USERS } from '../demo/demo';
import { AppError } from '../errors';
import { openTestDatabase } from '../test/test-app';
import {
  aliasedKind,
  inScope,
  inScopeSql,
  ownedBy,
  ownedKind,
  ownScope,
  publisherScope,
  requireOwned,
  scopeFor,
  systemScope,
  userScope,
  type OwnedKind,
  type Scope,
} from './access';
import { intArray, rowsOf } from './sql';

// A kind declared as a module declares its own (folders.repository.ts declares the real one).
const folderKind = ownedKind({ what: 'The folder', table: assetFolders, id: assetFolders.id, owner: assetFolders.accountId, deletedAt: assetFolders.deletedAt });

describe('access scopes', () => {
  let database: Database;
  let mine: number;
  let theirs: number;
  const folders = { mine: 0, theirs: 0, binned: 0 };

  beforeAll(async () => {
    database = await openTestDatabase();
    const { db } = database;
    const accountOf = async (name: string) => (await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, name)))[0]!.id;
    mine = await accountOf(DEMO_USERS.advertiser.account);
    theirs = await accountOf(DEMO_USERS.publisher.account);
    const folder = async (accountId: number, name: string, deletedAt: Date | null = null) =>
      (await db.insert(assetFolders).values({ accountId, name, deletedAt }).returning())[0]!.id;
    folders.mine = await folder(mine, 'scope-mine');
    folders.theirs = await folder(theirs, 'scope-theirs');
    folders.binned = await folder(mine, 'scope-binned', new Date());
  });
  afterAll(async () => database?.close());

  const advertiser = (accountId: number) => ({ accountId, accountKind: 'advertiser' as const, powers: new Set(['asset.read'] as const) });
  const staff = (accountId: number) => ({ accountId, accountKind: 'internal' as const, powers: new Set(['asset.read'] as const) });

  it('gives staff holding the power every account (or the one it names), anyone else its own', () => {
    expect(scopeFor(advertiser(mine), 'asset.read')).toEqual({ party: 'owner', accountId: mine });
    // Naming another account does not widen an advertiser's scope.
    expect(scopeFor(advertiser(mine), 'asset.read', { accountId: theirs })).toEqual({ party: 'owner', accountId: mine });
    expect(scopeFor(staff(1), 'asset.read')).toEqual({ party: 'staff', accountId: undefined });
    expect(scopeFor(staff(1), 'asset.read', { accountId: theirs })).toEqual({ party: 'staff', accountId: theirs });
    // An internal account without the power reads only its own.
    expect(scopeFor(staff(1), 'video.read')).toEqual({ party: 'owner', accountId: 1 });
  });

  it('answers the ids inside the scope, without repeats', async () => {
    const { db } = database;
    expect(await requireOwned(db, folderKind, [folders.mine, folders.mine], ownScope({ accountId: mine }))).toEqual([folders.mine]);
    expect(await requireOwned(db, folderKind, [folders.mine, folders.theirs], { party: 'staff' })).toEqual([folders.mine, folders.theirs]);
    expect(await requireOwned(db, folderKind, [folders.theirs], systemScope)).toEqual([folders.theirs]);
    expect(await requireOwned(db, folderKind, [folders.binned], ownScope({ accountId: mine }), { live: false })).toEqual([folders.binned]);
  });

  it('answers 404 naming the kind for a foreign, missing or binned id, even among ids of the caller', async () => {
    const { db } = database;
    const refused = async (ids: number[], scope: Scope) => {
      const err = await requireOwned(db, folderKind, ids, scope).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ statusCode: 404, message: 'The folder was not found.' });
    };
    await refused([folders.mine, folders.theirs], ownScope({ accountId: mine }));
    await refused([folders.mine], { party: 'staff', accountId: theirs });
    await refused([folders.binned], ownScope({ accountId: mine }));
    await refused([2_000_000_000], systemScope);
  });

  it('maps a party a kind declares to its own condition, and one it does not to nothing', async () => {
    const { db } = database;
    // As campaigns will: a kind that declares what a publisher sees (here: folders named like its slots).
    const publisherSees = publisherScope({ accountId: theirs });
    const withPublisher: OwnedKind = {
      ...folderKind,
      parties: { publisher: (s) => sql`${assetFolders.name} like 'scope-%' and ${s.accountId} > 0` },
    };
    const count = async (condition: ReturnType<typeof inScope>) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(assetFolders).where(condition))[0]!.n;
    expect(await count(inScope(withPublisher, publisherSees))).toBe(3);
    // Not declared for the registered kind: fails closed.
    expect(await count(inScope(folderKind, publisherSees))).toBe(0);
  });

  it('answers a named party by its column, keeps what a user owns from every account, and reads a kind under an alias', async () => {
    const { db } = database;
    const [me] = await db.select({ id: users.id }).from(users).where(eq(users.accountId, mine)).limit(1);
    const made = (await db.insert(assetFolders).values({ accountId: mine, name: 'user-made', createdBy: me!.id }).returning())[0]!.id;
    const all = [folders.mine, folders.theirs, folders.binned, made];
    const ids = async (kind: OwnedKind, scope: Scope) =>
      (await db.select({ id: assetFolders.id }).from(assetFolders).where(and(inArray(assetFolders.id, all), inScope(kind, scope)))).map((r) => r.id).sort((a, b) => a - b);

    // A user's own records (here: the folders it made) have no owning account: only the user and the server reach them.
    const madeKind = ownedKind({ what: 'The folder', table: assetFolders, id: assetFolders.id, parties: { user: assetFolders.createdBy } });
    expect(await ids(madeKind, userScope({ userId: me!.id }))).toEqual([made]);
    expect(await ids(madeKind, ownScope({ accountId: mine }))).toEqual([]);
    expect(await ids(madeKind, { party: 'staff' })).toEqual([]);
    expect(await ids(madeKind, systemScope)).toEqual(all.toSorted((a, b) => a - b));
    // An owned kind answers no user party it does not declare.
    expect(await ids(folderKind, userScope({ userId: me!.id }))).toEqual([]);

    // A party named by a column: the rows holding the party's account.
    const shownKind = ownedKind({ ...folderKind, parties: { publisher: assetFolders.accountId } });
    expect(await ids(shownKind, publisherScope({ accountId: theirs }))).toEqual([folders.theirs]);

    // Hand-written SQL reads the kind under its alias, the owner column and the party's alike.
    const asF = aliasedKind(shownKind, 'f');
    const aliased = async (scope: Scope) =>
      rowsOf<{ id: number }>(await db.execute(sql`select f.id from ${assetFolders} f where f.id = any(${intArray(all)}) and ${inScopeSql(asF, scope)} order by f.id`)).map((r) => Number(r.id));
    expect(await aliased(ownScope({ accountId: mine }))).toEqual([folders.mine, folders.binned, made]);
    expect(await aliased(publisherScope({ accountId: theirs }))).toEqual([folders.theirs]);
    expect(await aliased(systemScope)).toEqual(all.toSorted((a, b) => a - b));
    // A party's own condition names the table itself: such a kind is not read under an alias.
    expect(() => aliasedKind({ ...folderKind, parties: { publisher: () => sql`true` } }, 'f')).toThrow(/cannot be read under an alias/);

    // A column of no kind (a report's facts) maps the scope as an owner column does.
    expect(ownedBy(sql`h.account_id`, { party: 'staff' })).toBeUndefined();
    expect(ownedBy(sql`h.account_id`, publisherScope({ accountId: theirs }))).toEqual(sql`false`);
  });
});
