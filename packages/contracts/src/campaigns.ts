import { z } from 'zod';
import { DEVICES, REGIONS } from './targeting';
import { MAX_PAGE_SIZE } from './constants';
import {
  AD_DESCRIPTION_MAX,
  AD_FORMATS,
  AD_GROUP_NAME_MAX,
  AD_HEADLINE_MAX,
  BID_LIMITS,
  BID_STRATEGIES,
  BUDGET_MAX_MINOR,
  CAMPAIGN_BULK_MAX,
  CAMPAIGN_LIST_COLUMNS,
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_OBJECTIVES,
  CAMPAIGN_SORT_FIELDS,
  CAMPAIGN_STATUSES,
  FREQUENCY_CAP_MAX,
  FREQUENCY_PERIODS,
  LANDING_URL_MAX,
  MAX_ADS_PER_GROUP,
  MAX_AD_GROUPS,
  AD_CHANGE_STATUSES,
  REVIEW_OUTCOMES,
  REVIEW_REASON_MAX,
  SLOT_MODES,
} from './campaigns-constants';
import { imageRejectionSchema } from './assets';
import { NAMED_RANGES } from './date-ranges';
import { timeZoneSchema } from './insights';
import { defineEndpoint } from './endpoint';
import { pageOf } from './lists';
import {
  calendarDateSchema,
  commaListSchema,
  dbId,
  dbInt,
  dbVersion,
  nameSchema,
  queryDbId,
  queryDbInt,
  queryFlag,
  searchSchema,
  textSchema,
  UNSAFE_NAME_CHARS,
  UNSAFE_TEXT_CHARS,
} from './schema-kit';

// Campaigns → ad groups → ads (docs/architecture.md, Campaigns). The wizard edits a campaign as one
// document: SaveDraft stores whatever is filled (each filled value must be valid, nothing is
// required), Submit holds the stored document to `campaignSubmitSchema` and sends it to review.
// Money is in integer minor units of the account's currency (cents for USD).


const money = (what: string) =>
  z
    .number({ error: `Please enter the ${what}.` })
    .int(`The ${what} must be a whole number of cents.`)
    .min(1, `The ${what} must be more than 0.`)
    .max(BUDGET_MAX_MINOR, `The ${what} is larger than the platform allows.`);
const instant = z.iso.datetime({ offset: true, error: 'Please enter a valid date and time.' });

