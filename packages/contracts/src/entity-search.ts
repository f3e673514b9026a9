// Zod-free, for the shell's header search (the landing page's JavaScript carries no zod): the list
// calls it asks, and the pages that open what it finds. The list endpoints take their paths from here.

export const ENTITY_SEARCH = {
  image: { path: '/api/Image/List', page: 'assetLibrary/imageGallery', param: 'image' },
  video: { path: '/api/Video/List', page: 'videoLibrary', param: 'video' },
} as const;
export type SearchableEntity = keyof typeof ENTITY_SEARCH;

/** Results of each kind the header shows; the query needs this many characters before it asks. */
export const ENTITY_SEARCH_LIMIT = 5;
export const ENTITY_SEARCH_MIN_CHARS = 2;
