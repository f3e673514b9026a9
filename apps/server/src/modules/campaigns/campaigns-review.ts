import { NOTIFICATION_TYPES, type CampaignStatus, type EndpointInput, type reviewCampaign as reviewCampaignContract } from '@ads/contracts';
import { scopeFor } from '../../kit/access';
import { actionSubject } from '../notifications/notifications.service';
import type { Caller } from '../../principal';
import * as repo from './campaigns.repository';
import { CAMPAIGN_LIST_MENU_ID, invalid, iso, type CampaignRecords } from './campaigns-records';
import type { CampaignsDeps } from './campaigns.service';

// Staff's review of a submitted campaign: approved (it is scheduled or runs, its images approved)
// or rejected with reasons for the campaign, its ads and its images.

type ReviewInput = EndpointInput<typeof reviewCampaignContract>;

export const createCampaignReview = ({
  db,
  audit,
  notifications,
  assets,
  placements,
  now,
  records,
}: Pick<CampaignsDeps, 'db' | 'audit' | 'notifications' | 'assets' | 'placements'> & { now: () => Date; records: CampaignRecords }) => {
  const { detailOf, found, reload, whyRefused, actionable } = records;

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
      // Decided, by whichever staff user: staff's "to review" is done.
      await notifications.resolve([actionSubject.campaign(current.id)], tx);
      await notifications.notify(
        {
          type: approve ? NOTIFICATION_TYPES.approval : NOTIFICATION_TYPES.action,
          message: approve
            ? { key: 'campaign.approved', params: { campaignId: current.id, name: current.name, startAt: iso(current.startAt) } }
            : { key: 'campaign.rejected', params: { campaignId: current.id, name: current.name, reason } },
          menuId: CAMPAIGN_LIST_MENU_ID,
          recipients: { accounts: [current.accountId] },
          eventKey: `campaign:${current.id}:review:${entry.id}`,
          subject: actionSubject.campaign(current.id),
          createdBy: p.userId,
          at,
        },
        tx,
      );
    });
    placements.kick();
    return detailOf(db, await reload(db, input.id));
  };

  return { review };
};
