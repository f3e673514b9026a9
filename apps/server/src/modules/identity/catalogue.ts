import type { MenuEntry, Power, RoleName } from '@ads/contracts';

// The reference data of identity: roles, powers, menus and what each role is granted. It is
// written to the database at every start (see syncCatalogue) so that a deploy that changes it
// takes effect everywhere; ids are stable because clients and notifications refer to them.

export const ROLES: { id: number; name: RoleName }[] = [
  { id: 1, name: 'Advertiser' },
  { id: 2, name: 'Publisher' },
  { id: 3, name: 'MsInternal' },
];

export const POWER_DESCRIPTIONS: Record<Power, string> = {
  'overview.advertiser': 'See the advertiser overview dashboard',
  'overview.publisher': 'See the publisher overview dashboard',
  'insights.advertiser': 'Build advertiser reports',
  'insights.publisher': 'Build publisher reports',
  'insights.platform': 'Build reports across every account',
  'campaign.read': 'See campaigns',
  'campaign.write': 'Create, edit, submit, pause and resume campaigns',
  'campaign.review': 'Approve or reject campaigns, ads and creatives',
  'asset.read': 'See the image library',
  'asset.write': 'Upload, organise and delete images',
  'video.read': 'See the video library',
  'video.write': 'Upload, organise and delete videos and series',
  'adslot.read': 'See ad slots',
  'adslot.write': 'Create, edit and submit ad slots',
  'adslot.review': 'Approve or reject ad slots',
  'placement.review': 'Approve or reject placements on own slots',
  'brandsafety.write': 'Approve or disapprove slots for the account',
  'content.request': 'Submit and cancel content publication requests',
  'content.review': 'Review content publication requests',
  'account.read': 'See accounts and their users',
  'account.write': 'Create and change accounts and users',
  'request.create': 'Request status changes',
  'request.review': 'Approve or reject status change requests',
  'notification.read': 'Read own notifications',
  'notification.publish': 'Publish announcements',
  'job.read': 'See the background jobs and how their last runs went',
};

const group = '';

