// One registry of the query keys' scopes. A feature keys each query under one of these (its
// lists, details …), and each scope declares the kinds of things its queries show (`SHOWN_BY`). A
// mutation names the kinds it changes (`changes: ['campaign']`), and every scope that shows one is
// refetched: a pause refreshes the campaign lists and drawers, the overview and the reports, without
// the campaigns feature knowing them. Invalidating a scope reaches every key that starts with it.
// Kept to plain arrays: the bell on every page reads this module, and the landing page's JavaScript
// must stay small.

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
  /** The advertiser's conversion tag and the conversions it reported. */
  conversions: ['conversions'],
  /** The signed-in user's own profile (the header's profile page). */
  profile: ['profile'],
  notifications: ['notifications'],
  /** The Action Center's pages of notifications (the poll is one). */
  notificationLists: ['notifications', 'list'],
} as const;

/** The kinds of things the console changes; a mutation names those it changes. */
export type EntityKind =
  | 'campaign'
  | 'image'
  | 'folder'
  | 'video'
  | 'series'
  | 'adSlot'
  | 'placement'
  | 'slotChoice'
  | 'account'
  | 'statusChange'
  | 'contentRequest';

type ScopeName = keyof typeof queryKeys;

/**
 * Which kinds each scope's queries show (its own and what they count, name or depend on). A scope
 * left out shows only what mutations name it for with `invalidates`.
 */
export const SHOWN_BY: Partial<Record<ScopeName, readonly EntityKind[]>> = {
  // Ads show creatives; a campaign's drawer shows its placements and why it delivers.
  campaigns: ['campaign', 'image', 'video', 'placement', 'adSlot', 'slotChoice'],
  folders: ['folder'],
  // An image's usage names the ads showing it; its review status comes from campaign reviews.
  images: ['image', 'folder', 'campaign'],
  recycle: ['image', 'folder', 'video', 'series'],
  series: ['series', 'video', 'contentRequest'],
  videoItems: ['video', 'series', 'campaign', 'contentRequest'],
  adSlots: ['adSlot', 'placement', 'slotChoice'],
  // Placements follow their ads' campaigns and their slots.
  placements: ['placement', 'adSlot', 'campaign', 'slotChoice'],
  slotChoices: ['slotChoice', 'adSlot', 'placement', 'campaign'],
  insights: ['campaign', 'adSlot', 'placement'],
  // The dashboards count campaigns, slots, placements and creatives, and list what waits for review.
  overview: ['campaign', 'adSlot', 'placement', 'image', 'video', 'account', 'statusChange', 'contentRequest'],
  accounts: ['account', 'statusChange'],
  statusChanges: ['statusChange', 'campaign', 'adSlot', 'account'],
  publisherContent: ['contentRequest', 'video', 'series'],
};

/** The scopes whose queries show any of `kinds`. */
export function scopesShowing(kinds: readonly EntityKind[]): (readonly string[])[] {
  return (Object.keys(SHOWN_BY) as ScopeName[]).filter((scope) => SHOWN_BY[scope]!.some((kind) => kinds.includes(kind))).map((scope) => queryKeys[scope]);
}
