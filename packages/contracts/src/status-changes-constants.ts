// Status change requests' kinds, rules and limits, apart from the schemas in status-changes.ts
// (which use them) so that the pages reading them load no zod.

export const STATUS_CHANGE_KINDS = ['campaign.terminate', 'adSlot.offline', 'adSlot.online', 'account.reactivate', 'account.close'] as const;
export type StatusChangeKind = (typeof STATUS_CHANGE_KINDS)[number];

export const STATUS_CHANGE_ENTITIES = ['campaign', 'adSlot', 'account'] as const;
export type StatusChangeEntity = (typeof STATUS_CHANGE_ENTITIES)[number];

/**
 * Each kind: the entity it changes, the states it may be asked from (and is applied from), the
 * state it leaves, and who may ask (the entity's account kind; staff may file any kind directly).
 * Terminating ends the campaign now (status `ended`); an ad slot back online is `live` again.
 */
export const STATUS_CHANGE_RULES = {
  'campaign.terminate': { entity: 'campaign', from: ['scheduled', 'active', 'paused'], to: 'ended', requester: 'advertiser' },
  'adSlot.offline': { entity: 'adSlot', from: ['live', 'paused'], to: 'offline', requester: 'publisher' },
  'adSlot.online': { entity: 'adSlot', from: ['offline'], to: 'live', requester: 'publisher' },
  'account.reactivate': { entity: 'account', from: ['suspended'], to: 'active', requester: 'any' },
  'account.close': { entity: 'account', from: ['active', 'suspended'], to: 'closed', requester: 'any' },
} as const satisfies Record<
  StatusChangeKind,
  { entity: StatusChangeEntity; from: readonly string[]; to: string; requester: 'advertiser' | 'publisher' | 'any' }
>;

export const STATUS_CHANGE_STATES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type StatusChangeState = (typeof STATUS_CHANGE_STATES)[number];

export const STATUS_CHANGE_REASON_MAX = 500;

export const STATUS_CHANGE_SORT_FIELDS = ['requestedAt', 'decidedAt', 'status'] as const;
