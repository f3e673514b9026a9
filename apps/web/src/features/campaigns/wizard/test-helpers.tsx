import {
  campaignDetail,
  campaignForecast,
  imageList,
  saveCampaignDraft,
  slotCatalogue,
  submitCampaign,
  type CampaignDetail,
  type CampaignForecast,
  type CatalogueSlot,
  type CampaignStatus,
  type EndpointRequest,
  type Image,
  type Power,
} from '@ads/contracts';
import { Link, Outlet } from '../../../shared/router/router';
import { vi } from 'vitest';
import { fakeEndpoint, fakeFetch, json } from '../../../test/fake-fetch';
import { anImage as aLibraryImage } from '../../../test/fixtures';
import { renderPages } from '../../../test/render';
import CampaignCreatePage from '../pages/campaign-create-page';

// Component tests of the wizard: a small in-memory campaigns server behind fetch, the page in a
// memory router under a layout with a menu link (the way out the unsaved-changes prompt guards).

const NOW = '2026-11-01T10:00:00.000Z';
type SaveRequest = EndpointRequest<typeof saveCampaignDraft>;

/** The detail the server answers for a saved document. */
export function aDetail(id: number, document: Partial<SaveRequest> = {}, overrides: Partial<CampaignDetail> = {}): CampaignDetail {
  let nextId = id * 100;
  return {
    id,
    accountId: 1,
    accountName: 'Contoso Coffee',
    currency: 'USD',
    name: document.name ?? 'Untitled campaign',
    status: 'draft',
    objective: document.objective ?? null,
    dailyBudgetMinor: document.dailyBudgetMinor ?? null,
    totalBudgetMinor: document.totalBudgetMinor ?? null,
    spentMinor: 0,
    impressions: 0,
    clicks: 0,
    ctr: 0,
    startAt: document.startAt ?? null,
    endAt: document.endAt ?? null,
    bidStrategy: document.bidStrategy ?? null,
    maxBidMinor: document.maxBidMinor ?? null,
    reviewOutcome: null,
    reviewReason: null,
    submittedAt: null,
    adCount: 0,
    adsToReview: 0,
    version: 1,
    createdAt: NOW,
    updatedAt: NOW,
    dayparting: document.dayparting ?? [],
    frequencyCap: document.frequencyCap ?? null,
    reviews: [],
    adGroups: (document.adGroups ?? []).map((group) => {
      const groupId = group.id ?? ++nextId;
      return {
        id: groupId,
        campaignId: id,
        name: group.name ?? null,
        regions: group.regions ?? [],
        devices: group.devices ?? [],
        slotMode: group.slotMode ?? 'all',
        slotIds: group.slotIds ?? [],
        // The wizard names chosen slots from the catalogue, not from these.
        slots: [],
        bidOverrideMinor: group.bidOverrideMinor ?? null,
        ads: (group.ads ?? []).map((ad) => ({
          id: ad.id ?? ++nextId,
          campaignId: id,
          adGroupId: groupId,
          format: ad.format ?? null,
          imageId: ad.imageId ?? null,
          videoId: ad.videoId ?? null,
          creative: null,
          headline: ad.headline ?? null,
          description: ad.description ?? null,
          landingUrl: ad.landingUrl ?? null,
          reviewOutcome: null,
          reviewReason: null,
          change: null,
        })),
      };
    }),
    ...overrides,
  };
}

/** A forecast as the server answers it: `impressions` expected a day, the range ±20 %. */
export const aForecast = (impressions = 1200, overrides: Partial<CampaignForecast> = {}): CampaignForecast => ({
  currency: 'USD',
  days: 14,
  eligibleSlots: 2,
  matchingSlots: 2,
  dailyRequests: 1500,
  impressions: { low: impressions * 0.8, expected: impressions, high: impressions * 1.2 },
  clicks: { low: impressions * 0.008, expected: impressions * 0.01, high: impressions * 0.012 },
  spendMinor: { low: impressions * 0.2, expected: impressions * 0.25, high: impressions * 0.3 },
  flight: null,
  warnings: [],
  ...overrides,
});

export const anImage = (id: number, name = `image-${id}.png`) => aLibraryImage(id, { name, reviewStatus: 'approved', bytes: 2048 });

/** A live banner slot of the catalogue, allowed for the account unless `disapproval` says. */
export const aSlot = (id: number, name: string, overrides: Partial<CatalogueSlot> = {}): CatalogueSlot => ({
  id,
  name,
  publisher: { id: 3, name: 'Daily Brew Media' },
  platform: 'site',
  propertyName: 'dailybrew.example',
  propertyId: 'dailybrew.example',
  position: 'header',
  format: 'banner',
  width: 728,
  height: 90,
  floorCpmMinor: 150,
  currency: 'USD',
  placements: 0,
  dailyRequests: 0,
  disapproval: null,
  ...overrides,
});

