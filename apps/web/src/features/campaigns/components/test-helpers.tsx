import {
  bulkCampaignStatus,
  campaignDelivery,
  campaignDetail,
  campaignList,
  campaignListColumns,
  saveCampaignListColumns,
  deleteCampaign,
  duplicateCampaign,
  pauseCampaign,
  resumeCampaign,
  reviewCampaign,
  submitCampaign,
  type Ad,
  type AdGroup,
  type CampaignDetail,
  type CampaignFigures,
  type CampaignListColumn,
  type CampaignSummary,
  type NamedRange,
  type DeliveryFunnel,
  type Power,
} from '@ads/contracts';
import { fakeEndpoint, fakeFetch, json } from '../../../test/fake-fetch';
import { renderPages } from '../../../test/render';
import AdvertiserCampaignsPage from '../pages/advertiser-campaigns-page';
import CampaignListPage from '../pages/campaign-list-page';

// Component tests of the campaign list and review: a small in-memory server answering the
// contracts' calls (the real module is written against the same contracts).

const NOW = '2026-11-20T10:00:00.000Z';

export const aCampaign = (id: number, overrides: Partial<CampaignSummary> = {}): CampaignSummary => ({
  id,
  accountId: 1,
  accountName: 'Contoso Coffee',
  currency: 'USD',
  name: `Campaign ${id}`,
  status: 'draft',
  objective: 'traffic',
  dailyBudgetMinor: 5_000,
  totalBudgetMinor: 150_000,
  spentMinor: 0,
  impressions: 0,
  clicks: 0,
  ctr: 0,
  startAt: '2026-12-01T00:00:00.000Z',
  endAt: null,
  bidStrategy: 'cpc',
  maxBidMinor: 120,
  reviewOutcome: null,
  reviewReason: null,
  submittedAt: null,
  adCount: 1,
  adsToReview: 0,
  version: 3,
  createdAt: NOW,
  updatedAt: NOW,
  ...overrides,
});

export const anAd = (id: number, overrides: Partial<Ad> = {}): Ad => ({
  id,
  campaignId: 1,
  adGroupId: 1,
  format: 'image',
  imageId: 100 + id,
  videoId: null,
  creative: {
    kind: 'image',
    id: 100 + id,
    name: `banner-${id}.png`,
    width: 300,
    height: 250,
    previewUrl: `/api/Image/File?id=${100 + id}&variant=thumbnail&exp=1&sig=x`,
    url: `/api/Image/File?id=${100 + id}&exp=1&sig=x`,
    reviewStatus: 'unreviewed',
    inRecycleBin: false,
  },
  headline: `Headline ${id}`,
  description: `Description ${id}`,
  landingUrl: `https://www.example.com/offer-${id}`,
  reviewOutcome: 'pending',
  reviewReason: null,
  change: null,
  ...overrides,
});

export const anAdGroup = (id: number, ads: Ad[], overrides: Partial<AdGroup> = {}): AdGroup => ({
  id,
  campaignId: 1,
  name: `Group ${id}`,
  regions: ['US', 'CA'],
  devices: ['mobile'],
  slotMode: 'all',
  slotIds: [],
  slots: [],
  bidOverrideMinor: null,
  ads,
  ...overrides,
});

export const aDetail = (summary: CampaignSummary, overrides: Partial<CampaignDetail> = {}): CampaignDetail => ({
  ...summary,
  dayparting: [],
  frequencyCap: null,
  adGroups: [anAdGroup(1, [anAd(1, { campaignId: summary.id })])],
  reviews: [],
  ...overrides,
});

export const PATHS = {
  list: campaignList.path,
  detail: campaignDetail.path,
  submit: submitCampaign.path,
  duplicate: duplicateCampaign.path,
  pause: pauseCampaign.path,
  resume: resumeCampaign.path,
  remove: deleteCampaign.path,
  review: reviewCampaign.path,
  bulk: bulkCampaignStatus.path,
  listColumns: campaignListColumns.path,
  saveListColumns: saveCampaignListColumns.path,
};

/** A funnel's steps with these counts, in order (targeted, fit, floor, allowed, approved). */
export const funnelSteps = (...counts: [number, number, number, number, number]): DeliveryFunnel['steps'] =>
  (['targeted', 'fit', 'floor', 'allowed', 'approved'] as const).map((key, i) => ({ key, count: counts[i]! }));

/** A funnel where every check passes and nothing is served yet (tests override what they look at). */
export const aFunnel = (campaignId: number, overrides: Partial<DeliveryFunnel> = {}): DeliveryFunnel => ({
  campaignId,
  currency: 'USD',
  liveSlots: 0,
  checks: (['status', 'schedule', 'hours', 'totalBudget', 'dailyBudget'] as const).map((key) => ({ key, passed: true, reason: null, at: null })),
  steps: funnelSteps(0, 0, 0, 0, 0),
  ads: [],
  serving: false,
  invalidTraffic: { impressions: 0, clicks: 0, validImpressions: 0, validClicks: 0, since: '2026-10-21T10:00:00.000Z' },
  ...overrides,
});

