// The GET calls a page makes first when it is opened without a URL query, written as the API
// client sends them (path and query in its order). route-preload.js (apps/web/build-plugins.ts)
// starts them with the session's token from the hash, before the main chunk runs, and the API
// client takes the answer instead of asking again (shared/early-call.ts). A call that no longer
// matches is only asked twice: e2e/accessibility.spec.ts counts them on the image gallery.
// Plain data from the endpoint table (zod-free): the build imports this module, and imports it by
// file because Vite's config loader leaves a package import to Node, which cannot load TypeScript.

import { ENDPOINTS, type EndpointKey } from '../../../../../packages/contracts/src/endpoints.ts';

type GetKey = { [K in EndpointKey]: (typeof ENDPOINTS)[K]['method'] extends 'GET' ? K : never }[EndpointKey];

/** A GET endpoint's URL, with the query as the API client writes it. */
const url = (key: GetKey, query = '') => `${ENDPOINTS[key].path}${query && `?${query}`}`;

const IMAGE_LIST = url('assets.imageList', 'sort=createdAt&order=desc&page=1&pageSize=24');
const VIDEO_LIST = url('videos.videoList', 'sort=createdAt&order=desc&page=1&pageSize=24');
const REVIEW_QUEUE = url('publisherContent.contentReviewQueue', 'page=1&pageSize=20');
const TIME_ZONE = 'timeZone={timeZone}';
/** Live slots by name, for the placement pages' slot filter. */
const LIVE_SLOTS = url('adSlots.adSlotList', 'status=live%2Cpaused&sort=name&order=asc&page=1&pageSize=200');
/** Staff's review queues: the list with the queue first, and the count of what waits. */
const queue = (key: 'adSlots.adSlotList' | 'campaigns.campaignList') => [
  url(key, 'sort=updatedAt&order=desc&page=1&pageSize=20&status=pending_review&queueFirst=true'),
  url(key, 'status=pending_review&sort=submittedAt&order=asc&page=1&pageSize=1'),
];

/** Staff's accounts of one kind, as account management lists them first. */
const accounts = (kind: string) => url('accounts.accountList', `kind=${kind}&sort=name&order=asc&page=1&pageSize=20`);

/** Every signed-in page: the shell's menu delivery. */
export const SHELL_EARLY_CALLS = [url('identity.userInfo')];

/**
 * Route pattern (as in routes.tsx) → its page's first calls. `{timeZone}` stands for the browser's
 * time zone, encoded as the API client encodes it; a call with `roles` is started only for a user
 * whose first role is one of them (the dashboards ask staff's platform-wide figures instead).
 */
