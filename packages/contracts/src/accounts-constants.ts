import type { AccountStatus } from './identity';

// Account management's limits, actions and sort fields, apart from the schemas in accounts.ts
// (which use them) so that the pages reading them load no zod.

export const ACCOUNT_NAME_MAX = 100;
export const ACCOUNT_CODE_MAX = 32;
export const USER_NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 11;
export const REGISTRATION_NUMBER_MAX = 32;
/** A one-time password's length (letters and digits, no look-alikes). */
export const ONE_TIME_PASSWORD_LENGTH = 12;

/** What staff may do to an account in each state (pending → active ⇄ suspended → closed). */
export const ACCOUNT_ACTIONS = ['activate', 'suspend', 'reactivate', 'close'] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];
export const ACCOUNT_TRANSITIONS: Record<AccountAction, { from: readonly AccountStatus[]; to: AccountStatus }> = {
  activate: { from: ['pending'], to: 'active' },
  suspend: { from: ['active'], to: 'suspended' },
  reactivate: { from: ['suspended'], to: 'active' },
  close: { from: ['pending', 'active', 'suspended'], to: 'closed' },
};

export const ACCOUNT_SORT_FIELDS = ['name', 'code', 'status', 'createdAt'] as const;
export type AccountSortField = (typeof ACCOUNT_SORT_FIELDS)[number];
