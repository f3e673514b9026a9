import type { AccountKind, NotificationLanguage, Power } from '@ads/contracts';

/** The signed-in caller, resolved from the bearer token on every request. */
export interface Principal {
  userId: number;
  sessionId: number;
  email: string;
  name: string;
  accountId: number;
  accountName: string;
  accountKind: AccountKind;
  /** The account's currency (ISO 4217); absent on callers made in code (demo seeding, tests). */
  currency?: string;
  roleIds: number[];
  /** Only the catalogue's codes (contracts' POWERS) reach here. */
  powers: ReadonlySet<Power>;
  /** Signed in with a one-time password: only Info, ChangePassword and Logout answer (the auth plugin). */
  mustChangePassword?: boolean;
  /** The language the user chose in their profile; null or absent until chosen. */
  language?: NotificationLanguage | null;
}

/**
 * What services read of the caller, declared once: not the whole principal, so a caller made in
 * code (demo seeding, tests) needs no session. A service that reads less takes a Pick of it.
 */
export type Caller = Pick<Principal, 'userId' | 'accountId' | 'accountKind' | 'powers'>;
