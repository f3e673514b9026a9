import {
  LIVE_CAMPAIGN_STATUSES,
  MAX_ADS_PER_GROUP,
  NOTIFICATION_TYPES,
  type Ad,
  type AdChange,
  type EndpointInput,
  type reviewAds as reviewAdsContract,
  type saveLiveAd as saveLiveAdContract,
  type withdrawAdChange as withdrawAdChangeContract,
} from '@ads/contracts';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import { ownScope, requireOwned, scopeFor } from '../../kit/access';
import type { Caller } from '../../principal';
import { imageKind } from '../assets/assets.service';
import { actionSubject } from '../notifications/notifications.service';
import { videoKind } from '../videos/videos.service';
import * as changes from './ad-changes.repository';
import * as repo from './campaigns.repository';
import { CAMPAIGN_LIST_MENU_ID, invalid, type CampaignRecords } from './campaigns-records';
import type { CampaignsDeps } from './campaigns.service';

// A live campaign's ads, as in Google Ads: a new ad, or a change to a serving one, waits for
// staff's review while the approved ads keep serving as they are; approval puts the change on the
// ad in one transaction (delivery reloads it), rejection leaves the ad unchanged. Each step moves
// the campaign to its next version (so concurrent edits get a 409, and an ad group's limit holds)
// and is one audited entry of the campaign's change history.

type SaveInput = EndpointInput<typeof saveLiveAdContract>;
type WithdrawInput = EndpointInput<typeof withdrawAdChangeContract>;
type ReviewInput = EndpointInput<typeof reviewAdsContract>;

const REFUSED = "Only a scheduled, running or paused campaign's ads can be added or changed this way.";
const REVIEW_REFUSED = "Only a scheduled, running or paused campaign's new ads and ad changes are reviewed this way.";
/** Staff's Advertiser Campaigns (identity catalogue), where the review happens. */
const REVIEW_QUEUE_MENU_ID = 308;

/** What an ad (or a proposed change) shows, as the change history records it. */
const shownBy = (ad: Pick<Ad, 'format' | 'creative' | 'headline' | 'description' | 'landingUrl'> | AdChange) => ({
  format: ad.format,
  creative: ad.creative?.name ?? null,
  headline: ad.headline,
  description: ad.description,
  landingUrl: ad.landingUrl,
});