/** https only, at most LANDING_URL_MAX characters, a host with a dot (or localhost is refused). */
export const landingUrlSchema = z
  .string({ error: 'Please enter the landing page URL.' })
  .trim()
  .min(1, 'Please enter the landing page URL.')
  .max(LANDING_URL_MAX, `Please use at most ${LANDING_URL_MAX} characters.`)
  // https, a host with a dot (a port allowed), then anything without spaces. Contracts run without
  // DOM or Node types, so no URL class here.
  .refine((v) => /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?([/?#]\S*)?$/i.test(v), 'The landing page must be an https:// address, e.g. https://www.example.com/offer.');

/** An hour range on one weekday (0 = Sunday); `toHour` is exclusive (0–24). */
export const daypartSchema = z
  .object({
    day: dbInt(0, 6),
    fromHour: dbInt(0, 23),
    toHour: dbInt(1, 24),
  })
  .refine((d) => d.toHour > d.fromHour, { message: 'The end hour must be after the start hour.', path: ['toHour'] });
export type Daypart = z.infer<typeof daypartSchema>;

export const frequencyCapSchema = z.object({
  impressions: dbInt(1, FREQUENCY_CAP_MAX),
  period: z.enum(FREQUENCY_PERIODS),
});

// ---- The document the wizard edits -----------------------------------------------------------

const optionalText = (max: number) =>
  z
    .string()
    .normalize('NFC')
    .trim()
    .max(max, `Please use at most ${max} characters.`)
    .refine((v) => !UNSAFE_TEXT_CHARS.test(v) && !UNSAFE_NAME_CHARS.test(v), 'The text contains characters that cannot be used here.');

/**
 * An ad as a draft holds it: every field optional (null = not filled yet), every filled value valid.
 * `id` names an ad the campaign already has (kept with its review history); without it, a new ad.
 */
export const adDraftSchema = z.object({
  id: dbId.optional(),
  format: z.enum(AD_FORMATS).nullable().default(null),
  imageId: dbId.nullable().default(null),
  videoId: dbId.nullable().default(null),
  headline: optionalText(AD_HEADLINE_MAX).nullable().default(null),
  description: optionalText(AD_DESCRIPTION_MAX).nullable().default(null),
  /** Any text while a draft (a half-typed address is kept); Submit requires an https URL. */
  landingUrl: optionalText(LANDING_URL_MAX).nullable().default(null),
});
export type AdDraft = z.input<typeof adDraftSchema>;

export const adGroupDraftSchema = z.object({
  id: dbId.optional(),
  name: optionalText(AD_GROUP_NAME_MAX).nullable().default(null),
  regions: z.array(z.enum(REGIONS)).max(REGIONS.length).default([]),
  devices: z.array(z.enum(DEVICES)).max(DEVICES.length).default([]),
  slotMode: z.enum(SLOT_MODES).default('all'),
  slotIds: z.array(dbId).max(MAX_PAGE_SIZE).default([]),
  /** Replaces the campaign's max bid for this group's ads; same limits. */
  bidOverrideMinor: dbInt(1, BID_LIMITS.cpm.max).nullable().default(null),
  ads: z.array(adDraftSchema).max(MAX_ADS_PER_GROUP, `An ad group holds at most ${MAX_ADS_PER_GROUP} ads.`).default([]),
});
export type AdGroupDraft = z.input<typeof adGroupDraftSchema>;

export const campaignDraftFieldsSchema = z.object({
  /** A draft without a name is stored as "Untitled campaign" (with " (n)" when taken). */
  name: optionalText(CAMPAIGN_NAME_MAX).nullable().default(null),
  objective: z.enum(CAMPAIGN_OBJECTIVES).nullable().default(null),
  dailyBudgetMinor: money('daily budget').nullable().default(null),
  totalBudgetMinor: money('total budget').nullable().default(null),
  startAt: instant.nullable().default(null),
  endAt: instant.nullable().default(null),
  /** Empty: every hour of every day. */
  dayparting: z.array(daypartSchema).max(7 * 24).default([]),
  bidStrategy: z.enum(BID_STRATEGIES).nullable().default(null),
  maxBidMinor: dbInt(1, BID_LIMITS.cpm.max).nullable().default(null),
  frequencyCap: frequencyCapSchema.nullable().default(null),
});

export const campaignDocumentSchema = campaignDraftFieldsSchema.extend({
  adGroups: z.array(adGroupDraftSchema).max(MAX_AD_GROUPS, `A campaign holds at most ${MAX_AD_GROUPS} ad groups.`).default([]),
});
export type CampaignDocument = z.input<typeof campaignDocumentSchema>;

// What Submit requires of the stored document. Field paths are those of the document, so the
// server's `fields` land next to the wizard's inputs (e.g. `adGroups.0.ads.1.headline`).
// A value the draft left empty (null or '') reaches `schema` as missing, which names it.
const required = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === null || v === '' ? undefined : v), schema);
const choose = <const T extends readonly [string, ...string[]]>(values: T, message: string) => required(z.enum(values, { error: message }));
const requiredInstant = (message: string) =>
  required(
    z.iso.datetime({
      offset: true,
      error: (issue) => (issue.input === undefined ? message : 'Please enter a valid date and time.'),
    }),
  );

export const adSubmitSchema = z
  .object({
    id: dbId.optional(),
    format: choose(AD_FORMATS, 'Please choose the ad format.'),
    imageId: dbId.nullable(),
    videoId: dbId.nullable(),
    headline: required(nameSchema(AD_HEADLINE_MAX, 'Please enter a headline.')),
    description: required(textSchema(AD_DESCRIPTION_MAX, 'Please enter a description.')),
    landingUrl: required(landingUrlSchema),
  })
  // Judged even when other fields of the ad are missing (`when`), so every problem shows at once.
  .refine((ad) => !(ad?.format === 'image' && ad.imageId === null), { path: ['imageId'], message: 'Please choose an image.', when: () => true })
  .refine((ad) => !(ad?.format === 'video' && ad.videoId === null), { path: ['videoId'], message: 'Please choose a video.', when: () => true });

const adGroupSubmitSchema = adGroupDraftSchema
  .extend({
    name: required(nameSchema(AD_GROUP_NAME_MAX, 'Please name the ad group.')),
    ads: z.array(adSubmitSchema).min(1, 'Each ad group needs at least one ad.').max(MAX_ADS_PER_GROUP),
  })
  .superRefine((g, ctx) => {
    if (g.slotMode === 'chosen' && g.slotIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['slotIds'], message: 'Please choose at least one ad slot, or target every eligible slot.' });
  });

