import { CAMPAIGN_STATUSES, MILLI_PER_MINOR, type CampaignSortField, type CampaignStatus, type ImageUse } from '@ads/contracts';
import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { adSlots } from '../../db/schema/ad-slots';
import { images } from '../../db/schema/assets';
import { adChanges, adGroups, ads, campaignBudgetDays, campaignCounts, campaignReviews, campaigns } from '../../db/schema/campaigns';
import { accounts, users } from '../../db/schema/identity';
import { userPreferences } from '../../db/schema/preferences';
import { videos } from '../../db/schema/videos';
import { inScope, ownedBy, ownedKind, type Scope } from '../../kit/access';
import { queueFirstPage } from '../../kit/paging';
import { escapeLike, intArray, nameContains, rowsOf, textArray } from '../../kit/sql';

/**
 * Campaigns belong to the advertiser's account; staff (campaign.review) read every account's.
 * Publishers declare no party yet: they see none until the inventory issue maps their slots.
 */
export const campaignKind = ownedKind({ what: 'The campaign', table: campaigns, id: campaigns.id, owner: campaigns.accountId });

export const CAMPAIGN_NAME_INDEX = 'campaigns_name_unique';

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaign = typeof campaigns.$inferInsert;
export type AdGroupRow = typeof adGroups.$inferSelect;
export type AdRow = typeof ads.$inferSelect;

/** A campaign with what its list row shows beside its own columns. */
export type CampaignSummaryRow = CampaignRow & { accountName: string; currency: string; adCount: number; adsToReview: number };

/** A live campaign's new ads and proposed ad changes waiting for staff (a submitted campaign's ads are its own review). */
const adsToReview = sql<number>`(case when ${campaigns.status} in ('scheduled', 'active', 'paused') then
  (select count(*)::int from ${ads} where ${ads.campaignId} = ${campaigns.id} and ${ads.reviewOutcome} = 'pending')
  + (select count(*)::int from ${adChanges} where ${adChanges.campaignId} = ${campaigns.id} and ${adChanges.status} = 'pending') else 0 end)`;

const summaryColumns = {
  ...getTableColumns(campaigns),
  accountName: accounts.name,
  currency: accounts.currency,
  adCount: sql<number>`(select count(*)::int from ${ads} where ${ads.campaignId} = ${campaigns.id})`.mapWith(Number),
  adsToReview: adsToReview.mapWith(Number),
};

// ---- Campaigns ---------------------------------------------------------------------------

export const findCampaign = async (db: DbOrTx, id: number, scope: Scope): Promise<CampaignSummaryRow | undefined> => {
  const [row] = await db
    .select(summaryColumns)
    .from(campaigns)
    .innerJoin(accounts, eq(accounts.id, campaigns.accountId))
    .where(and(eq(campaigns.id, id), inScope(campaignKind, scope)));
  return row;
};

/** The scope's campaign names that start like `prefix` (case-insensitive), for free names. */
export const namesLike = async (db: DbOrTx, scope: Scope, prefix: string) => {
  const rows = await db
    .select({ name: campaigns.name })
    .from(campaigns)
    .where(and(inScope(campaignKind, scope), sql`lower(${campaigns.name}) like ${`${escapeLike(prefix.toLowerCase())}%`}`));
  return rows.map((r) => r.name);
};

