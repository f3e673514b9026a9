import {
  adGroupList,
  adList,
  bulkCampaignStatus,
  campaignDetail,
  campaignHistory,
  campaignList,
  campaignListColumns,
  deleteCampaign,
  duplicateCampaign,
  pauseCampaign,
  resumeCampaign,
  reviewAds,
  reviewCampaign,
  saveCampaignDraft,
  saveCampaignListColumns,
  saveLiveAd,
  submitCampaign,
  updateCampaignSettings,
  withdrawAdChange,
} from '@ads/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint';
import type { CampaignsService } from './campaigns.service';

export const campaignsRoutes = (app: FastifyInstance, campaigns: CampaignsService) => {
  route(app, campaignList, ({ principal, input }) => campaigns.list(principal, input));
  route(app, campaignDetail, ({ principal, input }) => campaigns.detail(principal, input.id));
  route(app, saveCampaignDraft, ({ principal, input }) => campaigns.saveDraft(principal, input));
  route(app, submitCampaign, ({ principal, input }) => campaigns.submit(principal, input));
  route(app, updateCampaignSettings, ({ principal, input }) => campaigns.updateSettings(principal, input));
  route(app, duplicateCampaign, ({ principal, input }) => campaigns.duplicate(principal, input.id));
  route(app, pauseCampaign, ({ principal, input }) => campaigns.pause(principal, input));
  route(app, resumeCampaign, ({ principal, input }) => campaigns.resume(principal, input));
  route(app, bulkCampaignStatus, ({ principal, input }) => campaigns.bulkStatus(principal, input));
  route(app, campaignListColumns, ({ principal }) => campaigns.listColumns(principal));
  route(app, saveCampaignListColumns, ({ principal, input }) => campaigns.saveListColumns(principal, input.columns));
  route(app, deleteCampaign, ({ principal, input }) => campaigns.remove(principal, input));
  route(app, reviewCampaign, ({ principal, input }) => campaigns.review(principal, input));
  route(app, saveLiveAd, ({ principal, input }) => campaigns.saveLiveAd(principal, input));
  route(app, withdrawAdChange, ({ principal, input }) => campaigns.withdrawAdChange(principal, input));
  route(app, reviewAds, ({ principal, input }) => campaigns.reviewAds(principal, input));
  route(app, adGroupList, ({ principal, input }) => campaigns.adGroupList(principal, input));
  route(app, adList, ({ principal, input }) => campaigns.adList(principal, input));
  route(app, campaignHistory, ({ principal, input }) => campaigns.history(principal, input));
};
