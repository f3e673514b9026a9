// Campaigns' limits, states and sort fields, apart from the schemas in campaigns.ts (which use them)
// so that the pages reading them load no zod.

export const CAMPAIGN_NAME_MAX = 100;
export const AD_GROUP_NAME_MAX = 100;
export const AD_HEADLINE_MAX = 30;
export const AD_DESCRIPTION_MAX = 90;
export const LANDING_URL_MAX = 2048;
export const REVIEW_REASON_MAX = 500;
export const MAX_AD_GROUPS = 20;
export const MAX_ADS_PER_GROUP = 20;
/** 100 billion in major units: every budget fits a bigint column and a JS number exactly. */
export const BUDGET_MAX_MINOR = 10_000_000_000_000;
/** Platform bid limits, minor units: a CPM bid is per thousand impressions, a CPC bid per click. */
export const BID_LIMITS = { cpm: { min: 10, max: 10_000 }, cpc: { min: 5, max: 5_000 } } as const;
export const FREQUENCY_CAP_MAX = 100;
/** A campaign tells its owners once when this share of its total budget is spent. */
export const BUDGET_ALERT_RATIO = 0.8;

export const CAMPAIGN_OBJECTIVES = ['awareness', 'traffic', 'conversions'] as const;
export type CampaignObjective = (typeof CAMPAIGN_OBJECTIVES)[number];
export const BID_STRATEGIES = ['cpm', 'cpc'] as const;
export type BidStrategy = (typeof BID_STRATEGIES)[number];
export const FREQUENCY_PERIODS = ['day', 'week'] as const;
/**
 * draft → pending_review → scheduled (approved, before its start) → active ⇄ paused → ended;
 * pending_review → rejected → (edited) → pending_review.
 */
export const CAMPAIGN_STATUSES = ['draft', 'pending_review', 'rejected', 'scheduled', 'active', 'paused', 'ended'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** The states whose campaign the wizard may edit (and Submit may send to review). */
export const EDITABLE_CAMPAIGN_STATUSES: readonly CampaignStatus[] = ['draft', 'rejected'];
/**
 * The states whose campaign is live (approved, not ended): its settings change at once
 * (UpdateSettings), as in Google Ads; its objective and its ads do not change there.
 */
export const LIVE_CAMPAIGN_STATUSES: readonly CampaignStatus[] = ['scheduled', 'active', 'paused'];
export const AD_FORMATS = ['image', 'video'] as const;
export type AdFormat = (typeof AD_FORMATS)[number];
/** 'all': every eligible slot; 'chosen': the slots in slotIds. */
export const SLOT_MODES = ['all', 'chosen'] as const;
export const REVIEW_OUTCOMES = ['pending', 'approved', 'rejected'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];
/** A live campaign's proposed ad change: waiting for staff, or refused (the ad serves unchanged). */
export const AD_CHANGE_STATUSES = ['pending', 'rejected'] as const;

export const CAMPAIGN_SORT_FIELDS = [
  'name',
  'status',
  'startAt',
  'endAt',
  'totalBudgetMinor',
  'spentMinor',
  'impressions',
  'clicks',
  'ctr',
  'submittedAt',
  'updatedAt',
  // The list's figures for its range (with `range`; without, over the campaign's whole life).
  'conversions',
  'conversionRate',
  'costPerConversion',
  'conversionValue',
] as const;
export type CampaignSortField = (typeof CAMPAIGN_SORT_FIELDS)[number];

/**
 * The campaign list's columns a user may show or hide ("Columns"; the name, the status and the
 * row menu always show). Saved per user (campaigns.campaignListColumns).
 */
export const CAMPAIGN_LIST_COLUMNS = [
  'objective',
  'budget',
  'spend',
  'impressions',
  'clicks',
  'ctr',
  'conversions',
  'conversionRate',
  'costPerConversion',
  'conversionValue',
  'dates',
  'review',
] as const;
export type CampaignListColumn = (typeof CAMPAIGN_LIST_COLUMNS)[number];
/** Shown until the user chooses: the budget and the figures (they fit a 1440 px screen). */
export const DEFAULT_CAMPAIGN_LIST_COLUMNS: readonly CampaignListColumn[] = ['budget', 'spend', 'impressions', 'clicks', 'ctr', 'conversions', 'conversionRate', 'costPerConversion'];

/** Campaigns one bulk pause or resume takes. */
export const CAMPAIGN_BULK_MAX = 100;