/** Every menu entry; ids 100s advertiser, 200s publisher, 300s staff. Groups have no url. */
export const MENUS: MenuEntry[] = [
  // Advertiser
  { id: 101, parent: null, url: 'advertiserOverview', title: 'Overview', icon: 'overview', sorts: 10 },
  { id: 102, parent: null, url: 'dataInsights/advertiser', title: 'Data Insights', icon: 'dataInsights', sorts: 20 },
  { id: 103, parent: null, url: group, title: 'Campaign', icon: 'campaign', sorts: 30 },
  { id: 104, parent: 103, url: 'campaign/create', title: 'Create Campaign', icon: 'campaign', sorts: 1 },
  { id: 105, parent: 103, url: 'campaign/list', title: 'Campaign List', icon: 'campaign', sorts: 2 },
  { id: 106, parent: null, url: group, title: 'Asset Library', icon: 'assetLibrary', sorts: 40 },
  { id: 107, parent: 106, url: 'assetLibrary/imageGallery', title: 'Image Gallery', icon: 'assetLibrary', sorts: 1 },
  { id: 108, parent: 106, url: 'assetLibrary/recycleBin', title: 'Recycle Bin', icon: 'assetLibrary', sorts: 2 },
  { id: 109, parent: null, url: 'videoLibrary', title: 'Video Library', icon: 'videoLibrary', sorts: 50 },
  { id: 110, parent: null, url: group, title: 'Ad Management', icon: 'adManagement', sorts: 60 },
  { id: 111, parent: 110, url: 'advAdSlotManagement/review', title: 'Slot Review', icon: 'adManagement', sorts: 1 },
  { id: 112, parent: 110, url: 'advAdSlotManagement/validation', title: 'Slot Validation', icon: 'adManagement', sorts: 2 },
  { id: 113, parent: 110, url: 'advAdSlotManagement/disapprovedPlacement', title: 'Disapproved Placements', icon: 'adManagement', sorts: 3 },
  { id: 114, parent: null, url: 'requestManagement/statusManagement', title: 'Request Management', icon: 'requestManagement', sorts: 70 },
  // Publisher
  { id: 201, parent: null, url: 'publisherOverview', title: 'Overview', icon: 'overview', sorts: 10 },
  { id: 202, parent: null, url: 'dataInsights/publisher', title: 'Data Insights', icon: 'dataInsights', sorts: 20 },
  { id: 203, parent: null, url: group, title: 'Ad Management', icon: 'adManagement', sorts: 30 },
  { id: 204, parent: 203, url: 'adSlotManagement/review', title: 'Ad Slot Review', icon: 'adManagement', sorts: 1 },
  { id: 205, parent: 203, url: 'adSlotManagement/validation', title: 'Ad Slot Validation', icon: 'adManagement', sorts: 2 },
  { id: 206, parent: 203, url: 'adPlacementManagement/review', title: 'Placement Review', icon: 'adManagement', sorts: 3 },
  { id: 207, parent: 203, url: 'adPlacementManagement/validation', title: 'Placement Validation', icon: 'adManagement', sorts: 4 },
  { id: 208, parent: null, url: 'videoLibrary', title: 'Video Library', icon: 'videoLibrary', sorts: 40 },
  { id: 209, parent: null, url: group, title: 'Publisher Content', icon: 'publisherContent', sorts: 50 },
  { id: 210, parent: 209, url: 'publisherContent/requestApprovals', title: 'Request Approvals', icon: 'publisherContent', sorts: 1 },
  { id: 211, parent: null, url: 'requestManagement/statusManagement', title: 'Request Management', icon: 'requestManagement', sorts: 60 },
  // MsInternal
  { id: 301, parent: null, url: group, title: 'Overview', icon: 'overview', sorts: 10 },
  { id: 302, parent: 301, url: 'advertiserOverview', title: 'Advertiser Overview', icon: 'overview', sorts: 1 },
  { id: 303, parent: 301, url: 'publisherOverview', title: 'Publisher Overview', icon: 'overview', sorts: 2 },
  { id: 304, parent: null, url: group, title: 'Data Insights', icon: 'dataInsights', sorts: 20 },
  { id: 305, parent: 304, url: 'dataInsights', title: 'Platform', icon: 'dataInsights', sorts: 1 },
  { id: 306, parent: 304, url: 'dataInsights/advertiser', title: 'Advertiser Reports', icon: 'dataInsights', sorts: 2 },
  { id: 307, parent: 304, url: 'dataInsights/publisher', title: 'Publisher Reports', icon: 'dataInsights', sorts: 3 },
  { id: 308, parent: null, url: 'advertiserCampaign', title: 'Advertiser Campaigns', icon: 'advertiserCampaign', sorts: 30 },
  { id: 309, parent: null, url: group, title: 'Ad Management', icon: 'adManagement', sorts: 40 },
  { id: 310, parent: 309, url: 'adSlotManagement/review', title: 'Ad Slot Review', icon: 'adManagement', sorts: 1 },
  { id: 311, parent: null, url: group, title: 'Publisher Content', icon: 'publisherContent', sorts: 50 },
  { id: 312, parent: 311, url: 'publisherContent/requestApprovals', title: 'Request Approvals', icon: 'publisherContent', sorts: 1 },
  { id: 313, parent: 311, url: 'publisherContent/contentReview', title: 'Content Review', icon: 'publisherContent', sorts: 2 },
  { id: 314, parent: null, url: group, title: 'Account Management', icon: 'accountManagement', sorts: 60 },
  { id: 315, parent: 314, url: 'accountManagement/advertiser', title: 'Advertisers', icon: 'accountManagement', sorts: 1 },
  { id: 316, parent: 314, url: 'accountManagement/publisher', title: 'Publishers', icon: 'accountManagement', sorts: 2 },
  { id: 317, parent: 314, url: 'accountManagement/msInternal', title: 'Internal Staff', icon: 'accountManagement', sorts: 3 },
  { id: 318, parent: null, url: 'requestManagement/statusManagement', title: 'Request Management', icon: 'requestManagement', sorts: 70 },
];

const menuRange = (from: number, to: number): number[] =>
  MENUS.filter((m) => m.id >= from && m.id <= to).map((m) => m.id);

export const ROLE_MENUS: Record<RoleName, number[]> = {
  Advertiser: menuRange(100, 199),
  Publisher: menuRange(200, 299),
  MsInternal: menuRange(300, 399),
};

export const ROLE_POWERS: Record<RoleName, Power[]> = {
  Advertiser: [
    'overview.advertiser',
    'insights.advertiser',
    'campaign.read',
    'campaign.write',
    'asset.read',
    'asset.write',
    'video.read',
    'video.write',
    'adslot.read',
    'brandsafety.write',
    'request.create',
    'notification.read',
  ],
  Publisher: [
    'overview.publisher',
    'insights.publisher',
    'adslot.read',
    'adslot.write',
    'placement.review',
    'video.read',
    'video.write',
    'content.request',
    'request.create',
    'notification.read',
  ],
  MsInternal: [
    'overview.advertiser',
    'overview.publisher',
    'insights.advertiser',
    'insights.publisher',
    'insights.platform',
    'campaign.read',
    'campaign.review',
    'asset.read',
    'video.read',
    'adslot.read',
    'adslot.review',
    'content.review',
    'account.read',
    'account.write',
    'request.create',
    'request.review',
    'notification.read',
    'notification.publish',
    'job.read',
  ],
};
