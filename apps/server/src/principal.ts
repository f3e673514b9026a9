import type { AccountKind } from '@ads/contracts';

/** The signed-in caller, resolved from the bearer token on every request. */
export interface Principal {
  userId: number;
  sessionId: number;
  email: string;
  name: string;
  accountId: number;
  accountName: string;
  accountKind: AccountKind;
  roleIds: number[];
  powers: ReadonlySet<string>;
}
