// Notification types and how the Action Center shows them (docs/architecture.md, Notifications).
// Kept free of zod: the bell on every page needs these rules, not the schemas.

export const NOTIFICATION_TYPES = {
  /** Outcomes and events (campaign ended, placement rejected). */
  event: 10,
  /** Reminders (budget 80 % spent, bin purge in 3 days). */
  reminder: 15,
  /** Something the recipient must act on (review queue item, rejection to fix). */
  action: 20,
  /** Approvals. */
  approval: 25,
  /** System announcements. */
  announcement: 30,
} as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[keyof typeof NOTIFICATION_TYPES];

export type NotificationTab = 'actions' | 'notifications';
export type NotificationDisplay = 'info' | 'warning' | 'success';

/** Type 20 goes to the Actions tab; every other type, known or not, to Notifications. */
export const notificationTab = (type: number): NotificationTab =>
  type === NOTIFICATION_TYPES.action ? 'actions' : 'notifications';

/** 20 shows as warning, 25 as success, everything else (10, 15, 30, unknown) as info. */
export const notificationDisplay = (type: number): NotificationDisplay =>
  type === NOTIFICATION_TYPES.action ? 'warning' : type === NOTIFICATION_TYPES.approval ? 'success' : 'info';

/** Default page of the Action Center poll: the newest notifications, with counts over all of them. */
export const NOTIFICATION_PAGE_SIZE = 50;
/** Upper bound of ids in one SetRead or SetDismissed call. */
export const MAX_NOTIFICATION_IDS = 500;
export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_CONTENT_MAX = 2000;

/**
 * System notifications are stored as a message key and its values, never as text: the Action
 * Center renders them in the reader's language (features/notifications/messages on the web). Each
 * key's values: counts as numbers, names as given, times as ISO strings (their names end in `At`).
 */
export interface NotificationMessages {
  /** The first items of the recycle bin are removed for good on `purgeAt`, `days` from sending. */
  'recycle.purgeSoon': { count: number; days: number; purgeAt: string };
  /** A review rejected the image `name` (id `imageId`) for `reason`. */
  'image.rejected': { imageId: number; name: string; reason: string | null };
  /** Staff: the advertiser `accountName` sent the campaign `name` to review. */
  'campaign.submitted': { campaignId: number; name: string; accountName: string };
  /** The campaign was approved; it starts at `startAt`. */
  'campaign.approved': { campaignId: number; name: string; startAt: string | null };
  /** A review rejected the campaign for `reason` (its ads may carry their own reasons). */
  'campaign.rejected': { campaignId: number; name: string; reason: string | null };
  'campaign.started': { campaignId: number; name: string; startedAt: string };
  /** Ended at its end date, or when its total budget was spent. */
  'campaign.ended': { campaignId: number; name: string; endedAt: string };
  /** `percent` % of the campaign's total budget is spent. */
  'campaign.budgetAlert': { campaignId: number; name: string; percent: number };
  /** `count` approved ads of the active campaign stopped: the images or videos they show (`creatives`, names) went to the recycle bin. */
  'campaign.creativesBinned': { campaignId: number; name: string; count: number; creatives: string };
  /** Staff: the advertiser `accountName` added ads to, or changed ads of, the live campaign `name`. */
  'campaign.adsSubmitted': { campaignId: number; name: string; accountName: string };
  /** Staff decided on `approved` + `rejected` new or changed ads of the live campaign. */
  'campaign.adsReviewed': { campaignId: number; name: string; approved: number; rejected: number };
  /** Staff: the publisher `accountName` sent the ad slot `name` to review. */
  'adSlot.submitted': { adSlotId: number; name: string; accountName: string };
  'adSlot.approved': { adSlotId: number; name: string };
  /** A review rejected the ad slot for `reason`. */
  'adSlot.rejected': { adSlotId: number; name: string; reason: string | null };
  /** Its tag passed validation: the slot serves ads. */
  'adSlot.live': { adSlotId: number; name: string };
  /** Publisher: `count` new placements on its manual-review slots wait (one per batch); one slot's id when they share it. */
  'placement.awaiting': { count: number; adSlotId: number | null };
  /** Advertiser: the publisher `publisherName` rejected `count` of its placements for `reason`. */
  'placement.rejected': { count: number; publisherName: string; reason: string };
  /** Staff: `accountName` asks for the status change `kind` (STATUS_CHANGE_KINDS) of `entityName`. */
  'statusChange.requested': { requestId: number; kind: string; entityName: string; accountName: string };
  /** The requester: staff approved (and applied) it. */
  'statusChange.approved': { requestId: number; kind: string; entityName: string };
  /** The requester: staff rejected it for `reason`. */
  'statusChange.rejected': { requestId: number; kind: string; entityName: string; reason: string };
  /** Staff: a user of `accountName` forgot their password; answer with a one-time password on the account's page. */
  'password.resetRequested': { accountId: number; accountKind: string; accountName: string; userName: string; email: string };
  /** Staff: the publisher `accountName` asks to publish (or change) the series `seriesName`: `count` videos to review. */
  'content.submitted': { contentRequestId: number; seriesName: string; accountName: string; count: number };
  /** The publisher: the series `seriesName` is published (its changes are). */
  'content.approved': { contentRequestId: number; seriesName: string };
  /** The publisher: `rejected` of the request's videos were rejected, for `reasons` (the policy reasons, joined). */
  'content.rejected': { contentRequestId: number; seriesName: string; rejected: number; reasons: string };
  /** The owner: the saved report `name` ran on its schedule for the days `from`–`to`; the run `runId` holds its CSV. */
  'report.scheduledRun': { savedReportId: number; runId: number; name: string; from: string; to: string };
}
export type NotificationMessageKey = keyof NotificationMessages;
export const NOTIFICATION_MESSAGE_KEYS = [
  'recycle.purgeSoon',
  'image.rejected',
  'campaign.submitted',
  'campaign.approved',
  'campaign.rejected',
  'campaign.started',
  'campaign.ended',
  'campaign.budgetAlert',
  'campaign.creativesBinned',
  'campaign.adsSubmitted',
  'campaign.adsReviewed',
  'adSlot.submitted',
  'adSlot.approved',
  'adSlot.rejected',
  'adSlot.live',
  'placement.awaiting',
  'placement.rejected',
  'statusChange.requested',
  'statusChange.approved',
  'statusChange.rejected',
  'password.resetRequested',
  'content.submitted',
  'content.approved',
  'content.rejected',
  'report.scheduledRun',
] as const satisfies readonly NotificationMessageKey[];
/** A message key with its values, as notify() takes it. */
export type NotificationMessage = {
  [K in NotificationMessageKey]: { key: K; params: NotificationMessages[K] };
}[NotificationMessageKey];
export type NotificationParams = Record<string, string | number | boolean | null>;

/** The languages a notification can be written or shown in (the web's languages). */
export const NOTIFICATION_LANGUAGES = ['en-US', 'zh-CN'] as const;
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number];
/** An announcement's versions besides its English title and content. */
export type NotificationTranslations = Partial<Record<NotificationLanguage, { title: string | null; content: string | null }>>;
