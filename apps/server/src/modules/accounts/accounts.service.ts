import {
  ACCOUNT_TRANSITIONS,
  ERROR_CODES,
  NOTIFICATION_TYPES,
  normalizeEmail,
  ONE_TIME_PASSWORD_LENGTH,
  ROLE_BY_ACCOUNT_KIND,
  type AccountKind,
  type AccountStatus,
  type accountList as accountListContract,
  type addUser as addUserContract,
  type createAccount as createAccountContract,
  type EndpointInput,
  type forgotPassword as forgotPasswordContract,
  type ManagedAccount,
  type ManagedAccountDetail,
  type ManagedUser,
  type Power,
  type setAccountStatus as setAccountStatusContract,
  type setUserStatus as setUserStatusContract,
  type updateAccount as updateAccountContract,
} from '@ads/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, forbidden, notFound } from '../../errors';
import { pageAnswer, pageWindow } from '../../kit/paging';
import { refuseClash } from '../../kit/sql';
import { atVersion, stale } from '../../kit/versions';
import type { Caller } from '../../principal';
import type { AuditService } from '../audit/audit.service';
import { ACCOUNTS_CODE_INDEX, type IdentityService } from '../identity/identity.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { hashPassword, oneTimePassword } from '../identity/passwords';
import * as repo from './accounts.repository';

export interface AccountsDeps {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  /** Users are made, and sessions ended, by identity (it owns sign-in). */
  identity: Pick<IdentityService, 'prepareUser' | 'insertUserWithRole' | 'endSessionsOfAccount' | 'endSessionsOfUser' | 'throttle'>;
  /** Staff hear of a forgotten password in their Action Center; a reset settles it. */
  notifications: Pick<NotificationsService, 'notify' | 'settle'>;
  /**
   * A forgotten-password request is answered no sooner than this (real time): the little extra work
   * a known email costs (a notification) is hidden under it.
   */
  forgotPasswordFloorMs?: number;
  /**
   * Records a reactivation or closing staff make here as a status change request approved at once
   * (in the change's transaction): the status-changes repository's insert, handed over by app.ts so
   * that accounts does not depend on the status-changes module (which depends on accounts).
   */
  recordDirectChange?: (tx: DbOrTx, change: DirectAccountChange) => Promise<unknown>;
  now?: () => Date;
}

/** What the accounts page's reactivate or close records as a direct status change. */
export interface DirectAccountChange {
  kind: 'account.reactivate' | 'account.close';
  entity: 'account';
  entityId: number;
  accountId: number;
  fromStatus: string;
  toStatus: string;
  reason: string;
  userId: number;
  at: Date;
}

/** "Forgot password?" requests allowed per window: per email, and per address (many emails from one place). */
export const FORGOT_PASSWORD_LIMITS = { perEmail: 3, perAddress: 20, windowMinutes: 60 } as const;
const FORGOT_PASSWORD_FLOOR_MS = 300;

/** Staff's management page of each account kind (catalogue.ts): where a reset request is answered. */
const ACCOUNT_PAGE_MENU_ID: Record<AccountKind, number> = { advertiser: 315, publisher: 316, internal: 317 };
/** The event key of a reset request's staff notification: the reset settles it. */
export const passwordResetEvent = (requestId: number) => `passwordReset:${requestId}`;

type CreateInput = EndpointInput<typeof createAccountContract>;
type UpdateInput = EndpointInput<typeof updateAccountContract>;
type StatusInput = EndpointInput<typeof setAccountStatusContract>;
type AddUserInput = EndpointInput<typeof addUserContract>;
type UserStatusInput = EndpointInput<typeof setUserStatusContract>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const accountNotFound = () => notFound('The account');
const userNotFound = () => notFound('The user');

const accountState = (message: string) => new AppError(409, ERROR_CODES.accountState, message);
const closedAccount = () => accountState('This account is closed: it can no longer be changed.');
const codeTaken = () =>
  new AppError(409, ERROR_CODES.nameTaken, 'Another account has this code.', { fields: { code: 'Another account has this code.' } });