export const campaignSubmitSchema = campaignDocumentSchema
  .extend({
    name: required(nameSchema(CAMPAIGN_NAME_MAX, 'Please name the campaign.')),
    objective: choose(CAMPAIGN_OBJECTIVES, 'Please choose an objective.'),
    dailyBudgetMinor: required(money('daily budget')),
    totalBudgetMinor: required(money('total budget')),
    startAt: requiredInstant('Please choose the start date.'),
    bidStrategy: choose(BID_STRATEGIES, 'Please choose how you bid.'),
    // Its limits depend on the strategy: checked below.
    maxBidMinor: required(z.number({ error: 'Please enter your maximum bid.' }).int('Please enter a whole number of cents.')),
    adGroups: z.array(adGroupSubmitSchema).min(1, 'A campaign needs at least one ad group.').max(MAX_AD_GROUPS),
  })
  .superRefine((c, ctx) => {
    if (c.dailyBudgetMinor > c.totalBudgetMinor)
      ctx.addIssue({ code: 'custom', path: ['dailyBudgetMinor'], message: 'The daily budget cannot be more than the total budget.' });
    if (c.endAt && Date.parse(c.endAt) <= Date.parse(c.startAt))
      ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'The end date must be after the start date.' });
    const limits = BID_LIMITS[c.bidStrategy];
    const bidIssue = (path: (string | number)[], bid: number) => {
      if (bid < limits.min || bid > limits.max)
        ctx.addIssue({
          code: 'custom',
          path,
          message: `A ${c.bidStrategy.toUpperCase()} bid must be between ${limits.min} and ${limits.max} cents.`,
        });
    };
    bidIssue(['maxBidMinor'], c.maxBidMinor);
    c.adGroups.forEach((g, i) => g.bidOverrideMinor !== null && bidIssue(['adGroups', i, 'bidOverrideMinor'], g.bidOverrideMinor));
  });

/**
 * What would keep a document from being submitted, by field path (`adGroups.0.ads.1.headline`):
 * the wizard's review step lists these, the server answers them as VALIDATION_FAILED `fields`.
 * Dates in the past are the server's to judge (it knows the time).
 */
export const campaignProblems = (document: unknown): Record<string, string> => {
  const result = campaignSubmitSchema.safeParse(document);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
};

/**
 * What a live campaign's settings change would break, judged on the whole campaign as it would be
 * stored (the submission's rules: daily ≤ total, bids within the strategy's limits, end after
 * start …); its ads are not judged here (they were reviewed and keep serving).
 */
export const liveSettingsProblems = (document: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(campaignProblems(document)).filter(([path]) => !/^adGroups\.\d+\.ads(\.|$)/.test(path)));

// ---- What the server answers ---------------------------------------------------------------

/** A creative an ad shows, as the libraries describe it (signed links for preview). */
export const adCreativeSchema = z.object({
  kind: z.enum(AD_FORMATS),
  id: z.number().int(),
  name: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** A thumbnail (image) or poster (video), signed; null when there is none. */
  previewUrl: z.string().nullable(),
  /** The image file or the video stream, signed. */
  url: z.string().nullable(),
  reviewStatus: z.string(),
  /** In the recycle bin: the ad cannot be submitted until it shows another creative. */
  inRecycleBin: z.boolean(),
  /** A rejected image shown again: the rejection it stands on, for staff's review (campaign detail). */
  rejection: imageRejectionSchema.nullable().optional(),
});
export type AdCreative = z.infer<typeof adCreativeSchema>;

/**
 * A live campaign's ad as its advertiser proposed to change it: waiting for staff's review while
 * the ad serves as approved, or refused with the reviewer's reason (until edited again or withdrawn).
 */
