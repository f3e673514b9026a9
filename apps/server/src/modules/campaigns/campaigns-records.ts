import {
  ERROR_CODES,
  type Ad,
  type AdChange,
  type AdCreative,
  type AdGroup,
  type BidStrategy,
  type CampaignDetail,
  type CampaignObjective,
  type CampaignReviewEntry,
  type CampaignStatus,
  type CampaignSummary,
  type Daypart,
  type Device,
  type Region,
} from '@ads/contracts';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { Scope } from '../../kit/access';
import { atVersion, stale } from '../../kit/versions';
import type { LinkSigner } from '../../storage/signed-links';
import { imageLink } from '../assets/assets.service';
import { videoLink } from '../videos/videos.service';
import * as changes from './ad-changes.repository';
import * as repo from './campaigns.repository';

// What every part of the campaigns service works with: the campaign a call acts on (found in the
// caller's scope, reloaded after a change, the reason a guarded write was refused) and a campaign
// as the contracts show it.

/** Identity catalogue menu: the advertiser's Campaign List, where notifications about a campaign lead. */
export const CAMPAIGN_LIST_MENU_ID = 105;

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const campaignNotFound = () => notFound('The campaign');

export const stateError = (status: CampaignStatus, message: string) =>
  new AppError(409, ERROR_CODES.campaignState, message, { details: { status } });

export const invalid = (fields: Record<string, string>) =>
  new AppError(400, ERROR_CODES.validationFailed, 'Please correct the highlighted fields.', { fields });

