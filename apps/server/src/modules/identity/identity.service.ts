import { createHash, randomBytes } from 'node:crypto';
import {
  DEFAULT_CURRENCY,
  ERROR_CODES,
  isPower,
  ROLE_BY_ACCOUNT_KIND,
  normalizeEmail,
  type AccountKind,
  ACCOUNT_CODE_MAX,
  type changePassword as changePasswordContract,
  type EndpointInput,
  type LoginRequest,
  type LoginResponse,
  type MenuEntry,
  NOTIFICATION_LANGUAGES,
  type NotificationLanguage,
  type Power,
  type Profile,
  type RoleName,
  type updateProfile as updateProfileContract,
  type UserInfo,
} from '@ads/contracts';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, unauthorized } from '../../errors';
import { refuseClash } from '../../kit/sql';
import { atVersion, stale } from '../../kit/versions';
import type { Caller, Principal } from '../../principal';
import type { AuditService } from '../audit/audit.service';
import { MENUS, POWER_DESCRIPTIONS, ROLE_MENUS, ROLE_POWERS, ROLES } from './catalogue';
import * as repo from './identity.repository';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';


export interface IdentityDeps {
  db: Db;
  config: Config;
  audit: Pick<AuditService, 'record'>;
  now?: () => Date;
}

/** The unique index on lower(email): a taken email is refused by it, whatever the race. */
export const USERS_EMAIL_INDEX = 'users_email_unique';
/** The unique index on lower(code). */
export const ACCOUNTS_CODE_INDEX = 'accounts_code_unique';

/** 409 NAME_TAKEN on the form's email field (`field`: its path in the request). */
export const emailTaken = (field = 'email') =>
  new AppError(409, ERROR_CODES.nameTaken, 'A user with this email already exists.', { fields: { [field]: 'A user with this email already exists.' } });

/** An account code from a name: "Contoso Coffee" → CONTOSO_COFFEE (the identifier rule). */
export const codeFromName = (name: string): string =>
  name
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, ACCOUNT_CODE_MAX - 4) || 'ACCOUNT';

/** lastSeenAt is written at most this often, so a busy console costs no write per request. */
const TOUCH_INTERVAL_MS = 60_000;
const MAX_SLOWDOWN_MS = 5_000;

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Catalogue {
  roleNames: Map<number, string>;
  menusByRole: Map<number, MenuEntry[]>;
  powersByRole: Map<number, Power[]>;
}

type ChangePasswordInput = EndpointInput<typeof changePasswordContract>;
type UpdateProfileInput = EndpointInput<typeof updateProfileContract>;

/** A stored language the contracts know, or null (a column written by hand, a language since dropped). */
const knownLanguage = (value: string | null | undefined): NotificationLanguage | null =>
  (NOTIFICATION_LANGUAGES as readonly string[]).includes(value ?? '') ? (value as NotificationLanguage) : null;

/** A key of the shared throttle counters (`login_attempts`) and how many counts its window allows. */
export interface ThrottleKey {
  key: string;
  limit: number;
}

