import {
  campaignList,
  disapproveSlots,
  disapprovedSlots,
  rejectedPlacements,
  restoreSlots,
  slotCatalogue,
  slotFit,
  type CampaignSummary,
  type CatalogueSlot,
  type Power,
  type RejectedPlacement,
  type SlotFit,
} from '@ads/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeEndpoint, fakeFetch, json } from '../../../test/fake-fetch';
import { renderPages } from '../../../test/render';
import DisapprovedPlacementPage from '../pages/disapproved-placement-page';
import SlotReviewPage from '../pages/slot-review-page';
import SlotValidationPage from '../pages/slot-validation-page';

// Component tests of the advertiser's slot pages: a small in-memory server answering the contracts'
// calls (the real module is written against the same contracts), holding the disapprovals as they change.

export const NOW = '2026-11-20T10:00:00.000Z';
const AVERY = { id: 5, name: 'Avery' };

export const aSlot = (id: number, overrides: Partial<CatalogueSlot> = {}): CatalogueSlot => ({
  id,
  name: `Slot ${id}`,
  publisher: { id: 2, name: 'Fabrikam News' },
  platform: 'site',
  propertyName: 'Fabrikam News',
  propertyId: 'news.fabrikam.test',
  position: 'header',
  format: 'banner',
  width: 728,
  height: 90,
  floorCpmMinor: 250,
  currency: 'USD',
  placements: 0,
  dailyRequests: 0,
  disapproval: null,
  ...overrides,
});

export const disapproval = (reason: string, at = NOW) => ({ reason, at, by: AVERY });

type Creative = NonNullable<SlotFit['ad']['creative']>;

export const anImage = (id: number, overrides: Partial<Creative> = {}): Creative => ({
  kind: 'image',
  id,
  name: `image-${id}.png`,
  width: 728,
  height: 90,
  bytes: 40 * 1024,
  previewUrl: `/api/Image/File?id=${id}&variant=thumbnail&exp=1&sig=x`,
  url: `/api/Image/File?id=${id}&exp=1&sig=x`,
  ...overrides,
});

const fitSlot = (slot: CatalogueSlot): SlotFit['slot'] => ({
  id: slot.id,
  name: slot.name,
  code: `slot-${slot.id}`,
  format: slot.format,
  width: slot.width,
  height: slot.height,
  propertyName: slot.propertyName,
  status: 'live',
  publisher: slot.publisher,
});

/** An ad of campaign 7 on `slot`; every check passes unless `failing` names some. */
export function aFit(adId: number, slot: CatalogueSlot, { creative = anImage(100 + adId), failing = [] as SlotFit['checks'][number]['key'][], campaign = { id: 7, name: 'Spring sale' }, headline = `Headline ${adId}` } = {}): SlotFit {
  return {
    ad: { id: adId, headline, description: null, landingUrl: 'https://www.example.com', campaign, creative },
    slot: fitSlot(slot),
    fits: failing.length === 0,
    checks: (['format', 'size', 'weight'] as const).map((key) => ({ key, passed: !failing.includes(key) })),
  };
}

export const aRejection = (id: number, slot: CatalogueSlot, overrides: Partial<RejectedPlacement> = {}): RejectedPlacement => ({
  id,
  slot: { ...fitSlot(slot) },
  advertiser: { id: 1, name: 'Contoso Coffee' },
  publisher: slot.publisher,
  ad: aFit(id, slot).ad,
  status: 'rejected',
  reason: 'Competes with our own offer.',
  decidedAt: NOW,
  decidedBy: { id: 9, name: 'Parker Publisher' },
  createdAt: NOW,
  version: 2,
  ...overrides,
});

export const aCampaign = (id: number, name: string): CampaignSummary => ({
  id,
  accountId: 1,
  accountName: 'Contoso Coffee',
  currency: 'USD',
  name,
  status: 'active',
  objective: 'traffic',
  dailyBudgetMinor: 5_000,
  totalBudgetMinor: 150_000,
  spentMinor: 0,
  impressions: 0,
  clicks: 0,
  ctr: 0,
  startAt: NOW,
  endAt: null,
  bidStrategy: 'cpc',
  maxBidMinor: 120,
  reviewOutcome: 'approved',
  reviewReason: null,
  submittedAt: NOW,
  adCount: 1,
  adsToReview: 0,
  version: 1,
  createdAt: NOW,
  updatedAt: NOW,
});

const page = <T,>(items: readonly T[], { page, pageSize }: { page: number; pageSize: number }) => ({
  items: items.slice((page - 1) * pageSize, page * pageSize),
  total: items.length,
  page,
  pageSize,
});

/**
 * The catalogue (searched, filtered, sorted and paged), disapprovals and restores of its slots, the
 * fits, the rejected placements and the campaigns listed for the fit page's filter.
 */