const selfChange = (message: string) => new AppError(409, ERROR_CODES.selfChange, message);

const VERBS: Record<keyof typeof ACCOUNT_TRANSITIONS, string> = {
  activate: 'activated',
  suspend: 'suspended',
  reactivate: 'reactivated',
  close: 'closed',
};

const toAccount = (r: repo.ManagedAccountRow): ManagedAccount => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  code: r.code,
  contactEmail: r.contactEmail,
  phone: r.phone,
  registrationNumber: r.registrationNumber,
  status: r.status,
  currency: r.currency,
  userCount: Number(r.userCount),
  activeUserCount: Number(r.activeUserCount),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});

const toUser = (r: repo.ManagedUserRow): ManagedUser => ({
  id: r.id,
  accountId: r.accountId,
  name: r.name,
  email: r.email,
  phone: r.phone ?? '',
  role: r.roleName ?? ROLE_BY_ACCOUNT_KIND[r.accountKind],
  status: r.status,
  mustChangePassword: r.mustChangePassword,
  lastSignInAt: iso(r.lastSignInAt),
  createdAt: r.createdAt.toISOString(),
  version: r.version,
});

/** What staff edit of an account (the audit's before and after). */
const detailsOf = (d: { name: string; code: string; contactEmail: string; phone: string; registrationNumber: string }) => ({
  name: d.name,
  code: d.code,
  contactEmail: d.contactEmail,
  phone: d.phone,
  registrationNumber: d.registrationNumber,
});

/**
 * Staff keep the accounts and their users (PRODUCT.md §3, Account management). Every change is
 * audited in its transaction; sessions end in the transaction that suspends, closes or disables.
 */