/** What the catalogue matches a search against (the server's: slot, site or app, publisher). */
const slotMatches = (slot: CatalogueSlot, search: string) =>
  [slot.name, slot.propertyName, slot.publisher.name].some((text) => text.toLowerCase().includes(search.toLowerCase()));

/**
 * Campaigns kept in memory: SaveDraft creates or updates (with version checks) and refuses slots
 * the catalogue does not allow, as the server does; Submit sends to review.
 */
export function fakeCampaignServer({ campaigns = [] as CampaignDetail[], images = [] as Image[], slots = [] as CatalogueSlot[] } = {}) {
  const store = new Map(campaigns.map((campaign) => [campaign.id, campaign]));
  const allowed = slots.filter((slot) => slot.disapproval === null);
  let nextId = 41;
  const server = fakeFetch({
    ...fakeEndpoint(campaignDetail, ({ id }) => store.get(id) ?? json(404, { errorCode: 'NOT_FOUND', error: 'The campaign was not found.' })),
    ...fakeEndpoint(saveCampaignDraft, ({ id, version, ...document }) => {
      const existing = id ? store.get(id) : undefined;
      if (id && !existing) return json(404, { errorCode: 'NOT_FOUND', error: 'The campaign was not found.' });
      if (existing && existing.version !== version) return json(409, { errorCode: 'STALE_VERSION', error: 'The campaign was changed by someone else.' });
      const refused = Object.fromEntries(
        document.adGroups.flatMap((group, g) =>
          group.slotIds.some((slotId) => !allowed.some((slot) => slot.id === slotId)) ? [[`adGroups.${g}.slotIds`, 'This ad slot is not available.']] : [],
        ),
      );
      if (Object.keys(refused).length) return json(400, { errorCode: 'VALIDATION_FAILED', error: 'Please check the campaign.', fields: refused });
      const saved = aDetail(existing?.id ?? ++nextId, document, { version: (existing?.version ?? 0) + 1, status: existing?.status ?? 'draft' });
      store.set(saved.id, saved);
      return saved;
    }),
    ...fakeEndpoint(submitCampaign, ({ id, version }) => {
      const existing = store.get(id);
      if (!existing) return json(404, { errorCode: 'NOT_FOUND', error: 'The campaign was not found.' });
      if (existing.version !== version) return json(409, { errorCode: 'STALE_VERSION', error: 'The campaign was changed by someone else.' });
      const submitted = { ...existing, status: 'pending_review' as CampaignStatus, version: version + 1 };
      store.set(id, submitted);
      return submitted;
    }),
    ...fakeEndpoint(slotCatalogue, ({ search, state, page, pageSize }) => {
      const items = slots
        .filter((slot) => !search || slotMatches(slot, search))
        .filter((slot) => !state || (state === 'allowed') === (slot.disapproval === null))
        .sort((a, b) => a.name.localeCompare(b.name));
      return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize };
    }),
    ...fakeEndpoint(campaignForecast, () => aForecast()),
    ...fakeEndpoint(imageList, ({ search, page = 1, pageSize = 24 }) => {
      const items = images.filter((image) => !search || image.name.includes(search));
      return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize };
    }),
  });
  return { ...server, store };
}

function Layout() {
  return (
    <div>
      <nav>
        <Link to="/campaign/list">Campaign list</Link>
      </nav>
      <Outlet />
    </div>
  );
}

/** The wizard at `path` (campaign/create, with ?id= to edit) under a menu, signed in as an advertiser. */
export function renderWizard(
  path = '/campaign/create',
  {
    powers = ['campaign.read', 'campaign.write', 'asset.read', 'asset.write'] as Power[],
    currency = 'USD',
    listLoaded,
  }: {
    powers?: Power[];
    currency?: string;
    /** The list page loads lazily, as in the app, until this settles: the wizard stays meanwhile. */
    listLoaded?: Promise<void>;
  } = {},
) {
  const list = { path: '/campaign/list', element: <h1>The campaign list</h1> };
  return renderPages({
    routes: [
      {
        element: <Layout />,
        children: [
          { path: '/campaign/create', element: <CampaignCreatePage /> },
          listLoaded ? { path: list.path, lazy: async () => (await listLoaded, { element: list.element }) } : list,
        ],
      },
    ],
    path,
    powers,
    user: { token: 'tok-a', currency },
  });
}

export { dialogTitled } from '../../../test/fixtures';

/** XMLHttpRequest that answers every upload at once with `answer(file)` (status and body). */
export function installUploadXhr(answer: (file: File) => { status: number; body: unknown }) {
  const sent: { url: string; file: File }[] = [];
  class UploadXhr {
    url = '';
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {}
    send(body: FormData) {
      const file = body.get('file') as File;
      sent.push({ url: this.url, file });
      const { status, body: reply } = answer(file);
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: file.size, total: file.size } as ProgressEvent);
        this.status = status;
        this.responseText = JSON.stringify(reply);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', UploadXhr);
  return sent;
}
