import {
  adSlotList,
  decidePlacements,
  placementAdvertisers,
  placementHealth,
  placementList,
  type AdSlot,
  type Placement,
  type PlacementHealth,
  type Power,
} from '@ads/contracts';
import { fakeEndpoint, fakeFetch, json } from '../../../test/fake-fetch';
import { renderPages } from '../../../test/render';
import PlacementReviewPage from '../pages/placement-review-page';
import PlacementValidationPage from '../pages/placement-validation-page';

// Component tests of Placement Review and Placement Validation: a small in-memory server answering
// the contracts' calls, holding the placements as decisions change them.

const NOW = '2026-11-20T10:00:00.000Z';

export { anAdSlot } from '../../../test/fixtures';

export const aSlotRef = (id: number, overrides: Partial<Placement['slot']> = {}): Placement['slot'] => ({
  id,
  name: `Slot ${id}`,
  code: `slot-${id}`,
  format: 'banner',
  width: 728,
  height: 90,
  propertyName: 'Fabrikam News',
  status: 'live',
  ...overrides,
});

/** An approved image ad of the "Spring coffee" campaign, 728 × 90, with signed-looking links. */
export const anAd = (id: number, overrides: Partial<Placement['ad']> = {}): Placement['ad'] => ({
  id,
  headline: `Ad ${id}`,
  description: 'Fresh roasts every morning.',
  landingUrl: `https://shop.contoso.test/spring/${id}?utm_source=ads`,
  campaign: { id: 30, name: 'Spring coffee' },
  creative: {
    kind: 'image',
    id: 500 + id,
    name: `banner-${id}.png`,
    width: 728,
    height: 90,
    bytes: 40_000,
    previewUrl: `/api/Image/File?id=${500 + id}&variant=thumbnail&exp=1&sig=x`,
    url: `/api/Image/File?id=${500 + id}&exp=1&sig=x`,
  },
  ...overrides,
});

const CONTOSO = { id: 1, name: 'Contoso Coffee' };

/** A placement waiting for review on slot 1. */
export const aPlacement = (id: number, overrides: Partial<Placement> = {}): Placement => ({
  id,
  status: 'pending',
  reason: null,
  decidedAt: null,
  decidedBy: null,
  slot: aSlotRef(1),
  advertiser: CONTOSO,
  ad: anAd(id),
  createdAt: NOW,
  version: 1,
  ...overrides,
});

/** A live placement on slot 1 that nothing was delivered to yet. */
export const aHealthRow = (id: number, overrides: Partial<PlacementHealth> = {}): PlacementHealth => ({
  id,
  slot: aSlotRef(1),
  advertiser: CONTOSO,
  ad: anAd(id),
  impressions: 0,
  clicks: 0,
  ctr: null,
  slotCtr: null,
  flag: null,
  ...overrides,
});

export const PLACEMENT_PATHS = {
  list: placementList.path,
  advertisers: placementAdvertisers.path,
  decide: decidePlacements.path,
  health: placementHealth.path,
  slots: adSlotList.path,
};

export const DECIDER = { id: 7, name: 'Parker Publisher' };

const page = <T,>(items: T[], current: number, size: number) => ({ items: items.slice((current - 1) * size, current * size), total: items.length, page: current, pageSize: size });

/**
 * Placements (filtered by status, slot, advertiser and search, newest first, paged) that decisions
 * change all or none, their health rows, and the publisher's slots for the slot filter.
 */
export function fakePlacementServer({ placements: initial = [] as Placement[], health = [] as PlacementHealth[], slots = [] as AdSlot[] } = {}) {
  // Copies: a test's changes never reach the fixtures another test starts from.
  const placements = structuredClone(initial);
  const server = fakeFetch({
    ...fakeEndpoint(placementList, ({ search, status, slot, advertiser, page: current, pageSize }) => {
      const needle = search?.toLowerCase();
      const items = placements
        .filter((row) => !status?.length || status.includes(row.status))
        .filter((row) => !slot || row.slot.id === slot)
        .filter((row) => !advertiser || row.advertiser.id === advertiser)
        .filter((row) => !needle || [row.ad.headline ?? '', row.ad.campaign.name, row.advertiser.name].some((text) => text.toLowerCase().includes(needle)))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return page(items, current, pageSize);
    }),
    ...fakeEndpoint(placementAdvertisers, () => ({
      items: [...new Map(placements.map((row) => [row.advertiser.id, row.advertiser])).values()].sort((a, b) => a.name.localeCompare(b.name)),
    })),
    ...fakeEndpoint(decidePlacements, (input) => {
      const rows = input.items.map(({ id, version }) => placements.find((row) => row.id === id && row.version === version));
      // All or none, as the server's transaction.
      if (rows.some((row) => !row)) return json(409, { errorCode: 'STALE_VERSION', error: 'A placement was changed meanwhile.' });
      const reason = input.decision === 'reject' ? input.reason : null;
      for (const row of rows as Placement[]) {
        Object.assign(row, { status: input.decision === 'approve' ? 'approved' : 'rejected', reason, decidedAt: NOW, decidedBy: DECIDER, version: row.version + 1 });
      }
      return { items: rows as Placement[] };
    }),
    ...fakeEndpoint(placementHealth, ({ slot, flagged, page: current, pageSize }) => {
      const items = health.filter((row) => !slot || row.slot.id === slot).filter((row) => !flagged || row.flag !== null);
      const sum = (key: 'impressions' | 'clicks') => health.reduce((total, row) => total + row[key], 0);
      return {
        ...page(items, current, pageSize),
        summary: { live: health.length, served: health.filter((row) => row.impressions > 0).length, flagged: health.filter((row) => row.flag).length, impressions: sum('impressions'), clicks: sum('clicks') },
      };
    }),
    ...fakeEndpoint(adSlotList, ({ status, page: current, pageSize }) => page(slots.filter((slot) => !status?.length || status.includes(slot.status)), current, pageSize)),
  });
  return { ...server, placements };
}

const POWERS: Power[] = ['adslot.read', 'adslot.write', 'placement.review'];
const PUBLISHER = { role: 'Publisher', accountKind: 'publisher', accountId: 2, accountName: 'Fabrikam News', email: 'publisher@demo.test', currency: 'USD' } as const;

/** Placement Review in a memory router, for a publisher. */
export const renderPlacementReview = (query = '') =>
  renderPages({
    routes: [{ path: '/adPlacementManagement/review', element: <PlacementReviewPage /> }],
    path: `/adPlacementManagement/review${query}`,
    powers: POWERS,
    user: PUBLISHER,
  });

/** Placement Validation in a memory router, for a publisher. */
export const renderPlacementHealth = (query = '') =>
  renderPages({
    routes: [{ path: '/adPlacementManagement/validation', element: <PlacementValidationPage /> }],
    path: `/adPlacementManagement/validation${query}`,
    powers: POWERS,
    user: PUBLISHER,
  });

export { searchOf } from '../../../test/render';

export { dialogTitled } from '../../../test/fixtures';