export const adChangeSchema = z.object({
  format: z.enum(AD_FORMATS),
  imageId: z.number().int().nullable(),
  videoId: z.number().int().nullable(),
  creative: adCreativeSchema.nullable(),
  headline: z.string(),
  description: z.string(),
  landingUrl: z.string(),
  status: z.enum(AD_CHANGE_STATUSES),
  reason: z.string().nullable(),
  submittedAt: z.string(),
});
export type AdChange = z.infer<typeof adChangeSchema>;

export const adSchema = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  adGroupId: z.number().int(),
  format: z.enum(AD_FORMATS).nullable(),
  imageId: z.number().int().nullable(),
  videoId: z.number().int().nullable(),
  creative: adCreativeSchema.nullable(),
  headline: z.string().nullable(),
  description: z.string().nullable(),
  landingUrl: z.string().nullable(),
  /** On a live campaign, a new ad is `pending` (not serving) until staff approve it. */
  reviewOutcome: z.enum(REVIEW_OUTCOMES).nullable(),
  reviewReason: z.string().nullable(),
  /** A proposed change to this (approved, serving) ad; null when there is none. */
  change: adChangeSchema.nullable(),
});
export type Ad = z.infer<typeof adSchema>;

export const adGroupSchema = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  name: z.string().nullable(),
  regions: z.array(z.enum(REGIONS)),
  devices: z.array(z.enum(DEVICES)),
  slotMode: z.enum(SLOT_MODES),
  slotIds: z.array(z.number().int()),
  /** The chosen slots named, in `slotIds` order (what a reader of the campaign sees). */
  slots: z.array(z.object({ id: z.number().int(), name: z.string(), publisherName: z.string() })),
  bidOverrideMinor: z.number().int().nullable(),
  ads: z.array(adSchema),
});
export type AdGroup = z.infer<typeof adGroupSchema>;

/** One row of the campaign list. Figures read 0 until delivery records events. */
export const campaignSummarySchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string(),
  currency: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  objective: z.enum(CAMPAIGN_OBJECTIVES).nullable(),
  dailyBudgetMinor: z.number().int().nullable(),
  totalBudgetMinor: z.number().int().nullable(),
  spentMinor: z.number().int(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** clicks / impressions, 0 when there are none. */
  ctr: z.number(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  bidStrategy: z.enum(BID_STRATEGIES).nullable(),
  maxBidMinor: z.number().int().nullable(),
  reviewOutcome: z.enum(REVIEW_OUTCOMES).nullable(),
  reviewReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  adCount: z.number().int(),
  /** On a live campaign: its new ads and proposed ad changes waiting for staff's review. */
  adsToReview: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

/** One decision of a review, or a submission: who, when, what and why. */
export const campaignReviewEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(['submitted', 'approved', 'rejected']),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  reason: z.string().nullable(),
  /** The ads rejected in this decision, with their reasons. */
  ads: z.array(z.object({ id: z.number().int(), headline: z.string().nullable(), reason: z.string() })),
  /** The images rejected in this decision (also in the advertiser's rejected images). */
  images: z.array(z.object({ id: z.number().int(), name: z.string(), reason: z.string() })),
  at: z.string(),
});
export type CampaignReviewEntry = z.infer<typeof campaignReviewEntrySchema>;