/** A campaign's figures for the list's range, from its whole-life counters (tests set those). */
export const figuresOf = (campaign: Pick<CampaignSummary, 'impressions' | 'clicks' | 'spentMinor'> & { conversions?: number; conversionValue?: number }): CampaignFigures => {
  const conversions = campaign.conversions ?? 0;
  return {
    impressions: campaign.impressions,
    clicks: campaign.clicks,
    ctr: campaign.impressions ? campaign.clicks / campaign.impressions : null,
    spend: campaign.spentMinor,
    conversions,
    conversionRate: campaign.clicks ? conversions / campaign.clicks : null,
    costPerConversion: conversions ? campaign.spentMinor / conversions : null,
    conversionValue: campaign.conversionValue ?? 0,
  };
};
const withFigures = (range: NamedRange | undefined) => (campaign: CampaignSummary) => ({ ...campaign, figures: range ? figuresOf(campaign) : null });
/** The list's totals: every matching campaign's figures summed, rates from the sums. */
const listFigures = (items: readonly CampaignSummary[], range: NamedRange | undefined) => {
  if (!range) return null;
  const sum = (pick: (c: CampaignSummary) => number) => items.reduce((total, c) => total + pick(c), 0);
  const totals = figuresOf({ impressions: sum((c) => c.impressions), clicks: sum((c) => c.clicks), spentMinor: sum((c) => c.spentMinor) });
  return { range, from: '2026-11-20', to: '2026-11-26', timeZone: 'UTC', totals };
};

/** Campaigns listed (filtered by status, search and account, paged), their details and delivery funnels. */
export function fakeCampaignServer({
  campaigns = [] as CampaignSummary[],
  details = {} as Record<number, CampaignDetail>,
  funnels = {} as Record<number, DeliveryFunnel>,
  /** The user's saved columns (null: never chosen). */
  listColumns = null as CampaignListColumn[] | null,
} = {}) {
  let savedColumns = { columns: listColumns, version: listColumns ? 1 : 0 };
  const detailOf = (id: number) => details[id] ?? (campaigns.find((campaign) => campaign.id === id) ? aDetail(campaigns.find((campaign) => campaign.id === id)!) : undefined);
  return fakeFetch({
    ...fakeEndpoint(campaignList, ({ page, pageSize, status, search, accountId, range }) => {
      let items = campaigns;
      if (status?.length) items = items.filter((campaign) => status.includes(campaign.status));
      if (search) items = items.filter((campaign) => campaign.name.includes(search));
      if (accountId) items = items.filter((campaign) => campaign.accountId === accountId);
      return { items: items.slice((page - 1) * pageSize, page * pageSize).map(withFigures(range)), total: items.length, page, pageSize, figures: listFigures(items, range) };
    }),
    ...fakeEndpoint(campaignDetail, ({ id }) => detailOf(id) ?? json(404, { errorCode: 'NOT_FOUND', error: 'The campaign was not found.' })),
    ...fakeEndpoint(campaignDelivery, ({ id }) => funnels[id] ?? aFunnel(id)),
    ...fakeEndpoint(pauseCampaign, ({ id }) => ({ ...campaigns.find((campaign) => campaign.id === id)!, status: 'paused' as const })),
    ...fakeEndpoint(resumeCampaign, ({ id }) => ({ ...campaigns.find((campaign) => campaign.id === id)!, status: 'active' as const })),
    ...fakeEndpoint(deleteCampaign, () => ({ ok: true })),
    ...fakeEndpoint(campaignListColumns, () => savedColumns),
    ...fakeEndpoint(saveCampaignListColumns, ({ columns }) => (savedColumns = { columns, version: savedColumns.version + 1 })),
    // As the server: each campaign moved when its state allows it, else why not.
    ...fakeEndpoint(bulkCampaignStatus, ({ action, items }) => ({
      results: items.map(({ id }) => {
        const campaign = campaigns.find((c) => c.id === id);
        if (!campaign) return { id, ok: false as const, code: 'NOT_FOUND', message: 'The campaign was not found.' };
        const allowed = action === 'pause' ? ['scheduled', 'active'] : ['paused'];
        if (!allowed.includes(campaign.status)) return { id, ok: false as const, code: 'CAMPAIGN_STATE', message: 'Not in a state for it.' };
        return { id, ok: true as const, campaign: { ...campaign, status: action === 'pause' ? ('paused' as const) : ('active' as const), version: campaign.version + 1 } };
      }),
    })),
    ...fakeEndpoint(duplicateCampaign, ({ id }) => aDetail(aCampaign(900, { name: `${campaigns.find((campaign) => campaign.id === id)!.name} (copy)` }))),
    ...fakeEndpoint(submitCampaign, ({ id }) => aDetail({ ...campaigns.find((campaign) => campaign.id === id)!, status: 'pending_review' })),
    ...fakeEndpoint(reviewCampaign, ({ id, decision }) => aDetail({ ...campaigns.find((campaign) => campaign.id === id)!, status: decision === 'approve' ? ('scheduled' as const) : ('rejected' as const) })),
  });
}

const ADVERTISER: Power[] = ['campaign.read', 'campaign.write'];
const STAFF: Power[] = ['campaign.read', 'campaign.review'];

/** The campaign pages in a memory router; an advertiser who may write unless told. */
export function renderCampaigns(path = '/campaign/list', { powers, staff = false }: { powers?: Power[]; staff?: boolean } = {}) {
  return renderPages({
    routes: [
      { path: '/campaign/list', element: <CampaignListPage /> },
      { path: '/advertiserCampaign', element: <AdvertiserCampaignsPage /> },
      { path: '/campaign/create', element: <p>The wizard</p> },
    ],
    path,
    powers: powers ?? (staff ? STAFF : ADVERTISER),
    user: staff ? { role: 'MsInternal', accountKind: 'internal', accountId: 9, accountName: 'Provider', email: 'staff@demo.test' } : {},
  });
}

export { searchOf } from '../../../test/render';

export { dialogTitled } from '../../../test/fixtures';