export const createLiveAds = ({
  db,
  audit,
  notifications,
  assets,
  placements,
  now,
  records,
}: Pick<CampaignsDeps, 'db' | 'audit' | 'notifications' | 'assets' | 'placements'> & { now: () => Date; records: CampaignRecords }) => {
  const { treeOf, detailOf, found, reload, whyRefused, actionable } = records;

  /** The campaign at its next version, or the 409 saying why it moved on. */
  const bump = async (tx: DbOrTx, id: number, version: number, message: string, at: Date) => {
    const row = await repo.updateCampaignAt(tx, id, version, LIVE_CAMPAIGN_STATUSES, { updatedAt: at });
    if (!row) throw await whyRefused(tx, id, LIVE_CAMPAIGN_STATUSES, message);
    return row;
  };

  const adsOf = async (tx: DbOrTx, campaignId: number) => (await treeOf(tx, campaignId)).flatMap((g) => g.ads);

  const record = (tx: DbOrTx, p: Caller, action: string, campaignId: number, ad: { id: number; headline: string | null }, before: object, after: object, reason?: string) =>
    audit.record({ actorUserId: p.userId, action, entity: 'campaign', entityId: campaignId, before, after: { ...after, ad }, reason: reason ?? null }, tx);

  const save = async (p: Caller, input: SaveInput) => {
    const current = await found(db, input.campaignId, ownScope(p));
    actionable(current, input.version, LIVE_CAMPAIGN_STATUSES, REFUSED);
    const { ad } = input;
    const content = {
      format: ad.format,
      imageId: ad.format === 'image' ? ad.imageId : null,
      videoId: ad.format === 'video' ? ad.videoId : null,
      headline: ad.headline,
      description: ad.description,
      landingUrl: ad.landingUrl,
    };
    // The caller's own creatives, out of the recycle bin (404 otherwise, as a draft's save).
    await requireOwned(db, imageKind, content.imageId ? [content.imageId] : [], ownScope(p));
    await requireOwned(db, videoKind, content.videoId ? [content.videoId] : [], ownScope(p));
    await db.transaction(async (tx) => {
      const at = now();
      const tree = await treeOf(tx, current.id);
      const group = tree.find((g) => g.id === input.adGroupId);
      if (!group) throw notFound('The ad group');
      const existing = input.adId === undefined ? undefined : group.ads.find((a) => a.id === input.adId);
      if (input.adId !== undefined && !existing) throw notFound('The ad');
      const unchanged =
        existing?.reviewOutcome === 'approved' &&
        (Object.keys(content) as (keyof typeof content)[]).every((key) => existing[key] === content[key]);
      if (unchanged && !existing.change) return;
      const row = await bump(tx, current.id, input.version, REFUSED, at);

      let adId: number;
      if (!existing) {
        // After the bump: a concurrent add waits on the campaign's row, then finds it moved on.
        const fill = await changes.groupFill(tx, group.id);
        if (fill.count >= MAX_ADS_PER_GROUP) throw invalid({ adGroupId: `An ad group holds at most ${MAX_ADS_PER_GROUP} ads.` });
        adId = await changes.insertAd(tx, { campaignId: current.id, adGroupId: group.id, position: fill.next, ...content, reviewOutcome: 'pending', createdAt: at, updatedAt: at });
      } else if (existing.reviewOutcome === 'approved') {
        adId = existing.id;
        // The same as it serves: the change asked for is no change (a waiting one is withdrawn).
        if (unchanged) await changes.deleteChange(tx, adId);
        else await changes.proposeChange(tx, { adId, campaignId: current.id, ...content, submittedBy: p.userId, submittedAt: at });
      } else {
        // A new ad that has not served yet (waiting or rejected) changes in place and waits again.
        adId = existing.id;
        await repo.updateAd(tx, current.id, adId, { ...content, reviewOutcome: 'pending', reviewReason: null, updatedAt: at });
      }

      const saved = (await adsOf(tx, current.id)).find((a) => a.id === adId)!;
      const named = { id: adId, headline: content.headline };
      if (!existing) await record(tx, p, 'ad.add', current.id, named, {}, shownBy(saved));
      else if (unchanged) await record(tx, p, 'ad.withdraw', current.id, named, shownBy(existing.change!), shownBy(existing));
      // Before → after: the ad as it serves → as it would (a new ad not yet approved: as it was sent).
      else await record(tx, p, 'ad.change', current.id, named, shownBy(existing), shownBy(saved.change ?? saved));

      const after = await reload(tx, current.id);
      if (after.adsToReview === 0) await notifications.resolve([actionSubject.liveAds(current.id)], tx);
      else if (current.adsToReview === 0)
        // Staff are told once per round: further edits join what already waits.
        await notifications.notify(
          {
            type: NOTIFICATION_TYPES.action,
            message: { key: 'campaign.adsSubmitted', params: { campaignId: current.id, name: current.name, accountName: current.accountName } },
            menuId: REVIEW_QUEUE_MENU_ID,
            recipients: { powers: ['campaign.review'] },
            eventKey: `campaign:${current.id}:ads:${row.version}`,
            subject: actionSubject.liveAds(current.id),
            createdBy: p.userId,
            at,
          },
          tx,
        );
    });
    return detailOf(db, await reload(db, current.id));
  };

  const withdraw = async (p: Caller, input: WithdrawInput) => {
    const current = await found(db, input.campaignId, ownScope(p));
    actionable(current, input.version, LIVE_CAMPAIGN_STATUSES, REFUSED);
    await db.transaction(async (tx) => {
      const at = now();
      const ad = (await adsOf(tx, current.id)).find((a) => a.id === input.adId);
      if (!ad) throw notFound('The ad');
      if (!ad.change && ad.reviewOutcome === 'approved') throw invalid({ adId: 'This ad has no change to withdraw.' });
      await bump(tx, current.id, input.version, REFUSED, at);
      const named = { id: ad.id, headline: ad.headline };
      if (ad.change) {
        await changes.deleteChange(tx, ad.id);
        await record(tx, p, 'ad.withdraw', current.id, named, shownBy(ad.change), shownBy(ad));
      } else {
        // A new ad that never served: removed with what it proposed.
        await changes.deleteAd(tx, current.id, ad.id);
        await record(tx, p, 'ad.withdraw', current.id, named, shownBy(ad), {});
      }
      if ((await reload(tx, current.id)).adsToReview === 0) await notifications.resolve([actionSubject.liveAds(current.id)], tx);
    });
    return detailOf(db, await reload(db, current.id));
  };

  const review = async (p: Caller, input: ReviewInput) => {
    const current = await found(db, input.campaignId, scopeFor(p, 'campaign.review'));
    actionable(current, input.version, LIVE_CAMPAIGN_STATUSES, REVIEW_REFUSED);
    let approved = 0;
    let rejected = 0;
    await db.transaction(async (tx) => {
      const at = now();
      const byId = new Map((await adsOf(tx, current.id)).map((a) => [a.id, a]));
      const fields: Record<string, string> = {};
      const seen = new Set<number>();
      input.decisions.forEach((d, i) => {
        const ad = byId.get(d.adId);
        const waiting = ad && (ad.change?.status === 'pending' || ad.reviewOutcome === 'pending');
        if (!waiting || seen.has(d.adId)) fields[`decisions.${i}.adId`] = 'This ad has nothing waiting for review.';
        seen.add(d.adId);
      });
      if (Object.keys(fields).length) throw invalid(fields);
      const row = await bump(tx, current.id, input.version, REVIEW_REFUSED, at);
      const campaign = { id: current.id, name: current.name };

      for (const d of input.decisions) {
        const ad = byId.get(d.adId)!;
        const proposed = ad.change?.status === 'pending' ? ad.change : null;
        const shown = proposed ?? ad;
        const named = { id: ad.id, headline: shown.headline };
        if (d.decision === 'approve') {
          approved += 1;
          if (proposed) await changes.applyChange(tx, ad.id, at);
          else await repo.updateAd(tx, current.id, ad.id, { reviewOutcome: 'approved', reviewReason: null, updatedAt: at });
          // The image it shows is approved with it, as a campaign's approval approves its images.
          if (shown.creative?.kind === 'image') await assets.recordReview({ imageId: shown.creative.id, decision: 'approved', reviewerId: p.userId, campaign }, tx);
          await record(tx, p, 'ad.approve', current.id, named, proposed ? shownBy(ad) : {}, shownBy(shown));
        } else {
          rejected += 1;
          if (proposed) await changes.rejectChange(tx, ad.id, d.reason);
          else await repo.rejectAd(tx, current.id, ad.id, d.reason, at);
          await record(tx, p, 'ad.reject', current.id, named, {}, shownBy(shown), d.reason);
        }
      }
      // An approved ad (or a new creative) may now be placed, or no longer fit where it was.
      if (approved) await placements.changed(tx, { campaignId: current.id });
      if ((await reload(tx, current.id)).adsToReview === 0) await notifications.resolve([actionSubject.liveAds(current.id)], tx);
      await notifications.notify(
        {
          type: rejected ? NOTIFICATION_TYPES.event : NOTIFICATION_TYPES.approval,
          message: { key: 'campaign.adsReviewed', params: { campaignId: current.id, name: current.name, approved, rejected } },
          menuId: CAMPAIGN_LIST_MENU_ID,
          recipients: { accounts: [current.accountId] },
          eventKey: `campaign:${current.id}:ads-reviewed:${row.version}`,
          createdBy: p.userId,
          at,
        },
        tx,
      );
    });
    if (approved) placements.kick();
    return detailOf(db, await reload(db, current.id));
  };

  return { save, withdraw, review };
};
