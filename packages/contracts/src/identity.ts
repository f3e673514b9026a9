/** Role names (compared by exact spelling); the first one decides the landing page. */
export const ROLE_NAMES = ['Advertiser', 'Publisher', 'MsInternal'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** A new account's currency (accounts.currency's default). */
export const DEFAULT_CURRENCY = 'USD';

export const ACCOUNT_KINDS = ['advertiser', 'publisher', 'internal'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** pending → active ⇄ suspended → closed (docs/architecture.md, Identity and sessions). */
export const ACCOUNT_STATUSES = ['pending', 'active', 'suspended', 'closed'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const USER_STATUSES = ['active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** The role each account kind's users hold. */
export const ROLE_BY_ACCOUNT_KIND: Record<AccountKind, RoleName> = {
  advertiser: 'Advertiser',
  publisher: 'Publisher',
  internal: 'MsInternal',
};

/**
 * Permission codes. Every server route names one of these (or is public / any signed-in user);
 * roles are granted powers in the server's catalogue.
 */
export const POWERS = [
  'overview.advertiser',
  'overview.publisher',
  'insights.advertiser',
  'insights.publisher',
  'insights.platform',
  'campaign.read',
  'campaign.write',
  'campaign.review',
  'asset.read',
  'asset.write',
  'video.read',
  'video.write',
  'adslot.read',
  'adslot.write',
  'adslot.review',
  'placement.review',
  'brandsafety.write',
  'content.request',
  'content.review',
  'account.read',
  'account.write',
  'request.create',
  'request.review',
  'notification.read',
  'notification.publish',
  'job.read',
] as const;
export type Power = (typeof POWERS)[number];
const POWER_CODES: ReadonlySet<string> = new Set(POWERS);
/** A code of the catalogue (a stored grant read back from the database, for instance). */
export const isPower = (code: string): code is Power => POWER_CODES.has(code);