export const campaignDetailSchema = campaignSummarySchema.extend({
  dayparting: z.array(daypartSchema),
  frequencyCap: frequencyCapSchema.nullable(),
  adGroups: z.array(adGroupSchema),
  reviews: z.array(campaignReviewEntrySchema),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

// ---- Calls ----------------------------------------------------------------------------------

const page = {
  page: queryDbInt(1).default(1),
  pageSize: queryDbInt(1, MAX_PAGE_SIZE).default(20),
};

export const campaignListQuerySchema = z.object({
  search: searchSchema(CAMPAIGN_NAME_MAX).optional(),
  /**
   * The figures' named range (date-ranges.ts), days of `timeZone`, summed from the reports' rollups
   * (the advertiser report's figures for the same range and campaign). Without it, figures are the
   * campaign's whole life (its kept counters).
   */
  range: z.enum(NAMED_RANGES).optional(),
  timeZone: timeZoneSchema.default('UTC'),
  /** One or more statuses, comma-separated (`active,paused`). */
  status: commaListSchema(CAMPAIGN_STATUSES).optional(),
  /** Campaigns running on some day of [from, to] (UTC dates): started by `to`, not ended before `from`. */
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
  /** Staff only: one advertiser's campaigns. */
  accountId: queryDbId.optional(),
  /** Only live campaigns with new ads or ad changes waiting for staff's review. */
  adReview: queryFlag.optional(),
  /** Staff's queue first: campaigns waiting for review lead, oldest submission first. */
  queueFirst: queryFlag.optional(),
  sort: z.enum(CAMPAIGN_SORT_FIELDS).default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  ...page,
});
export type CampaignListQuery = z.input<typeof campaignListQuerySchema>;

/**
 * A campaign's (or the list's total) figures for the list's range, as the advertiser report
 * defines them: money in minor units (fractions kept, as the report), a rate null where it has
 * nothing to divide by. Conversion rate is conversions ÷ clicks (a click may convert more than
 * once, so it can pass 100 %, as in the report and Google Ads).
 */
export const campaignFiguresSchema = z.object({
  impressions: z.number(),
  clicks: z.number(),
  ctr: z.number().nullable(),
  spend: z.number(),
  conversions: z.number(),
  conversionRate: z.number().nullable(),
  costPerConversion: z.number().nullable(),
  conversionValue: z.number(),
});
export type CampaignFigures = z.infer<typeof campaignFiguresSchema>;

/** A row of the list: the campaign, and its figures for the list's range (null without a range). */
export const campaignListItemSchema = campaignSummarySchema.extend({ figures: campaignFiguresSchema.nullable() });
export type CampaignListItem = z.infer<typeof campaignListItemSchema>;

export const campaignList = defineEndpoint('campaigns.campaignList', {
  summary:
    "Campaigns (the caller's, or every advertiser's for staff), filtered, sorted and paged; with `range`, each row's figures for that named range and the totals of every campaign the filters match (all pages)",
  tag: 'Campaign',
  request: campaignListQuerySchema,
  response: pageOf(campaignListItemSchema).extend({
    /** The range the figures are for, and the filtered campaigns' totals (rates from the sums); null without a range. */
    figures: z
      .object({
        range: z.enum(NAMED_RANGES),
        /** The first and last day (inclusive) in `timeZone`. */
        from: z.string(),
        to: z.string(),
        timeZone: z.string(),
        totals: campaignFiguresSchema,
      })
      .nullable(),
  }),
});

export const campaignDetail = defineEndpoint('campaigns.campaignDetail', {
  summary: 'One campaign with its ad groups, ads (with creative previews) and review history',
  tag: 'Campaign',
  request: z.object({ id: queryDbId }),
  response: campaignDetailSchema,
});

export const saveCampaignDraft = defineEndpoint('campaigns.saveCampaignDraft', {
  summary:
    'Creates a draft (no id) or saves a draft or rejected campaign (id and version) with whatever is filled; ad groups and ads not sent are removed. 409 STALE_VERSION, 409 CAMPAIGN_STATE when it is no longer editable, 409 NAME_TAKEN',
  tag: 'Campaign',
  request: campaignDocumentSchema.extend({ id: dbId.optional(), version: dbVersion.optional() }),
  response: campaignDetailSchema,
});

const idVersion = z.object({ id: dbId, version: dbVersion });

export const submitCampaign = defineEndpoint('campaigns.submitCampaign', {
  summary: 'Sends a draft or rejected campaign to review; 400 VALIDATION_FAILED with fields by document path when it is not complete',
  tag: 'Campaign',
  request: idVersion,
  response: campaignDetailSchema,
});

export const duplicateCampaign = defineEndpoint('campaigns.duplicateCampaign', {
  summary: 'A new draft with the same settings, ad groups and ads ("name (copy)"), without figures or reviews',
  tag: 'Campaign',
  request: z.object({ id: dbId }),
  response: campaignDetailSchema,
});

export const pauseCampaign = defineEndpoint('campaigns.pauseCampaign', {
  summary: 'Pauses a scheduled or active campaign at once; 409 CAMPAIGN_STATE otherwise',
  tag: 'Campaign',
  request: idVersion,
  response: campaignSummarySchema,
});

export const resumeCampaign = defineEndpoint('campaigns.resumeCampaign', {
  summary: 'Resumes a paused campaign (active, or scheduled before its start); 409 CAMPAIGN_STATE otherwise',
  tag: 'Campaign',
  request: idVersion,
  response: campaignSummarySchema,
});

export const bulkCampaignStatus = defineEndpoint('campaigns.bulkCampaignStatus', {
  summary: `Pauses or resumes up to ${CAMPAIGN_BULK_MAX} campaigns, each as Pause or Resume would (its version checked); answers each one's outcome: the campaign, or why not (NOT_FOUND, STALE_VERSION, CAMPAIGN_STATE)`,
  tag: 'Campaign',
  request: z.object({
    action: z.enum(['pause', 'resume']),
    items: z
      .array(idVersion)
      .min(1, 'Please choose at least one campaign.')
      .max(CAMPAIGN_BULK_MAX, `Up to ${CAMPAIGN_BULK_MAX} campaigns at a time.`)
      .refine((items) => new Set(items.map((i) => i.id)).size === items.length, 'Each campaign once.'),
  }),
  response: z.object({
    results: z.array(
      z.discriminatedUnion('ok', [
        z.object({ id: z.number().int(), ok: z.literal(true), campaign: campaignSummarySchema }),
        z.object({ id: z.number().int(), ok: z.literal(false), code: z.string(), message: z.string() }),
      ]),
    ),
  }),
});

/** The campaign list's optional columns a user shows (CAMPAIGN_LIST_COLUMNS), each once. */
export const campaignListColumnsSchema = z
  .array(z.enum(CAMPAIGN_LIST_COLUMNS))
  .max(CAMPAIGN_LIST_COLUMNS.length)
  .refine((columns) => new Set(columns).size === columns.length, 'Each column once.');

const listColumnsAnswer = z.object({
  /** The user's choice; null until they choose (DEFAULT_CAMPAIGN_LIST_COLUMNS show). */
  columns: campaignListColumnsSchema.nullable(),
  version: z.number().int(),
});

export const campaignListColumns = defineEndpoint('campaigns.campaignListColumns', {
  summary: "The signed-in user's columns of the campaign list (null until chosen)",
  tag: 'Campaign',
  request: z.object({}),
  response: listColumnsAnswer,
});

export const saveCampaignListColumns = defineEndpoint('campaigns.saveCampaignListColumns', {
  summary: "Saves the signed-in user's columns of the campaign list (their own only; the last save wins)",
  tag: 'Campaign',
  request: z.object({ columns: campaignListColumnsSchema }),
  response: listColumnsAnswer,
});

/** One ad group's settings on a live campaign: what is sent changes, what is left out stays. */
export const adGroupSettingsSchema = z.object({
  id: dbId,
  name: nameSchema(AD_GROUP_NAME_MAX, 'Please name the ad group.').optional(),
  regions: z.array(z.enum(REGIONS)).max(REGIONS.length).optional(),
  devices: z.array(z.enum(DEVICES)).max(DEVICES.length).optional(),
  slotMode: z.enum(SLOT_MODES).optional(),
  slotIds: z.array(dbId).max(MAX_PAGE_SIZE).optional(),
  bidOverrideMinor: dbInt(1, BID_LIMITS.cpm.max).nullable().optional(),
});

/**
 * A live campaign's settings (scheduled, active or paused): each field sent changes at once, each
 * left out stays. Not the objective (a campaign keeps its goal, as in Google Ads) nor the ads.
 */
export const campaignSettingsSchema = z.object({
  id: dbId,
  version: dbVersion,
  name: nameSchema(CAMPAIGN_NAME_MAX, 'Please name the campaign.').optional(),
  dailyBudgetMinor: money('daily budget').optional(),
  totalBudgetMinor: money('total budget').optional(),
  /** Only before the campaign starts (scheduled). */
  startAt: instant.optional(),
  endAt: instant.nullable().optional(),
  dayparting: z.array(daypartSchema).max(7 * 24).optional(),
  bidStrategy: z.enum(BID_STRATEGIES).optional(),
  maxBidMinor: dbInt(1, BID_LIMITS.cpm.max).optional(),
  frequencyCap: frequencyCapSchema.nullable().optional(),
  adGroups: z.array(adGroupSettingsSchema).max(MAX_AD_GROUPS, `A campaign holds at most ${MAX_AD_GROUPS} ad groups.`).default([]),
});
export type CampaignSettings = z.input<typeof campaignSettingsSchema>;

export const updateCampaignSettings = defineEndpoint('campaigns.updateCampaignSettings', {
  summary:
    "Changes a live (scheduled, active or paused) campaign's budgets, end date (start date before it starts), bids, dayparting, frequency cap, name and its ad groups' targeting and bids at once; delivery takes them at once. 400 VALIDATION_FAILED with fields (the submission's rules; a total budget below what was spent), 409 STALE_VERSION, 409 CAMPAIGN_STATE, 409 NAME_TAKEN",
  tag: 'Campaign',
  request: campaignSettingsSchema,
  response: campaignDetailSchema,
});

export const deleteCampaign = defineEndpoint('campaigns.deleteCampaign', {
  summary: 'Deletes a draft for good, with its ad groups and ads; 409 CAMPAIGN_STATE for any other state',
  tag: 'Campaign',
  request: idVersion,
  response: z.object({ ok: z.literal(true) }),
});

const reasonSchema = textSchema(REVIEW_REASON_MAX, 'Please give a reason.');

export const reviewCampaign = defineEndpoint('campaigns.reviewCampaign', {
  summary:
    'Staff approve a campaign waiting for review, or reject it with a reason, per-ad reasons and rejected images (recorded as the advertiser\'s rejected images); 409 CAMPAIGN_STATE when it is not waiting',
  tag: 'Campaign',
  request: z.discriminatedUnion('decision', [
    idVersion.extend({ decision: z.literal('approve') }),
    idVersion.extend({
      decision: z.literal('reject'),
      reason: reasonSchema,
      ads: z.array(z.object({ id: dbId, reason: reasonSchema })).max(MAX_AD_GROUPS * MAX_ADS_PER_GROUP).default([]),
      images: z.array(z.object({ id: dbId, reason: reasonSchema })).max(MAX_AD_GROUPS * MAX_ADS_PER_GROUP).default([]),
    }),
  ]),
  response: campaignDetailSchema,
});

// ---- A live campaign's ads: new ads and changes go through review ---------------------------

export const saveLiveAd = defineEndpoint('campaigns.saveLiveAd', {
  summary:
    "Adds an ad to a live (scheduled, active or paused) campaign's ad group, or proposes a change to one of its ads (`adId`): either waits for staff's review while the approved ads keep serving as they are. 400 VALIDATION_FAILED with fields under `ad.` (the submission's rules for an ad; a creative in the recycle bin), 409 STALE_VERSION, 409 CAMPAIGN_STATE",
  tag: 'Ad',
  request: z.object({ campaignId: dbId, version: dbVersion, adGroupId: dbId, adId: dbId.optional(), ad: adSubmitSchema }),
  response: campaignDetailSchema,
});

export const withdrawAdChange = defineEndpoint('campaigns.withdrawAdChange', {
  summary: "Withdraws a live campaign's proposed ad change, or removes a new ad that has not served (waiting or rejected); 409 STALE_VERSION, 409 CAMPAIGN_STATE",
  tag: 'Ad',
  request: z.object({ campaignId: dbId, version: dbVersion, adId: dbId }),
  response: campaignDetailSchema,
});

const adDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ adId: dbId, decision: z.literal('approve') }),
  z.object({ adId: dbId, decision: z.literal('reject'), reason: reasonSchema }),
]);