export const createAccountsService = ({
  db,
  audit,
  identity,
  notifications,
  recordDirectChange,
  now = () => new Date(),
  forgotPasswordFloorMs = FORGOT_PASSWORD_FLOOR_MS,
}: AccountsDeps) => {
  /** The route names the power; the service asks again (a caller made in code has no route). */
  const requireStaff = (p: Caller, power: Power) => {
    if (p.accountKind !== 'internal' || !p.powers.has(power)) throw forbidden();
  };

  const foundAccount = async (t: DbOrTx, id: number) => {
    const row = await repo.findAccount(t, id);
    if (!row) throw accountNotFound();
    return row;
  };

  const foundUser = async (t: DbOrTx, id: number) => {
    const row = await repo.findUser(t, id);
    if (!row) throw userNotFound();
    return row;
  };

  const detailOf = async (t: DbOrTx, id: number): Promise<ManagedAccountDetail> => ({
    ...toAccount(await foundAccount(t, id)),
    users: (await repo.usersOf(t, id)).map(toUser),
  });

  /** A guarded account write found nothing: its state now explains a refusal, else its version. */
  const whyAccountRefused = async (t: DbOrTx, id: number, allowed: readonly AccountStatus[], refusal: () => AppError) => {
    const row = await repo.findAccount(t, id);
    if (!row) return accountNotFound();
    if (!allowed.includes(row.status)) return refusal();
    return stale('The account');
  };

  const list = async (p: Caller, q: EndpointInput<typeof accountListContract>) => {
    requireStaff(p, 'account.read');
    const { items, total } = await repo.listAccounts(db, {
      kind: q.kind,
      search: q.search || undefined,
      statuses: q.status,
      sort: q.sort,
      order: q.order,
      ...pageWindow(q),
    });
    return pageAnswer(items.map(toAccount), total, q);
  };

  const detail = async (p: Caller, id: number) => {
    requireStaff(p, 'account.read');
    return detailOf(db, id);
  };

  /** An active account with its first user (the kind's role), who gets a one-time password. */
  const create = async (p: Caller, input: CreateInput) => {
    requireStaff(p, 'account.write');
    const password = oneTimePassword(ONE_TIME_PASSWORD_LENGTH);
    const userInput = { ...input.user, password, mustChangePassword: true };
    // Hash and role before the transaction (PGlite: one connection).
    const prepared = await identity.prepareUser(input.kind, userInput);
    const at = now();
    const id = await db.transaction(async (tx) => {
      const details = detailsOf(input);
      const account = await refuseClash(
        () => repo.insertAccount(tx, { ...details, kind: input.kind, status: 'active', createdAt: at, updatedAt: at }),
        codeTaken,
        ACCOUNTS_CODE_INDEX,
      );
      const user = await identity.insertUserWithRole(tx, account.id, userInput, prepared, 'user.email');
      await audit.record(
        {
          actorUserId: p.userId,
          action: 'account.create',
          entity: 'account',
          entityId: account.id,
          after: { ...details, kind: input.kind, status: 'active', user: { id: user.id, email: user.email, name: user.name } },
        },
        tx,
      );
      return account.id;
    });
    return { result: await detailOf(db, id), oneTimePassword: password };
  };

  const update = async (p: Caller, input: UpdateInput) => {
    requireStaff(p, 'account.write');
    const current = await foundAccount(db, input.id);
    if (current.status === 'closed') throw closedAccount();
    atVersion(current, input.version, 'The account');
    const open: AccountStatus[] = ['pending', 'active', 'suspended'];
    await db.transaction(async (tx) => {
      const row = await refuseClash(
        () => repo.updateAccountAt(tx, current.id, input.version, open, { ...detailsOf(input), updatedAt: now() }),
        codeTaken,
        ACCOUNTS_CODE_INDEX,
      );
      if (!row) throw await whyAccountRefused(tx, current.id, open, closedAccount);
      await audit.record(
        { actorUserId: p.userId, action: 'account.update', entity: 'account', entityId: current.id, before: detailsOf(current), after: detailsOf(input) },
        tx,
      );
    });
    return detailOf(db, input.id);
  };

  /**
   * ACCOUNT_TRANSITIONS decide; staff's own (internal) accounts are never suspended or closed, and
   * closing names the account's code. Suspending or closing ends its users' sessions with it.
   */
  const setStatus = async (p: Caller, input: StatusInput) => {
    requireStaff(p, 'account.write');
    const current = await foundAccount(db, input.id);
    atVersion(current, input.version, 'The account');
    const { from, to } = ACCOUNT_TRANSITIONS[input.action];
    const refusal = () => accountState(`This account is ${current.status}: it cannot be ${VERBS[input.action]}.`);
    if (!from.includes(current.status)) throw refusal();
    if (current.kind === 'internal' && (to === 'suspended' || to === 'closed')) {
      throw accountState('A staff account cannot be suspended or closed.');
    }
    if (input.action === 'close' && input.confirm?.trim() !== current.code) {
      const message = 'Type the account code to confirm.';
      throw new AppError(400, ERROR_CODES.validationFailed, 'Some fields are not valid.', { fields: { confirm: message } });
    }
    await db.transaction(async (tx) => {
      const at = now();
      const row = await repo.updateAccountAt(tx, current.id, input.version, from, { status: to, updatedAt: at });
      if (!row) throw await whyAccountRefused(tx, current.id, from, refusal);
      if (to === 'suspended' || to === 'closed') await identity.endSessionsOfAccount(tx, current.id);
      await audit.record(
        { actorUserId: p.userId, action: `account.${input.action}`, entity: 'account', entityId: current.id, before: { status: current.status }, after: { status: to } },
        tx,
      );
      if (input.action === 'reactivate' || input.action === 'close') {
        await recordDirectChange?.(tx, {
          kind: `account.${input.action}`,
          entity: 'account',
          entityId: current.id,
          accountId: current.id,
          fromStatus: current.status,
          toStatus: to,
          reason: '',
          userId: p.userId,
          at,
        });
      }
    });
    return detailOf(db, input.id);
  };

  /**
   * Reactivates or closes the account in the caller's transaction (staff approved a status change
   * request, or filed it; the decision is the confirmation the accounts page asks for): applied
   * while its state is one of `from` (one statement), else ACCOUNT_STATE naming its state now.
   * Closing ends its users' sessions with it; a staff account is never closed.
   */
  const applyStatusIn = async (tx: DbOrTx, change: { id: number; from: readonly AccountStatus[]; action: 'reactivate' | 'close'; actorUserId: number }) => {
    const to = ACCOUNT_TRANSITIONS[change.action].to;
    const before = await repo.findAccount(tx, change.id);
    if (!before) throw accountNotFound();
    const refusal = (status: AccountStatus) =>
      new AppError(409, ERROR_CODES.accountState, `This account is ${status}: it cannot be ${VERBS[change.action]}.`, { details: { status } });
    if (before.kind === 'internal' && to === 'closed') {
      throw new AppError(409, ERROR_CODES.accountState, 'A staff account cannot be suspended or closed.', { details: { status: before.status } });
    }
    const row = await repo.updateAccountFrom(tx, change.id, change.from, { status: to, updatedAt: now() });
    if (!row) throw refusal((await repo.findAccount(tx, change.id))?.status ?? before.status);
    if (to === 'closed') await identity.endSessionsOfAccount(tx, change.id);
    await audit.record(
      { actorUserId: change.actorUserId, action: `account.${change.action}`, entity: 'account', entityId: change.id, before: { status: before.status }, after: { status: to } },
      tx,
    );
  };

  /** A user of the account's kind's role, with a one-time password. */
  const addUser = async (p: Caller, input: AddUserInput) => {
    requireStaff(p, 'account.write');
    const account = await foundAccount(db, input.accountId);
    if (account.status === 'closed') throw closedAccount();
    const password = oneTimePassword(ONE_TIME_PASSWORD_LENGTH);
    const userInput = { name: input.name, email: input.email, phone: input.phone, password, mustChangePassword: true };
    const prepared = await identity.prepareUser(account.kind, userInput);
    const id = await db.transaction(async (tx) => {
      // Locked: a close running now either waits for this user or is seen here.
      if ((await repo.lockAccount(tx, account.id)) === 'closed') throw closedAccount();
      const user = await identity.insertUserWithRole(tx, account.id, userInput, prepared);
      await audit.record(
        { actorUserId: p.userId, action: 'user.add', entity: 'user', entityId: user.id, after: { accountId: account.id, email: user.email, name: user.name } },
        tx,
      );
      return user.id;
    });
    return { result: toUser(await foundUser(db, id)), oneTimePassword: password };
  };

  /** A user staff act on: not their own, not of a closed account, at the version they saw. */
  const actionableUser = async (p: Caller, id: number, version: number, self: string) => {
    const user = await foundUser(db, id);
    if (user.id === p.userId) throw selfChange(self);
    if (user.accountStatus === 'closed') throw closedAccount();
    return atVersion(user, version, 'The user');
  };

  /**
   * Disables or re-enables a user; disabling ends their sessions. The last active staff user is
   * never disabled: the active staff rows are locked first, so two staff disabling each other at
   * once are decided one after the other.
   */
  const setUserStatus = async (p: Caller, input: UserStatusInput) => {
    requireStaff(p, 'account.write');
    const user = await actionableUser(p, input.id, input.version, 'You cannot disable or re-enable your own user.');
    if (user.status === input.status) return toUser(user);
    await db.transaction(async (tx) => {
      if (input.status === 'disabled' && user.accountKind === 'internal') {
        const active = await repo.lockActiveStaff(tx);
        if (active.includes(user.id) && active.length <= 1) {
          throw new AppError(409, ERROR_CODES.lastStaff, 'This is the last active staff user: it cannot be disabled.');
        }
      }
      const row = await repo.updateUserAt(tx, user.id, input.version, { status: input.status, updatedAt: now() });
      if (!row) throw stale('The user');
      if (input.status === 'disabled') await identity.endSessionsOfUser(tx, user.id);
      await audit.record(
        {
          actorUserId: p.userId,
          action: input.status === 'disabled' ? 'user.disable' : 'user.enable',
          entity: 'user',
          entityId: user.id,
          before: { status: user.status },
          after: { status: input.status },
        },
        tx,
      );
    });
    return toUser(await foundUser(db, user.id));
  };

  /** A new one-time password; the user's sessions end and they choose their own at the next sign-in. */
  const resetPassword = async (p: Caller, input: { id: number; version: number }) => {
    requireStaff(p, 'account.write');
    const user = await actionableUser(p, input.id, input.version, 'Change your own password from your user menu.');
    const password = oneTimePassword(ONE_TIME_PASSWORD_LENGTH);
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      const row = await repo.updateUserAt(tx, user.id, input.version, { passwordHash, mustChangePassword: true, updatedAt: now() });
      if (!row) throw stale('The user');
      await identity.endSessionsOfUser(tx, user.id);
      await audit.record(
        {
          actorUserId: p.userId,
          action: 'user.resetPassword',
          entity: 'user',
          entityId: user.id,
          before: { mustChangePassword: user.mustChangePassword },
          after: { mustChangePassword: true },
        },
        tx,
      );
      // The user's open "forgot password" request is answered: it leaves every staff Action Center.
      const answered = await repo.answerResetRequests(tx, user.id, now());
      if (answered.length) await notifications.settle(answered.map(passwordResetEvent), tx);
      for (const requestId of answered) {
        await audit.record(
          { actorUserId: p.userId, action: 'passwordReset.answer', entity: 'passwordResetRequest', entityId: requestId, after: { userId: user.id } },
          tx,
        );
      }
    });
    return { result: toUser(await foundUser(db, user.id)), oneTimePassword: password };
  };

  /**
   * "Forgot password?" (public): files a request staff answer with a one-time password, for the
   * active user of a non-closed account with this email; one open request per user, so asking again
   * notifies nobody again. The answer is the same, and comes no sooner than the floor, whether or not
   * the email is known; counted per email and per address (429 past the limits).
   */
  const forgotPassword = async (input: EndpointInput<typeof forgotPasswordContract>, client: { ip?: string } = {}) => {
    const started = performance.now();
    const email = normalizeEmail(input.email);
    const { perEmail, perAddress, windowMinutes } = FORGOT_PASSWORD_LIMITS;
    await identity.throttle(
      [
        { key: `forgot:email:${email}`, limit: perEmail },
        { key: `forgot:ip:${client.ip ?? 'unknown'}`, limit: perAddress },
      ],
      windowMinutes,
      'Too many password requests.',
    );
    await db.transaction(async (tx) => {
      const at = now();
      const filed = await repo.fileResetRequest(tx, email, at, client.ip ?? null);
      if (!filed) return;
      await notifications.notify(
        {
          type: NOTIFICATION_TYPES.action,
          message: {
            key: 'password.resetRequested',
            params: {
              accountId: filed.accountId,
              accountKind: filed.accountKind,
              accountName: filed.accountName,
              userName: filed.userName,
              email: filed.email,
            },
          },
          menuId: ACCOUNT_PAGE_MENU_ID[filed.accountKind],
          recipients: { powers: ['account.write'] },
          eventKey: passwordResetEvent(filed.id),
          at,
        },
        tx,
      );
      await audit.record(
        { actorUserId: null, action: 'passwordReset.request', entity: 'passwordResetRequest', entityId: filed.id, after: { userId: filed.userId, ip: client.ip ?? null } },
        tx,
      );
    });
    const wait = forgotPasswordFloorMs - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return { ok: true as const };
  };

  return { list, detail, create, update, setStatus, applyStatusIn, addUser, setUserStatus, resetPassword, forgotPassword };
};

export type AccountsService = ReturnType<typeof createAccountsService>;