export const createIdentityService = ({ db, config, audit, now = () => new Date() }: IdentityDeps) => {
  // Roles, menus and powers change only with a deploy (syncCatalogue at start), so they are
  // read once per process and kept in memory: the hot path (every request) needs no join for them.
  let catalogue: Catalogue | undefined;

  const indexCatalogue = (data: repo.CatalogueData): Catalogue => {
    const menuById = new Map(
      data.menus.map((m) => [
        m.id,
        { id: m.id, parent: m.parentId, url: m.url, title: m.title, icon: m.icon, sorts: m.sorts },
      ]),
    );
    const menusByRole = new Map<number, MenuEntry[]>();
    for (const { roleId, menuId } of data.roleMenus) {
      const menu = menuById.get(menuId);
      if (menu) menusByRole.set(roleId, [...(menusByRole.get(roleId) ?? []), menu]);
    }
    const powersByRole = new Map<number, Power[]>();
    for (const { roleId, powerCode } of data.rolePowers) {
      // The catalogue was written from POWERS at start; a code a newer deploy added is not ours to grant.
      if (isPower(powerCode)) powersByRole.set(roleId, [...(powersByRole.get(roleId) ?? []), powerCode]);
    }
    return { roleNames: new Map(data.roles.map((r) => [r.id, r.name])), menusByRole, powersByRole };
  };

  const getCatalogue = async () => (catalogue ??= indexCatalogue(await repo.readCatalogue(db)));

  const desiredCatalogue = (): repo.CatalogueData => {
    const roleIdByName = new Map(ROLES.map((r) => [r.name, r.id]));
    return {
      roles: ROLES,
      powers: Object.entries(POWER_DESCRIPTIONS).map(([code, description]) => ({ code, description })),
      menus: MENUS.map((m) => ({ id: m.id, parentId: m.parent, url: m.url, title: m.title, icon: m.icon, sorts: m.sorts })),
      roleMenus: Object.entries(ROLE_MENUS).flatMap(([role, ids]) =>
        ids.map((menuId) => ({ roleId: roleIdByName.get(role as keyof typeof ROLE_MENUS)!, menuId })),
      ),
      rolePowers: Object.entries(ROLE_POWERS).flatMap(([role, codes]) =>
        codes.map((powerCode) => ({ roleId: roleIdByName.get(role as keyof typeof ROLE_POWERS)!, powerCode })),
      ),
    };
  };

  /** Order-independent form of the catalogue, to tell whether the database already holds it. */
  const canonical = (data: repo.CatalogueData): string =>
    JSON.stringify(
      Object.fromEntries(
        Object.entries(data).map(([table, rows]) => [
          table,
          (rows as object[]).map((row) => JSON.stringify(row, Object.keys(row).sort())).sort(),
        ]),
      ),
    );

  /** Writes the code's catalogue (roles, powers, menus, grants) to the database when it differs. */
  const syncCatalogue = async () => {
    const desired = desiredCatalogue();
    const current = await repo.readCatalogue(db);
    if (canonical(current) !== canonical(desired)) await repo.writeCatalogue(db, desired);
    catalogue = indexCatalogue(desired);
    menusByRoleSet.clear();
  };

  const powersOf = (cat: Catalogue, roleIds: number[]): Set<Power> =>
    new Set(roleIds.flatMap((id) => cat.powersByRole.get(id) ?? []));

  const buildUserInfo = async (p: {
    email: string;
    name: string;
    accountId: number;
    accountName: string;
    accountKind: string;
    currency?: string;
    roleIds: number[];
    mustChangePassword?: boolean;
    language?: string | null;
  }): Promise<UserInfo> => {
    const cat = await getCatalogue();
    const menus = new Map<number, MenuEntry>();
    for (const roleId of p.roleIds) for (const m of cat.menusByRole.get(roleId) ?? []) menus.set(m.id, m);
    return {
      roles: p.roleIds.flatMap((id) => {
        const name = cat.roleNames.get(id);
        return name ? [{ name }] : [];
      }),
      menus: [...menus.values()].sort((a, b) => (a.parent ?? 0) - (b.parent ?? 0) || a.sorts - b.sorts || a.id - b.id),
      powers: [...powersOf(cat, p.roleIds)].sort().map((code) => ({ code })),
      userBasicInfo: {
        email: p.email,
        name: p.name,
        accountId: p.accountId,
        accountName: p.accountName,
        accountKind: p.accountKind as AccountKind,
        currency: p.currency ?? DEFAULT_CURRENCY,
        mustChangePassword: p.mustChangePassword ?? false,
        // Absent until chosen: the console keeps the language it shows.
        ...(knownLanguage(p.language) ? { language: knownLanguage(p.language)! } : {}),
      },
    };
  };

  const tooManyAttempts = (lockedUntil: Date, at: Date, what = 'Too many failed sign-in attempts.') => {
    const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - at.getTime()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    const when = minutes <= 1 ? 'in a minute' : `in ${minutes} minutes`;
    return new AppError(429, ERROR_CODES.tooManyAttempts, `${what} Please try again ${when}.`, {
      headers: { 'retry-after': String(seconds) },
      details: { retryAfterSeconds: seconds },
    });
  };

  const accountNotActiveMessage: Record<string, string> = {
    pending: 'This account has not been activated yet. Please contact your account manager.',
    suspended: 'This account is suspended. Please contact your account manager.',
    closed: 'This account is closed.',
  };

  /**
   * Counts one password guess for `email` from `address` before it is checked, under every key at
   * once: per email and address (the low lock: guessing from one place), per email (a much higher
   * count: a victim cannot be locked out from one place) and per address (many emails guessed from
   * one place). Refused at once (429) when a key is locked. Sign-in and a password change share it.
   */
  const countGuess = async (email: string, address: string, at: Date) => {
    const pairKey = `email+address:${address}|${email}`;
    const keys: repo.AttemptKey[] = [
      { key: pairKey, lockAfter: config.LOGIN_LOCK_AFTER },
      { key: `email:${email}`, lockAfter: config.LOGIN_LOCK_AFTER_PER_EMAIL },
      { key: `ip:${address}`, lockAfter: config.LOGIN_LOCK_AFTER_PER_ADDRESS },
    ];
    const windowStart = new Date(at.getTime() - config.LOGIN_WINDOW_MINUTES * 60_000);
    const lockUntil = new Date(at.getTime() + config.LOGIN_LOCK_MINUTES * 60_000);
    const reserved = await repo.reserveLoginAttempt(db, keys, at, windowStart, lockUntil);
    const release = async (except?: string) => {
      for (const r of reserved) if (r.key !== except) await repo.releaseLoginAttempt(db, r);
    };
    if (reserved.length < keys.length) {
      // Refused by a lock: the keys that did count this attempt give it back.
      await release();
      const taken = new Set(reserved.map((r) => r.key));
      const locked = await repo.findLockedUntil(db, keys.filter((k) => !taken.has(k.key)).map((k) => k.key), at);
      throw tooManyAttempts(locked ?? new Date(at.getTime() + 1000), at);
    }
    return {
      /** A wrong guess: the reservations stay (they are the failure counts); locks and slows. */
      failed: async () => {
        if (reserved.some((r) => r.failures >= r.lockAfter)) throw tooManyAttempts(lockUntil, at);
        const pairFailures = reserved.find((r) => r.key === pairKey)!.failures;
        const over = pairFailures - config.LOGIN_SLOW_AFTER;
        if (over > 0) await sleep(Math.min(over * config.LOGIN_SLOW_STEP_MS, MAX_SLOWDOWN_MS));
      },
      /** The right password: this email and address start again; the wider counts give the attempt back. */
      succeeded: async () => {
        await repo.clearLoginAttempts(db, pairKey);
        await release(pairKey);
      },
    };
  };

  /**
   * Counts one request under every key at once in the sign-in counters (one statement, so it holds
   * across processes whatever the concurrency): the request past a key's `limit` within
   * `windowMinutes` locks it for a window, and that one and every later one answer 429 with the
   * time to wait. For requests that are not password guesses (a forgotten password); give the keys a
   * prefix of their own.
   */
  const throttle = async (keys: ThrottleKey[], windowMinutes: number, what: string) => {
    const at = now();
    const windowStart = new Date(at.getTime() - windowMinutes * 60_000);
    const lockUntil = new Date(at.getTime() + windowMinutes * 60_000);
    const attemptKeys = keys.map((k) => ({ key: k.key, lockAfter: k.limit + 1 }));
    const reserved = await repo.reserveLoginAttempt(db, attemptKeys, at, windowStart, lockUntil);
    if (reserved.length < keys.length) {
      const taken = new Set(reserved.map((r) => r.key));
      const locked = await repo.findLockedUntil(db, attemptKeys.filter((k) => !taken.has(k.key)).map((k) => k.key), at);
      throw tooManyAttempts(locked ?? new Date(at.getTime() + 1000), at, what);
    }
    if (reserved.some((r) => r.failures >= r.lockAfter)) throw tooManyAttempts(lockUntil, at, what);
  };

  /**
   * The email and password checked as a sign-in checks them (the same guess counts, locks and
   * dummy-hash timing; 400 INVALID_CREDENTIALS, 429, 403 USER_DISABLED): the user, whatever its
   * account's state. Sign-in, and a suspended account's reactivation request, start here.
   */
  const checkCredentials = async (input: { email: string; password: string }, client: { ip?: string } = {}) => {
    const email = normalizeEmail(input.email);
    const guess = await countGuess(email, client.ip ?? 'unknown', now());

    const principal = await repo.findPrincipalByEmail(db, email);
    // Verify against a dummy hash for unknown emails: both failures cost the same time.
    const ok = await verifyPassword(input.password, principal?.passwordHash ?? (await dummyPasswordHash()));
    if (!principal || !ok) {
      await guess.failed();
      throw new AppError(400, ERROR_CODES.invalidCredentials, 'The email or password is incorrect.');
    }
    await guess.succeeded();
    if (principal.userStatus !== 'active') {
      throw new AppError(403, ERROR_CODES.userDisabled, 'This user has been disabled. Please contact your administrator.');
    }
    return principal;
  };

  const login = async (
    input: LoginRequest,
    client: { ip?: string; userAgent?: string } = {},
  ): Promise<LoginResponse> => {
    const at = now();
    const principal = await checkCredentials(input, client);
    if (principal.accountStatus !== 'active') {
      throw new AppError(
        403,
        ERROR_CODES.accountNotActive,
        accountNotActiveMessage[principal.accountStatus] ?? 'This account is not active.',
        { details: { status: principal.accountStatus } },
      );
    }

    const token = randomBytes(32).toString('base64url');
    const absoluteExpiresAt = new Date(at.getTime() + config.SESSION_ABSOLUTE_HOURS * 3_600_000);
    await repo.insertSession(db, {
      userId: principal.userId,
      tokenHash: hashToken(token),
      createdAt: at,
      lastSeenAt: at,
      idleExpiresAt: idleExpiry(at, absoluteExpiresAt),
      absoluteExpiresAt,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 500),
    });
    await repo.markSignedIn(db, principal.userId, at);
    return { token, userInfo: await buildUserInfo(principal) };
  };

  const idleExpiry = (at: Date, absolute: Date): Date =>
    new Date(Math.min(at.getTime() + config.SESSION_IDLE_MINUTES * 60_000, absolute.getTime()));

  /** Resolves a bearer token to the caller, or throws 401. */
  const authenticate = async (token: string | undefined): Promise<Principal> => {
    if (!token) throw unauthorized('Please sign in.');
    const row = await repo.findSessionByTokenHash(db, hashToken(token));
    const at = now();
    if (
      !row ||
      row.revokedAt ||
      row.idleExpiresAt <= at ||
      row.absoluteExpiresAt <= at ||
      row.userStatus !== 'active' ||
      row.accountStatus !== 'active'
    ) {
      throw unauthorized();
    }
    if (at.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await repo.touchSession(db, row.sessionId, at, idleExpiry(at, row.absoluteExpiresAt));
    }
    const cat = await getCatalogue();
    return {
      userId: row.userId,
      sessionId: row.sessionId,
      email: row.email,
      name: row.name,
      accountId: row.accountId,
      accountName: row.accountName,
      accountKind: row.accountKind as AccountKind,
      currency: row.currency,
      roleIds: row.roleIds,
      powers: powersOf(cat, row.roleIds),
      mustChangePassword: row.mustChangePassword,
      language: knownLanguage(row.language),
    };
  };

  const logout = async (principal: Principal) => {
    await repo.revokeSession(db, principal.sessionId, now());
  };

  const userInfo = (principal: Principal): Promise<UserInfo> => buildUserInfo(principal);

  /**
   * The signed-in user chooses a new password: the current one must be right (a wrong one counts
   * as a failed sign-in, so a left-open console cannot be used to guess it). The one-time flag
   * clears, and the user's other sessions end; this one stays.
   */
  const changePassword = async (
    p: Pick<Principal, 'userId' | 'sessionId'>,
    input: ChangePasswordInput,
    client: { ip?: string } = {},
  ): Promise<Record<string, never>> => {
    const at = now();
    const current = await repo.findCredentials(db, p.userId);
    if (!current) throw unauthorized();
    const guess = await countGuess(normalizeEmail(current.email), client.ip ?? 'unknown', at);
    if (!(await verifyPassword(input.currentPassword, current.passwordHash))) {
      await guess.failed();
      const message = 'The current password is incorrect.';
      throw new AppError(400, ERROR_CODES.validationFailed, 'Some fields are not valid.', { fields: { currentPassword: message } });
    }
    await guess.succeeded();
    const passwordHash = await hashPassword(input.newPassword);
    await db.transaction(async (tx) => {
      await repo.updateOwnPassword(tx, p.userId, passwordHash, at);
      await repo.revokeSessionsOfUser(tx, p.userId, at, p.sessionId);
      await audit.record({ actorUserId: p.userId, action: 'user.changePassword', entity: 'user', entityId: p.userId }, tx);
    });
    return {};
  };

  const toProfile = (row: NonNullable<Awaited<ReturnType<typeof repo.findProfile>>>): Profile => ({
    name: row.name,
    email: row.email,
    phone: row.phone ?? '',
    language: knownLanguage(row.language),
    role: (row.roleName ?? ROLE_BY_ACCOUNT_KIND[row.accountKind as AccountKind]) as RoleName,
    accountId: row.accountId,
    accountName: row.accountName,
    accountKind: row.accountKind as AccountKind,
    accountStatus: row.accountStatus,
    version: row.version,
  });

  const foundProfile = async (t: DbOrTx, userId: number) => {
    const row = await repo.findProfile(t, userId);
    if (!row) throw unauthorized();
    return row;
  };

  /** The caller's own profile: no id is taken, so nobody reads another's. */
  const profile = async (p: Pick<Principal, 'userId'>): Promise<Profile> => toProfile(await foundProfile(db, p.userId));

  /**
   * The caller saves their own name, phone and language (the email is their sign-in: staff change
   * it). The version guards a second tab; the change is audited.
   */
  const updateProfile = async (p: Pick<Principal, 'userId'>, input: UpdateProfileInput): Promise<Profile> => {
    const current = atVersion(await foundProfile(db, p.userId), input.version, 'Your profile');
    const next = { name: input.name, phone: input.phone ?? '', language: input.language };
    await db.transaction(async (tx) => {
      const row = await repo.updateProfileAt(tx, p.userId, input.version, { ...next, updatedAt: now() });
      if (!row) throw stale('Your profile');
      await audit.record(
        {
          actorUserId: p.userId,
          action: 'user.updateProfile',
          entity: 'user',
          entityId: p.userId,
          before: { name: current.name, phone: current.phone ?? '', language: current.language },
          after: next,
        },
        tx,
      );
    });
    return profile(p);
  };

  /** Ends every live session of the account's users, inside the caller's transaction. */
  const endSessionsOfAccount = (tx: DbOrTx, accountId: number) => repo.revokeSessionsOfAccount(tx, accountId, now());
  /** Ends every live session of the user, inside the caller's transaction. */
  const endSessionsOfUser = (tx: DbOrTx, userId: number) => repo.revokeSessionsOfUser(tx, userId, now());

  // Per role set: the Action Center asks on every poll which menus its links may point to.
  const menusByRoleSet = new Map<string, Map<number, MenuEntry>>();
  /** The menu entries the caller has, by id. */
  const menusOf = async (principal: Pick<Principal, 'roleIds'>): Promise<Map<number, MenuEntry>> => {
    const key = principal.roleIds.join(',');
    let found = menusByRoleSet.get(key);
    if (!found) {
      const cat = await getCatalogue();
      found = new Map(principal.roleIds.flatMap((id) => cat.menusByRole.get(id) ?? []).map((m) => [m.id, m]));
      menusByRoleSet.set(key, found);
    }
    return found;
  };

  /** Accounts whose name contains `search`, for pickers. */
  const accountOptions = (input: { search?: string; kind?: AccountKind; id?: number }) =>
    repo.searchAccounts(db, { search: input.search ?? '', kind: input.kind, id: input.id, limit: 20 });

  const roleIdOfKind = async (kind: AccountKind): Promise<number> => {
    const cat = await getCatalogue();
    const roleName = ROLE_BY_ACCOUNT_KIND[kind];
    const roleId = [...cat.roleNames].find(([, name]) => name === roleName)?.[0];
    if (roleId === undefined) throw new Error(`Role ${roleName} is missing from the catalogue`);
    return roleId;
  };

  interface NewUser {
    email: string;
    name: string;
    password: string;
    phone?: string;
    status?: string;
    /** A one-time password staff handed out: the user must choose their own first. */
    mustChangePassword?: boolean;
  }

  /**
   * Adds a user to an account inside `tx`, with the role of the account's kind. The role id and
   * the hash are prepared before the transaction: PGlite has one connection, so a query on `db`
   * while `tx` is open would wait for ever.
   */
  const prepareUser = async (kind: AccountKind, input: NewUser) => ({
    roleId: await roleIdOfKind(kind),
    passwordHash: await hashPassword(input.password),
    email: normalizeEmail(input.email),
  });

  /**
   * `emailField`: where the email sits in the caller's request (409 NAME_TAKEN names it). The
   * unique index decides a race; the read first keeps a PostgreSQL transaction from aborting.
   */
  const insertUserWithRole = async (
    tx: DbOrTx,
    accountId: number,
    input: NewUser,
    prepared: Awaited<ReturnType<typeof prepareUser>>,
    emailField = 'email',
  ) => {
    if (await repo.emailExists(tx, prepared.email)) throw emailTaken(emailField);
    const user = await refuseClash(
      () =>
        repo.insertUser(tx, {
          accountId,
          email: prepared.email,
          name: input.name,
          phone: input.phone ?? '',
          passwordHash: prepared.passwordHash,
          status: input.status ?? 'active',
          mustChangePassword: input.mustChangePassword ?? false,
          // The service's clock, not the database's: the demo dates its accounts back.
          createdAt: now(),
          updatedAt: now(),
        }),
      () => emailTaken(emailField),
      USERS_EMAIL_INDEX,
    );
    await repo.insertUserRoles(tx, user.id, [prepared.roleId]);
    return user;
  };

  /** A free code for an account made without one (tests, the CLI): from its name, then _2, _3 … */
  const freeCode = async (tx: DbOrTx, name: string): Promise<string> => {
    const base = codeFromName(name);
    const taken = new Set((await repo.codesStartingWith(tx, base)).map((c) => c.toLowerCase()));
    for (let n = 1; ; n++) {
      const code = n === 1 ? base : `${base}_${n}`;
      if (!taken.has(code.toLowerCase())) return code;
    }
  };

  /**
   * Creates an account with its first user, who gets the role of the account's kind (set-up, demo
   * and tests; staff go through the accounts module). Without a code, one is made from the name;
   * without a contact email, the user's is the contact.
   */
  const createAccountWithUser = async (input: {
    account: { name: string; kind: AccountKind; status?: string; code?: string; contactEmail?: string; phone?: string; registrationNumber?: string };
    user: NewUser;
  }) => {
    const prepared = await prepareUser(input.account.kind, input.user);
    return db.transaction(async (tx) => {
      const { name, kind, status = 'active', code, contactEmail, ...rest } = input.account;
      const account = await refuseClash(
        async () =>
          repo.insertAccount(tx, {
            ...rest,
            name,
            kind,
            status,
            code: code ?? (await freeCode(tx, name)),
            contactEmail: contactEmail ?? prepared.email,
            createdAt: now(),
            updatedAt: now(),
          }),
        () => new AppError(409, ERROR_CODES.nameTaken, 'Another account has this code.', { fields: { code: 'Another account has this code.' } }),
        ACCOUNTS_CODE_INDEX,
      );
      const user = await insertUserWithRole(tx, account.id, input.user, prepared);
      return { account, user };
    });
  };

  /** A staff user in the internal account of that name, created when missing (installation set-up). */
  const createStaffUser = async (input: NewUser & { accountName: string }) => {
    const prepared = await prepareUser('internal', input);
    return db.transaction(async (tx) => {
      const account =
        (await repo.findAccountByName(tx, 'internal', input.accountName)) ??
        (await repo.insertAccount(tx, {
          name: input.accountName,
          kind: 'internal',
          status: 'active',
          code: await freeCode(tx, input.accountName),
          contactEmail: prepared.email,
          createdAt: now(),
          updatedAt: now(),
        }));
      const user = await insertUserWithRole(tx, account.id, input, prepared);
      return { account, user };
    });
  };

  /**
   * A suspended or closed account's sessions end at once (docs/architecture.md, Identity and
   * sessions).
   */
  const setAccountStatus = async (accountId: number, status: string) => {
    await db.transaction(async (tx) => {
      await repo.updateAccountStatus(tx, accountId, status);
      if (status !== 'active') await repo.revokeSessionsOfAccount(tx, accountId, now());
    });
  };

  const setUserStatus = (userId: number, status: string) => repo.updateUserStatus(db, userId, status);

  const hasAccounts = async () => (await repo.countAccounts(db)) > 0;
  /**
   * A user as a caller, for work done in their name without a session (a scheduled report runs
   * with its owner's access): the powers their roles hold now; null when the user or the account
   * is not active (nothing is done in their name then).
   */
  const callerOf = async (userId: number): Promise<(Caller & { language: NotificationLanguage | null }) | null> => {
    const row = await repo.findPrincipalById(db, userId);
    if (!row || row.userStatus !== 'active' || row.accountStatus !== 'active') return null;
    const cat = await getCatalogue();
    return {
      userId: row.userId,
      accountId: row.accountId,
      accountKind: row.accountKind as AccountKind,
      powers: powersOf(cat, row.roleIds),
      language: knownLanguage(row.language),
    };
  };

  /** Whether a user signs in with this email (start-up names the demo sign-ins only when they exist). */
  const hasUser = (email: string) => repo.emailExists(db, normalizeEmail(email));

  return {
    syncCatalogue,
    checkCredentials,
    login,
    authenticate,
    callerOf,
    logout,
    userInfo,
    changePassword,
    profile,
    updateProfile,
    throttle,
    menusOf,
    roleIdOfKind,
    prepareUser,
    insertUserWithRole,
    endSessionsOfAccount,
    endSessionsOfUser,
    accountOptions,
    createAccountWithUser,
    createStaffUser,
    setAccountStatus,
    setUserStatus,
    hasAccounts,
    hasUser,
  };
};

export type IdentityService = ReturnType<typeof createIdentityService>;