export const toSummary = (r: repo.CampaignSummaryRow): CampaignSummary => ({
  id: r.id,
  accountId: r.accountId,
  accountName: r.accountName,
  currency: r.currency,
  name: r.name,
  status: r.status,
  objective: r.objective as CampaignObjective | null,
  dailyBudgetMinor: r.dailyBudgetMinor,
  totalBudgetMinor: r.totalBudgetMinor,
  spentMinor: r.spentMinor,
  impressions: r.impressions,
  clicks: r.clicks,
  ctr: r.impressions > 0 ? r.clicks / r.impressions : 0,
  startAt: iso(r.startAt),
  endAt: iso(r.endAt),
  bidStrategy: r.bidStrategy as BidStrategy | null,
  maxBidMinor: r.maxBidMinor,
  reviewOutcome: r.reviewOutcome as CampaignSummary['reviewOutcome'],
  reviewReason: r.reviewReason,
  submittedAt: iso(r.submittedAt),
  adCount: r.adCount,
  adsToReview: r.adsToReview,
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** A time the database can hold (years 1 to 9999), or 400 naming the field. */
export const instantOf = (value: string | null, field: string, message = 'Please enter a valid date and time.'): Date | null => {
  if (!value) return null;
  const at = new Date(value);
  const year = at.getUTCFullYear();
  if (Number.isNaN(at.getTime()) || year < 1 || year > 9999) throw invalid({ [field]: message });
  return at;
};

/** The stored campaign as the wizard's document (what Submit judges). */
export const documentOf = (row: repo.CampaignSummaryRow, tree: AdGroup[]) => ({
  name: row.name,
  objective: row.objective,
  dailyBudgetMinor: row.dailyBudgetMinor,
  totalBudgetMinor: row.totalBudgetMinor,
  startAt: iso(row.startAt),
  endAt: iso(row.endAt),
  dayparting: row.dayparting,
  bidStrategy: row.bidStrategy,
  maxBidMinor: row.maxBidMinor,
  frequencyCap:
    row.frequencyCapImpressions !== null && row.frequencyCapPeriod !== null
      ? { impressions: row.frequencyCapImpressions, period: row.frequencyCapPeriod }
      : null,
  adGroups: tree.map((g) => ({
    id: g.id,
    name: g.name,
    regions: g.regions,
    devices: g.devices,
    slotMode: g.slotMode,
    slotIds: g.slotIds,
    bidOverrideMinor: g.bidOverrideMinor,
    ads: g.ads.map((a) => ({
      id: a.id,
      format: a.format,
      imageId: a.imageId,
      videoId: a.videoId,
      headline: a.headline,
      description: a.description,
      landingUrl: a.landingUrl,
    })),
  })),
});

export const createCampaignRecords = ({ links, now }: { links: LinkSigner; now: () => Date }) => {
  /** The creative an ad (or a proposed change) shows, by its format and the creative columns. */
  type CreativeColumns = Pick<repo.AdWithCreativeRow, 'format' | 'imageId' | 'videoId' | keyof typeof repo.creativeColumns>;
  const creativeOf = (r: CreativeColumns, at: Date): AdCreative | null => {
    if (r.format === 'image' && r.imageId !== null && r.imageName !== null) {
      return {
        kind: 'image',
        id: r.imageId,
        name: r.imageName,
        width: r.imageWidth,
        height: r.imageHeight,
        previewUrl: imageLink(links, r.imageId, 'thumbnail', at),
        url: imageLink(links, r.imageId, 'original', at),
        reviewStatus: r.imageReviewStatus ?? 'unreviewed',
        inRecycleBin: r.imageDeletedAt !== null,
      };
    }
    if (r.format === 'video' && r.videoId !== null && r.videoName !== null) {
      const video = { id: r.videoId, posterKey: r.videoPosterKey };
      return {
        kind: 'video',
        id: r.videoId,
        name: r.videoName,
        width: r.videoWidth,
        height: r.videoHeight,
        previewUrl: r.videoPosterKey ? videoLink(links, video, 'poster', at) : null,
        url: videoLink(links, video, 'video', at),
        reviewStatus: r.videoReviewStatus ?? 'unreviewed',
        inRecycleBin: r.videoDeletedAt !== null,
      };
    }
    return null;
  };

  const toChange = (c: changes.AdChangeWithCreativeRow, at: Date): AdChange => ({
    format: c.format as AdChange['format'],
    imageId: c.imageId,
    videoId: c.videoId,
    creative: creativeOf(c, at),
    headline: c.headline,
    description: c.description,
    landingUrl: c.landingUrl,
    status: c.status as AdChange['status'],
    reason: c.reason,
    submittedAt: c.submittedAt.toISOString(),
  });

  const toAd = (r: repo.AdWithCreativeRow, at: Date, change: changes.AdChangeWithCreativeRow | undefined = undefined): Ad => ({
    id: r.id,
    campaignId: r.campaignId,
    adGroupId: r.adGroupId,
    format: r.format as Ad['format'],
    imageId: r.imageId,
    videoId: r.videoId,
    creative: creativeOf(r, at),
    headline: r.headline,
    description: r.description,
    landingUrl: r.landingUrl,
    reviewOutcome: r.reviewOutcome as Ad['reviewOutcome'],
    reviewReason: r.reviewReason,
    change: change ? toChange(change, at) : null,
  });

  const treeOf = async (t: DbOrTx, campaignId: number): Promise<AdGroup[]> => {
    const at = now();
    const [groups, adRows, changeRows] = await Promise.all([repo.groupsOf(t, [campaignId]), repo.adsOf(t, [campaignId]), changes.changesOf(t, [campaignId])]);
    const changeOf = new Map(changeRows.map((c) => [c.adId, c]));
    const named = new Map((await repo.slotNames(t, [...new Set(groups.flatMap((g) => g.slotIds))])).map((s) => [s.id, s]));
    return groups.map((g) => ({
      id: g.id,
      campaignId: g.campaignId,
      name: g.name,
      regions: g.regions as Region[],
      devices: g.devices as Device[],
      slotMode: g.slotMode as AdGroup['slotMode'],
      slotIds: g.slotIds,
      slots: g.slotIds.flatMap((id) => named.get(id) ?? []),
      bidOverrideMinor: g.bidOverrideMinor,
      ads: adRows.filter((a) => a.adGroupId === g.id).map((a) => toAd(a, at, changeOf.get(a.id))),
    }));
  };

  const detailOf = async (t: DbOrTx, row: repo.CampaignSummaryRow): Promise<CampaignDetail> => {
    const [adGroups, reviews] = await Promise.all([treeOf(t, row.id), repo.reviewsOf(t, row.id)]);
    return {
      ...toSummary(row),
      dayparting: row.dayparting as Daypart[],
      frequencyCap:
        row.frequencyCapImpressions !== null && row.frequencyCapPeriod !== null
          ? { impressions: row.frequencyCapImpressions, period: row.frequencyCapPeriod as 'day' | 'week' }
          : null,
      adGroups,
      reviews: reviews.map(
        (r): CampaignReviewEntry => ({
          id: r.id,
          action: r.action as CampaignReviewEntry['action'],
          actor: r.actorId === null ? null : { id: r.actorId, name: r.actorName ?? '' },
          reason: r.reason,
          ads: r.adReasons,
          images: r.imageReasons,
          at: r.at.toISOString(),
        }),
      ),
    };
  };

  const found = async (t: DbOrTx, id: number, scope: Scope) => {
    const row = await repo.findCampaign(t, id, scope);
    if (!row) throw campaignNotFound();
    return row;
  };

  /** The campaign as stored after a change (read in the same transaction). */
  const reload = (t: DbOrTx, id: number) => found(t, id, { party: 'system' });

  /**
   * A guarded write found nothing: the campaign moved on. Its state now explains a refusal
   * (CAMPAIGN_STATE); otherwise its version did (STALE_VERSION).
   */
  const whyRefused = async (t: DbOrTx, id: number, allowed: readonly CampaignStatus[], message: string) => {
    const row = await repo.findCampaign(t, id, { party: 'system' });
    if (!row) return campaignNotFound();
    if (!allowed.includes(row.status)) return stateError(row.status, message);
    return stale('The campaign');
  };

  /** The row at the caller's version and in one of `allowed`, or the 409 saying why not. */
  const actionable = (row: repo.CampaignSummaryRow, version: number, allowed: readonly CampaignStatus[], message: string) => {
    if (!allowed.includes(row.status)) throw stateError(row.status, message);
    return atVersion(row, version, 'The campaign');
  };

  return { toAd, treeOf, detailOf, found, reload, whyRefused, actionable };
};
export type CampaignRecords = ReturnType<typeof createCampaignRecords>;