export type EarlyCallSpec = string | { url: string; roles: string[] };
/** Calls for one role's page: another role's user is sent away from it, and must not ask its API. */
const only = (role: string, ...urls: string[]): EarlyCallSpec[] => urls.map((call) => ({ url: call, roles: [role] }));
export const EARLY_CALLS: Record<string, EarlyCallSpec[]> = {
  profile: [url('identity.profile')],
  advertiserOverview: [
    { url: url('overview.advertiserOverview', TIME_ZONE), roles: ['Advertiser'] },
    { url: url('overview.platformAdvertiserOverview', TIME_ZONE), roles: ['MsInternal'] },
  ],
  publisherOverview: [
    { url: url('overview.publisherOverview', TIME_ZONE), roles: ['Publisher'] },
    { url: url('overview.platformPublisherOverview', TIME_ZONE), roles: ['MsInternal'] },
  ],
  'assetLibrary/imageGallery': [url('storageUsage.imageStorageUsage'), url('assets.folderTree'), IMAGE_LIST],
  'campaign/list': only(
    'Advertiser',
    url('campaigns.campaignList', `sort=updatedAt&order=desc&page=1&pageSize=20&range=last7&${TIME_ZONE}`),
    url('campaigns.campaignListColumns'),
  ),
  advertiserCampaign: only('MsInternal', ...queue('campaigns.campaignList')),
  'advAdSlotManagement/review': only('Advertiser', url('placements.slotCatalogue', 'sort=name&order=asc&page=1&pageSize=20')),
  'advAdSlotManagement/validation': only(
    'Advertiser',
    url('placements.slotFit', 'page=1&pageSize=10'),
    url('campaigns.campaignList', 'status=scheduled%2Cactive%2Cpaused&sort=name&order=asc&page=1&pageSize=200'),
  ),
  'advAdSlotManagement/disapprovedPlacement': only('Advertiser', url('placements.rejectedPlacements', 'page=1&pageSize=20')),
  'adSlotManagement/review': [
    ...only('Publisher', url('adSlots.adSlotList', 'sort=updatedAt&order=desc&page=1&pageSize=20')),
    ...only('MsInternal', ...queue('adSlots.adSlotList')),
  ],
  'adSlotManagement/validation': only('Publisher', url('adSlots.adSlotList', 'status=approved%2Clive%2Cpaused&sort=name&order=asc&page=1&pageSize=10')),
  'adPlacementManagement/review': only(
    'Publisher',
    url('placements.placementList', 'sort=createdAt&order=desc&page=1&pageSize=20'),
    url('placements.placementList', 'status=pending&sort=createdAt&order=desc&page=1&pageSize=1'),
    LIVE_SLOTS,
    url('placements.placementAdvertisers'),
  ),
  'adPlacementManagement/validation': only('Publisher', url('placements.placementHealth', 'page=1&pageSize=20'), LIVE_SLOTS),
  videoLibrary: [url('storageUsage.videoStorageUsage'), url('videos.seriesList'), VIDEO_LIST],
  'accountManagement/advertiser': only('MsInternal', accounts('advertiser')),
  'accountManagement/publisher': only('MsInternal', accounts('publisher')),
  'accountManagement/msInternal': only('MsInternal', accounts('internal')),
  // Staff open on the pending publication requests (and their count), publishers on all theirs.
  'publisherContent/requestApprovals': [
    ...only(
      'MsInternal',
      url('publisherContent.contentRequestList', 'status=pending&sort=submittedAt&order=desc&page=1&pageSize=20'),
      url('publisherContent.contentRequestList', 'status=pending&sort=submittedAt&order=desc&page=1&pageSize=1'),
    ),
    ...only('Publisher', url('publisherContent.contentRequestList', 'sort=submittedAt&order=desc&page=1&pageSize=20')),
  ],
  'publisherContent/contentReview': only('MsInternal', REVIEW_QUEUE),
  // Staff open on the pending queue (and its count); requesters on all their account's requests.
  'requestManagement/statusManagement': [
    ...only('MsInternal', url('statusChanges.statusChangeList', 'status=pending&sort=requestedAt&order=desc&page=1&pageSize=20'), url('statusChanges.statusChangeList', 'status=pending&sort=requestedAt&order=desc&page=1&pageSize=1')),
    { url: url('statusChanges.statusChangeList', 'sort=requestedAt&order=desc&page=1&pageSize=20'), roles: ['Advertiser', 'Publisher'] },
  ],
};

/**
 * Route pattern → the early call whose first items' pictures are the page's largest paint: as soon
 * as it answers, route-preload.js preloads the `field` (a signed link) of its first `count` items,
 * so they come down beside the page's code instead of after its first render. `count` is the cards
 * a grid loads eagerly (its first row at the widest layout), the first of them at high priority.
 */
export interface EarlyImages {
  url: string;
  /** The item's field holding the link; a dotted path reaches into an object (`video.posterUrl`). */
  field: string;
  count: number;
}
export const EARLY_IMAGES: Record<string, EarlyImages> = {
  'assetLibrary/imageGallery': { url: IMAGE_LIST, field: 'thumbnailUrl', count: 6 },
  videoLibrary: { url: VIDEO_LIST, field: 'posterUrl', count: 4 },
  'publisherContent/contentReview': { url: REVIEW_QUEUE, field: 'video.posterUrl', count: 1 },
};
