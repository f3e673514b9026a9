import type { EndpointKey } from './endpoints';

// Zod-free, for the shell's header search (the landing page's JavaScript carries no zod): the list
// calls it asks, and the pages that open what it finds (`param` is that page's URL query
// parameter). `endpoint` is the list call's key in ENDPOINTS.
//
// `alsoPages`: other pages that open the same kind the same way (for users without `page`).
// `search: 'server'`: the call filters by name (`search`, `pageSize`). `search: 'local'`: the call
// answers the caller's whole list ({items}), which is short (folders, series), and the header
// filters it by name itself.

export const ENTITY_SEARCH = {
  // Publishers open their slots on Ad Slot Review, staff theirs to review on the same route.
  adSlot: { endpoint: 'adSlots.adSlotList', page: 'adSlotManagement/review', param: 'slot', search: 'server' },
  // Staff have no campaign list: they open campaigns on their review page.
  campaign: { endpoint: 'campaigns.campaignList', page: 'campaign/list', alsoPages: ['advertiserCampaign'], param: 'campaign', search: 'server' },
  folder: { endpoint: 'assets.folderTree', page: 'assetLibrary/imageGallery', param: 'folder', search: 'local' },
  image: { endpoint: 'assets.imageList', page: 'assetLibrary/imageGallery', param: 'image', search: 'server' },
  series: { endpoint: 'videos.seriesList', page: 'videoLibrary', param: 'series', search: 'local' },
  video: { endpoint: 'videos.videoList', page: 'videoLibrary', param: 'video', search: 'server' },
} as const satisfies Record<string, { endpoint: EndpointKey; page: string; alsoPages?: readonly string[]; param: string; search: 'server' | 'local' }>;
/** In the order the header shows their groups. */
export type SearchableEntity = keyof typeof ENTITY_SEARCH;

/** Results of each kind the header shows; the query needs this many characters before it asks. */
export const ENTITY_SEARCH_LIMIT = 5;
export const ENTITY_SEARCH_MIN_CHARS = 2;
