import type { Power } from './identity';

// Every endpoint of the API by key (`<server module>.<contract>`): its method, path and who may
// call it. Plain data, no zod: the web calls through this table from its first chunk, and its
// early calls and the build read it too. Each contract is built from its row (defineEndpoint), and
// endpoints.test.ts holds the two one to one.

/** Who may call an endpoint. The server refuses to start with a route that declares none. */
export type Access = { public: true } | { signedIn: true } | { power: Power };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  method: HttpMethod;
  path: `/api/${string}`;
  access: Access;
}

export const ENDPOINTS = {
  'adSlots.adSlotList': { method: 'GET', path: '/api/AdSlot/List', access: { power: 'adslot.read' } },
  'adSlots.adSlotDetail': { method: 'GET', path: '/api/AdSlot/Detail', access: { power: 'adslot.read' } },
  'adSlots.saveAdSlot': { method: 'POST', path: '/api/AdSlot/Save', access: { power: 'adslot.write' } },
  'adSlots.submitAdSlot': { method: 'POST', path: '/api/AdSlot/Submit', access: { power: 'adslot.write' } },
  'adSlots.deleteAdSlot': { method: 'POST', path: '/api/AdSlot/Delete', access: { power: 'adslot.write' } },
  'adSlots.reviewAdSlot': { method: 'POST', path: '/api/AdSlot/Review', access: { power: 'adslot.review' } },
  'adSlots.validateAdSlot': { method: 'POST', path: '/api/AdSlot/Validate', access: { power: 'adslot.write' } },
  'adSlots.pauseAdSlot': { method: 'POST', path: '/api/AdSlot/Pause', access: { power: 'adslot.write' } },
  'adSlots.resumeAdSlot': { method: 'POST', path: '/api/AdSlot/Resume', access: { power: 'adslot.write' } },
  'overview.advertiserOverview': { method: 'GET', path: '/api/analytics/AdvertiserOverview', access: { power: 'overview.advertiser' } },
  'overview.publisherOverview': { method: 'GET', path: '/api/analytics/PublisherOverview', access: { power: 'overview.publisher' } },
  'overview.platformAdvertiserOverview': { method: 'GET', path: '/api/platformanalytics/AdvertiserOverview', access: { power: 'insights.platform' } },
  'overview.platformPublisherOverview': { method: 'GET', path: '/api/platformanalytics/PublisherOverview', access: { power: 'insights.platform' } },
  'assets.folderTree': { method: 'GET', path: '/api/Folder/Tree', access: { power: 'asset.read' } },
  'assets.createFolder': { method: 'POST', path: '/api/Folder/Create', access: { power: 'asset.write' } },
  'assets.renameFolder': { method: 'POST', path: '/api/Folder/Rename', access: { power: 'asset.write' } },
  'assets.moveFolder': { method: 'POST', path: '/api/Folder/Move', access: { power: 'asset.write' } },
  'assets.deleteFolder': { method: 'POST', path: '/api/Folder/Delete', access: { power: 'asset.write' } },
  'assets.imageList': { method: 'GET', path: '/api/Image/List', access: { power: 'asset.read' } },
  'assets.imageDetail': { method: 'GET', path: '/api/Image/Detail', access: { power: 'asset.read' } },
  'assets.uploadImage': { method: 'POST', path: '/api/Image/Upload', access: { power: 'asset.write' } },
  'assets.imageFile': { method: 'GET', path: '/api/Image/File', access: { public: true } },
  'assets.renameImage': { method: 'POST', path: '/api/Image/Rename', access: { power: 'asset.write' } },
  'assets.moveImages': { method: 'POST', path: '/api/Image/Move', access: { power: 'asset.write' } },
  'assets.deleteImages': { method: 'POST', path: '/api/Image/Delete', access: { power: 'asset.write' } },
  'assets.recycleList': { method: 'GET', path: '/api/Recycle/List', access: { signedIn: true } },
  'assets.recycleRestore': { method: 'POST', path: '/api/Recycle/Restore', access: { signedIn: true } },
  'assets.recycleDeleteForever': { method: 'POST', path: '/api/Recycle/DeleteForever', access: { signedIn: true } },
  'assets.recycleEmpty': { method: 'POST', path: '/api/Recycle/Empty', access: { signedIn: true } },
  'assets.rejectedImageList': { method: 'GET', path: '/api/RejectedImage/List', access: { power: 'asset.read' } },
  'assets.replaceRejectedImage': { method: 'POST', path: '/api/RejectedImage/Replace', access: { power: 'asset.write' } },
  'campaigns.campaignList': { method: 'GET', path: '/api/Campaign/List', access: { power: 'campaign.read' } },
  'campaigns.campaignDetail': { method: 'GET', path: '/api/Campaign/Detail', access: { power: 'campaign.read' } },
  'campaigns.saveCampaignDraft': { method: 'POST', path: '/api/Campaign/SaveDraft', access: { power: 'campaign.write' } },
  'campaigns.submitCampaign': { method: 'POST', path: '/api/Campaign/Submit', access: { power: 'campaign.write' } },
  'campaigns.duplicateCampaign': { method: 'POST', path: '/api/Campaign/Duplicate', access: { power: 'campaign.write' } },
  'campaigns.pauseCampaign': { method: 'POST', path: '/api/Campaign/Pause', access: { power: 'campaign.write' } },
  'campaigns.resumeCampaign': { method: 'POST', path: '/api/Campaign/Resume', access: { power: 'campaign.write' } },
  'campaigns.deleteCampaign': { method: 'POST', path: '/api/Campaign/Delete', access: { power: 'campaign.write' } },
  'campaigns.reviewCampaign': { method: 'POST', path: '/api/Campaign/Review', access: { power: 'campaign.review' } },
  'campaigns.adGroupList': { method: 'GET', path: '/api/AdGroup/List', access: { power: 'campaign.read' } },
  'campaigns.adList': { method: 'GET', path: '/api/Ad/List', access: { power: 'campaign.read' } },
  'delivery.campaignDelivery': { method: 'GET', path: '/api/Campaign/Delivery', access: { power: 'campaign.read' } },
  'identity.accountOptions': { method: 'GET', path: '/api/User/AccountOptions', access: { power: 'account.read' } },
  'identity.login': { method: 'POST', path: '/api/User/Login', access: { public: true } },
  'identity.logout': { method: 'POST', path: '/api/User/Logout', access: { signedIn: true } },
  'identity.userInfo': { method: 'GET', path: '/api/User/Info', access: { signedIn: true } },
  'insights.advertiserReport': { method: 'GET', path: '/api/DataInsights/AdvertiserReport', access: { power: 'insights.advertiser' } },
  'insights.publisherReport': { method: 'GET', path: '/api/DataInsights/PublisherReport', access: { power: 'insights.publisher' } },
  'insights.advertiserReportCsv': { method: 'GET', path: '/api/DataInsights/AdvertiserReport/Csv', access: { power: 'insights.advertiser' } },
  'insights.publisherReportCsv': { method: 'GET', path: '/api/DataInsights/PublisherReport/Csv', access: { power: 'insights.publisher' } },
  'insights.savedReportList': { method: 'GET', path: '/api/DataInsights/SavedReport/List', access: { signedIn: true } },
  'insights.createSavedReport': { method: 'POST', path: '/api/DataInsights/SavedReport/Create', access: { signedIn: true } },
  'insights.renameSavedReport': { method: 'POST', path: '/api/DataInsights/SavedReport/Rename', access: { signedIn: true } },
  'insights.deleteSavedReport': { method: 'POST', path: '/api/DataInsights/SavedReport/Delete', access: { signedIn: true } },
  'jobs.listJobs': { method: 'GET', path: '/api/Jobs/List', access: { power: 'job.read' } },
  'notifications.notificationsList': { method: 'POST', path: '/api/Notification/Notifications', access: { power: 'notification.read' } },
  'notifications.setNotificationsRead': { method: 'POST', path: '/api/Notification/SetRead', access: { power: 'notification.read' } },
  'notifications.setNotificationsDismissed': { method: 'POST', path: '/api/Notification/SetDismissed', access: { power: 'notification.read' } },
  'notifications.publishAnnouncement': { method: 'POST', path: '/api/Notification/Publish', access: { power: 'notification.publish' } },
  'placements.placementList': { method: 'GET', path: '/api/AdSlot/Placement/List', access: { power: 'placement.review' } },
  'placements.placementAdvertisers': { method: 'GET', path: '/api/AdSlot/Placement/Advertisers', access: { power: 'placement.review' } },
  'placements.decidePlacements': { method: 'POST', path: '/api/AdSlot/Placement/Decide', access: { power: 'placement.review' } },
  'placements.placementHealth': { method: 'GET', path: '/api/AdSlot/Placement/Health', access: { power: 'placement.review' } },
  'placements.slotCatalogue': { method: 'GET', path: '/api/AdSlot/Catalogue', access: { power: 'campaign.read' } },
  'placements.disapproveSlots': { method: 'POST', path: '/api/AdSlot/Disapprove', access: { power: 'campaign.write' } },
  'placements.restoreSlots': { method: 'POST', path: '/api/AdSlot/Restore', access: { power: 'campaign.write' } },
  'placements.slotFit': { method: 'GET', path: '/api/AdSlot/Fit', access: { power: 'campaign.read' } },
  'placements.disapprovedSlots': { method: 'GET', path: '/api/AdSlot/Disapproved', access: { power: 'campaign.read' } },
  'placements.rejectedPlacements': { method: 'GET', path: '/api/AdSlot/RejectedPlacements', access: { power: 'campaign.read' } },
  'storageUsage.imageStorageUsage': { method: 'GET', path: '/api/Image/Usage', access: { power: 'asset.read' } },
  'storageUsage.videoStorageUsage': { method: 'GET', path: '/api/Video/Usage', access: { power: 'video.read' } },
  'videos.seriesList': { method: 'GET', path: '/api/Series/List', access: { power: 'video.read' } },
  'videos.createSeries': { method: 'POST', path: '/api/Series/Create', access: { power: 'video.write' } },
  'videos.renameSeries': { method: 'POST', path: '/api/Series/Rename', access: { power: 'video.write' } },
  'videos.deleteSeries': { method: 'POST', path: '/api/Series/Delete', access: { power: 'video.write' } },
  'videos.reorderSeries': { method: 'POST', path: '/api/Series/Reorder', access: { power: 'video.write' } },
  'videos.videoList': { method: 'GET', path: '/api/Video/List', access: { power: 'video.read' } },
  'videos.videoDetail': { method: 'GET', path: '/api/Video/Detail', access: { power: 'video.read' } },
  'videos.renameVideo': { method: 'POST', path: '/api/Video/Rename', access: { power: 'video.write' } },
  'videos.setVideoSeries': { method: 'POST', path: '/api/Video/SetSeries', access: { power: 'video.write' } },
  'videos.deleteVideos': { method: 'POST', path: '/api/Video/Delete', access: { power: 'video.write' } },
  'videos.startVideoUpload': { method: 'POST', path: '/api/Video/UploadStart', access: { power: 'video.write' } },
  'videos.uploadVideoChunk': { method: 'PUT', path: '/api/Video/UploadChunk', access: { power: 'video.write' } },
  'videos.videoUploadStatus': { method: 'GET', path: '/api/Video/UploadStatus', access: { power: 'video.write' } },
  'videos.completeVideoUpload': { method: 'POST', path: '/api/Video/UploadComplete', access: { power: 'video.write' } },
  'videos.cancelVideoUpload': { method: 'POST', path: '/api/Video/UploadCancel', access: { power: 'video.write' } },
  'videos.setVideoPoster': { method: 'POST', path: '/api/Video/Poster', access: { power: 'video.write' } },
  'videos.videoFile': { method: 'GET', path: '/api/Video/File', access: { public: true } },
} as const satisfies Record<string, Route>;

export type EndpointKey = keyof typeof ENDPOINTS;
