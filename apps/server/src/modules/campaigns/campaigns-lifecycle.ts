import {
  CAMPAIGN_NAME_MAX,
  campaignSubmitSchema,
  EDITABLE_CAMPAIGN_STATUSES,
  ERROR_CODES,
  NOTIFICATION_TYPES,
  type CampaignDetail,
  type CampaignStatus,
  type EndpointInput,
  type saveCampaignDraft as saveCampaignDraftContract,
} from '@ads/contracts';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { ownScope, requireOwned } from '../../kit/access';
import { writeUnderFreeName } from '../../kit/names';
import { isUniqueViolation } from '../../kit/sql';
import type { Caller } from '../../principal';
import { imageKind } from '../assets/assets.service';
import { actionSubject } from '../notifications/notifications.service';
import { videoKind } from '../videos/videos.service';
import * as repo from './campaigns.repository';
import { draftChangesOf } from './campaign-changes';
import { documentOf, instantOf, invalid, toSummary, type CampaignRecords } from './campaigns-records';
import type { CampaignsDeps } from './campaigns.service';

/** A write that may clash on the campaign's name answers NAME_TAKEN (a racing rename took it). */
export const guardName = async <T>(run: () => Promise<T>) => {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err, repo.CAMPAIGN_NAME_INDEX)) throw nameTaken();
    throw err;
  }
};

// An advertiser's campaign from draft to end: saved as a draft (new, edited, duplicated), submitted
// for review, paused, resumed and deleted.

/** Identity catalogue menu: staff's Advertiser Campaigns, where a submission waits for review. */
const REVIEW_QUEUE_MENU_ID = 308;
const UNTITLED = 'Untitled campaign';
const COPY_SUFFIX = ' (copy)';

type SaveInput = EndpointInput<typeof saveCampaignDraftContract>;

export const nameTaken = () =>
  new AppError(409, ERROR_CODES.nameTaken, 'A campaign with this name already exists.', {
    fields: { name: 'A campaign with this name already exists.' },
  });

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

export const createCampaignLifecycle = ({
  db,
  audit,
  notifications,
  placements,
  now,
  records,
}: Pick<CampaignsDeps, 'db' | 'audit' | 'notifications' | 'placements'> & { now: () => Date; records: CampaignRecords }) => {
  const { treeOf, detailOf, found, reload, whyRefused, actionable } = records;

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

  /** Writes under `wanted`, or the first of the account's free names after it (" (1)", " (2)" …). */
  const underFreeName = (p: Caller, wanted: string, write: (name: string) => Promise<number>) =>
    writeUnderFreeName({
      wanted,
      max: CAMPAIGN_NAME_MAX,
      keepExtension: false,
      index: repo.CAMPAIGN_NAME_INDEX,
      taken: () => repo.namesLike(db, ownScope(p), wanted),
      write,
    });

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
      return underFreeName(p, wanted, write);
    }
    if (await repo.nameInUse(db, ownScope(p), wanted)) throw nameTaken();
    return guardName(() => write(wanted));
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
    if (d.name && (await repo.nameInUse(db, ownScope(p), d.name, id))) throw nameTaken();
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
        // The row is locked at the caller's version: the tree read now is the one this save replaces.
        const before = documentOf(current, await treeOf(tx, id));
        await writeTree(tx, id, d, at);
        const after = documentOf(await reload(tx, id), await treeOf(tx, id));
        // Saved unchanged (the wizard saves the same draft again): nothing to tell.
        const changes = draftChangesOf(before, after);
        if (changes)
          await audit.record(
            {
              actorUserId: p.userId,
              action: 'campaign.draftSave',
              entity: 'campaign',
              entityId: id,
              before: { version: current.version, currency: current.currency, ...changes.before },
              after: { version: row.version, currency: current.currency, ...changes.after },
            },
            tx,
          );
      }),
    );
    return detailOf(db, await reload(db, id));
  };

  // ---- Submit ----------------------------------------------------------------------------

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
      // Submitted again: the rejection's "fix it" is done; the new ask goes to staff.
      await notifications.resolve([actionSubject.campaign(row.id)], tx);
      await notifications.notify(
        {
          type: NOTIFICATION_TYPES.action,
          message: { key: 'campaign.submitted', params: { campaignId: row.id, name: row.name, accountName: current.accountName } },
          menuId: REVIEW_QUEUE_MENU_ID,
          recipients: { powers: ['campaign.review'] },
          eventKey: `campaign:${row.id}:review:${review.id}`,
          subject: actionSubject.campaign(row.id),
          createdBy: p.userId,
          at,
        },
        tx,
      );
    });
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

  /**
   * Ends the campaign now in the caller's transaction (staff approved its termination request, or
   * filed it): applied while its state is one of `from` (one statement), else CAMPAIGN_STATE naming
   * its state now and nothing changes. The caller kicks placements after its commit.
   */
  const terminateIn = async (tx: DbOrTx, change: { id: number; from: readonly CampaignStatus[]; actorUserId: number }) => {
    const message = 'This campaign can no longer be terminated.';
    const before = await repo.findCampaign(tx, change.id, { party: 'system' });
    const at = now();
    const row = before && (await repo.updateCampaignFrom(tx, change.id, change.from, { status: 'ended', endedAt: at, updatedAt: at }));
    if (!row) throw await whyRefused(tx, change.id, change.from, message);
    await audit.record(
      { actorUserId: change.actorUserId, action: 'campaign.terminate', entity: 'campaign', entityId: row.id, before: { status: before!.status }, after: { status: 'ended' } },
      tx,
    );
    await placements.changed(tx, { campaignId: row.id });
    await notifications.resolve([actionSubject.liveAds(row.id)], tx);
  };

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
    const newId = await underFreeName(p, wanted, write);
    return detailOf(db, await reload(db, newId));
  };

  return { saveDraft, submit, pause, resume, terminateIn, remove, duplicate };
};