export const reviewAds = defineEndpoint('campaigns.reviewAds', {
  summary:
    "Staff approve or reject a live campaign's new ads and proposed ad changes, each on its own: an approved change replaces the ad as it serves, in one transaction; a rejected one leaves the ad serving unchanged. 400 VALIDATION_FAILED when an ad has nothing waiting, 409 STALE_VERSION, 409 CAMPAIGN_STATE",
  tag: 'Ad',
  request: z.object({
    campaignId: dbId,
    version: dbVersion,
    decisions: z.array(adDecisionSchema).min(1, 'Please decide at least one ad.').max(MAX_AD_GROUPS * MAX_ADS_PER_GROUP),
  }),
  response: campaignDetailSchema,
});

export const adGroupList = defineEndpoint('campaigns.adGroupList', {
  summary: "A campaign's ad groups with their ads",
  tag: 'AdGroup',
  request: z.object({ campaignId: queryDbId }),
  response: z.object({ items: z.array(adGroupSchema) }),
});

export const AD_SORT_FIELDS = ['headline', 'campaignName', 'updatedAt'] as const;

/** An ad with where it sits, for lists across campaigns. */
export const adListItemSchema = adSchema.extend({
  campaignName: z.string(),
  campaignStatus: z.enum(CAMPAIGN_STATUSES),
  adGroupName: z.string().nullable(),
  accountId: z.number().int(),
});