export function fakeChoicesServer({
  slots: initial = [] as CatalogueSlot[],
  fits = [] as SlotFit[],
  rejected = [] as RejectedPlacement[],
  campaigns = [aCampaign(7, 'Spring sale')] as CampaignSummary[],
} = {}) {
  // Copies: a test's changes never reach the fixtures another test starts from.
  const slots = structuredClone(initial);
  const find = (id: number) => slots.find((slot) => slot.id === id);
  const missing = (ids: number[]) => ids.some((id) => !find(id));
  const notFound = () => json(404, { errorCode: 'NOT_FOUND', error: 'The ad slot was not found.' });
  const server = fakeFetch({
    ...fakeEndpoint(slotCatalogue, ({ search, format, size, state, sort, order, ...paging }) => {
      let items = slots;
      if (search) items = items.filter((slot) => [slot.name, slot.propertyName, slot.propertyId, slot.publisher.name].some((text) => text.toLowerCase().includes(search.toLowerCase())));
      if (format) items = items.filter((slot) => slot.format === format);
      if (size) items = items.filter((slot) => `${slot.width}x${slot.height}` === size);
      if (state) items = items.filter((slot) => (state === 'disapproved') === !!slot.disapproval);
      const value = (slot: CatalogueSlot) => (sort === 'name' ? slot.name : slot[sort]);
      items = [...items].sort((a, b) => (value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : 0) * (order === 'asc' ? 1 : -1));
      return page(items, paging);
    }),
    ...fakeEndpoint(disapproveSlots, ({ slotIds, reason }) => {
      if (missing(slotIds)) return notFound();
      return { items: slotIds.map((id) => Object.assign(find(id)!, { disapproval: disapproval(reason) })) };
    }),
    ...fakeEndpoint(restoreSlots, ({ slotIds }) => {
      if (missing(slotIds)) return notFound();
      const restored = slotIds.filter((id) => find(id)!.disapproval);
      restored.forEach((id) => (find(id)!.disapproval = null));
      return { restored: restored.length };
    }),
    ...fakeEndpoint(disapprovedSlots, (paging) =>
      page(
        slots.filter((slot) => slot.disapproval).map((slot) => ({ ...slot, status: 'live' as const, disapproval: slot.disapproval! })),
        paging,
      ),
    ),
    ...fakeEndpoint(slotFit, ({ fits: fitting, campaign, slot, ...paging }) => {
      const scoped = fits.filter((fit) => (!campaign || fit.ad.campaign.id === campaign) && (!slot || fit.slot.id === slot));
      const items = fitting === undefined ? scoped : scoped.filter((fit) => fit.fits === fitting);
      return { ...page(items, paging), summary: { fits: scoped.filter((fit) => fit.fits).length, misfits: scoped.filter((fit) => !fit.fits).length } };
    }),
    ...fakeEndpoint(rejectedPlacements, (paging) => page(rejected, paging)),
    ...fakeEndpoint(campaignList, ({ status, ...paging }) => {
      const listed = page(campaigns.filter((campaign) => !status || status.includes(campaign.status)), paging);
      return { ...listed, items: listed.items.map((campaign) => ({ ...campaign, figures: null })), figures: null };
    }),
  });
  return { ...server, slots };
}

export const PATHS = {
  catalogue: slotCatalogue.path,
  disapprove: disapproveSlots.path,
  restore: restoreSlots.path,
  disapproved: disapprovedSlots.path,
  fit: slotFit.path,
  rejected: rejectedPlacements.path,
  campaigns: campaignList.path,
};

const WRITER: Power[] = ['campaign.read', 'campaign.write'];

/** The three pages in a memory router (and the pages they link to), for an advertiser who may write unless told. */
export function renderChoices(path: string, { powers = WRITER }: { powers?: Power[] } = {}) {
  return renderPages({
    routes: [
      { path: '/advAdSlotManagement/review', element: <SlotReviewPage /> },
      { path: '/advAdSlotManagement/validation', element: <SlotValidationPage /> },
      { path: '/advAdSlotManagement/disapprovedPlacement', element: <DisapprovedPlacementPage /> },
      { path: '/campaign/create', element: <h1>Create Campaign</h1> },
    ],
    path,
    powers,
  });
}

export { searchOf } from '../../../test/render';
export { dialogTitled } from '../../../test/fixtures';

/** A table row by the slot or ad name in its first text cell. */
export const rowOf = (name: string) => screen.getByText(name, { selector: '.choice-name' }).closest('tr')!;

/** Picks an option of a segmented control (a radio group whose label takes the pointer). */
export const pickSegment = async (group: string, option: string) =>
  userEvent.click(within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name: option }).closest('label')!);

/** Chooses an option of a filter (a native select) by its label. */
export const choose = async (select: string, option: string) => userEvent.selectOptions(screen.getByRole('combobox', { name: select }), option);

/** Opens a row's "…" menu. */
export async function menuOf(name: string) {
  await userEvent.click(within(rowOf(name)).getByRole('button', { name: `More actions for ${name}` }));
  return waitFor(() => {
    const menu = [...document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) [role=menu]')].at(-1);
    if (!menu) throw new Error('no open menu');
    return menu;
  });
}
