import { ENDPOINTS } from './endpoints';

// Zod-free, for the shell's header search (the landing page's JavaScript carries no zod): the list
// calls it asks, and the pages that open what it finds (`param` is that page's URL query
// parameter). The paths are the list endpoints' (ENDPOINTS).
//
// `alsoPages`: other pages that open the same kind the same way (for users without `page`).
// `search: 'server'`: the call filters by name (`search`, `pageSize`). `search: 'local'`: the call
// answers the caller's whole list ({items}), which is short (folders, series), and the header
// filters it by name itself.

export const ENTITY_SEARCH = {
  // Publishers open their slots on Ad Slot Review, staff theirs to review on the same route.
  adSlot: { path: ENDPOINTS['adSlots.adSlotList'].path, page: 'adSlotManagement/review', param: 'slot', search: 'server' },
  // Staff have no campaign list: they open campaigns on their review page.
  campaign: { path: ENDPOINTS['campaigns.campaignList'].path, page: 'campaign/list', alsoPages: ['advertiserCampaign'], param: 'campaign', search: 'server' },
  folder: { path: ENDPOINTS['assets.folderTree'].path, page: 'assetLibrary/imageGallery', param: 'folder', search: 'local' },
  image: { path: ENDPOINTS['assets.imageList'].path, page: 'assetLibrary/imageGallery', param: 'image', search: 'server' },
  series: { path: ENDPOINTS['videos.seriesList'].path, page: 'videoLibrary', param: 'series', search: 'local' },
  video: { path: ENDPOINTS['videos.videoList'].path, page: 'videoLibrary', param: 'video', search: 'server' },
} as const;
/** In the order the header shows their groups. */
export type SearchableEntity = keyof typeof ENTITY_SEARCH;

/** Results of each kind the header shows; the query needs this many characters before it asks. */
export const ENTITY_SEARCH_LIMIT = 5;
export const ENTITY_SEARCH_MIN_CHARS = 2;
