import {
  BUDGET_ALERT_RATIO,
  CAMPAIGN_NAME_MAX,
  campaignSubmitSchema,
  EDITABLE_CAMPAIGN_STATUSES,
  ERROR_CODES,
  NOTIFICATION_TYPES,
  type Ad,
  type AdCreative,
  type AdGroup,
  type adGroupList as adGroupListContract,
  type adList as adListContract,
  type BidStrategy,
  type CampaignDetail,
  type campaignList as campaignListContract,
  type CampaignObjective,
  type CampaignReviewEntry,
  type CampaignStatus,
  type CampaignSummary,
  type Daypart,
  type Device,
  type EndpointInput,
  type Region,
  type reviewCampaign as reviewCampaignContract,
  type saveCampaignDraft as saveCampaignDraftContract,
} from '@ads/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { ownScope, requireOwned, scopeFor, type Scope } from '../../kit/access';
import { writeUnderFreeName } from '../../kit/names';
import { pageAnswer, pageWindow } from '../../kit/paging';
import { isUniqueViolation } from '../../kit/sql';
import { atVersion, stale } from '../../kit/versions';
import type { Principal } from '../../principal';
import type { LinkSigner } from '../../storage/signed-links';
import { imageKind, imageLink, type AssetsService } from '../assets/assets.service';
import type { AuditService } from '../audit/audit.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PlacementsService } from '../placements/placements.service';
import { videoKind, videoLink } from '../videos/videos.service';
import * as repo from './campaigns.repository';

/** Identity catalogue menus: the advertiser's Campaign List, staff's Advertiser Campaigns. */
const CAMPAIGN_LIST_MENU_ID = 105;
const REVIEW_QUEUE_MENU_ID = 308;
const UNTITLED = 'Untitled campaign';
const COPY_SUFFIX = ' (copy)';


export interface CampaignsDeps {
  db: Db;
  links: LinkSigner;
  audit: Pick<AuditService, 'record'>;
  notifications: Pick<NotificationsService, 'notify'>;
  /** Image review decisions go through the library, so rejections reach the advertiser's rejected images. */
  assets: Pick<AssetsService, 'recordReview'>;
  /** Which slots an ad group may choose; approved, paused, resumed and ended campaigns change placements. */
  placements: Pick<PlacementsService, 'slotsAvailable' | 'changed' | 'kick'>;
  now?: () => Date;
}

type Caller = Pick<Principal, 'userId' | 'accountId' | 'accountKind' | 'powers'>;
type SaveInput = EndpointInput<typeof saveCampaignDraftContract>;
type ReviewInput = EndpointInput<typeof reviewCampaignContract>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const campaignNotFound = () => notFound('The campaign');
/** Campaigns as an access kind, for other modules' `requireOwned` (delivery: a campaign's funnel). */
export const campaignKind = repo.campaignKind;

const stateError = (status: CampaignStatus, message: string) =>
  new AppError(409, ERROR_CODES.campaignState, message, { details: { status } });

const nameTaken = () =>
  new AppError(409, ERROR_CODES.nameTaken, 'A campaign with this name already exists.', {
    fields: { name: 'A campaign with this name already exists.' },
  });

const invalid = (fields: Record<string, string>) =>
  new AppError(400, ERROR_CODES.validationFailed, 'Please correct the highlighted fields.', { fields });

