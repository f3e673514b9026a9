import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { assetFolders } from '../db/schema/assets';
import { accounts } from '../db/schema/identity';
import { DEMO_USERS } from '../db/seed/demo';
import { AppError } from '../errors';
import { openTestDatabase } from '../test/test-app';
import { inScope, ownedKind, ownScope, publisherScope, requireOwned, scopeFor, systemScope, type OwnedKind, type Scope } from './access';

// A kind declared as a module declares its own (assets.repository.ts declares the real one).
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
});