export const nameInUse = async (db: DbOrTx, scope: Scope, name: string, exceptId?: number) => {
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        inScope(campaignKind, scope),
        sql`lower(${campaigns.name}) = lower(${name})`,
        exceptId === undefined ? undefined : sql`${campaigns.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
};

export const insertCampaign = async (db: DbOrTx, values: NewCampaign) => {
  const [row] = await db.insert(campaigns).values(values).returning();
  return row!;
};

/**
 * Updates the campaign when it is still at `version` and in one of `statuses` (one statement, so
 * a concurrent writer either wins before it or finds it moved on); undefined otherwise.
 */
export const updateCampaignAt = async (
  db: DbOrTx,
  id: number,
  version: number,
  statuses: readonly CampaignStatus[],
  set: Partial<NewCampaign> & { updatedAt: Date },
) => {
  const [row] = await db
    .update(campaigns)
    .set({ ...set, version: sql`${campaigns.version} + 1` })
    .where(and(eq(campaigns.id, id), eq(campaigns.version, version), sql`${campaigns.status} = any(${textArray(statuses)})`))
    .returning();
  return row;
};

/**
 * A live campaign's settings (as updateCampaignAt), and only while what it has spent fits
 * `totalMilli`, its total budget as set: one statement under the row's lock, which delivery's
 * charges take too, so a charge lands either before (and the change is refused) or after (and is
 * held to the new budget).
 */
export const updateLiveCampaignAt = async (
  db: DbOrTx,
  id: number,
  version: number,
  statuses: readonly CampaignStatus[],
  totalMilli: number,
  set: Partial<NewCampaign> & { updatedAt: Date },
) => {
  const [row] = await db
    .update(campaigns)
    .set({ ...set, version: sql`${campaigns.version} + 1` })
    .where(
      and(
        eq(campaigns.id, id),
        eq(campaigns.version, version),
        sql`${campaigns.status} = any(${textArray(statuses)})`,
        sql`${campaigns.spentMilli} <= ${totalMilli}`,
      ),
    )
    .returning();
  return row;
};

/**
 * The daily budget changed on `day` (UTC): its opening value is kept from the day's first change,
 * its highest is the most it was that day (the reconciliation's limit for the day's spend).
 */
export const recordDailyBudgetChange = (db: DbOrTx, campaignId: number, day: string, beforeMilli: number, afterMilli: number) =>
  db
    .insert(campaignBudgetDays)
    .values({ campaignId, day, openingMilli: beforeMilli, highestMilli: Math.max(beforeMilli, afterMilli) })
    .onConflictDoUpdate({
      target: [campaignBudgetDays.campaignId, campaignBudgetDays.day],
      set: { highestMilli: sql`greatest(${campaignBudgetDays.highestMilli}, excluded.highest_milli)` },
    });

/**
 * Updates the campaign when it is in one of `statuses`, whatever its version (one statement): a
 * decision on a status change request applies to the campaign as it is now; undefined otherwise.
 */
export const updateCampaignFrom = async (db: DbOrTx, id: number, statuses: readonly CampaignStatus[], set: Partial<NewCampaign> & { updatedAt: Date }) => {
  const [row] = await db
    .update(campaigns)
    .set({ ...set, version: sql`${campaigns.version} + 1` })
    .where(and(eq(campaigns.id, id), sql`${campaigns.status} = any(${textArray(statuses)})`))
    .returning();
  return row;
};

export const deleteCampaignAt = async (db: DbOrTx, id: number, version: number, status: CampaignStatus) => {
  const rows = await db
    .delete(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.version, version), eq(campaigns.status, status)))
    .returning({ id: campaigns.id });
  return rows.length > 0;
};

/**
 * The days of the list's figures in a time zone: the hours from the first day's start to the
 * last day's end there, as the reports' periods are (insights.repository periodOf).
 */
export interface FigureDays {
  from: string;
  to: string;
  timeZone: string;
}

const inDays = (d: FigureDays | undefined) =>
  d
    ? sql`and h.hour >= (${d.from}::date::timestamp at time zone ${d.timeZone}) and h.hour < ((${d.to}::date + 1)::timestamp at time zone ${d.timeZone})`
    : sql``;

/** The sums of the list's figures (money in minor units), from the reports' campaign rollups. */
const FIGURE_SUMS = sql.raw(`coalesce(sum(h.impressions), 0)::float8 as impressions, coalesce(sum(h.clicks), 0)::float8 as clicks,
  coalesce(sum(h.spend_milli), 0)::float8 / ${MILLI_PER_MINOR} as spend, coalesce(sum(h.conversions), 0)::float8 as conversions,
  coalesce(sum(h.conversion_value_minor), 0)::float8 as conversion_value`);
export interface FigureSums {
  impressions: number;
  clicks: number;
  spend: number;
  conversions: number;
  conversion_value: number;
}

/** A figure of one campaign over `days` (its whole life without), for sorting: the report's definitions. */
const FIGURE_SORTS: Partial<Record<CampaignSortField, string>> = {
  impressions: 'coalesce(sum(h.impressions), 0)::float8',
  clicks: 'coalesce(sum(h.clicks), 0)::float8',
  spentMinor: 'coalesce(sum(h.spend_milli), 0)::float8',
  ctr: 'case when sum(h.impressions) > 0 then sum(h.clicks)::float8 / sum(h.impressions) end',
  conversions: 'coalesce(sum(h.conversions), 0)::float8',
  conversionRate: 'case when sum(h.clicks) > 0 then sum(h.conversions)::float8 / sum(h.clicks) end',
  costPerConversion: 'case when sum(h.conversions) > 0 then sum(h.spend_milli)::float8 / sum(h.conversions) end',
  conversionValue: 'coalesce(sum(h.conversion_value_minor), 0)::float8',
};
const figureSort = (field: CampaignSortField, days: FigureDays | undefined) =>
  sql`(select ${sql.raw(FIGURE_SORTS[field]!)} from campaign_hourly h where h.campaign_id = ${campaigns.id} ${inDays(days)})`;

/** Each campaign's sums over `days` (those with none have no row). */
export const figuresOfCampaigns = async (db: DbOrTx, ids: readonly number[], days: FigureDays) =>
  ids.length
    ? rowsOf<FigureSums & { id: number }>(
        await db.execute(
          sql`select h.campaign_id as id, ${FIGURE_SUMS} from campaign_hourly h where h.campaign_id = any(${intArray([...ids])}) ${inDays(days)} group by h.campaign_id`,
        ),
      ).map((r) => ({ ...r, id: Number(r.id) }))
    : [];

export interface CampaignQuery {
  scope: Scope;
  /** The figures' days: rows sort by their figures of these days, and the answer has their totals. */
  figures?: FigureDays;
  search?: string;
  statuses?: CampaignStatus[];
  /** Running on some day of [from, to): started before `to`, not ended before `from`. */
  from?: Date;
  to?: Date;
  queueFirst?: boolean;
  /** Only those with ads waiting for staff's review. */
  adReview?: boolean;
  sort: CampaignSortField;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const NULLABLE_SORTS = new Set<CampaignSortField>(['startAt', 'endAt', 'totalBudgetMinor', 'submittedAt', 'ctr', 'conversionRate', 'costPerConversion']);
/** Without figure days, these sort by the campaign's kept counters; the others by its rollups. */
const COUNTER_SORTS = new Set<CampaignSortField>(['impressions', 'clicks', 'spentMinor']);

const ctr = sql`(case when ${campaigns.impressions} = 0 then 0 else ${campaigns.clicks}::float8 / ${campaigns.impressions} end)`;

const sortColumn = (field: CampaignSortField, days: FigureDays | undefined): SQL => {
  if (FIGURE_SORTS[field] && (days || !COUNTER_SORTS.has(field))) return figureSort(field, days);
  switch (field) {
    case 'name':
      return sql`lower(${campaigns.name})`;
    case 'ctr':
      return ctr;
    default:
      return sql`${campaigns[field as Exclude<CampaignSortField, 'name' | 'ctr' | 'conversions' | 'conversionRate' | 'costPerConversion' | 'conversionValue'>]}`;
  }
};

/**
 * The kept counts a scope reaches (as `inScope(campaignKind, …)` does for the rows: the kind
 * declares no party of its own, so a publisher sees nothing until inventory).
 */
const countsInScope = (scope: Scope) => ownedBy(campaignCounts.accountId, scope);

export const listCampaigns = async (db: DbOrTx, q: CampaignQuery) => {
  const where = and(
    inScope(campaignKind, q.scope),
    nameContains(campaigns.name, q.search),
    q.statuses?.length ? sql`${campaigns.status} = any(${textArray(q.statuses)})` : undefined,
    q.to ? lt(campaigns.startAt, q.to) : undefined,
    q.from ? or(isNull(campaigns.endAt), gte(campaigns.endAt, q.from)) : undefined,
    q.adReview ? sql`${adsToReview} > 0` : undefined,
  );
  const dir = q.order === 'asc' ? asc : desc;
  // Nulls (a draft without dates or budget) last whatever the direction; only nullable columns
  // say so, so that the others keep their indexes' order (updatedAt, the default).
  const column = dir(sortColumn(q.sort, q.figures));
  const order = [q.order === 'desc' && NULLABLE_SORTS.has(q.sort) ? sql`${column} nulls last` : column, dir(campaigns.id)];
  // Without a search or a date range, a total is a sum of the kept counts (campaign_counts); with
  // one, the matching rows are counted.
  const kept = !q.search && !q.from && !q.to && !q.adReview;
  const countOf = async (condition: SQL | undefined, statuses = q.statuses) => {
    const [row] = kept
      ? await db
          .select({ n: sql<number>`coalesce(sum(${campaignCounts.n}), 0)::int` })
          .from(campaignCounts)
          .where(and(countsInScope(q.scope), statuses?.length ? sql`${campaignCounts.status} = any(${textArray(statuses)})` : undefined))
      : await db.select({ n: sql<number>`count(*)::int` }).from(campaigns).where(condition);
    return Number(row?.n ?? 0);
  };
  // One statement per walk: the page's ids in the asked order (one index walk), and only those
  // rows joined with their account and ad count, in that order.
  const pageOf = (condition: SQL | undefined, by: SQL[], limit: number, offset: number): Promise<CampaignSummaryRow[]> => {
    if (limit <= 0) return Promise.resolve([]);
    const ids = db.select({ id: campaigns.id }).from(campaigns).where(condition).orderBy(...by).limit(limit).offset(offset);
    return db
      .select(summaryColumns)
      .from(sql`unnest(array(${ids})) with ordinality as page(id, ord)`)
      .innerJoin(campaigns, sql`${campaigns.id} = page.id`)
      .innerJoin(accounts, eq(accounts.id, campaigns.accountId))
      .orderBy(sql`page.ord`);
  };

  // The figures of every campaign the filters match (all pages), summed once.
  const totalsOf = async (): Promise<FigureSums | null> =>
    q.figures
      ? rowsOf<FigureSums>(
          await db.execute(
            sql`select ${FIGURE_SUMS} from campaign_hourly h where h.campaign_id in (${db.select({ id: campaigns.id }).from(campaigns).where(where)}) ${inDays(q.figures)}`,
          ),
        )[0]!
      : null;

  if (!q.queueFirst) {
    const [items, total, totals] = await Promise.all([pageOf(where, order, q.limit, q.offset), countOf(where), totalsOf()]);
    return { items, total, totals };
  }
  const waiting = and(where, eq(campaigns.status, 'pending_review'));
  const others = and(where, sql`${campaigns.status} <> 'pending_review'`);
  const notWaiting = (q.statuses?.length ? q.statuses : CAMPAIGN_STATUSES).filter((status) => status !== 'pending_review');
  const [page, totals] = await Promise.all([
    queueFirstPage({
      queued: 'pending_review',
      statuses: q.statuses,
      all: CAMPAIGN_STATUSES,
      limit: q.limit,
      offset: q.offset,
      // The kept counts name their statuses (an empty list would count all).
      count: (queue) => (queue ? countOf(waiting, ['pending_review']) : countOf(others, notWaiting)),
      page: (queue, limit, offset) => (queue ? pageOf(waiting, [asc(campaigns.submittedAt), asc(campaigns.id)], limit, offset) : pageOf(others, order, limit, offset)),
    }),
    totalsOf(),
  ]);
  return { ...page, totals };
};

// ---- The user's own settings (user_preferences) -------------------------------------------

export const findPreference = async (db: DbOrTx, userId: number, key: string) => {
  const [row] = await db
    .select({ value: userPreferences.value, version: userPreferences.version })
    .from(userPreferences)
    .where(and(eq(userPreferences.userId, userId), eq(userPreferences.key, key)));
  return row;
};

/** Stores the user's value under `key` (one statement; the last save wins). */
export const savePreference = async (db: DbOrTx, userId: number, key: string, value: unknown, at: Date) => {
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, key, value, updatedAt: at })
    .onConflictDoUpdate({
      target: [userPreferences.userId, userPreferences.key],
      set: { value, updatedAt: at, version: sql`${userPreferences.version} + 1` },
    })
    .returning({ value: userPreferences.value, version: userPreferences.version });
  return row!;
};

// ---- Ad groups and ads -------------------------------------------------------------------

/** The names of chosen slots, with their publishers' (any state: a chosen slot may be paused since). */
export const slotNames = async (db: DbOrTx, ids: number[]) =>
  ids.length
    ? db
        .select({ id: adSlots.id, name: adSlots.name, publisherName: accounts.name })
        .from(adSlots)
        .innerJoin(accounts, eq(accounts.id, adSlots.accountId))
        .where(sql`${adSlots.id} = any(${intArray(ids)})`)
    : [];

export const groupsOf = (db: DbOrTx, campaignIds: number[]) =>
  campaignIds.length
    ? db
        .select()
        .from(adGroups)
        .where(inArray(adGroups.campaignId, campaignIds))
        .orderBy(asc(adGroups.campaignId), asc(adGroups.position), asc(adGroups.id))
    : Promise.resolve([] as AdGroupRow[]);

export const creativeColumns = {
  imageName: images.name,
  imageWidth: images.width,
  imageHeight: images.height,
  imageReviewStatus: images.reviewStatus,
  imageDeletedAt: images.deletedAt,
  videoName: videos.name,
  videoWidth: videos.width,
  videoHeight: videos.height,
  videoReviewStatus: videos.reviewStatus,
  videoDeletedAt: videos.deletedAt,
  videoPosterKey: videos.posterKey,
};

/** An ad with the creative it shows (left joined: a creative purged for good leaves null). */
export type AdWithCreativeRow = AdRow & {
  imageName: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  imageReviewStatus: string | null;
  imageDeletedAt: Date | null;
  videoName: string | null;
  videoWidth: number | null;
  videoHeight: number | null;
  videoReviewStatus: string | null;
  videoDeletedAt: Date | null;
  videoPosterKey: string | null;
};

export const adsOf = (db: DbOrTx, campaignIds: number[]): Promise<AdWithCreativeRow[]> =>
  campaignIds.length
    ? db
        .select({ ...getTableColumns(ads), ...creativeColumns })
        .from(ads)
        .leftJoin(images, eq(images.id, ads.imageId))
        .leftJoin(videos, eq(videos.id, ads.videoId))
        .where(inArray(ads.campaignId, campaignIds))
        .orderBy(asc(ads.adGroupId), asc(ads.position), asc(ads.id))
    : Promise.resolve([]);

export const insertGroup = async (db: DbOrTx, values: typeof adGroups.$inferInsert) => {
  const [row] = await db.insert(adGroups).values(values).returning();
  return row!;
};

export const updateGroup = (db: DbOrTx, campaignId: number, id: number, set: Partial<typeof adGroups.$inferInsert>) =>
  db
    .update(adGroups)
    .set(set)
    .where(and(eq(adGroups.id, id), eq(adGroups.campaignId, campaignId)));

export const insertAd = (db: DbOrTx, values: typeof ads.$inferInsert) => db.insert(ads).values(values);

export const updateAd = (db: DbOrTx, campaignId: number, id: number, set: Partial<typeof ads.$inferInsert>) =>
  db
    .update(ads)
    .set(set)
    .where(and(eq(ads.id, id), eq(ads.campaignId, campaignId)));

/** Removes the campaign's ad groups (and their ads) and ads not among the ids kept. */
export const deleteGroupsExcept = (db: DbOrTx, campaignId: number, keep: number[]) =>
  db.delete(adGroups).where(and(eq(adGroups.campaignId, campaignId), keep.length ? notInArray(adGroups.id, keep) : undefined));

export const deleteAdsExcept = (db: DbOrTx, campaignId: number, keep: number[]) =>
  db.delete(ads).where(and(eq(ads.campaignId, campaignId), keep.length ? notInArray(ads.id, keep) : undefined));

/** Every ad of the campaign gets `outcome` (Submit: pending; approval: approved). */
export const setAdsOutcome = (db: DbOrTx, campaignId: number, outcome: string | null, at: Date) =>
  db.update(ads).set({ reviewOutcome: outcome, reviewReason: null, updatedAt: at }).where(eq(ads.campaignId, campaignId));

export const rejectAd = (db: DbOrTx, campaignId: number, id: number, reason: string, at: Date) =>
  db
    .update(ads)
    .set({ reviewOutcome: 'rejected', reviewReason: reason, updatedAt: at })
    .where(and(eq(ads.id, id), eq(ads.campaignId, campaignId)));

/** The ad group when its campaign is in the scope. */
export const findGroup = async (db: DbOrTx, id: number, scope: Scope) => {
  const [row] = await db
    .select({ id: adGroups.id, campaignId: adGroups.campaignId })
    .from(adGroups)
    .innerJoin(campaigns, eq(campaigns.id, adGroups.campaignId))
    .where(and(eq(adGroups.id, id), inScope(campaignKind, scope)));
  return row;
};

export interface AdQuery {
  scope: Scope;
  campaignId?: number;
  adGroupId?: number;
  imageId?: number;
  reviewOutcome?: string;
  search?: string;
  sort: 'headline' | 'campaignName' | 'updatedAt';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export const listAds = async (db: DbOrTx, q: AdQuery) => {
  const where = and(
    inScope(campaignKind, q.scope),
    q.campaignId !== undefined ? eq(ads.campaignId, q.campaignId) : undefined,
    q.adGroupId !== undefined ? eq(ads.adGroupId, q.adGroupId) : undefined,
    q.imageId !== undefined ? eq(ads.imageId, q.imageId) : undefined,
    q.reviewOutcome ? eq(ads.reviewOutcome, q.reviewOutcome) : undefined,
    nameContains(ads.headline, q.search),
  );
  const dir = q.order === 'asc' ? asc : desc;
  const column = q.sort === 'headline' ? sql`lower(${ads.headline})` : q.sort === 'campaignName' ? sql`lower(${campaigns.name})` : sql`${ads.updatedAt}`;
  const [items, [count]] = await Promise.all([
    db
      .select({
        ...getTableColumns(ads),
        ...creativeColumns,
        campaignName: campaigns.name,
        campaignStatus: campaigns.status,
        accountId: campaigns.accountId,
        adGroupName: adGroups.name,
      })
      .from(ads)
      .innerJoin(campaigns, eq(campaigns.id, ads.campaignId))
      .innerJoin(adGroups, eq(adGroups.id, ads.adGroupId))
      .leftJoin(images, eq(images.id, ads.imageId))
      .leftJoin(videos, eq(videos.id, ads.videoId))
      .where(where)
      .orderBy(sql`${dir(column)} nulls last`, dir(ads.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(ads)
      .innerJoin(campaigns, eq(campaigns.id, ads.campaignId))
      .where(where),
  ]);
  return { items, total: Number(count?.n ?? 0) };
};

// ---- Creatives ---------------------------------------------------------------------------

/** The ads' images and videos that are no longer the account's live creatives (bin, other account, gone). */
export const unusableCreatives = async (db: DbOrTx, campaignId: number) => {
  const rows = await db
    .select({ adId: ads.id, imageId: ads.imageId, videoId: ads.videoId, format: ads.format })
    .from(ads)
    .innerJoin(campaigns, eq(campaigns.id, ads.campaignId))
    .leftJoin(images, eq(images.id, ads.imageId))
    .leftJoin(videos, eq(videos.id, ads.videoId))
    .where(
      and(
        eq(ads.campaignId, campaignId),
        or(
          and(eq(ads.format, 'image'), sql`${ads.imageId} is not null`, or(isNull(images.id), sql`${images.deletedAt} is not null`, sql`${images.accountId} <> ${campaigns.accountId}`)),
          and(eq(ads.format, 'video'), sql`${ads.videoId} is not null`, or(isNull(videos.id), sql`${videos.deletedAt} is not null`, sql`${videos.accountId} <> ${campaigns.accountId}`)),
        ),
      ),
    );
  return new Set(rows.map((r) => r.adId));
};

/**
 * The live images the campaign's ads show, with names (review records them). One moved to the bin
 * since the submission has no review to record.
 */
export const campaignImages = (db: DbOrTx, campaignId: number) =>
  db
    .selectDistinct({ id: images.id, name: images.name })
    .from(ads)
    .innerJoin(images, eq(images.id, ads.imageId))
    .where(and(eq(ads.campaignId, campaignId), eq(ads.format, 'image'), isNull(images.deletedAt)));

/**
 * The draft or live ads (campaigns not ended) showing each image: the assets service's
 * `ImageUsage` port. A plain function of the transaction, so assets needs no campaigns service.
 */
export const imageUsage = async (db: DbOrTx, imageIds: number[]): Promise<Map<number, ImageUse[]>> => {
  const uses = new Map<number, ImageUse[]>();
  if (!imageIds.length) return uses;
  const rows = await db
    .select({ imageId: ads.imageId, id: ads.id, headline: ads.headline, status: campaigns.status, campaignName: campaigns.name })
    .from(ads)
    .innerJoin(campaigns, eq(campaigns.id, ads.campaignId))
    .where(and(sql`${ads.imageId} = any(${intArray(imageIds)})`, sql`${campaigns.status} <> 'ended'`))
    .orderBy(asc(ads.id));
  for (const r of rows) {
    const list = uses.get(r.imageId!) ?? [];
    list.push({ kind: 'ad', id: r.id, name: r.headline || `Ad ${r.id}`, status: r.status, campaignName: r.campaignName });
    uses.set(r.imageId!, list);
  }
  return uses;
};

// ---- Reviews -----------------------------------------------------------------------------

export const insertReview = async (db: DbOrTx, values: typeof campaignReviews.$inferInsert) => {
  const [row] = await db.insert(campaignReviews).values(values).returning();
  return row!;
};

export const reviewsOf = (db: DbOrTx, campaignId: number) =>
  db
    .select({ ...getTableColumns(campaignReviews), actorName: users.name })
    .from(campaignReviews)
    .leftJoin(users, eq(users.id, campaignReviews.actorId))
    .where(eq(campaignReviews.campaignId, campaignId))
    .orderBy(desc(campaignReviews.at), desc(campaignReviews.id));

// ---- The schedule ------------------------------------------------------------------------

export interface Moved {
  id: number;
  accountId: number;
  name: string;
}
const moved = (result: unknown): Moved[] =>
  rowsOf<{ id: number; account_id: number; name: string }>(result).map((r) => ({ id: Number(r.id), accountId: Number(r.account_id), name: r.name }));

/** Scheduled campaigns whose start has come become active; one statement, so each moves once. */
export const startDue = async (db: DbOrTx, at: Date) =>
  moved(
    await db.execute(sql`
      update ${campaigns} set status = 'active', updated_at = ${at}, version = version + 1
      where status = 'scheduled' and start_at <= ${at}
        and (end_at is null or end_at > ${at})
        and (total_budget_minor is null or spent_milli < total_budget_minor * 1000)
      returning id, account_id, name`),
  );

/** Running campaigns past their end, or whose total budget is spent, end. */
export const endDue = async (db: DbOrTx, at: Date, only?: readonly number[]) =>
  moved(
    await db.execute(sql`
      update ${campaigns} set status = 'ended', ended_at = ${at}, updated_at = ${at}, version = version + 1
      where status in ('scheduled', 'active', 'paused')
        and (end_at <= ${at} or (total_budget_minor is not null and spent_milli >= total_budget_minor * 1000))
        ${only === undefined ? sql`` : sql`and id = any(${intArray(only)})`}
      returning id, account_id, name`),
  );

/** Campaigns past the alert share of their budget, not told yet: marked told in the same statement. */
export const budgetAlertsDue = async (db: DbOrTx, at: Date, ratio: number, only?: readonly number[]) =>
  moved(
    await db.execute(sql`
      update ${campaigns} set budget_alert_at = ${at}
      where budget_alert_at is null and total_budget_minor is not null
        and spent_milli >= ceil(total_budget_minor * 1000 * ${ratio}::float8)
        ${only === undefined ? sql`` : sql`and id = any(${intArray(only)})`}
      returning id, account_id, name`),
  );

/**
 * Delivery's figures (increments), one statement for many campaigns; rows are locked in id order
 * first, so two processes adding to the same campaigns never deadlock. The ids found.
 */
export interface Figures {
  campaignId: number;
  spentMilli: number;
  impressions: number;
  clicks: number;
}

export const addFigures = async (db: DbOrTx, add: readonly Figures[]) => {
  if (!add.length) return [];
  const sorted = [...add].sort((a, b) => a.campaignId - b.campaignId);
  const ids = sorted.map((a) => a.campaignId);
  await db.execute(sql`select id from ${campaigns} where id = any(${intArray(ids)}) order by id for update`);
  const result = await db.execute(sql`
    update ${campaigns} c set
      spent_milli = c.spent_milli + x.spent, spent_minor = round((c.spent_milli + x.spent) / 1000.0),
      impressions = c.impressions + x.impressions, clicks = c.clicks + x.clicks
    from unnest(${intArray(ids)}, ${sql`${`{${sorted.map((a) => Math.trunc(a.spentMilli)).join(',')}}`}::bigint[]`},
      ${sql`${`{${sorted.map((a) => Math.trunc(a.impressions)).join(',')}}`}::bigint[]`},
      ${sql`${`{${sorted.map((a) => Math.trunc(a.clicks)).join(',')}}`}::bigint[]`}) as x(id, spent, impressions, clicks)
    where c.id = x.id
    returning c.id`);
  return rowsOf<{ id: number }>(result).map((r) => r.id);
};