const toSummary = (r: repo.CampaignSummaryRow): CampaignSummary => ({
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
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** A time the database can hold (years 1 to 9999), or 400 naming the field. */
const instantOf = (value: string | null, field: string, message = 'Please enter a valid date and time.'): Date | null => {
  if (!value) return null;
  const at = new Date(value);
  const year = at.getUTCFullYear();
  if (Number.isNaN(at.getTime()) || year < 1 || year > 9999) throw invalid({ [field]: message });
  return at;
};

const A_DAY = 'Please use a date like 2026-11-23.';

/** The end of a `to` day; none past the last day the database holds. */
const dayAfter = (day: Date): Date | undefined => (day.getUTCFullYear() >= 9999 && day.getUTCMonth() === 11 && day.getUTCDate() === 31 ? undefined : new Date(day.getTime() + 86_400_000));

/** The settings of a document as columns (null where the draft left them empty). */
const settingsOf = (d: SaveInput) => ({
  objective: d.objective,
  dailyBudgetMinor: d.dailyBudgetMinor,
  totalBudgetMinor: d.totalBudgetMinor,
  startAt: instantOf(d.startAt, 'startAt'),
  endAt: instantOf(d.endAt, 'endAt'),
  dayparting: d.dayparting,
  bidStrategy: d.bidStrategy,
  maxBidMinor: d.maxBidMinor,
  frequencyCapImpressions: d.frequencyCap?.impressions ?? null,
  frequencyCapPeriod: d.frequencyCap?.period ?? null,
});

export const createCampaignsService = ({
  db,
  links,
  audit,
  notifications,
  assets,
  placements,
  now = () => new Date(),
}: CampaignsDeps) => {
  const creativeOf = (r: repo.AdWithCreativeRow, at: Date): AdCreative | null => {
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

  const toAd = (r: repo.AdWithCreativeRow, at: Date): Ad => ({
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
  });

  const treeOf = async (t: DbOrTx, campaignId: number): Promise<AdGroup[]> => {
    const at = now();
    const [groups, adRows] = await Promise.all([repo.groupsOf(t, [campaignId]), repo.adsOf(t, [campaignId])]);
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
      ads: adRows.filter((a) => a.adGroupId === g.id).map((a) => toAd(a, at)),
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

  // ---- Reads -----------------------------------------------------------------------------

  const list = async (p: Caller, q: EndpointInput<typeof campaignListContract>) => {
    const { items, total } = await repo.listCampaigns(db, {
      scope: scopeFor(p, 'campaign.read', { accountId: q.accountId }),
      search: q.search || undefined,
      statuses: q.status,
      from: q.from ? (instantOf(`${q.from}T00:00:00Z`, 'from', A_DAY) ?? undefined) : undefined,
      to: q.to ? dayAfter(instantOf(`${q.to}T00:00:00Z`, 'to', A_DAY)!) : undefined,
      queueFirst: q.queueFirst,
      sort: q.sort,
      order: q.order,
      ...pageWindow(q),
    });
    return pageAnswer(items.map(toSummary), total, q);
  };

  const detail = async (p: Caller, id: number) => detailOf(db, await found(db, id, scopeFor(p, 'campaign.read')));

  const adGroupList = async (p: Caller, q: EndpointInput<typeof adGroupListContract>) => {
    const row = await found(db, q.campaignId, scopeFor(p, 'campaign.read'));
    return { items: await treeOf(db, row.id) };
  };

  const adList = async (p: Caller, q: EndpointInput<typeof adListContract>) => {
    const scope = scopeFor(p, 'campaign.read', { accountId: q.accountId });
    // Naming a record outside the caller's reach answers 404, as everywhere.
    if (q.campaignId !== undefined) await found(db, q.campaignId, scope);
    if (q.adGroupId !== undefined && !(await repo.findGroup(db, q.adGroupId, scope))) throw notFound('The ad group');
    if (q.imageId !== undefined) await requireOwned(db, imageKind, [q.imageId], scopeFor(p, 'asset.read'), { live: false });
    const { items, total } = await repo.listAds(db, {
      scope,
      campaignId: q.campaignId,
      adGroupId: q.adGroupId,
      imageId: q.imageId,
      reviewOutcome: q.reviewOutcome,
      search: q.search || undefined,
      sort: q.sort,
      order: q.order,
      ...pageWindow(q),
    });
    const at = now();
    return pageAnswer(
      items.map((r) => ({
        ...toAd(r, at),
        campaignName: r.campaignName,
        campaignStatus: r.campaignStatus,
        adGroupName: r.adGroupName,
        accountId: r.accountId,
      })),
      total,
      q,
    );
  };

  // ---- Save as draft ---------------------------------------------------------------------

  /** Creatives must be the caller's live ones (404 otherwise), chosen slots available (400). */
  const checkReferences = async (t: DbOrTx, p: Caller, d: SaveInput) => {
    const ads = d.adGroups.flatMap((g) => g.ads);
    await requireOwned(t, imageKind, ads.flatMap((a) => (a.imageId ? [a.imageId] : [])), ownScope(p));
    await requireOwned(t, videoKind, ads.flatMap((a) => (a.videoId ? [a.videoId] : [])), ownScope(p));
    const slotIds = [...new Set(d.adGroups.flatMap((g) => g.slotIds))];
    if (slotIds.length) {
      const available = await placements.slotsAvailable(t, p.accountId, slotIds);
      const fields: Record<string, string> = {};
      d.adGroups.forEach((g, i) => {
        if (g.slotIds.some((id) => !available.has(id))) fields[`adGroups.${i}.slotIds`] = 'This ad slot is not available.';
      });
      if (Object.keys(fields).length) throw invalid(fields);
    }
  };

  /** Replaces the campaign's ad groups and ads with the document's: ids sent are kept, others go. */
  const writeTree = async (t: DbOrTx, campaignId: number, d: SaveInput, at: Date) => {
    const sentGroupIds = d.adGroups.flatMap((g) => (g.id ? [g.id] : []));
    const sentAdIds = d.adGroups.flatMap((g) => g.ads.flatMap((a) => (a.id ? [a.id] : [])));
    const existing = await Promise.all([repo.groupsOf(t, [campaignId]), repo.adsOf(t, [campaignId])]);
    const groupIds = new Set(existing[0].map((g) => g.id));
    const adIds = new Set(existing[1].map((a) => a.id));
    if (new Set(sentGroupIds).size !== sentGroupIds.length || sentGroupIds.some((id) => !groupIds.has(id))) throw notFound('The ad group');
    if (new Set(sentAdIds).size !== sentAdIds.length || sentAdIds.some((id) => !adIds.has(id))) throw notFound('The ad');
    await repo.deleteAdsExcept(t, campaignId, sentAdIds);
    await repo.deleteGroupsExcept(t, campaignId, sentGroupIds);
    for (const [position, g] of d.adGroups.entries()) {
      const values = {
        position,
        name: g.name || null,
        regions: g.regions,
        devices: g.devices,
        slotMode: g.slotMode,
        slotIds: g.slotIds,
        bidOverrideMinor: g.bidOverrideMinor,
        updatedAt: at,
      };
      let groupId = g.id;
      if (groupId) await repo.updateGroup(t, campaignId, groupId, values);
      else groupId = (await repo.insertGroup(t, { ...values, campaignId, createdAt: at })).id;
      for (const [adPosition, a] of g.ads.entries()) {
        const adValues = {
          adGroupId: groupId,
          position: adPosition,
          format: a.format,
          imageId: a.imageId,
          videoId: a.videoId,
          headline: a.headline || null,
          description: a.description || null,
          landingUrl: a.landingUrl || null,
          updatedAt: at,
        };
        if (a.id) await repo.updateAd(t, campaignId, a.id, adValues);
        else await repo.insertAd(t, { ...adValues, campaignId, createdAt: at });
      }
    }
  };

  /** A new draft under `wanted`, or the first free name after it (" (1)") when `free`. */
  const insertDraft = async (p: Caller, d: SaveInput, wanted: string, free: boolean) => {
    const write = (name: string) =>
      db.transaction(async (tx) => {
        await checkReferences(tx, p, d);
        const at = now();
        const row = await repo.insertCampaign(tx, {
          accountId: p.accountId,
          name,
          ...settingsOf(d),
          createdBy: p.userId,
          createdAt: at,
          updatedAt: at,
        });
        await writeTree(tx, row.id, d, at);
        return row.id;
      });
    if (free) {
      return writeUnderFreeName({
        wanted,
        max: CAMPAIGN_NAME_MAX,
        keepExtension: false,
        index: repo.CAMPAIGN_NAME_INDEX,
        taken: () => repo.namesLike(db, p.accountId, wanted),
        write,
      });
    }
    if (await repo.nameInUse(db, p.accountId, wanted)) throw nameTaken();
    return guardName(() => write(wanted));
  };

  const guardName = async <T>(run: () => Promise<T>) => {
    try {
      return await run();
    } catch (err) {
      if (isUniqueViolation(err, repo.CAMPAIGN_NAME_INDEX)) throw nameTaken();
      throw err;
    }
  };

  const saveDraft = async (p: Caller, d: SaveInput): Promise<CampaignDetail> => {
    if (d.id === undefined) {
      const id = await insertDraft(p, d, d.name || UNTITLED, !d.name);
      return detailOf(db, await reload(db, id));
    }
    if (d.version === undefined) throw invalid({ version: 'Please send the version you edited.' });
    const id = d.id;
    const version = d.version;
    const current = await found(db, id, ownScope(p));
    const message = 'Only a draft or a rejected campaign can be edited.';
    actionable(current, version, EDITABLE_CAMPAIGN_STATUSES, message);
    if (d.name && (await repo.nameInUse(db, p.accountId, d.name, id))) throw nameTaken();
    await guardName(() =>
      db.transaction(async (tx) => {
        await checkReferences(tx, p, d);
        const at = now();
        // The guarded update first: it locks the row, so a concurrent save waits and then finds the version gone.
        const row = await repo.updateCampaignAt(tx, id, version, EDITABLE_CAMPAIGN_STATUSES, {
          name: d.name || current.name,
          ...settingsOf(d),
          updatedAt: at,
        });
        if (!row) throw await whyRefused(tx, id, EDITABLE_CAMPAIGN_STATUSES, message);
        await writeTree(tx, id, d, at);
      }),
    );
    return detailOf(db, await reload(db, id));
  };

  // ---- Submit ----------------------------------------------------------------------------

  /** The stored campaign as the wizard's document (what Submit judges). */
  const documentOf = (row: repo.CampaignSummaryRow, tree: AdGroup[]) => ({
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

  const problemsOf = async (t: DbOrTx, row: repo.CampaignSummaryRow, at: Date) => {
    const tree = await treeOf(t, row.id);
    const fields: Record<string, string> = {};
    const result = campaignSubmitSchema.safeParse(documentOf(row, tree));
    if (!result.success) for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
    // What only the server knows: the time, and the creatives' state now.
    if (row.endAt && row.endAt <= at) fields.endAt ??= 'The end date has passed. Please choose a later one.';
    const unusable = await repo.unusableCreatives(t, row.id);
    tree.forEach((g, i) =>
      g.ads.forEach((a, j) => {
        if (!unusable.has(a.id)) return;
        const field = a.format === 'video' ? 'videoId' : 'imageId';
        fields[`adGroups.${i}.ads.${j}.${field}`] ??= `This ${a.format === 'video' ? 'video' : 'image'} is in the recycle bin or no longer available. Please choose another.`;
      }),
    );
    return fields;
  };

  const submit = async (p: Caller, input: { id: number; version: number }) => {
    const message = 'Only a draft or a rejected campaign can be submitted.';
    const current = await found(db, input.id, ownScope(p));
    actionable(current, input.version, EDITABLE_CAMPAIGN_STATUSES, message);
    await db.transaction(async (tx) => {
      const at = now();
      const fields = await problemsOf(tx, current, at);
      if (Object.keys(fields).length) throw invalid(fields);
      const row = await repo.updateCampaignAt(tx, current.id, input.version, EDITABLE_CAMPAIGN_STATUSES, {
        status: 'pending_review',
        reviewOutcome: 'pending',
        reviewReason: null,
        submittedAt: at,
        updatedAt: at,
      });
      if (!row) throw await whyRefused(tx, current.id, EDITABLE_CAMPAIGN_STATUSES, message);
      await repo.setAdsOutcome(tx, row.id, 'pending', at);
      const review = await repo.insertReview(tx, { campaignId: row.id, action: 'submitted', actorId: p.userId, at });
      await audit.record(
        { actorUserId: p.userId, action: 'campaign.submit', entity: 'campaign', entityId: row.id, before: { status: current.status }, after: { status: row.status } },
        tx,
      );
      await notifications.notify(
        {
          type: NOTIFICATION_TYPES.action,
          message: { key: 'campaign.submitted', params: { campaignId: row.id, name: row.name, accountName: current.accountName } },
          menuId: REVIEW_QUEUE_MENU_ID,
          recipients: { powers: ['campaign.review'] },
          eventKey: `campaign:${row.id}:review:${review.id}`,
          createdBy: p.userId,
          at,
        },
        tx,
      );
    });
    return detailOf(db, await reload(db, input.id));
  };

  // ---- Review ----------------------------------------------------------------------------

  const review = async (p: Caller, input: ReviewInput) => {
    const message = 'Only a campaign waiting for review can be approved or rejected.';
    const current = await found(db, input.id, scopeFor(p, 'campaign.review'));
    actionable(current, input.version, ['pending_review'], message);
    await db.transaction(async (tx) => {
      const at = now();
      const campaign = { id: current.id, name: current.name };
      const used = await repo.campaignImages(tx, current.id);
      const usedNames = new Map(used.map((i) => [i.id, i.name]));
      const adRows = await repo.adsOf(tx, [current.id]);
      const approve = input.decision === 'approve';
      const status: CampaignStatus = approve ? (current.startAt && current.startAt > at ? 'scheduled' : 'active') : 'rejected';
      const rejectedAds = approve ? [] : input.ads;
      const rejectedImages = approve ? [] : input.images;
      if (!approve) {
        const fields: Record<string, string> = {};
        const adIds = new Set(adRows.map((a) => a.id));
        rejectedAds.forEach((a, i) => {
          if (!adIds.has(a.id)) fields[`ads.${i}.id`] = 'This ad is not part of the campaign.';
        });
        rejectedImages.forEach((img, i) => {
          if (!usedNames.has(img.id)) fields[`images.${i}.id`] = 'This image is not used by the campaign.';
        });
        if (Object.keys(fields).length) throw invalid(fields);
      }
      const reason = approve ? null : input.reason;
      const row = await repo.updateCampaignAt(tx, current.id, input.version, ['pending_review'], {
        status,
        reviewOutcome: approve ? 'approved' : 'rejected',
        reviewReason: reason,
        reviewedAt: at,
        updatedAt: at,
      });
      if (!row) throw await whyRefused(tx, current.id, ['pending_review'], message);
      await repo.setAdsOutcome(tx, current.id, 'approved', at);
      for (const a of rejectedAds) await repo.rejectAd(tx, current.id, a.id, a.reason, at);
      if (approve) {
        await placements.changed(tx, { campaignId: current.id });
        for (const img of used) await assets.recordReview({ imageId: img.id, decision: 'approved', reviewerId: p.userId, campaign }, tx);
      } else {
        for (const img of rejectedImages) {
          await assets.recordReview({ imageId: img.id, decision: 'rejected', reason: img.reason, reviewerId: p.userId, campaign }, tx);
        }
      }
      const headlines = new Map(adRows.map((a) => [a.id, a.headline]));
      const entry = await repo.insertReview(tx, {
        campaignId: current.id,
        action: approve ? 'approved' : 'rejected',
        actorId: p.userId,
        reason,
        adReasons: rejectedAds.map((a) => ({ id: a.id, headline: headlines.get(a.id) ?? null, reason: a.reason })),
        imageReasons: rejectedImages.map((i) => ({ id: i.id, name: usedNames.get(i.id) ?? '', reason: i.reason })),
        at,
      });
      await audit.record(
        {
          actorUserId: p.userId,
          action: approve ? 'campaign.approve' : 'campaign.reject',
          entity: 'campaign',
          entityId: current.id,
          before: { status: current.status },
          after: { status, ads: entry.adReasons, images: entry.imageReasons },
          reason,
        },
        tx,
      );
      await notifications.notify(
        {
          type: approve ? NOTIFICATION_TYPES.approval : NOTIFICATION_TYPES.action,
          message: approve
            ? { key: 'campaign.approved', params: { campaignId: current.id, name: current.name, startAt: iso(current.startAt) } }
            : { key: 'campaign.rejected', params: { campaignId: current.id, name: current.name, reason } },
          menuId: CAMPAIGN_LIST_MENU_ID,
          recipients: { accounts: [current.accountId] },
          eventKey: `campaign:${current.id}:review:${entry.id}`,
          createdBy: p.userId,
          at,
        },
        tx,
      );
    });
    placements.kick();
    return detailOf(db, await reload(db, input.id));
  };

  // ---- Pause, resume, delete, duplicate --------------------------------------------------

  const move = async (
    p: Caller,
    input: { id: number; version: number },
    allowed: readonly CampaignStatus[],
    message: string,
    action: string,
    to: (row: repo.CampaignSummaryRow, at: Date) => CampaignStatus,
  ) => {
    const current = await found(db, input.id, ownScope(p));
    actionable(current, input.version, allowed, message);
    await db.transaction(async (tx) => {
      const at = now();
      const status = to(current, at);
      const row = await repo.updateCampaignAt(tx, current.id, input.version, allowed, {
        status,
        updatedAt: at,
        ...(status === 'ended' ? { endedAt: at } : {}),
      });
      if (!row) throw await whyRefused(tx, current.id, allowed, message);
      await audit.record(
        { actorUserId: p.userId, action, entity: 'campaign', entityId: row.id, before: { status: current.status }, after: { status } },
        tx,
      );
      if (status === 'ended') await placements.changed(tx, { campaignId: row.id });
    });
    placements.kick();
    return toSummary(await reload(db, input.id));
  };

  const pause = (p: Caller, input: { id: number; version: number }) =>
    move(p, input, ['scheduled', 'active'], 'Only a scheduled or running campaign can be paused.', 'campaign.pause', () => 'paused');

  /** Back to running, or to waiting for its start, or ended when its end passed while paused. */
  const resume = (p: Caller, input: { id: number; version: number }) =>
    move(p, input, ['paused'], 'Only a paused campaign can be resumed.', 'campaign.resume', (row, at) =>
      row.endAt && row.endAt <= at
        ? 'ended'
        : row.totalBudgetMinor !== null && row.spentMinor >= row.totalBudgetMinor
          ? 'ended'
          : row.startAt && row.startAt > at
            ? 'scheduled'
            : 'active',
    );

  const remove = async (p: Caller, input: { id: number; version: number }) => {
    const message = 'Only a draft can be deleted.';
    const current = await found(db, input.id, ownScope(p));
    actionable(current, input.version, ['draft'], message);
    await db.transaction(async (tx) => {
      if (!(await repo.deleteCampaignAt(tx, current.id, input.version, 'draft'))) throw await whyRefused(tx, current.id, ['draft'], message);
      await audit.record({ actorUserId: p.userId, action: 'campaign.delete', entity: 'campaign', entityId: current.id, before: { name: current.name, status: current.status } }, tx);
    });
    return { ok: true as const };
  };

  /** A new draft with the same settings, groups and ads: no figures, no review outcomes. */
  const duplicate = async (p: Caller, id: number) => {
    const source = await found(db, id, ownScope(p));
    const tree = await treeOf(db, source.id);
    const doc = documentOf(source, tree);
    const copy: SaveInput = {
      ...doc,
      objective: doc.objective as SaveInput['objective'],
      bidStrategy: doc.bidStrategy as SaveInput['bidStrategy'],
      frequencyCap: doc.frequencyCap as SaveInput['frequencyCap'],
      adGroups: doc.adGroups.map((g) => ({ ...g, id: undefined, ads: g.ads.map((a) => ({ ...a, id: undefined })) })),
    };
    const wanted = source.name.slice(0, CAMPAIGN_NAME_MAX - COPY_SUFFIX.length) + COPY_SUFFIX;
    const write = (name: string) =>
      db.transaction(async (tx) => {
        const at = now();
        const row = await repo.insertCampaign(tx, { accountId: source.accountId, name, ...settingsOf(copy), createdBy: p.userId, createdAt: at, updatedAt: at });
        await writeTree(tx, row.id, copy, at);
        return row.id;
      });
    const newId = await writeUnderFreeName({
      wanted,
      max: CAMPAIGN_NAME_MAX,
      keepExtension: false,
      index: repo.CAMPAIGN_NAME_INDEX,
      taken: () => repo.namesLike(db, p.accountId, wanted),
      write,
    });
    return detailOf(db, await reload(db, newId));
  };

  // ---- The schedule and the budget -------------------------------------------------------

  const tell = (t: DbOrTx, c: repo.Moved, type: number, message: Parameters<NotificationsService['notify']>[0]['message'], event: string, at: Date) =>
    notifications.notify({ type, message, menuId: CAMPAIGN_LIST_MENU_ID, recipients: { accounts: [c.accountId] }, eventKey: `campaign:${c.id}:${event}`, at }, t);

  /**
   * The owners of campaigns past BUDGET_ALERT_RATIO of their total budget are told once (the
   * mark and the notification in one transaction); campaigns whose budget is spent end. Delivery's
   * figures (`recordFigures`) check the campaigns they charged, the schedule job all every minute.
   */
  const checkBudgets = async (only?: readonly number[], t?: DbOrTx) => {
    const run = async (tx: DbOrTx) => {
      const at = now();
      const alerted = await repo.budgetAlertsDue(tx, at, BUDGET_ALERT_RATIO, only);
      for (const c of alerted) {
        await tell(tx, c, NOTIFICATION_TYPES.reminder, { key: 'campaign.budgetAlert', params: { campaignId: c.id, name: c.name, percent: Math.round(BUDGET_ALERT_RATIO * 100) } }, 'budget-alert', at);
      }
      const ended = await repo.endDue(tx, at, only);
      await placements.changed(tx, ...ended.map((c) => ({ campaignId: c.id })));
      for (const c of ended) {
        await tell(tx, c, NOTIFICATION_TYPES.event, { key: 'campaign.ended', params: { campaignId: c.id, name: c.name, endedAt: at.toISOString() } }, 'ended', at);
      }
      return { alerted: alerted.length, ended: ended.length };
    };
    return t ? run(t) : db.transaction(run);
  };

  /**
   * Delivery's figures (spend in milli, impressions, clicks), added and the budget rules applied in
   * the caller's transaction (the events they come from are written in it), or in one of its own.
   * After the caller's commit, `figuresCommitted` lets the placements of ended campaigns go.
   */
  const recordFigures = async (items: readonly repo.Figures[], t?: DbOrTx) => {
    const run = async (tx: DbOrTx) => {
      const found = await repo.addFigures(tx, items);
      return found.length ? checkBudgets(found, tx) : { alerted: 0, ended: 0 };
    };
    if (t) return run(t);
    const r = await db.transaction(run);
    figuresCommitted(r);
    return r;
  };
  const figuresCommitted = (r: { ended: number }) => {
    if (r.ended) placements.kick();
  };

  /**
   * The schedule job: scheduled campaigns start at their start, running ones end at their end or
   * when their budget is spent. Each move is one UPDATE … RETURNING, so two processes never move
   * (or notify) a campaign twice; event keys make a retried notification a no-op too.
   */
  const runSchedule = async () => {
    const r = await db.transaction(async (tx) => {
      const at = now();
      const { alerted, ended } = await checkBudgets(undefined, tx);
      const started = await repo.startDue(tx, at);
      for (const c of started) {
        await tell(tx, c, NOTIFICATION_TYPES.event, { key: 'campaign.started', params: { campaignId: c.id, name: c.name, startedAt: at.toISOString() } }, 'started', at);
      }
      return { started: started.length, ended, alerted };
    });
    if (r.ended) placements.kick();
    return r;
  };

  return {
    list,
    detail,
    adGroupList,
    adList,
    saveDraft,
    submit,
    review,
    pause,
    resume,
    remove,
    duplicate,
    checkBudgets,
    recordFigures,
    figuresCommitted,
    runSchedule,
  };
};

export type CampaignsService = ReturnType<typeof createCampaignsService>;
