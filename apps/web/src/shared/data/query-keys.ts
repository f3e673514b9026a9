// One registry of the query keys' scopes. A feature keys each query under one of these (its
// lists, details …) and a mutation names the scopes it makes stale, so one feature refreshes
// another's queries (a restore from the bin brings videos back) without importing that feature.
// Invalidating a scope reaches every key that starts with it. Kept to plain arrays: the bell on
// every page reads this module, and the landing page's JavaScript must stay small.

export const queryKeys = {
  assets: ['assets'],
  folders: ['assets', 'folders'],
  /** Lists, details, rejected images and usage of images. */
  images: ['assets', 'images'],
  /** The recycle bin: images, folders and videos (the Recycle Bin page and the video library's bin). */
  recycle: ['assets', 'recycle'],
  videos: ['videos'],
  series: ['videos', 'series'],
  /** Lists, details, series orders and usage of videos. */
  videoItems: ['videos', 'video'],
  /** Campaign lists, details, ad groups and ads (the ads showing an image are its usage). */
  campaigns: ['campaigns'],
  /** Ad slots (lists, details with their review history) and everything below. */
  adSlots: ['adSlots'],
  /** The publisher's placements (review and health). */
  placements: ['adSlots', 'placements'],
  /** The advertiser's side: the slot catalogue, fits, disapproved slots and rejected placements. */
  slotChoices: ['adSlots', 'choices'],
  /** Data insights' reports. */
  insights: ['insights'],
  /** The overview dashboards (every figure, status and queue they show). */
  overview: ['overview'],
  /** Staff's account management: accounts (lists, details) and their users. */
  accounts: ['accounts'],
  /** Status change requests (lists, details, an entity's pending one). */
  statusChanges: ['statusChanges'],
  /** Content publication requests (lists, details, the review queue, a series' preview) and policy reasons. */
  publisherContent: ['publisherContent'],
  /** The signed-in user's own profile (the header's profile page). */
  profile: ['profile'],
  notifications: ['notifications'],
  /** The Action Center's pages of notifications (the poll is one). */
  notificationLists: ['notifications', 'list'],
} as const;