export const adList = defineEndpoint('campaigns.adList', {
  summary: "Ads (the caller's, or every advertiser's for staff), by campaign, ad group or review outcome, paged",
  tag: 'Ad',
  request: z.object({
    campaignId: queryDbId.optional(),
    adGroupId: queryDbId.optional(),
    reviewOutcome: z.enum(REVIEW_OUTCOMES).optional(),
    imageId: queryDbId.optional(),
    search: searchSchema(AD_HEADLINE_MAX).optional(),
    accountId: queryDbId.optional(),
    sort: z.enum(AD_SORT_FIELDS).default('updatedAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
    ...page,
  }),
  response: pageOf(adListItemSchema),
});

// ---- Change history -------------------------------------------------------------------------

/**
 * What a change history entry records (`campaign.created` is the campaign's own creation,
 * `campaign.draftSave` a draft's or a rejected campaign's save that changed something).
 */
export const CAMPAIGN_HISTORY_ACTIONS = [
  'campaign.created',
  'campaign.draftSave',
  'campaign.update',
  'campaign.submit',
  'campaign.approve',
  'campaign.reject',
  'campaign.pause',
  'campaign.resume',
  'campaign.start',
  'campaign.end',
  'campaign.terminate',
  'ad.add',
  'ad.change',
  'ad.withdraw',
  'ad.approve',
  'ad.reject',
] as const;
export type CampaignHistoryAction = (typeof CAMPAIGN_HISTORY_ACTIONS)[number];

/**
 * One field's value before and after: a setting's own value as stored (money in minor units,
 * instants as ISO strings, lists of codes or ids, dayparting, a frequency cap), null when unset.
 */
export const campaignHistoryChangeSchema = z.object({
  /**
   * A campaign field (`dailyBudgetMinor`, `status` …), or an ad group's (`regions` …) when `adGroup`
   * is set. A draft's save also counts what it did to the tree: `adGroupsAdded`, `adGroupsRemoved`,
   * `adsAdded`, `adsRemoved`, `adsEdited` (before null, after the count).
   */
  field: z.string(),
  adGroup: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type CampaignHistoryChange = z.infer<typeof campaignHistoryChangeSchema>;

export const campaignHistoryEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(CAMPAIGN_HISTORY_ACTIONS),
  /** Who did it; null when the platform did (the schedule, the budget). */
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  reason: z.string().nullable(),
  /** The money's currency (ISO 4217). */
  currency: z.string(),
  changes: z.array(campaignHistoryChangeSchema),
  /**
   * The ad an `ad.*` entry is about (its changes are the ad's fields: format, creative by name,
   * headline, description, landingUrl); null for the campaign's own entries.
   */
  ad: z.object({ id: z.number().int(), headline: z.string().nullable() }).nullable(),
  /** A rejection's reasons per ad and per image. */
  rejectedAds: z.array(z.object({ id: z.number().int(), headline: z.string().nullable(), reason: z.string() })),
  rejectedImages: z.array(z.object({ id: z.number().int(), name: z.string(), reason: z.string() })),
});
export type CampaignHistoryEntry = z.infer<typeof campaignHistoryEntrySchema>;

export const campaignHistory = defineEndpoint('campaigns.campaignHistory', {
  summary: "A campaign's change history, newest first: who changed what and when, each field before → after, its reviews and status changes",
  tag: 'Campaign',
  request: z.object({ id: queryDbId, ...page }),
  response: pageOf(campaignHistoryEntrySchema).extend({
    /** The ad slots the page's changes name, for reading them by name. */
    slots: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
});
