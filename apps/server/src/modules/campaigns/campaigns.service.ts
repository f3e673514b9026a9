import type { Db } from '../../db/client';
import type { LinkSigner } from '../../storage/signed-links';
import type { AssetsService } from '../assets/assets.service';
import type { AuditService } from '../audit/audit.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PlacementsService } from '../placements/placements.service';
import * as repo from './campaigns.repository';
import { createCampaignLifecycle } from './campaigns-lifecycle';
import { createCampaignHistory } from './campaigns-history';
import { createCampaignReads } from './campaigns-reads';
import { createCampaignRecords } from './campaigns-records';
import { createCampaignReview } from './campaigns-review';
import { createCampaignSchedule } from './campaigns-schedule';
import { createCampaignSettings } from './campaigns-settings';
import { createCampaignListTools } from './campaigns-bulk';
import { createLiveAds } from './campaigns-live-ads';

export interface CampaignsDeps {
  db: Db;
  links: LinkSigner;
  audit: Pick<AuditService, 'record'>;
  notifications: Pick<NotificationsService, 'notify' | 'resolve'>;
  /** Image review decisions go through the library, so rejections reach the advertiser's rejected images. */
  assets: Pick<AssetsService, 'recordReview' | 'standingRejections'>;
  /** Which slots an ad group may choose; approved, paused, resumed and ended campaigns change placements. */
  placements: Pick<PlacementsService, 'slotsAvailable' | 'changed' | 'kick'>;
  now?: () => Date;
}

/** Campaigns as an access kind, for other modules' `requireOwned` (delivery: a campaign's funnel). */
export const campaignKind = repo.campaignKind;

/**
 * Advertisers' campaigns, one service of parts by responsibility: reads (campaigns-reads.ts), the
 * lifecycle from draft to end (campaigns-lifecycle.ts), a live campaign's settings (campaigns-settings.ts) and ads (campaigns-live-ads.ts), staff review (campaigns-review.ts) and the
 * schedule and budget (campaigns-schedule.ts), over the records they share (campaigns-records.ts).
 */
export const createCampaignsService = ({ now = () => new Date(), ...deps }: CampaignsDeps) => {
  const records = createCampaignRecords({ links: deps.links, now });
  const reads = createCampaignReads({ db: deps.db, now, records, rejections: (ids) => deps.assets.standingRejections(ids) });
  const lifecycle = createCampaignLifecycle({ ...deps, now, records });
  const { review } = createCampaignReview({ ...deps, now, records });
  const schedule = createCampaignSchedule({ ...deps, now });
  const settings = createCampaignSettings({ ...deps, now, records });
  const listTools = createCampaignListTools({ db: deps.db, now, pause: lifecycle.pause, resume: lifecycle.resume });
  const changeHistory = createCampaignHistory({ db: deps.db, records });
  const liveAds = createLiveAds({ ...deps, now, records });
  return {
    list: reads.list,
    detail: reads.detail,
    adGroupList: reads.adGroupList,
    adList: reads.adList,
    history: changeHistory.list,
    saveDraft: lifecycle.saveDraft,
    submit: lifecycle.submit,
    updateSettings: settings.update,
    saveLiveAd: liveAds.save,
    withdrawAdChange: liveAds.withdraw,
    reviewAds: liveAds.review,
    review,
    pause: lifecycle.pause,
    resume: lifecycle.resume,
    bulkStatus: listTools.bulkStatus,
    listColumns: listTools.listColumns,
    saveListColumns: listTools.saveListColumns,
    terminateIn: lifecycle.terminateIn,
    remove: lifecycle.remove,
    duplicate: lifecycle.duplicate,
    checkBudgets: schedule.checkBudgets,
    recordFigures: schedule.recordFigures,
    figuresCommitted: schedule.figuresCommitted,
    runSchedule: schedule.runSchedule,
  };
};

export type CampaignsService = ReturnType<typeof createCampaignsService>;
